"""The public facts of one deal, and the public point that stands for each of its faces.

A deal is a list of *units* of faces, all of one width: a card is a unit of one face, a Matches coin a
unit of two (its value face, its suit face), whose parts are revealed separately. The units are listed
in a public order; the parties' shuffles say where each one ends.

A face becomes a point by try-and-increment hashing onto the curve: for ``attempt`` = 0, 1, 2...,
``x = SHA-256(b"face-down/sealed-face/1" || u16(len(face)) || face as UTF-8 || u32(copy) || u32(attempt))``
(big-endian), and the first ``x`` that is the X of a point gives that point, with its even Y. ``copy``
counts the earlier points of the deal with the same face (0 for the first), over every unit and part, so
no two points of a deal are equal: locked with one key in the first pass, equal faces would show as
equal points, and tell which hidden units hold the same face. Nobody knows a relation between two such
points (their discrete logarithms), which is what keeps the locks from being undone.

Decoding is a lookup among the deal's own points for that part of a unit.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property

from .. import p256
from .errors import SealError

DOMAIN = b"face-down/sealed-face/1"
MAX_FACE_BYTES = 64
MAX_PARTIES = 64
MAX_POSITIONS = 1024  # a few decks of cards; a message of this many points is 45 kB


def face_point(face: str, copy: int = 0) -> tuple[int, int]:
    """The public point of the ``copy``-th (from 0) appearance of ``face`` in a deal."""
    data = face.encode("utf-8")
    prefix = DOMAIN + len(data).to_bytes(2, "big") + data + copy.to_bytes(4, "big")
    attempt = 0
    while True:  # each attempt succeeds about half the time
        x = int.from_bytes(hashlib.sha256(prefix + attempt.to_bytes(4, "big")).digest(), "big")
        point = p256.lift_x(x, odd=False)
        if point is not None:
            return point
        attempt += 1


@dataclass(frozen=True)
class Deal:
    """One deal: its ``number`` in the game (0, 1, 2...), its ``units`` of faces in their public order, and how
    many ``parties`` lock it, in their fixed order. Position ``p`` is part ``p % width`` of unit ``p // width``."""

    number: int
    units: tuple[tuple[str, ...], ...]
    parties: int

    def __post_init__(self):
        if not isinstance(self.units, (list, tuple)) or not all(isinstance(unit, (list, tuple)) for unit in self.units):
            raise SealError("A deal is a list of units, each a list of faces.")
        units = tuple(tuple(unit) for unit in self.units)
        object.__setattr__(self, "units", units)  # frozen: lists given are kept as tuples
        if not isinstance(self.number, int) or self.number < 0:
            raise SealError("A deal's number is a whole number from 0.")
        if not isinstance(self.parties, int) or not 1 <= self.parties <= MAX_PARTIES:
            raise SealError(f"A deal is locked by 1 to {MAX_PARTIES} parties.")
        if not units or not all(units):
            raise SealError("A deal is a non-empty list of units, each of one face or more.")
        if len(units) * len(units[0]) > MAX_POSITIONS:
            raise SealError(f"A deal has at most {MAX_POSITIONS} faces.")
        if len({len(unit) for unit in units}) != 1:
            raise SealError("Every unit of a deal has the same number of faces.")
        for face in (face for unit in units for face in unit):
            if not isinstance(face, str) or not 0 < len(face.encode("utf-8")) <= MAX_FACE_BYTES:
                raise SealError(f"A face is a text of 1 to {MAX_FACE_BYTES} bytes.")

    @property
    def width(self) -> int:
        """How many faces make one unit."""
        return len(self.units[0])

    @property
    def positions(self) -> int:
        """How many points the deck has: units times width."""
        return len(self.units) * self.width

    @cached_property
    def points(self) -> tuple[tuple[int, int], ...]:
        """The open deck: every face's point, unit by unit in the public order."""
        seen: dict[str, int] = {}
        points = []
        for face in (face for unit in self.units for face in unit):
            points.append(face_point(face, seen.get(face, 0)))
            seen[face] = seen.get(face, 0) + 1
        return tuple(points)

    @cached_property
    def _faces(self) -> list[dict[tuple[int, int], str]]:
        """For each part of a unit: its faces by their points."""
        width = self.width
        lookup: list[dict[tuple[int, int], str]] = [{} for _ in range(width)]
        for index, point in enumerate(self.points):
            lookup[index % width][point] = self.units[index // width][index % width]
        return lookup

    def face(self, position: int, point: tuple[int, int]) -> str:
        """The face ``point`` stands for at ``position``; ``SealError`` if it is none of this deal's for that part."""
        face = self._faces[position % self.width].get(point)
        if face is None:
            raise SealError(f"The card at position {position} of deal {self.number} opened to no face of the deal.")
        return face
