"""Seat secrets and the reclaim challenge: a returning player proves it holds its seat's secret.

When a connection claims a seat, the host gives it a random secret that the client keeps in storage.
After a reconnect the client asks for its seat back; the host sends a fresh nonce and the client
answers ``HMAC-SHA256(key=secret, message=nonce + binding)`` (the secret and nonce as raw bytes, the
connection's ``binding`` from the handshake as ASCII hex, the answer as hex). The secret itself never
travels again, a nonce is good for one answer only, so a recorded answer cannot be replayed, and the
binding ties the answer to the connection that asked: a challenge passed on to the seat's owner from
another connection gets an answer that is worthless on the connection that asked.
"""

from __future__ import annotations

import hashlib
import hmac


def prove(secret: str, nonce: str, binding: str = "") -> str:
    """The answer to a challenge: HMAC-SHA256 keyed with the secret over the nonce and binding, as hex."""
    message = bytes.fromhex(nonce) + binding.encode("ascii")
    return hmac.new(bytes.fromhex(secret), message, hashlib.sha256).hexdigest()


def proof_is_valid(secret: str, nonce: str, proof: str, binding: str = "") -> bool:
    """True if ``proof`` answers ``nonce`` for ``secret`` on the connection ``binding``; constant time."""
    return hmac.compare_digest(prove(secret, nonce, binding), proof)
