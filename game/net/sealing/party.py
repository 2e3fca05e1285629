"""One party of a sealed game: a peer with its own seat and the bots it runs, and the seed it committed to."""

from __future__ import annotations

from dataclasses import dataclass

from ..entropy import Entropy, token
from ..shuffle import commitment_of
from .deck import KEY, Step, Transcript, lock, public_keys, rekey
from .derive import DealKeys
from .errors import SealError
from .faces import Deal
from .shares import Share, private_mask


@dataclass(frozen=True)
class Party:
    """Party number ``index`` in the fixed order of the game's parties, with its master ``seed`` (64 hex digits),
    which it keeps to itself until the end check."""

    index: int
    seed: str

    @classmethod
    def new(cls, index: int, entropy: Entropy) -> Party:
        """Party ``index`` with a fresh seed."""
        return cls(index, token(entropy))

    @property
    def commitment(self) -> str:
        """What the party publishes at the start of the game: SHA-256 of its seed."""
        return commitment_of(self.seed)

    def keys(self, deal: Deal) -> DealKeys:
        """This party's lock, shuffle and position keys for ``deal``."""
        return DealKeys.derive(self.seed, deal.number, len(deal.units), deal.width)

    def step(self, transcript: Transcript) -> Step:
        """This party's next step on ``transcript`` (its lock pass, then its key pass); ``SealError`` if it is not
        this party's turn."""
        deal, turn = transcript.deal, transcript.turn
        if turn is None or turn[1] != self.index:
            raise SealError(f"It is not party {self.index}'s turn to work on deal {deal.number}.")
        keys = self.keys(deal)
        if turn[0] == KEY:
            return Step(deal.number, self.index, KEY, rekey(transcript.current, keys), public_keys(keys))
        return Step(deal.number, self.index, turn[0], lock(transcript.current, deal, keys))

    def share(self, deal: Deal, position: int) -> Share:
        """This party's share for ``position`` of ``deal`` (its key ``k_p``)."""
        if not 0 <= position < deal.positions:
            raise SealError(f"Deal {deal.number} has no position {position}.")
        return Share(deal.number, position, self.index, self.keys(deal).position_keys[position])

    def share_for(self, transcript: Transcript, position: int, looker: int | None) -> Share:
        """This party's share for ``position`` of ``transcript``'s sealed deal: for all (``looker`` None), or for the
        private look of party ``looker``, masked with that party's public key for the position (shares.py)."""
        share = self.share(transcript.deal, position)
        if looker is None:
            return share
        mask = private_mask(share.key, transcript.public_key(looker, position), share.deal, position)
        return Share(share.deal, position, self.index, share.key ^ mask, looker)
