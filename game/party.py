"""One peer's card source in a sealed room: what it was shown, what it waits for, and the claims it checks.

In a sealed room every deck is locked by every seat, so no peer holds a face it was not shown, and every peer
replays the match to check every move. Each peer's match has a :class:`PartyCards` as its card source
(:mod:`game.deck`): the knowledge of a peer holding ``seats`` (its own seat and the bots it runs). Applying the
rules, the match asks it for faces; what it does not know yet it asks for by raising :class:`NeedCards` (the match
stays as it was), and the room obtains it (the reveal protocol, not here) and tells the party with :meth:`dealt`,
:meth:`learn` and :meth:`accept_claim` before the action is tried again.

- A deal waits until the room has sealed it; its cards are ``"#<deal>.<index>"``, the parts of a unit
  ``"#<deal>.<index>/<part>"``. A deal of a public order (a fixed deck) is known at once.
- ``face`` waits until the face is revealed to all; ``look`` for a seat of this party waits for that seat's
  face, and for another seat notes the request (the room publishes this peer's share for it) and gives ``None``.
- A claim: where its cards are all public the party computes it; a seat of this party makes it from what it saw
  (noted, for the room to publish); another seat's waits until the room brings it. Every claim is checked as soon
  as all its cards are public: a false one raises :class:`FalseClaim` naming its seat, and the party then
  plays no further.

After every try, :attr:`PartyCards.asked` lists every request the rules made: the blocking ones, the looks for other
seats (whose shares this peer must publish) and this party's claims with their values (to publish).

What it holds, exactly (:meth:`PartyCards.to_dict`, for a room's save; ``asked`` is not saved):

- ``seats``: the seats whose looks this peer sees;
- ``deals``: per deal, in order, ``{"units": [...], "public": bool}``: the units the rules dealt (a unit of parts
  as a list), which the room sealed, or whose order is public;
- ``faces``: reference → face, for every card this party was shown (to all, or to one of its seats);
- ``public``: the references whose face was revealed to all;
- ``claims``: ``{"seat", "name", "refs", "value"}`` for each claim its seats made and each it accepted;
- ``false``: the claims found false (each names its seat);
- ``used``: how many deals the deal and the actions applied so far dealt.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import NoReturn

from .deck import CLAIMS, Cards, CardSource, FalseClaim, NeedCards, SealedNames, Unit, sealed_ref, unit_faces

REF = re.compile(r"#(\d+)\.(\d+)(/\d+)?")
"""A sealed reference: its deal, its card's index in the deal, and its part's suffix (``"/1"``) if it names a part."""


class PartyCards(SealedNames, CardSource):
    """The card source of one peer holding ``seats``: what it was shown, and the claims it made and accepted."""

    def __init__(self, seats: list[int]):
        if not isinstance(seats, list) or not all(
            isinstance(seat, int) and not isinstance(seat, bool) for seat in seats
        ):
            raise ValueError(
                f"A party holds a list of seats, each a number (none: a peer that watches); got {seats!r}."
            )
        self.seats = sorted(set(seats))
        self.deals: list[dict] = []
        self.faces: dict[str, str] = {}
        self.public: set[str] = set()
        self.claims: list[dict] = []
        self.false: list[dict] = []
        self.used = 0
        self.asked: list[dict] = []

    # ------------------------------------------------------------------------- the match's card source

    def attempt(self, rng: random.Random) -> PartyAttempt:
        if self.false:
            raise FalseClaim(self.false[0]["seat"], self.false[0])
        return PartyAttempt(self, rng)

    def keep(self, cards: Cards) -> None:
        assert isinstance(cards, PartyAttempt)
        self.used = cards.used

    def copy(self) -> PartyCards:
        return PartyCards.from_dict(json.loads(json.dumps(self.to_dict())))

    def known(self, ref: str) -> str | None:
        return self.faces.get(ref)

    # ------------------------------------------------------------------------- what the room tells it

    def dealt(self, number: int, units: list) -> None:
        """The room has sealed deal ``number`` (the next one) of ``units``, as the rules asked for it."""
        if number != len(self.deals):
            raise ValueError(f"Deal {number} is not the next deal (that is deal {len(self.deals)}).")
        self._add_deal(units, public=False)

    def learn(self, ref: str, face: str, to: list[int] | None = None) -> None:
        """The room shows this party the face of ``ref``: to all (``to`` is ``None``) or to ``to``, seats it holds.

        A face that cannot be (no such card in that deal, more copies than the deal has, another face for a card
        already known) or one shown to a seat this party does not hold raises ``ValueError`` and changes nothing.
        Once a claim's cards are all public it is checked: a false one raises :class:`FalseClaim`.
        """
        deal, suffix = self._locate(ref)
        if to is not None and not (isinstance(to, list) and to and all(seat in self.seats for seat in to)):
            raise ValueError(f"The face of {ref} was shown to {to!r}, not to a seat of this party {self.seats}.")
        possible = Counter(unit_faces(unit)[suffix] for unit in self.deals[deal]["units"])
        if not isinstance(face, str) or face not in possible:
            raise ValueError(f"The face {face!r} is no card of deal {deal}.")
        known = self.faces.get(ref)
        if known is not None and known != face:
            raise ValueError(f"The card {ref} was shown as {known}; it cannot now be {face}.")
        if known is None:
            copies = sum(shown == face and self._locate(other) == (deal, suffix) for other, shown in self.faces.items())
            if copies >= possible[face]:
                raise ValueError(f"Deal {deal} holds {possible[face]} {face}; another card cannot be one too.")
            self.faces[ref] = face
        if to is None and ref not in self.public:
            self.public.add(ref)
            for claim in self.claims:
                self._check(claim)

    def accept_claim(self, seat: int, name: str, refs: list[str], value: bool) -> None:
        """Another seat's claim, as the room brought it; checked at once if its cards are all public.

        A malformed claim raises ``ValueError`` and changes nothing; one that contradicts what the seat claimed before,
        or that the public cards disprove, raises :class:`FalseClaim`.
        """
        if not isinstance(seat, int) or isinstance(seat, bool) or seat in self.seats:
            raise ValueError(f"A claim accepted from another seat names that seat; got {seat!r}.")
        if name not in CLAIMS or not isinstance(value, bool) or not isinstance(refs, list) or not refs:
            raise ValueError(f"The claim {name!r} about {refs!r} is no claim a seat can make.")
        for ref in refs:
            self._locate(ref)
        claim = {"seat": seat, "name": name, "refs": list(refs), "value": value}
        before = self._claim(seat, name, refs)
        if before is not None and before["value"] != value:
            self.false.append(claim)
            raise FalseClaim(seat, claim)
        if before is None:
            self.claims.append(claim)
            self._check(claim)

    # ------------------------------------------------------------------------------------------ JSON

    def to_dict(self) -> dict:
        """What the party knows, as JSON (the module docstring lists it)."""
        return {
            "seats": list(self.seats),
            "deals": [{"units": list(deal["units"]), "public": deal["public"]} for deal in self.deals],
            "faces": dict(self.faces),
            "public": sorted(self.public),
            "claims": [dict(claim) for claim in self.claims],
            "false": [dict(claim) for claim in self.false],
            "used": self.used,
        }

    @classmethod
    def from_dict(cls, data: object) -> PartyCards:
        """A party from :meth:`to_dict`'s JSON; anything else raises ``ValueError``."""
        fields = ("seats", "deals", "faces", "public", "claims", "false", "used")
        if not isinstance(data, dict) or sorted(data) != sorted(fields):
            raise ValueError("This is not a sealed party's saved knowledge.")
        party = cls(data["seats"])
        try:
            for deal in data["deals"]:
                party._add_deal(deal["units"], public=False)
                party.deals[-1]["public"] = bool(deal["public"])
            party.faces = {str(ref): str(face) for ref, face in data["faces"].items()}
            party.public = {str(ref) for ref in data["public"]}
            party.claims = [_claim_record(claim) for claim in data["claims"]]
            party.false = [_claim_record(claim) for claim in data["false"]]
            party.used = int(data["used"])
        except (KeyError, TypeError, AttributeError, ValueError):
            raise ValueError("This sealed party's saved knowledge is damaged.") from None
        return party

    # ------------------------------------------------------------------------------------------ inside

    def _add_deal(self, units: object, public: bool) -> None:
        if not isinstance(units, list) or not all(_is_unit(unit) for unit in units):
            raise ValueError("A deal's units are cards, or lists of the faces of a card's parts.")
        units = [unit if isinstance(unit, str) else list(unit) for unit in units]
        number = len(self.deals)
        self.deals.append({"units": units, "public": public})
        if public:
            for index, unit in enumerate(units):
                for suffix, face in unit_faces(unit).items():
                    self.faces[sealed_ref(number, index) + suffix] = face
                    self.public.add(sealed_ref(number, index) + suffix)

    def _locate(self, ref: object) -> tuple[int, str]:
        """The deal of a reference this party was dealt, and its part's suffix; else ``ValueError``."""
        found = REF.fullmatch(ref) if isinstance(ref, str) else None
        if found is None or int(found[1]) >= len(self.deals):
            raise ValueError(f"The reference {ref!r} is no card this party was dealt.")
        deal, index, suffix = int(found[1]), int(found[2]), found[3] or ""
        units = self.deals[deal]["units"]
        if index >= len(units) or suffix not in unit_faces(units[index]):
            raise ValueError(f"The reference {ref!r} is no card this party was dealt.")
        return deal, suffix

    def _claim(self, seat: int, name: str, refs: list[str]) -> dict | None:
        """The claim ``seat`` made about ``refs`` under ``name``, if this party has it."""
        return next((c for c in self.claims if (c["seat"], c["name"], c["refs"]) == (seat, name, list(refs))), None)

    def _check(self, claim: dict) -> None:
        """Check ``claim`` if its cards are all public; a false one is recorded and raised."""
        if not all(ref in self.public for ref in claim["refs"]):
            return
        if CLAIMS[claim["name"]]([self.faces[ref] for ref in claim["refs"]]) != claim["value"]:
            if claim not in self.false:
                self.false.append(claim)
            raise FalseClaim(claim["seat"], claim)


class PartyAttempt(SealedNames, Cards):
    """The cards of one try at an action, for a party: what it reads is the party's; how many deals it dealt is kept
    only if the action succeeds (:meth:`PartyCards.keep`). Its requests are the party's ``asked``.

    A claim its seats make is kept at once, even if the try then waits: it is a fact about the cards, published
    from the first try that makes it, and a later try may find its cards public and not make it again."""

    def __init__(self, party: PartyCards, rng: random.Random):
        self.party = party
        self.rng = rng
        self.used = party.used  # deals dealt so far, this try's included
        self.asked: list[dict] = []
        party.asked = self.asked

    def deal(self, units: list[Unit], shuffle: bool = True, public: bool = False) -> list[str]:
        number = self.used
        self.used += 1
        plain = [unit if isinstance(unit, str) else list(unit) for unit in units]
        party = self.party
        if public and number == len(party.deals):
            party._add_deal(plain, public=True)  # a fixed deck: its order is in the options, known to all
        if number >= len(party.deals):
            self._wait({"deal": number, "units": plain})
        if party.deals[number]["units"] != plain:
            raise ValueError(f"Deal {number} was sealed with other cards than the rules deal.")
        return [sealed_ref(number, index) for index in range(len(plain))]

    def face(self, ref: str) -> str:
        if ref not in self.party.public:
            self._wait({"reveal": ref, "to": None})
        return self.party.faces[ref]

    def look(self, ref: str, seat: int) -> str | None:
        if ref in self.party.public:
            return self.party.faces[ref]  # shown to all already: nobody need open it again
        request = {"reveal": ref, "to": [seat]}
        if seat not in self.party.seats:
            self.asked.append(request)  # another peer's look: this peer publishes its share for it
            return None
        face = self.party.faces.get(ref)
        if face is None:
            self._wait(request)
        return face

    def known(self, ref: str) -> str | None:
        return self.party.faces.get(ref)

    def claim(self, seat: int, name: str, refs: list[str]) -> bool:
        party = self.party
        refs = list(refs)
        if all(ref in party.public for ref in refs):
            return CLAIMS[name]([party.faces[ref] for ref in refs])
        if seat in party.seats:
            for ref in refs:
                if ref not in party.faces:
                    self._wait({"reveal": ref, "to": [seat]})
            claim = {"seat": seat, "name": name, "refs": refs, "value": CLAIMS[name]([party.faces[r] for r in refs])}
            if party._claim(seat, name, refs) is None:
                party.claims.append(claim)
            self.asked.append({"claim": claim})  # for the room to publish
            return claim["value"]
        found = party._claim(seat, name, refs)
        if found is None:
            self._wait({"claim": {"seat": seat, "name": name, "refs": refs}})
        return found["value"]

    def _wait(self, request: dict) -> NoReturn:
        self.asked.append(request)
        raise NeedCards([request])


def _claim_record(claim: object) -> dict:
    """A copy of a saved claim, if it is one: ``{"seat", "name", "refs", "value"}``; else ``ValueError``."""
    if not (
        isinstance(claim, dict)
        and sorted(claim) == ["name", "refs", "seat", "value"]
        and isinstance(claim["seat"], int)
        and claim["name"] in CLAIMS
        and isinstance(claim["refs"], list)
        and all(isinstance(ref, str) for ref in claim["refs"])
        and isinstance(claim["value"], bool)
    ):
        raise ValueError("A saved claim is damaged.")
    return {**claim, "refs": list(claim["refs"])}


def _is_unit(unit: object) -> bool:
    """True for a card's face, or a list or tuple of its parts' faces."""
    if isinstance(unit, (list, tuple)):
        return bool(unit) and all(isinstance(face, str) for face in unit)
    return isinstance(unit, str)
