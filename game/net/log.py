"""A sealed room's log: every party's signed entries, in the one order the host put them in.

In a sealed room no browser holds the whole deal, so there is no referee: every peer keeps its own copy of
the game and checks every move. What keeps those copies the same is the log. A *party* (one browser: a
guest's seat, or the host's seat with the computer players it runs) writes *entries* (a move, its step in
a deal, its shares of a reveal, a claim, its seed at the end), signs each one, and sends it to the host.
The host is the *sequencer*: it numbers the entries in the order it takes them and passes each one to
every peer, which checks it and applies it in that order.

An entry is ``{"by": seat, "k": count, "kind": kind, "body": {...}, "sig": hex}``:

- ``by`` is a seat its party held at the deal (the party's lowest); the lobby gives each seat's party key;
- ``k`` counts that party's own entries from 0: a party that sees one of its own entries missing or out of
  order, or anyone who sees another party's count skip, knows the sequencer dropped or reordered it;
- ``sig`` is the party's ECDSA-SHA256 signature (``p256.py``) over the room, the game, ``by``, ``k``, the kind
  and the body, as canonical JSON (:func:`signed_bytes`): the host passes entries on but cannot forge or alter
  one, nor move one into another room or game.

What a signature cannot show: the host decides the order of different parties' entries (who snapped first),
and a host that shows two guests two different games is seen only if they compare the game's fingerprint
(:func:`fingerprint`) at the end.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from . import p256
from .entropy import Entropy
from .messages import ProtocolError

SIGNED = "face-down/log/1"
KINDS = ("act", "deck", "shares", "claim", "seed", "end")


def canonical(value: object) -> bytes:
    """``value`` as canonical JSON bytes: sorted keys, no spaces, ASCII only (the same on every Python)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def signed_bytes(room: str, game: str, by: int, k: int, kind: str, body: dict) -> bytes:
    """The bytes a party signs for one entry: every value that places it in one room, one game and its own count."""
    return canonical([SIGNED, room, game, by, k, kind, body])


@dataclass(frozen=True)
class Entry:
    """One signed entry of the log (see the module docstring)."""

    by: int
    k: int
    kind: str
    body: dict
    sig: str

    def to_json(self) -> dict:
        """The entry as it travels and is saved."""
        return {"by": self.by, "k": self.k, "kind": self.kind, "body": self.body, "sig": self.sig}

    @classmethod
    def from_json(cls, data: object) -> Entry:
        """The entry in ``data``; a malformed one raises ``ProtocolError`` (its signature is checked apart)."""
        if not isinstance(data, dict) or set(data) != {"by", "k", "kind", "body", "sig"}:
            raise ProtocolError("schema", "A log entry has the fields by, k, kind, body and sig.")
        by, k, kind, body, sig = data["by"], data["k"], data["kind"], data["body"], data["sig"]
        if not _whole(by, 63) or not _whole(k, 2**31 - 1):
            raise ProtocolError("schema", "A log entry's seat and count must be whole numbers in range.")
        if kind not in KINDS or not isinstance(body, dict):
            raise ProtocolError("schema", f"A log entry's kind is one of {', '.join(KINDS)}, with an object body.")
        if not isinstance(sig, str) or len(sig) != 128 or not all(char in "0123456789abcdef" for char in sig):
            raise ProtocolError("schema", "A log entry's signature is 128 hex digits.")
        return cls(by, k, kind, body, sig)


def _whole(value: object, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high


class Signer:
    """A party's signing key and its count of entries written: one per party and game."""

    def __init__(self, secret: str, room: str, game: str, by: int, written: int = 0):
        self.secret = secret
        self.room = room
        self.game = game
        self.by = by
        self.written = written

    @staticmethod
    def new_secret(entropy: Entropy) -> str:
        """A fresh private key, as 64 hex digits."""
        return p256.private_key(entropy(48)).to_bytes(32, "big").hex()

    @staticmethod
    def public_of(secret: str) -> str:
        """The public key of ``secret``, as hex of its 65-byte encoding (what the lobby lists for the party)."""
        return p256.public_key(int(secret, 16)).hex()

    def sign(self, kind: str, body: dict, entropy: Entropy) -> Entry:
        """The party's next entry of ``kind`` with ``body``, signed."""
        signed = signed_bytes(self.room, self.game, self.by, self.written, kind, body)
        entry = Entry(self.by, self.written, kind, body, p256.sign(int(self.secret, 16), signed, entropy(32)).hex())
        self.written += 1
        return entry


def genuine(entry: Entry, public: str, room: str, game: str) -> bool:
    """True if ``entry`` carries its party's signature (``public``: the key the lobby lists); never raises."""
    try:
        signed = signed_bytes(room, game, entry.by, entry.k, entry.kind, entry.body)
        return p256.verify(bytes.fromhex(public), signed, bytes.fromhex(entry.sig))
    except (ValueError, TypeError):
        return False


class LogBroken(Exception):
    """The log cannot go on as it stands: ``party`` (a seat, or ``None`` for the sequencer) did what ``reason`` says."""

    def __init__(self, party: int | None, reason: str):
        super().__init__(reason)
        self.party = party
        self.reason = reason


class Counts:
    """Each party's count of entries taken so far: an entry must be its party's very next one."""

    def __init__(self, taken: dict[int, int] | None = None):
        self.taken = dict(taken or {})

    def expected(self, by: int) -> int:
        """The count the next entry of party ``by`` must carry."""
        return self.taken.get(by, 0)

    def take(self, entry: Entry) -> None:
        """Count ``entry``; ``LogBroken`` naming the sequencer if its party's count skipped or went back."""
        wanted = self.expected(entry.by)
        if entry.k != wanted:
            missing = "skipped" if entry.k > wanted else "repeated or reordered"
            raise LogBroken(None, f"The host {missing} a message of seat {entry.by + 1}'s device (number {wanted}).")
        self.taken[entry.by] = wanted + 1


def fingerprint(entries: list[Entry]) -> str:
    """A short hash of the whole log, for players to compare at the end (a host that showed two of them two
    different games cannot give them the same fingerprint): 12 hex digits in groups of four."""
    digest = hashlib.sha256(canonical([entry.to_json() for entry in entries])).hexdigest()[:12]
    return " ".join(digest[i : i + 4] for i in range(0, 12, 4))
