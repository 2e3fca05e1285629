"""The two passes that seal a deal, and the public record of them that every peer keeps.

Pass 1, party by party (``lock``): the units in the party's shuffled order, every point multiplied by its
lock ``e``. Pass 2, party by party (``key``): each point ``p`` multiplied by ``k_p / e`` (mod N), which
swaps the party's lock for its key for that position, with the public keys ``K_p = k_p * G`` that let
anyone check a share ``k_p`` when it comes. The sealed point at ``p`` is then ``(k_1 k_2 ... k_n) * M``,
``M`` the point of the face that landed there. Each step is published as a :class:`Step`.

Nothing here proves a step was done right (no shuffle proofs): a party that puts another point in the
deck is found at the end check (``audit.py``), which redoes every step from the revealed seeds.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

from .. import p256
from ..messages import ProtocolError, integer, one_of, optional, record, text
from .derive import DealKeys
from .errors import SealError
from .faces import MAX_PARTIES, MAX_POSITIONS, Deal

Deck = tuple[tuple[int, int], ...]
"""Points in position order: part ``j`` of unit ``u`` at ``u * width + j``."""

POINT_CHARS = 44  # base64 of a 33-byte compressed point
LOCK, KEY = "lock", "key"


def lock(deck: Deck, deal: Deal, keys: DealKeys) -> Deck:
    """Pass 1: place ``u`` gets unit ``keys.order[u]`` of ``deck``, and every point is multiplied by ``keys.lock``."""
    width = deal.width
    return tuple(p256.multiply(keys.lock, deck[unit * width + part]) for unit in keys.order for part in range(width))


def rekey(deck: Deck, keys: DealKeys) -> Deck:
    """Pass 2: the point at ``p`` multiplied by ``k_p / e``: the party's lock on it becomes its key for ``p``."""
    unlock = pow(keys.lock, -1, p256.N)
    return tuple(p256.multiply(k * unlock % p256.N, point) for k, point in zip(keys.position_keys, deck, strict=True))


def public_keys(keys: DealKeys) -> Deck:
    """``K_p = k_p * G`` for every position: what a share for ``p`` is checked against."""
    return tuple(p256.multiply(k, p256.G) for k in keys.position_keys)


def encode_points(points: Deck) -> str:
    """Points as base64 of their compressed encodings, one after the other (44 characters a point)."""
    return base64.b64encode(b"".join(p256.compress(point) for point in points)).decode("ascii")


def decode_points(text: object, count: int) -> Deck:
    """The ``count`` points of :func:`encode_points`'s ``text``; ``SealError`` unless they are all points of P-256."""
    if not isinstance(text, str) or len(text) != count * POINT_CHARS:
        raise SealError(f"A deck of {count} points is {count * POINT_CHARS} characters of base64.")
    try:
        raw = base64.b64decode(text, validate=True)
        size = p256.COMPRESSED_BYTES
        return tuple(p256.decompress(raw[start : start + size]) for start in range(0, len(raw), size))
    except (binascii.Error, ValueError) as error:
        raise SealError("A deck holds something that is not a point of P-256.") from error


STEP = record(
    {
        "deal": integer(),
        "party": integer(0, MAX_PARTIES - 1),
        "pass": one_of(LOCK, KEY),
        "deck": text(MAX_POSITIONS * POINT_CHARS),  # then checked against the deal's size by decode_points
        "keys": optional(text(MAX_POSITIONS * POINT_CHARS)),
    }
)


@dataclass(frozen=True)
class Step:
    """One party's published work on one deal: its deck after a pass, and after the key pass its public keys."""

    deal: int
    party: int
    kind: str  # LOCK or KEY
    deck: Deck
    keys: Deck | None = None  # K_p for every position, on a KEY step

    def to_json(self) -> dict:
        """The step as it travels: the decks as base64 (about 4.6 kB for a key step of 52 cards)."""
        keys = None if self.keys is None else encode_points(self.keys)
        return {
            "deal": self.deal,
            "party": self.party,
            "pass": self.kind,
            "deck": encode_points(self.deck),
            "keys": keys,
        }

    @classmethod
    def from_json(cls, data: object, deal: Deal) -> Step:
        """The step ``data`` describes for ``deal``; ``SealError`` (a sentence) if it is malformed or not its size."""
        try:
            STEP("step", data)
        except ProtocolError as error:
            raise SealError(str(error)) from error
        if data["deal"] != deal.number:
            raise SealError(f"That step is for deal {data['deal']}, not deal {deal.number}.")
        if (data["pass"] == KEY) != (data["keys"] is not None):
            raise SealError("A key step carries its public keys, and a lock step none.")
        keys = None if data["keys"] is None else decode_points(data["keys"], deal.positions)
        return cls(deal.number, data["party"], data["pass"], decode_points(data["deck"], deal.positions), keys)


class Transcript:
    """The public record of one deal: the open deck, then each party's step, lock passes first, in party order."""

    def __init__(self, deal: Deal):
        self.deal = deal
        self.steps: list[Step] = []

    @property
    def turn(self) -> tuple[str, int] | None:
        """Whose step comes next, as ``(pass, party)``; ``None`` once the deal is sealed."""
        done, parties = len(self.steps), self.deal.parties
        if done < parties:
            return LOCK, done
        return (KEY, done - parties) if done < 2 * parties else None

    @property
    def current(self) -> Deck:
        """The deck the next step works on: the last one published, or the open deck."""
        return self.deck_before(len(self.steps))

    def deck_before(self, index: int) -> Deck:
        """The deck step number ``index`` worked on."""
        return self.steps[index - 1].deck if index else self.deal.points

    @property
    def sealed(self) -> Deck:
        """The sealed deck; ``SealError`` until every party has done both passes."""
        if self.turn is not None:
            raise SealError(f"Deal {self.deal.number} is not sealed yet.")
        return self.steps[-1].deck

    def public_key(self, party: int, position: int) -> tuple[int, int]:
        """``K_p`` as ``party`` published it for ``position``; ``SealError`` before its key step."""
        index = self.deal.parties + party
        if not 0 <= party < self.deal.parties or index >= len(self.steps):
            raise SealError(f"Party {party} has published no keys for deal {self.deal.number}.")
        return self.steps[index].keys[position]

    def add(self, step: Step) -> None:
        """Take ``step`` if it is the one expected next; else ``SealError``, and nothing changes."""
        turn = self.turn
        if step.deal != self.deal.number:
            raise SealError(f"That step is for deal {step.deal}, not deal {self.deal.number}.")
        if turn is None:
            raise SealError(f"Deal {self.deal.number} is already sealed.")
        if (step.kind, step.party) != turn:
            raise SealError(f"The next step of deal {self.deal.number} is party {turn[1]}'s {turn[0]} pass.")
        positions = self.deal.positions
        keys = None if step.keys is None else len(step.keys)
        if len(step.deck) != positions or keys != (positions if step.kind == KEY else None):
            raise SealError(f"A step of deal {self.deal.number} has {positions} points, and a key step as many keys.")
        self.steps.append(step)

    def to_json(self) -> list[dict]:
        """The steps so far, for a save or a peer that joins late."""
        return [step.to_json() for step in self.steps]

    @classmethod
    def from_json(cls, data: object, deal: Deal) -> Transcript:
        """The transcript of ``deal`` from :meth:`to_json`; ``SealError`` if any step is damaged or out of turn."""
        if not isinstance(data, list) or len(data) > 2 * deal.parties:
            raise SealError(f"A transcript is a list of at most {2 * deal.parties} steps.")
        transcript = cls(deal)
        for item in data:
            transcript.add(Step.from_json(item, deal))
        return transcript
