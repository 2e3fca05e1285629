"""Small sealed deals for the tests: parties with fixed seeds, and a deal sealed honestly step by step."""

from __future__ import annotations

import hashlib

from game.net.sealing import Deal, Party, Transcript

CARDS = (("AS",), ("KD",), ("7H",), ("10C",))
COINS = (("null", "suns"), ("ace", "suns"), ("null", "moons"))  # two faces a unit, some alike


def players(count: int, label: str = "party") -> list[Party]:
    """``count`` parties whose seeds are fixed by ``label``."""
    return [Party(index, hashlib.sha256(f"{label}/{index}".encode()).hexdigest()) for index in range(count)]


def seal(transcript: Transcript, parties: list[Party]) -> Transcript:
    """Every remaining step of ``transcript``, each by the party whose turn it is."""
    while transcript.turn:
        transcript.add(parties[transcript.turn[1]].step(transcript))
    return transcript


def sealed_deal(units: tuple = CARDS, count: int = 3, number: int = 0) -> tuple[Deal, list[Party], Transcript]:
    """A deal of ``units`` sealed honestly by ``count`` parties."""
    deal = Deal(number, units, count)
    parties = players(count)
    return deal, parties, seal(Transcript(deal), parties)
