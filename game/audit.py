"""The end check of a sealed game: replay its log knowing every card, and name the first seat that cheated.

When a sealed game ends, every seat's seeds are revealed, and with them the true order of every deal (the
cryptography that recomputes them is the room's). :func:`end_check` then replays the game's log (the match's
save) with :class:`OpenCards`, a card source that knows every deal's true order and checks every claim the log
holds (the claims a party made and accepted, :attr:`game.party.PartyCards.claims`) against the true faces. It
walks in order and stops at the first fault: a claim the cards disprove names the seat that made it, a move the
rules refuse names the seat that made it. What follows a fault is not judged, so no honest seat is accused for
its consequences.

:class:`OpenCards` uses the sealed references (``"#<deal>.<index>"``), so its states are the parties' own; it also
records what the rules revealed and to whom (:attr:`OpenCards.public`, :attr:`OpenCards.looks`), against which
the shares published during the game can be checked.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping

from .core import IllegalAction
from .deck import CLAIMS, Cards, CardSource, FalseClaim, SealedNames, Unit, sealed_ref, unit_faces
from .match import Match, read_save


class OpenCards(SealedNames, CardSource):
    """A card source that knows every deal's true order: ``deals`` maps a deal's number to its units in dealt order
    (the deals of a public order need no entry). With ``claims`` (records ``{"seat", "name", "refs", "value"}``),
    every claim the rules need that rests on a look must be among them, and one the faces disprove raises
    :class:`FalseClaim`; without, claims are computed from the faces."""

    def __init__(self, deals: Mapping[int, list], claims: list[dict] | None = None):
        self.deals = deals
        self.claims = None if claims is None else {_key(c["seat"], c["name"], c["refs"]): c["value"] for c in claims}
        self.used = 0
        self.faces: dict[str, str] = {}
        self.public: set[str] = set()  # the references the rules revealed to all
        self.looks: dict[str, set[int]] = {}  # reference → the seats it was shown to alone

    def attempt(self, rng: random.Random) -> OpenAttempt:
        return OpenAttempt(self, rng)

    def keep(self, cards: Cards) -> None:
        assert isinstance(cards, OpenAttempt)
        self.used = cards.used

    def copy(self) -> OpenCards:
        twin = OpenCards(self.deals)
        twin.claims, twin.used, twin.faces = self.claims, self.used, dict(self.faces)
        twin.public, twin.looks = set(self.public), {ref: set(seats) for ref, seats in self.looks.items()}
        return twin

    def known(self, ref: str) -> str:
        return self.faces[ref]


class OpenAttempt(SealedNames, Cards):
    """The cards of one action for :class:`OpenCards`: every face known, claims checked against the log."""

    def __init__(self, source: OpenCards, rng: random.Random):
        self.source = source
        self.rng = rng
        self.used = source.used

    def deal(self, units: list[Unit], shuffle: bool = True, public: bool = False) -> list[str]:
        number = self.used
        self.used += 1
        if public:
            order = list(units)
        elif number in self.source.deals:
            order = list(self.source.deals[number])
        else:
            raise ValueError(f"The true order of deal {number} is missing.")
        if Counter(map(_plain, order)) != Counter(map(_plain, units)):
            raise ValueError(f"Deal {number} does not hold the cards the rules deal.")
        refs = [sealed_ref(number, index) for index in range(len(order))]
        for ref, unit in zip(refs, order, strict=True):
            for suffix, face in unit_faces(unit).items():
                self.source.faces[ref + suffix] = face
                if public:
                    self.source.public.add(ref + suffix)
        return refs

    def face(self, ref: str) -> str:
        self.source.public.add(ref)
        return self.source.faces[ref]

    def look(self, ref: str, seat: int) -> str:
        self.source.looks.setdefault(ref, set()).add(seat)
        return self.source.faces[ref]

    def known(self, ref: str) -> str:
        return self.source.faces[ref]

    def claim(self, seat: int, name: str, refs: list[str]) -> bool:
        source = self.source
        value = CLAIMS[name]([source.faces[ref] for ref in refs])
        if source.claims is None or all(ref in source.public for ref in refs):
            return value  # public cards: every party computed it alike, nobody had to claim it
        key = _key(seat, name, refs)
        if key not in source.claims:
            raise ValueError(f"The log lacks seat {seat}'s claim {name} about {list(refs)}.")
        if source.claims[key] != value:
            raise FalseClaim(seat, {"seat": seat, "name": name, "refs": list(refs), "value": source.claims[key]})
        return value


def end_check(save: str, deals: Mapping[int, list], claims: list[dict]) -> dict | None:
    """Replay a sealed game's save (:meth:`Match.to_json`) with every deal's true order (``deals``: number → units in
    dealt order) and the claims its seats made; ``None`` if every claim was true and every move possible, else the
    first fault: ``{"seat", "step" (the action's index in the log), "fault": "false claim" or "impossible move",
    "message"}``. A save, deal or claim log that cannot be read raises ``ValueError``."""
    rules, players, options, seed, history = read_save(save)
    match = Match(rules, players, options, seed, cards=OpenCards(deals, claims))
    for step, (seat, action) in enumerate(history):
        try:
            match.act(seat, action)
        except FalseClaim as error:
            return {"seat": error.seat, "step": step, "fault": "false claim", "message": str(error)}
        except IllegalAction as error:
            return {"seat": seat, "step": step, "fault": "impossible move", "message": str(error)}
    return None


def _key(seat: int, name: str, refs: list[str]) -> str:
    return json.dumps([seat, name, list(refs)])


def _plain(unit: Unit | list) -> str:
    """A unit as text, so that a tuple of parts and the list JSON made of it count as the same unit."""
    return json.dumps(unit if isinstance(unit, str) else list(unit))
