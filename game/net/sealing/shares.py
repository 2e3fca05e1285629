"""Opening a sealed card: every party's share for its position, each checked the moment it comes.

A share for position ``p`` is a party's key ``k_p`` itself. It is checked against the public key ``K_p``
the party published in its key pass (``k_p * G == K_p``), so a false share names its party at once. With
every party's share, anyone opens the point: ``M = (k_1 k_2 ... k_n)**-1 * C_p``, one multiplication, and
looks ``M`` up among the deal's faces. A private look by a seat: every party but the one that holds the
seat sends its share, and only that party can add its own key and open the point.

A share for a private look is *masked* for its looker ``L`` alone (:func:`private_mask`): the party ``S``
sends ``k_p XOR SHA-256(domain, k_p * K_p(L), deal, p)``, and ``L`` alone (with ``k_p(L) * K_p(S)``, the same
point) can take the mask off. In the clear, the shares of two private looks at one card by two parties would
be every key of that card between them, and anyone else could open it. Only the looker can check a masked share
at once (a false one names its party to it); every peer checks them all at the end check, once the seeds are
revealed.

The room layer says who sent a share: :class:`Share`'s ``party`` must be the sender, authenticated by
the connection, before :meth:`Opening.add` is asked to believe it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from .. import p256
from ..messages import ProtocolError, hex64, integer, record
from .deck import Transcript
from .errors import Cheat, SealError
from .faces import MAX_PARTIES, MAX_POSITIONS

SHARE = record(
    {"deal": integer(), "position": integer(0, MAX_POSITIONS - 1), "party": integer(0, MAX_PARTIES - 1), "key": hex64}
)


PRIVATE = b"face-down/private-share/1"


def private_mask(own_key: int, their_key: tuple[int, int], deal: int, position: int) -> int:
    """The mask on a share between two parties for ``position`` of ``deal``: SHA-256 of the domain, the point
    ``own_key * their_key`` (compressed: one party's key for the position times the other's public key for it,
    the same point from either side), the deal and the position (4 bytes each, big-endian), as a number."""
    point = p256.compress(p256.multiply(own_key, their_key))
    data = PRIVATE + point + deal.to_bytes(4, "big") + position.to_bytes(4, "big")
    return int.from_bytes(hashlib.sha256(data).digest(), "big")


@dataclass(frozen=True)
class Share:
    """``party``'s key for ``position`` of deal number ``deal``: its layer on that one point, lifted. For a private
    look, ``looker`` is the party it is for and ``key`` is masked for that party (the module docstring); the looker
    is not in the share's JSON (the message that carries it says whom it is for)."""

    deal: int
    position: int
    party: int
    key: int
    looker: int | None = None

    def to_json(self) -> dict:
        """The share as it travels (the key, or the masked key, as 64 hex digits)."""
        return {"deal": self.deal, "position": self.position, "party": self.party, "key": f"{self.key:064x}"}

    @classmethod
    def from_json(cls, data: object) -> Share:
        """The share ``data`` describes; ``SealError`` (a sentence) if it is malformed."""
        try:
            SHARE("share", data)
        except ProtocolError as error:
            raise SealError(str(error)) from error
        return cls(data["deal"], data["position"], data["party"], int(data["key"], 16))


def open_point(point: tuple[int, int], keys: list[int]) -> tuple[int, int]:
    """``point`` with every layer in ``keys`` lifted: ``(product of keys)**-1 * point``, one multiplication."""
    product = 1
    for key in keys:
        product = product * key % p256.N
    return p256.multiply(pow(product, -1, p256.N), point)


class Opening:
    """One card being opened: ``position`` of a sealed deal, to every party, or (a private look) to ``looker``.

    Every party but ``looker`` is asked for its share (``looker`` None: every party is).
    """

    def __init__(self, transcript: Transcript, position: int, looker: int | None = None):
        deal = transcript.deal
        if not isinstance(position, int) or not 0 <= position < deal.positions:
            raise SealError(f"Deal {deal.number} has no position {position}.")
        if looker is not None and not 0 <= looker < deal.parties:
            raise SealError(f"Deal {deal.number} has no party {looker}.")
        self.point = transcript.sealed[position]  # SealError if the deal is not sealed yet
        self.transcript = transcript
        self.position = position
        self.looker = looker
        self.came: set[int] = set()  # the parties whose shares have come
        self.keys: dict[int, int] = {}  # their keys, where this peer can read them (all of them, or the looker)

    @property
    def asked(self) -> list[int]:
        """The parties whose shares open this card, in order."""
        return [party for party in range(self.transcript.deal.parties) if party != self.looker]

    @property
    def awaited(self) -> list[int]:
        """The parties whose shares have not come yet (the page names them: "Waiting for Ben's device...")."""
        return [party for party in self.asked if party not in self.came]

    def add(self, share: Share, own_key: int | None = None) -> None:
        """Take ``share``: ``SealError`` if it is not one this opening asked for or it came before (nothing changes);
        :class:`Cheat` naming its party if it is not the key that party published. A private look's share is
        masked: the looker gives its ``own_key`` for the position to unmask and check it; any other peer only notes
        that it came (the end check checks it)."""
        deal = self.transcript.deal
        if (share.deal, share.position) != (deal.number, self.position):
            raise SealError(
                f"That share is for position {share.position} of deal {share.deal}, which is not being opened."
            )
        if share.looker != self.looker:
            raise SealError(f"That share of position {self.position} is for another look at it.")
        if share.party not in self.asked:
            raise SealError(f"Party {share.party} was not asked for a share of position {self.position}.")
        if share.party in self.came:
            raise SealError(f"Party {share.party}'s share for position {self.position} has come already.")
        public = self.transcript.public_key(share.party, self.position)
        key = share.key
        if self.looker is not None:
            if own_key is None:
                self.came.add(share.party)
                return
            key ^= private_mask(own_key, public, deal.number, self.position)
        if not 0 < key < p256.N or p256.multiply(key, p256.G) != public:
            raise Cheat(share.party, f"Party {share.party} sent a false share for position {self.position}.")
        self.came.add(share.party)
        self.keys[share.party] = key

    def face(self, own_key: int | None = None) -> str:
        """The face, once every share asked for has come; a private look also needs the looker's ``own_key``.
        ``SealError`` before, or if the point opens to no face of the deal (the end check names who did that)."""
        if self.awaited:
            raise SealError(f"Position {self.position} is still waiting for the shares of parties {self.awaited}.")
        if (own_key is None) != (self.looker is None):
            raise SealError("Only a private look adds the looker's own key, and it must.")
        keys = [*self.keys.values(), *([] if own_key is None else [own_key])]
        return self.transcript.deal.face(self.position, open_point(self.point, keys))
