"""A played game: its rules, seats, seed and action log, with checking, hidden events, save and replay.

The match is the only owner of randomness. Each action gets its own ``random.Random`` seeded from the
match seed and the action's index, so replaying the log from the seed rebuilds the identical match on
any Python, and a save needs nothing but the log.

The match holds a card source (:mod:`game.deck`): the local one by default, which knows every card, or a sealed
party's. A source that must first be told something raises :class:`game.deck.NeedCards` out of the deal or an
action; the match is then unchanged, and the same call is made again once the source knows more.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import TypeVar

from .core import Action, Event, IllegalAction, Rules, seen_by
from .deck import LOCAL, Cards, CardSource

Result = TypeVar("Result")

SAVE_FORMAT = 1
MAX_ACTION_CHARS = 2000


class Match:
    """One game of one of the five rules, from the deal to the result. Build it with :func:`new_match`.

    ``cards`` is its card source: the local one, or a sealed party's (:class:`game.party.PartyCards`).
    """

    def __init__(self, rules: Rules, players: int, options: dict, seed: int | str, cards: CardSource = LOCAL):
        if not isinstance(players, int) or isinstance(players, bool) or players not in rules.player_counts:
            counts = ", ".join(str(n) for n in rules.player_counts)
            raise ValueError(f"{rules.name} is for {counts} players; got {players!r}.")
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise ValueError(f"The seed must be a whole number or a string; got {seed!r}.")
        self.rules = rules
        self.players = players
        self.options = rules.check_options(players, options)
        self.seed = seed
        self.history: list[list] = []  # [seat, action] pairs, in the order they were applied
        self.cards = cards  # the card source: what this match knows of the cards
        self._state, self._events = self._attempt("setup", lambda attempt: rules.setup(players, self.options, attempt))

    @property
    def game(self) -> str:
        """The game's id, a key of :data:`game.registry.GAMES`."""
        return self.rules.id

    @property
    def step(self) -> int:
        """How many actions have been applied; it names the current state (stale actions quote an old one)."""
        return len(self.history)

    def to_act(self) -> list[int]:
        """The seats that may act now (several while racing actions are open); empty once the game is over."""
        return self.rules.to_act(self._state)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now; empty if it may not act."""
        self._check_seat(seat)
        if seat not in self.to_act():
            return []
        return self.rules.legal_actions(self._state, seat, self.cards)

    def act(self, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat`` and return the new events as ``seat`` sees them.

        Anything not in :meth:`legal_actions` raises :class:`IllegalAction` and changes nothing.
        """
        canonical = self.checked(seat, action)
        # Work on a copy so that a failure half-way through leaves the match exactly as it was.
        state = json.loads(json.dumps(self._state))
        new_events = self._attempt(len(self.history), lambda attempt: self.rules.apply(state, seat, canonical, attempt))
        self._state = state
        self._events.extend(new_events)
        self.history.append([seat, canonical])
        return [seen_by(event, seat) for event in new_events]

    def checked(self, seat: int, action: object) -> Action:
        """The legal action equal to ``action`` for ``seat`` now; else :class:`IllegalAction` saying why (nothing is
        played: a room's host checks a move so before it passes it on)."""
        self._check_seat(seat)
        if self.result() is not None:
            raise IllegalAction("The game is over.")
        if seat not in self.to_act():
            raise IllegalAction(f"Seat {seat} cannot act now; waiting for seat {_seats(self.to_act())}.")
        return self._find_legal(seat, action)

    def copy(self) -> Match:
        """An independent match at the same point: moves played on either leave the other as it is."""
        twin = object.__new__(Match)
        twin.rules, twin.players, twin.options, twin.seed = self.rules, self.players, self.options, self.seed
        twin.cards = self.cards.copy()
        twin.history, twin._events = list(self.history), list(self._events)
        twin._state = self._state  # shared safely: act() replaces the state with a changed copy, never edits it
        return twin

    def view(self, seat: int | None = None) -> dict:
        """What ``seat`` (``None``: a spectator) may see now; cards seen earlier are not shown again."""
        if seat is not None:
            self._check_seat(seat)
        return self.rules.view(self._state, seat, self.cards)

    def events(self, seat: int | None = None, since: int = 0) -> list[Event]:
        """The whole event stream as ``seat`` (``None``: a spectator) saw it, or its tail from index ``since``."""
        if seat is not None:
            self._check_seat(seat)
        return [seen_by(event, seat) for event in self._events[since:]]

    @property
    def event_count(self) -> int:
        """How many events the match has produced so far (the same for every seat)."""
        return len(self._events)

    def result(self) -> dict | None:
        """``None`` while play goes on, then ``{"winners": [...], "scores": [...]}``."""
        return self.rules.result(self._state)

    def all_cards(self) -> list[str]:
        """Every card (or piece) of the match wherever it lies now, hidden or not: for checks that none appears or
        vanishes (:meth:`Rules.all_cards`). It is never shown to a seat; views and events are what seats see."""
        return self.rules.all_cards(self._state)

    def state(self) -> dict:
        """A copy of the whole state, hidden cards included: for tests and tools that must know where every card
        is. Like :meth:`all_cards`, it is never shown to a seat; changing the copy changes nothing."""
        return json.loads(json.dumps(self._state))

    def race_window(self) -> str | None:
        """The name of the moment racing actions (``Rules.racing``) are open in now, or ``None``."""
        return self.rules.race_window(self._state)

    def to_json(self) -> str:
        """The match as JSON text: the game, players, options, seed and action log."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "game": self.game,
                "players": self.players,
                "options": self.options,
                "seed": self.seed,
                "history": self.history,
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> Match:
        """Rebuild a match from :meth:`to_json` by replaying its log; a corrupt save raises ``ValueError``.

        A save made before an option existed replays with that option's old behaviour (``Option.legacy``).
        """
        rules, players, options, seed, history = read_save(text)
        match = cls(rules, players, options, seed)
        for number, (seat, action) in enumerate(history, start=1):
            try:
                match.act(seat, action)
            except IllegalAction as error:
                raise ValueError(f"This save is damaged: action {number} cannot be replayed ({error})") from None
        return match

    def _attempt(self, salt: int | str, work: Callable[[Cards], Result]) -> Result:
        """Run ``work`` (the deal or an action) with the card source's cards for it; keep what they dealt only if it
        succeeds (a :class:`game.deck.NeedCards` or an error leaves the source as it was)."""
        cards = self.cards.attempt(self._rng(salt))
        result = work(cards)
        self.cards.keep(cards)
        return result

    def _rng(self, salt: int | str) -> random.Random:
        # Seeding with a string hashes it with SHA-512, which is identical on every Python version.
        return random.Random(f"{self.seed}/{salt}")

    def _check_seat(self, seat: object) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(f"There is no seat {seat!r} at this table (seats 0 to {self.players - 1}).")

    def _find_legal(self, seat: int, action: object) -> Action:
        """The legal action equal to ``action`` (types included), or an ``IllegalAction`` saying what is wrong."""
        if not isinstance(action, dict):
            raise IllegalAction('An action must be a JSON object with a "type".')
        try:
            text = json.dumps(action, sort_keys=True)
        except (TypeError, ValueError, RecursionError):
            raise IllegalAction("An action must contain only JSON values.") from None
        if len(text) > MAX_ACTION_CHARS:
            raise IllegalAction("That action is far too long to be a move.")
        legal = self.rules.legal_actions(self._state, seat, self.cards)
        for candidate in legal:
            # Compare as JSON text, so that true is not taken for 1 nor 1.0 for 1.
            if json.dumps(candidate, sort_keys=True) == text:
                return candidate
        kinds = sorted({candidate["type"] for candidate in legal})
        kind = action.get("type")
        if kind not in kinds:
            raise IllegalAction(f"You cannot {_quote(kind)} now; you may: {', '.join(kinds)}.")
        shapes = {tuple(sorted(candidate)) for candidate in legal if candidate["type"] == kind}
        if tuple(sorted(action)) not in shapes:
            keys = " or ".join(
                ", ".join(k for k in shape if k != "type") or "no other keys" for shape in sorted(shapes)
            )
            raise IllegalAction(f"A {_quote(kind)} action takes {keys}.")
        details = ", ".join(f"{key} {json.dumps(value)}" for key, value in action.items() if key != "type")
        raise IllegalAction(f"You cannot {_quote(kind)} with {details} now.")


def read_save(text: str) -> tuple[Rules, int, dict, int | str, list[list]]:
    """A save's rules, players, options (``Option.legacy`` for those it is older than), seed and action log, its form
    checked (not its players, seed and moves: building the match and replaying check them); a corrupt save raises
    ``ValueError``."""
    from .registry import GAMES

    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as error:
        raise ValueError(f"This save is not valid JSON ({error}).") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ValueError("This save is not a Face Down match, or comes from another version.")
    if data.get("game") not in GAMES:
        raise ValueError(f"This save is for an unknown game: {data.get('game')!r}.")
    history = data.get("history")
    if not isinstance(history, list) or not all(isinstance(entry, list) and len(entry) == 2 for entry in history):
        raise ValueError("This save has a damaged action log.")
    rules = GAMES[data["game"]]
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise ValueError("This save has damaged options.")
    return rules, data.get("players"), rules.saved_options(options), data.get("seed"), history


def new_match(game: str, players: int, options: dict | None = None, seed: int | str = 0) -> Match:
    """Deal a new match of ``game`` (a game id) for ``players`` seats; bad arguments raise ``ValueError``."""
    from .registry import GAMES

    if game not in GAMES:
        raise ValueError(f"Unknown game {game!r}; the games are: {', '.join(GAMES)}.")
    return Match(GAMES[game], players, options or {}, seed)


def _quote(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value)
    return repr(text[:40] + "…" if len(text) > 40 else text)


def _seats(seats: list[int]) -> str:
    return " or ".join(str(seat) for seat in seats) or "nobody (the game is over)"
