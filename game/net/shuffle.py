"""A provably fair shuffle: the host commits to a secret, the players add nonces, and anyone can check.

The derivation, exactly (every value is 32 bytes written as 64 lowercase hex digits):

1. The host draws ``secret`` and publishes ``commitment = SHA-256(secret bytes)`` as hex (``commit``),
   before any player has sent anything that could influence the deal. The commitment is the game's id.
2. Each seated remote player draws a ``nonce`` and sends only its ``pledge = SHA-256(nonce bytes)``.
   The host's own seat adds nothing: its part is the secret.
3. When every seated remote player has pledged (one who is away is waited for a grace period), the
   host publishes the full list of pledges with their seats (``pledges``). Only then does each player
   reveal its nonce (``contribute``), and the host takes only a nonce that matches its seat's pledge,
   and confirms it (``received``): from then on, a deal without that nonce is tampering.
4. ``seed = SHA-256(ASCII(secret + n1 + n2 + ...))`` as hex, where ``n1, n2, ...`` are the revealed
   nonces sorted as strings; each piece has a fixed length, so the concatenation is unambiguous. The
   match is dealt with ``new_match(game, players, options, seed=seed)`` and the ``start`` message lists
   the pledges and the nonces with their seats.
5. The ``start`` message also reveals ``secret``: every peer needs the seed, since every peer plays the
   game itself (the seed is the game's *public* randomness: who plays first, where Matches' coins land;
   the cards' order is the sealed deck's, ``sealing/``). Each client checks the commitment, that the
   pledges are the ones published before any reveal, every nonce against its pledge and that its own
   nonce was used (:func:`check_shuffle`).

The host cannot pick the seed: its secret is fixed before any pledge, and the nonces are unpredictable.
No player can either: it never learns the secret before the deal, and every nonce is fixed (pledged)
before any is revealed, so the last to reveal has no choice left but to withhold its nonce, which the
host does not allow: a sealed deal waits for every seat. A player whose nonce is not in the seed is never
told "verified".

Once every nonce is in, though, the host knows the seed, and could throw it away and shuffle again
under a new commitment (a reload from an older save, a new room object, a new ``commit`` mid-game, or
a deal from a new secret alone) until it likes the cards. So a client remembers a shuffle it revealed
its nonce to until that game has been played out and checked; a new commitment before then is a
re-deal, and the player is told so (``Client.warning``, and the next verdict).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field

from .entropy import Entropy, token
from .messages import boolean, hex64, integer, list_of, record


def commitment_of(secret: str) -> str:
    """The published commitment to ``secret``: SHA-256 of its 32 bytes, as hex."""
    return hashlib.sha256(bytes.fromhex(secret)).hexdigest()


def derive_seed(secret: str, nonces: list[str]) -> str:
    """The match seed: SHA-256 of the secret followed by the sorted nonces, as ASCII hex text."""
    return hashlib.sha256((secret + "".join(sorted(nonces))).encode("ascii")).hexdigest()


def pledge_matches(pledge: str, nonce: str) -> bool:
    """True if ``nonce`` is the one ``pledge`` (its SHA-256, as hex) committed to."""
    return hmac.compare_digest(commitment_of(nonce), pledge)


@dataclass
class Shuffle:
    """The host's side: its secret, each seat's pledge, whether pledges are closed, and the revealed nonces."""

    secret: str
    nonces: dict[int, str] = field(default_factory=dict)
    pledges: dict[int, str] = field(default_factory=dict)
    closed: bool = False

    @classmethod
    def new(cls, entropy: Entropy) -> Shuffle:
        """A shuffle with a fresh secret and no nonces yet."""
        return cls(token(entropy))

    @property
    def commitment(self) -> str:
        """What the host publishes before the deal."""
        return commitment_of(self.secret)

    @property
    def seed(self) -> str:
        """The match seed from the secret and the nonces received so far."""
        return derive_seed(self.secret, list(self.nonces.values()))

    def published_nonces(self) -> list[dict]:
        """The revealed nonces with their seats, as the host announces them at the deal."""
        return [{"seat": seat, "nonce": nonce} for seat, nonce in sorted(self.nonces.items())]

    def published_pledges(self) -> list[dict]:
        """Every pledge with its seat, as the host publishes them before anyone reveals."""
        return [{"seat": seat, "pledge": pledge} for seat, pledge in sorted(self.pledges.items())]

    def to_json(self) -> dict:
        """The shuffle for the host's save (it holds the secret: the save stays on the host)."""
        return {
            "secret": self.secret,
            "pledges": self.published_pledges(),
            "closed": self.closed,
            "nonces": self.published_nonces(),
        }

    @classmethod
    def from_json(cls, data: object) -> Shuffle:
        """Rebuild from :meth:`to_json`; damage raises ``ValueError``."""
        SAVED("shuffle", data)
        pledges = {entry["seat"]: entry["pledge"] for entry in data["pledges"]}
        nonces = {entry["seat"]: entry["nonce"] for entry in data["nonces"]}
        if any(seat not in pledges or not pledge_matches(pledges[seat], nonce) for seat, nonce in nonces.items()):
            raise ValueError("A nonce in the shuffle does not match its pledge.")
        return cls(data["secret"], nonces, pledges, data["closed"])


PLEDGE = record({"seat": integer(0, 63), "pledge": hex64})
NONCE = record({"seat": integer(0, 63), "nonce": hex64})
SAVED = record({"secret": hex64, "pledges": list_of(PLEDGE, 64), "closed": boolean, "nonces": list_of(NONCE, 64)})


@dataclass(frozen=True)
class Verdict:
    """The outcome of a client's check: ``ok`` and a sentence for the player.

    ``settled``: the game was played out from the shuffle the client took part in, as the client saw it
    (false when the check found the deal or the moves tampered with). After a settled game, a new
    shuffle in the room is a new game; before, it is the host dealing again.
    """

    ok: bool
    message: str
    settled: bool = True


@dataclass(frozen=True)
class Revealed:
    """Everything a client needs to check the seed of a game it is dealt into, as it received it.

    ``own_seat`` is the seat this client held at the deal if it was a contributing player (else
    ``None``); ``own_nonce`` its nonce for this game, if it made one; ``own_revealed`` whether it sent it;
    ``own_acknowledged`` whether the host confirmed it (``received``). ``redealt`` is the commitment of
    an earlier shuffle in the room that this client revealed a nonce to and that was never played out
    (the host dealt again), if any; ``redealt_away`` whether the client was away (reloaded or
    reconnected) between the last it heard of that game and the new deal.
    """

    commitment: str
    secret: str
    pledges: list[dict]
    nonces: list[dict]
    own_seat: int | None
    own_nonce: str | None
    own_revealed: bool
    own_acknowledged: bool
    redealt: str | None
    redealt_away: bool


LEFT_OUT = "SHUFFLE NOT VERIFIED: the host confirmed it had your random contribution, then left it out of the shuffle."
NOT_RECEIVED = (
    "Not verified for you: you sent your random contribution, but the connection dropped before the host confirmed "
    "it, and the cards were dealt without it. That alone is no sign of cheating, but the host could have chosen "
    "who plays first."
)
REDEALT = (
    "SHUFFLE NOT VERIFIED: the host dealt again. You had sent your random contribution to an earlier deal in this "
    "room, and the host started a new one before that game was played out and checked. Once everyone's "
    "contribution is in, the host knows who plays first, so dealing again lets it choose."
)
# Said only to a player who was away (a reload, a dropped connection) between the last it heard of the earlier
# game and the new deal: it may have missed that game's honest end. One who stayed connected would have seen it.
REDEALT_WHILE_AWAY = REDEALT + " (If that game ended while you were away, this can be innocent.)"


def redeal_warning(away: bool) -> str:
    """What a player is told of a re-deal: that it can be innocent only if the player was ``away`` meanwhile."""
    return REDEALT_WHILE_AWAY if away else REDEALT


AWAY = (
    "Not verified for you: you were away (or not asked) when the cards were dealt, so none of your randomness "
    "is in this deal. That alone is no sign of cheating, but the host could have chosen who plays first."
)


def _nonces_match_pledges(revealed: Revealed) -> bool:
    pledges = {entry["seat"]: entry["pledge"] for entry in revealed.pledges}
    seats = [entry["seat"] for entry in revealed.nonces]
    return len(set(seats)) == len(seats) and all(
        entry["seat"] in pledges and pledge_matches(pledges[entry["seat"]], entry["nonce"]) for entry in revealed.nonces
    )


def check_shuffle(revealed: Revealed) -> Verdict | None:
    """Check the seed of a game this client is dealt into; ``None`` if all is well, else the verdict. Never raises.

    Tampering is checked first. A seated player whose nonce is not in the deal is then never told
    "verified": "left out" (tampering) if the host had confirmed it; else, after a re-deal, the
    re-deal; else "not received" if it had sent its nonce (lost with a connection), "away" if not.
    """
    try:
        if commitment_of(revealed.secret) != revealed.commitment:
            return tampered("SHUFFLE NOT VERIFIED: the secret the host revealed is not the one it committed to.")
        if not _nonces_match_pledges(revealed):
            return tampered("SHUFFLE NOT VERIFIED: a nonce in the deal is not the one its seat pledged.")
    except (ValueError, TypeError, KeyError) as error:
        return tampered(f"SHUFFLE NOT VERIFIED: what the host sent does not add up ({error!r:.100}).")
    mine = {"seat": revealed.own_seat, "nonce": revealed.own_nonce}
    left_out = revealed.own_seat is not None and (revealed.own_nonce is None or mine not in revealed.nonces)
    if left_out and revealed.own_nonce and revealed.own_acknowledged:
        return Verdict(False, LEFT_OUT)
    if revealed.redealt is not None:
        return Verdict(False, redeal_warning(revealed.redealt_away))
    if left_out:
        return Verdict(False, NOT_RECEIVED if revealed.own_nonce and revealed.own_revealed else AWAY)
    return None


def tampered(message: str) -> Verdict:
    """The verdict for a deal or moves that do not add up: the game was not played out as this client saw it."""
    return Verdict(False, message, settled=False)
