"""Chance and information for the rules: the card source, the one way a rules module deals cards and reads faces.

A card in a game's state is a *reference* (a string). What a card shows, its *face* (``"7H"``, ``"moons"``), is
the card source's to tell, and it tells it only to whoever may know it. The rules get the source as ``cards``:

- ``cards.deal(units)``: a new deck, as references. A unit is a face, or a tuple of faces sealed together whose
  parts are revealed one at a time (a Matches coin: its value and its suit); ``cards.part(ref, index)`` names a
  part. ``shuffle=False`` keeps the given order where the rules scatter the cards themselves with ``rng``;
  ``public=True`` is an order known to all (a fixed ``deck`` from the options).
- ``cards.face(ref)``: the face revealed to everyone (a Concentration flip, a Cambio discard).
- ``cards.look(ref, seat)``: the face shown to ``seat`` alone (a peek, a pick, a draw). The rules put it in a
  secret for that seat only (``private(..., to=[seat])``) and use it for nothing else.
- ``cards.known(ref)``: the face if whoever applies the rules knows it, else ``None``: for views.
- ``cards.claim(seat, name, refs)``: a fact only ``seat`` knows about cards it looked at, one of the named
  predicates of :data:`CLAIMS` (Deluxe Memory: do my two picks share a rank?), so that anyone can check it once
  the cards are public, and the end check can at the game's end.
- ``cards.rng``: the public random stream (who plays first, where the coins land): the action's own.

The rules branch on public faces and claims only, never on a look, and keep no face in the state while it may be
hidden; a face public for good may be kept (a card out of play, a round's record).

Sources: :class:`LocalCards` knows every card, and a reference *is* its face (a unit of parts is its parts joined
with ``"-"``, as a piecepack piece id is its value and suit), so a local match's states, events and views are
those of an engine that never heard of references; it deals with ``rng``. It plays solo and pass-and-play, and
the bots' searches. A sealed party's source (:class:`game.party.PartyCards`) knows what was revealed to the seats
it holds; what it must first be told, it asks for by raising :class:`NeedCards` out of the rules. A match applies
each action to a copy of its state, so it stays as it was until the action is tried again.

A :class:`game.match.Match` drives its source through :class:`CardSource`: one ``attempt`` per action or deal (the
``cards`` the rules get), ``keep`` once it succeeded; views and legal actions get the source itself (its ``known``
and ``part``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .cards import rank
from .core import IllegalAction

Unit = str | tuple[str, ...]
UNIT_JOIN = "-"  # how the local source names a unit of parts: the parts joined, as game.cards.piece joins them


def same_rank(faces: list[str]) -> bool:
    """True if every face has the same rank (the jokers share theirs)."""
    return len({rank(face) for face in faces}) == 1


CLAIMS: dict[str, Callable[[list[str]], bool]] = {"same_rank": same_rank}
"""The facts a seat may claim about cards it looked at, by name: each a predicate of the faces, in the refs' order."""


class NeedCards(Exception):
    """Raised out of the rules by a source that must first be told something; ``requests`` says what.

    Each request is a dict: ``{"deal": n, "units": [...]}`` (seal deal ``n``), ``{"reveal": ref, "to": None}``
    (show a face to all), ``{"reveal": ref, "to": [seat]}`` (show it to one seat) or ``{"claim": {"seat",
    "name", "refs"}}`` (another seat's claim). Nothing has changed; the action is tried again once they are met.
    """

    def __init__(self, requests: list[dict]):
        super().__init__(f"waiting for {requests}")
        self.requests = requests


class FalseClaim(IllegalAction):
    """A claim shown false by the cards once public (or by the end check); ``seat`` made it."""

    def __init__(self, seat: int, claim: dict):
        super().__init__(f"Seat {seat} made a false claim about cards it had looked at.")
        self.seat = seat
        self.claim = claim


class Cards:
    """What the rules are given for one action: the random stream and the faces (module docstring)."""

    rng: random.Random

    def deal(self, units: list[Unit], shuffle: bool = True, public: bool = False) -> list[str]:
        """A new deck of ``units``, as references, in dealt order; ``shuffle=False`` or ``public`` keep the order."""
        raise NotImplementedError

    def part(self, ref: str, index: int) -> str:
        """The reference of part ``index`` of the unit ``ref`` (a coin's value face is part 0, its suit part 1)."""
        raise NotImplementedError

    def face(self, ref: str) -> str:
        """The face of ``ref``, revealed to everyone."""
        raise NotImplementedError

    def look(self, ref: str, seat: int) -> str | None:
        """The face of ``ref`` shown to ``seat`` alone: ``None`` where whoever applies the rules is not that seat."""
        raise NotImplementedError

    def known(self, ref: str) -> str | None:
        """The face of ``ref`` if whoever applies the rules knows it, else ``None``."""
        raise NotImplementedError

    def claim(self, seat: int, name: str, refs: list[str]) -> bool:
        """The claim ``name`` (a key of :data:`CLAIMS`) that ``seat`` makes about the cards ``refs``."""
        raise NotImplementedError


class CardSource:
    """What a match holds: it makes the ``cards`` of each attempt and keeps what a successful one dealt or claimed."""

    def attempt(self, rng: random.Random) -> Cards:
        """The cards for one try at an action (or the deal), with the action's random stream."""
        raise NotImplementedError

    def keep(self, cards: Cards) -> None:
        """The attempt ``cards`` succeeded: keep what it dealt and claimed."""
        raise NotImplementedError

    def copy(self) -> CardSource:
        """An independent source that knows the same (a match's copy plays on without changing this one)."""
        raise NotImplementedError

    def known(self, ref: str) -> str | None:
        """The face of ``ref`` if this source knows it, else ``None`` (for views and legal actions)."""
        raise NotImplementedError

    def part(self, ref: str, index: int) -> str:
        """The reference of part ``index`` of the unit ``ref``, as :meth:`Cards.part` names it."""
        raise NotImplementedError


class LocalCards(Cards, CardSource):
    """The source that knows every card: a reference is its face, and decks are shuffled with ``rng``.

    It keeps nothing between actions, so one instance serves a whole match, and each attempt is a new one holding
    the action's ``rng``.
    """

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng  # None in the match's own (views and legal actions deal nothing)

    def attempt(self, rng: random.Random) -> LocalCards:
        return LocalCards(rng)

    def keep(self, cards: Cards) -> None:
        return None

    def copy(self) -> LocalCards:
        return self

    def deal(self, units: list[Unit], shuffle: bool = True, public: bool = False) -> list[str]:
        refs = [unit if isinstance(unit, str) else UNIT_JOIN.join(unit) for unit in units]
        if shuffle and not public:
            self.rng.shuffle(refs)
        return refs

    def part(self, ref: str, index: int) -> str:
        return ref.split(UNIT_JOIN)[index]

    def face(self, ref: str) -> str:
        return ref

    def look(self, ref: str, seat: int) -> str:
        return ref

    def known(self, ref: str) -> str:
        return ref

    def claim(self, seat: int, name: str, refs: list[str]) -> bool:
        return CLAIMS[name](list(refs))


LOCAL = LocalCards()
"""The local source for what needs no randomness: views and legal actions of a state whose references are faces."""


class SealedNames:
    """The sealed sources' names for parts (their cards are named by :func:`sealed_ref`): ``"#0.17/1"``."""

    def part(self, ref: str, index: int) -> str:
        return part_ref(ref, index)


def sealed_ref(deal: int, index: int) -> str:
    """The reference of card ``index`` of sealed deal ``deal`` (both counted from 0): ``"#0.17"``."""
    return f"#{deal}.{index}"


def part_ref(ref: str, index: int) -> str:
    """The reference of part ``index`` of the sealed unit ``ref``: ``"#0.17/1"``."""
    return f"{ref}/{index}"


def unit_faces(unit: Unit | list) -> dict[str, str]:
    """A unit's faces by the suffix its part references add to the unit's: ``{"": face}`` for a single card."""
    if isinstance(unit, str):
        return {"": unit}
    return {f"/{index}": face for index, face in enumerate(unit)}
