"""A party's secrets for every deal, derived from the one master seed it committed to.

Exactly, so that every peer recomputes them alike at the end check (all integers big-endian):

1. ``seed``: 32 random bytes (``entropy.token``), published at the start of the game only as
   ``commitment = SHA-256(seed)`` (:func:`game.net.shuffle.commitment_of`), and revealed when it ends.
2. ``key = HMAC-SHA512(key=b"face-down/sealing/1", msg=seed)``: HKDF's extract step (RFC 5869), the salt
   naming this protocol.
3. A *stream* for one purpose of one deal is HMAC-SHA512 in counter mode (NIST SP 800-108): block ``i`` is
   ``HMAC-SHA512(key, u32(i) || purpose || 0x00 || u32(deal))``, for i = 0, 1, 2...; the stream is the
   blocks one after the other, read from the front. The purposes are ``lock``, ``order`` and ``positions``.
4. A scalar is read as 32 bytes, and taken if it lies in 1..N-1 (N: the group's order); else the next 32
   bytes are read (rejection, so every scalar is uniform; a rejection has odds of about 2**-32).
   A number below ``m`` is read as 4 bytes, taken if below ``2**32 - 2**32 % m``, and reduced mod ``m``.
5. For deal ``d`` of ``units`` units of ``width`` faces: the lock ``e`` is the first scalar of the ``lock``
   stream; the shuffle is Fisher-Yates over ``order = [0, 1, ... units-1]``, for ``i`` from ``units-1``
   down to 1 swapping ``order[i]`` with ``order[j]``, ``j`` the next number below ``i + 1`` of the ``order``
   stream; ``k_p`` for position ``p = unit * width + part`` is the ``p``-th scalar of the ``positions``
   stream (so a position's key does not depend on the size of the deck).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from functools import lru_cache

from .. import p256
from ..messages import HEX64
from .errors import SealError

SALT = b"face-down/sealing/1"
PURPOSES = (b"lock", b"order", b"positions")


class Stream:
    """The endless, deterministic byte stream of one purpose of one deal (step 3 of the module's docstring)."""

    def __init__(self, seed: str, purpose: bytes, deal: int):
        if purpose not in PURPOSES:
            raise ValueError(f"No stream is named {purpose!r}.")
        self._key = hmac.new(SALT, bytes.fromhex(seed), hashlib.sha512).digest()
        self._label = purpose + b"\x00" + deal.to_bytes(4, "big")
        self._block = 0
        self._buffer = b""

    def read(self, size: int) -> bytes:
        """The next ``size`` bytes of the stream."""
        while len(self._buffer) < size:
            counter = self._block.to_bytes(4, "big")
            self._buffer += hmac.new(self._key, counter + self._label, hashlib.sha512).digest()
            self._block += 1
        taken, self._buffer = self._buffer[:size], self._buffer[size:]
        return taken

    def scalar(self) -> int:
        """The next uniform scalar in 1..N-1 (32 bytes at a time, rejected when out of range)."""
        while True:
            number = int.from_bytes(self.read(32), "big")
            if 0 < number < p256.N:
                return number

    def below(self, bound: int) -> int:
        """The next uniform number in 0..bound-1, for 0 < bound <= 2**32 (4 bytes at a time, rejecting the tail)."""
        limit = 2**32 - 2**32 % bound
        while True:
            number = int.from_bytes(self.read(4), "big")
            if number < limit:
                return number % bound


def shuffled(stream: Stream, count: int) -> tuple[int, ...]:
    """Fisher-Yates on ``0..count-1`` drawing from ``stream``: ``result[u]`` is the unit that goes to place ``u``."""
    order = list(range(count))
    for i in range(count - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


@dataclass(frozen=True)
class DealKeys:
    """One party's secrets for one deal: its lock ``e``, its shuffle, and its key ``k_p`` for every position."""

    lock: int
    order: tuple[int, ...]
    position_keys: tuple[int, ...]

    @classmethod
    def derive(cls, seed: str, deal: int, units: int, width: int) -> DealKeys:
        """The secrets of deal number ``deal`` (of ``units`` units of ``width`` faces) from the master ``seed``."""
        return _derive(seed, deal, units, width)


# A party asks for its keys of a deal at every share and step: derived once (a 52-card deal's keys take a few
# milliseconds in Pyodide), a few deals kept (a Cambio game deals every round).
@lru_cache(maxsize=8)
def _derive(seed: str, deal: int, units: int, width: int) -> DealKeys:
    if not isinstance(seed, str) or not HEX64.fullmatch(seed):
        raise SealError("A master seed is 32 bytes written as 64 hex digits.")
    lock = Stream(seed, b"lock", deal).scalar()
    order = shuffled(Stream(seed, b"order", deal), units)
    positions = Stream(seed, b"positions", deal)
    return DealKeys(lock, order, tuple(positions.scalar() for _ in range(units * width)))
