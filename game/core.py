"""The game protocol: what a rules module provides, and the pieces every rules module shares.

A rules module describes one game as a subclass of :class:`Rules`. The state it works on is a plain
JSON dict, so a match can be saved, sent and replayed without any conversion. The rules never see
an illegal action: :class:`game.match.Match` checks every action against :meth:`Rules.legal_actions`
first, and applies it to a copy of the state, so a failure leaves the match untouched.

Cards reach the rules through a card source, ``cards`` (:mod:`game.deck`): the state holds *references* to
cards, and the rules ask the source for a face, revealed to all or to one seat, so that a sealed party applying
them never reads a face it has not been shown. With the local source a reference is the face itself.

Hidden information lives in the events. An event is a dict with a ``"type"``; if part of it is
private it also carries ``"to"`` (the seats entitled to the secret) and ``"secret"`` (a dict merged
into the event for those seats only). Everyone else sees the event without ``"secret"``::

    {"type": "look", "seat": 0, "pos": [3, 9], "to": [0], "secret": {"cards": ["7H", "7D"]}}

is ``{"type": "look", "seat": 0, "pos": [3, 9], "to": [0], "cards": ["7H", "7D"]}`` for seat 0 and
``{"type": "look", "seat": 0, "pos": [3, 9], "to": [0]}`` for seats 1, 2 and spectators.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .deck import Cards, CardSource

Action = dict
Event = dict
State = dict


class IllegalAction(ValueError):
    """An action the rules do not allow now; its message is a sentence a player can read."""


@dataclass(frozen=True)
class Option:
    """A setting chosen before the game starts, with its default and a one-line description for the UI.

    ``choices`` lists the allowed values; without it a boolean default means an on/off switch. An
    option named ``deck`` (the deal order, for tests and puzzles) is checked by the rules themselves.
    ``legacy`` is the value that plays as before for an option added later: a save made before the
    option existed lacks it, and replays with this value (``None``: such a save takes the default).
    """

    name: str
    default: Any
    description: str
    choices: tuple = ()
    legacy: Any = None

    def check(self, value: Any, game_name: str) -> Any:
        """Return ``value`` if it is allowed for this option, else raise ``ValueError`` saying why."""
        if self.choices:
            # bool is an int in Python; keep True from passing for 1 and vice versa.
            if not any(value == choice and type(value) is type(choice) for choice in self.choices):
                allowed = ", ".join(repr(choice) for choice in self.choices)
                raise ValueError(f"Option '{self.name}' of {game_name} must be one of {allowed}; got {value!r}.")
        elif isinstance(self.default, bool) and not isinstance(value, bool):
            raise ValueError(f"Option '{self.name}' of {game_name} must be true or false; got {value!r}.")
        return value


class Rules:
    """One game's rules. Subclasses set the class attributes and implement the seven methods.

    Seats are numbered 0 to ``players - 1`` in turn order (play passes to the left, to seat + 1).
    """

    id: str = ""
    name: str = ""
    player_counts: tuple[int, ...] = ()
    options: tuple[Option, ...] = ()
    # Action types that race: sent out of turn while the turn goes on, they count in the order they
    # arrive for as long as the moment they were sent in lasts (see :meth:`race_window`).
    racing: tuple[str, ...] = ()

    @property
    def min_players(self) -> int:
        """The fewest players the game allows."""
        return min(self.player_counts)

    @property
    def max_players(self) -> int:
        """The most players the game allows."""
        return max(self.player_counts)

    def describe(self) -> dict:
        """The game's name, player counts and options as JSON, for the picker in the UI."""
        return {
            "id": self.id,
            "name": self.name,
            "player_counts": list(self.player_counts),
            "options": [
                {"name": o.name, "default": o.default, "description": o.description, "choices": list(o.choices)}
                for o in self.options
            ],
        }

    def check_options(self, players: int, options: dict) -> dict:
        """All options, defaults filled in, after checking each given one; raise ``ValueError`` if any is wrong."""
        if not isinstance(options, dict):
            raise ValueError(f"Options for {self.name} must be a JSON object.")
        known = {option.name: option for option in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise ValueError(
                f"Unknown option {', '.join(repr(name) for name in unknown)} for {self.name}; "
                f"its options are: {', '.join(known) or 'none'}."
            )
        checked = {name: option.default for name, option in known.items()}
        for name, value in options.items():
            checked[name] = value if name == "deck" and value is None else known[name].check(value, self.name)
        return checked

    def saved_options(self, options: dict) -> dict:
        """A save's options, each option the save is older than set to its ``legacy`` value (the old behaviour)."""
        older = {option.name: option.legacy for option in self.options if option.legacy is not None}
        return {**older, **options}

    def common_view(self, state: State, seat: int | None) -> dict:
        """The fields every game's view starts with, for ``seat``; a game's :meth:`view` adds its own after them.

        They say which game it is (``game``), whose view (``seat``), who played first (``first``), whose turn it
        is (``turn``), who may act (``to_act``) and the result (``result``: ``None`` while the game goes on); the
        screen, the bots and the rooms read them in every game. ``first`` and ``turn`` are the state's own.
        """
        return {
            "game": self.id,
            "seat": seat,
            "first": state["first"],
            "turn": state["turn"],
            "to_act": self.to_act(state),
            "result": self.result(state),
        }

    def race_window(self, state: State) -> str | None:
        """A name for the moment racing actions are open in now, or ``None`` while they are not.

        The name changes whenever a new such moment begins, so a racing action sent in a moment that has
        passed can be told apart. Games without racing actions have none.
        """
        return None

    # The seven methods a game implements. ``state`` is a JSON dict the game owns; its cards are references, and
    # ``cards`` is the card source (game.deck): an action's own in setup and apply, the match's in legal_actions and
    # view (there only ``known`` and ``part`` are asked). apply branches on public faces and claims, never on a look.

    def setup(self, players: int, options: dict, cards: Cards) -> tuple[State, list[Event]]:
        """Deal a new game; return its state and the events of the deal. Bad options raise ``ValueError``."""
        raise NotImplementedError

    def to_act(self, state: State) -> list[int]:
        """The seats that may act now, in seat order; empty once the game is over."""
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int, cards: CardSource) -> list[Action]:
        """Every action ``seat`` may take now, each a JSON dict with a ``"type"``; empty if it may not act.

        It reads no face a party may not know (no game here reads any), so that every party, whatever it was shown,
        lists the same actions and checks every move alike; a claim that turns out false is the claims' to catch."""
        raise NotImplementedError

    def apply(self, state: State, seat: int, action: Action, cards: Cards) -> list[Event]:
        """Carry out a legal action, changing ``state`` in place; return the events it caused."""
        raise NotImplementedError

    def view(self, state: State, seat: int | None, cards: CardSource) -> dict:
        """What ``seat`` (``None``: a spectator) may see on the table right now, as JSON: :meth:`common_view`'s
        fields, then the game's own."""
        raise NotImplementedError

    def result(self, state: State) -> dict | None:
        """``None`` while the game goes on, then ``{"winners": [seat, ...], "scores": [number per seat]}``."""
        raise NotImplementedError

    def all_cards(self, state: State) -> list[str]:
        """Every card (or piecepack piece) of the game wherever it lies now, for the conservation check: the
        reference of each card in play, the face of each out of play for good (public)."""
        raise NotImplementedError


def seen_by(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` sees it: with its secret merged in if entitled, else without the secret."""
    if "secret" not in event:
        return event
    public = {key: value for key, value in event.items() if key != "secret"}
    if seat is not None and seat in event.get("to", ()):
        public.update(event["secret"])
    return public


def private(event: Event, to: list[int], **secret: Any) -> Event:
    """Mark ``event`` as carrying ``secret`` for the seats ``to`` only (see the module docstring)."""
    return {**event, "to": list(to), "secret": secret}


def winners_by_score(scores: list[int | float], highest: bool = True) -> list[int]:
    """The seats with the best score (highest by default, lowest if ``highest`` is false); ties share the win."""
    best = max(scores) if highest else min(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


FIRST_PLAYER = Option(
    "first_player",
    "random",
    "Who plays first: a player drawn at random, or the first seat; play then goes clockwise.",
    choices=("random", "first seat"),
    legacy="first seat",
)
"""The option every game with two or more players has; :func:`first_seat` reads it."""


def first_seat(options: dict, players: int, rng: random.Random) -> int:
    """The seat that plays first: 0 for ``"first seat"``, else one drawn from ``rng``.

    ``rng`` is the match's own (its deal's), so a replay from the seed draws the same seat. Draw after
    the deal's shuffle, so that a seed deals the same cards whoever starts.
    """
    return 0 if options["first_player"] == "first seat" else rng.randrange(players)


FACE_DOWN = "down"
"""How a view shows a face-down card: the string ``"down"`` where a card id would be; ``None`` is no card."""


def corner_positions(rows: int, cols: int) -> list[int]:
    """The four corner positions of a rows × cols grid, row-major: top-left, top-right, bottom-left, bottom-right."""
    return [0, cols - 1, (rows - 1) * cols, rows * cols - 1]


def lay_out(cards: list[str], positions: list[int], size: int) -> list[str | None]:
    """A grid of ``size`` places, row-major: ``cards`` at ``positions``, in order, and no card (``None``) elsewhere."""
    cells: list[str | None] = [None] * size
    for pos, card in zip(positions, cards, strict=True):
        cells[pos] = card
    return cells
