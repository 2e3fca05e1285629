"""A provably fair shuffle: the host commits to a secret, the players add nonces, and anyone can check.

The derivation, exactly (every value is 32 bytes written as 64 lowercase hex digits):

1. The host draws ``secret`` and publishes ``commitment = SHA-256(secret bytes)`` as hex, before any
   player has sent anything that could influence the deal.
2. Each seated remote player draws a ``nonce`` and sends it. The host's own seat adds nothing: its
   part is the secret, and a nonce it chose after seeing the others' could steer the seed.
3. ``seed = SHA-256(ASCII(secret + n1 + n2 + ...))`` as hex, where ``n1, n2, ...`` are the nonces sorted
   as strings; each piece has a fixed length, so the concatenation is unambiguous. The match is dealt
   with ``new_match(game, players, options, seed=seed)``; the engine derives every shuffle from it.
4. When the game is over the host reveals ``secret`` and the action log. Each client checks the
   commitment, that its own nonce was used, re-derives the seed, replays the log with
   ``Match.from_json`` and compares the events and view it received with the replay's for its seat.

The host cannot pick a deal (the secret is fixed before the nonces arrive and the nonces are
unpredictable), and no player can either (it never learns the secret before the end).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from ..match import SAVE_FORMAT, Match
from .entropy import Entropy, token
from .messages import hex64, integer, list_of, record


def commitment_of(secret: str) -> str:
    """The published commitment to ``secret``: SHA-256 of its 32 bytes, as hex."""
    return hashlib.sha256(bytes.fromhex(secret)).hexdigest()


def derive_seed(secret: str, nonces: list[str]) -> str:
    """The match seed: SHA-256 of the secret followed by the sorted nonces, as ASCII hex text."""
    return hashlib.sha256((secret + "".join(sorted(nonces))).encode("ascii")).hexdigest()


@dataclass
class Shuffle:
    """The host's side: its secret and the nonce each seat contributed."""

    secret: str
    nonces: dict[int, str] = field(default_factory=dict)

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

    def published_nonces(self) -> list[str]:
        """The nonces in the order the derivation uses (sorted), as the host announces them."""
        return sorted(self.nonces.values())

    def to_json(self) -> dict:
        """The shuffle for the host's save (it holds the secret: the save stays on the host)."""
        return {"secret": self.secret, "nonces": [{"seat": s, "nonce": n} for s, n in sorted(self.nonces.items())]}

    @classmethod
    def from_json(cls, data: object) -> Shuffle:
        """Rebuild from :meth:`to_json`; damage raises ``ValueError``."""
        SAVED("shuffle", data)
        return cls(data["secret"], {entry["seat"]: entry["nonce"] for entry in data["nonces"]})


SAVED = record({"secret": hex64, "nonces": list_of(record({"seat": integer(0, 63), "nonce": hex64}), 64)})


@dataclass(frozen=True)
class Verdict:
    """The outcome of a client's check: ``ok`` and a sentence for the player."""

    ok: bool
    message: str


VERIFIED = "Shuffle verified: the deal came from the host's committed secret and every player's randomness."


@dataclass(frozen=True)
class Revealed:
    """Everything a client needs to check a finished game, as it received it over the match."""

    commitment: str
    secret: str
    nonces: list[str]
    own_nonce: str | None
    game: str
    players: int
    options: dict
    log: list


def verify(revealed: Revealed, seat: int | None, events: list[dict], view: dict | None) -> Verdict:
    """Check a finished game against what this client saw as ``seat``; never raises, always a verdict."""
    if commitment_of(revealed.secret) != revealed.commitment:
        return Verdict(False, "SHUFFLE NOT VERIFIED: the secret the host revealed is not the one it committed to.")
    if revealed.own_nonce is not None and revealed.own_nonce not in revealed.nonces:
        return Verdict(False, "SHUFFLE NOT VERIFIED: your random contribution was left out of the shuffle.")
    save = {
        "format": SAVE_FORMAT,
        "game": revealed.game,
        "players": revealed.players,
        "options": revealed.options,
        "seed": derive_seed(revealed.secret, revealed.nonces),
        "history": revealed.log,
    }
    try:
        replay = Match.from_json(json.dumps(save))
    except ValueError as error:
        return Verdict(False, f"SHUFFLE NOT VERIFIED: the moves do not replay from the agreed seed ({error})")
    if replay.result() is None:
        return Verdict(False, "SHUFFLE NOT VERIFIED: the revealed moves do not finish the game.")
    if replay.events(seat) != events or replay.view(seat) != view:
        return Verdict(False, "SHUFFLE NOT VERIFIED: the game you saw is not the one the agreed seed deals.")
    return Verdict(True, VERIFIED)
