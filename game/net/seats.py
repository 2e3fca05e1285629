"""Seat secrets and the reclaim challenge: a returning player proves it holds its seat's secret.

When a connection claims a seat, the host gives it a random secret that the client keeps in storage.
After a reconnect the client asks for its seat back; the host sends a fresh nonce and the client
answers ``HMAC-SHA256(key=secret, message=nonce)`` (both as raw bytes, the answer as hex). The secret
itself never travels again, and a nonce is good for one answer only, so a recorded answer cannot be
replayed.
"""

from __future__ import annotations

import hashlib
import hmac


def prove(secret: str, nonce: str) -> str:
    """The answer to a challenge: HMAC-SHA256 keyed with the secret over the nonce, as 64 hex digits."""
    return hmac.new(bytes.fromhex(secret), bytes.fromhex(nonce), hashlib.sha256).hexdigest()


def proof_is_valid(secret: str, nonce: str, proof: str) -> bool:
    """True if ``proof`` answers ``nonce`` for ``secret``; compared in constant time."""
    return hmac.compare_digest(prove(secret, nonce), proof)
