"""What the sealed deck raises: a refusal of bad input, and a cheat that names the party that made it."""

from __future__ import annotations


class SealError(ValueError):
    """Something a peer sent (or a caller asked) was refused and changed nothing; the text is a sentence."""


class Cheat(SealError):
    """A party's published deck, key, share or seed does not follow from its committed seed: ``party`` did it."""

    def __init__(self, party: int, message: str):
        super().__init__(message)
        self.party = party
