"""The host's identity and the handshake that proves it to each guest, over one connection.

The host makes a P-256 key pair when it creates a room (``p256.py`` says why it is Python), keeps the
private key in its save, and puts the key's id (``key_id``: SHA-256 of the public key, base64url) in
the invitation's fragment. Every guest then asks each peer that might be the host to prove itself:

1. guest → peer ``knock``: a fresh ``nonce`` and a fresh ECDH public ``share``;
2. peer → guest ``identity``: the host's public ``key``, its own fresh ECDH ``share``, and an ECDSA
   ``signature`` over the transcript: the room id, the host's peer id, the guest's peer id, the
   guest's nonce, both shares and the key (:func:`transcript`).

The guest checks the key against the id in its link and the signature against the transcript it
expects, with the peer ids *it* sees. A peer that forwards another connection's handshake fails:
the transcript names the connection the host signed for. Both sides then derive, with HKDF from the
ECDH secret salted with the transcript, an encryption key and a MAC key per direction for the channel
(``channel.py``) and a ``binding``: a value unique to this connection, which a reclaim proof must
include (``seats.prove``), so a proof made for one connection is worthless on another.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass

from . import p256
from .channel import DirectionKeys
from .entropy import Entropy

HANDSHAKE = "face-down/identity/1"
KEY_ID_CHARS = 43  # base64url of a SHA-256 digest, without padding


def key_id(public: bytes) -> str:
    """The short id of a public key that the invitation carries: SHA-256, base64url, no padding."""
    return base64.urlsafe_b64encode(hashlib.sha256(public).digest()).decode("ascii").rstrip("=")


def transcript(
    room: str, host_peer: str, guest_peer: str, nonce: str, guest_share: str, host_share: str, key: str
) -> bytes:
    """The bytes the host signs: every value that names this room, this connection and this handshake."""
    fields = [HANDSHAKE, room, host_peer, guest_peer, nonce, guest_share, host_share, key]
    return json.dumps(fields, separators=(",", ":")).encode("ascii")


@dataclass(frozen=True)
class Keys:
    """What a finished handshake gives both ends: the keys of each direction and the connection's binding."""

    host_to_guest: DirectionKeys
    guest_to_host: DirectionKeys
    binding: str


def hkdf(secret: bytes, salt: bytes, label: bytes) -> bytes:
    """HKDF-SHA256 (RFC 5869) of ``secret`` with ``salt``: the 32-byte key named by ``label`` (its info)."""
    pseudo_random_key = hmac.new(salt, secret, hashlib.sha256).digest()
    return hmac.new(pseudo_random_key, label + b"\x01", hashlib.sha256).digest()


def derive_keys(shared: bytes, signed: bytes) -> Keys:
    """The channel's keys from the ECDH secret, salted with the transcript: one independent key per label."""

    def direction(name: bytes) -> DirectionKeys:
        return DirectionKeys(hkdf(shared, signed, name + b"/cipher"), hkdf(shared, signed, name + b"/mac"))

    return Keys(direction(b"host to guest"), direction(b"guest to host"), hkdf(shared, signed, b"binding").hex())


class Ephemeral:
    """A one-connection ECDH key pair: ``share`` is its public half as hex."""

    def __init__(self, entropy: Entropy):
        self._secret = p256.private_key(entropy(48))
        self.share = p256.public_key(self._secret).hex()

    def agree(self, other_share: str) -> bytes:
        """The ECDH secret with the other side's ``share``; ``ValueError`` if it is not a valid point."""
        return p256.shared_secret(self._secret, bytes.fromhex(other_share))


class HostIdentity:
    """The host's signing key: made once per room, kept in the host's save as ``secret`` (hex)."""

    def __init__(self, secret: str):
        number = int(secret, 16)
        if len(secret) != 64 or not 0 < number < p256.N:
            raise ValueError("The host's identity key is damaged.")
        self.secret = secret
        self._number = number
        self.public = p256.public_key(number)
        self.key_id = key_id(self.public)

    @classmethod
    def new(cls, entropy: Entropy) -> HostIdentity:
        """A fresh identity from ``entropy``."""
        return cls(p256.private_key(entropy(48)).to_bytes(32, "big").hex())

    def answer(self, room: str, host_peer: str, guest_peer: str, nonce: str, guest_share: str, entropy: Entropy):
        """Answer a knock: ``(fields of the identity message, the channel's Keys)``; ``ValueError`` for a bad share."""
        ephemeral = Ephemeral(entropy)
        shared = ephemeral.agree(guest_share)
        key = self.public.hex()
        signed = transcript(room, host_peer, guest_peer, nonce, guest_share, ephemeral.share, key)
        signature = p256.sign(self._number, signed, entropy(32)).hex()
        return {"key": key, "share": ephemeral.share, "signature": signature}, derive_keys(shared, signed)


@dataclass
class Knock:
    """A guest's side of one handshake in flight: what it sent, to check the answer against."""

    room: str
    expected_key_id: str
    guest_peer: str
    nonce: str
    ephemeral: Ephemeral

    def check(self, host_peer: str, answer: dict) -> Keys | None:
        """The channel's keys if ``answer`` proves ``host_peer`` holds the invited key; else ``None``. Never raises."""
        try:
            public = bytes.fromhex(answer["key"])
            if not hmac.compare_digest(key_id(public), self.expected_key_id):
                return None
            signed = transcript(
                self.room, host_peer, self.guest_peer, self.nonce, self.ephemeral.share, answer["share"], answer["key"]
            )
            if not p256.verify(public, signed, bytes.fromhex(answer["signature"])):
                return None
            return derive_keys(self.ephemeral.agree(answer["share"]), signed)
        except (ValueError, KeyError, TypeError):
            return None
