"""Where the room's randomness comes from: an injectable source, so tests can be deterministic.

Seat secrets, challenge nonces, the shuffle secret and shuffle nonces are all drawn through an
``Entropy``: a function that returns ``size`` random bytes. The real one is ``os.urandom``, which
Pyodide backs with the browser's ``crypto.getRandomValues``.
"""

from __future__ import annotations

import os
from collections.abc import Callable

Entropy = Callable[[int], bytes]

TOKEN_BYTES = 32

system_entropy: Entropy = os.urandom
"""The operating system's (or the browser's) cryptographic random source."""


def token(entropy: Entropy) -> str:
    """A fresh 32-byte random value as 64 lowercase hex digits."""
    raw = entropy(TOKEN_BYTES)
    if not isinstance(raw, bytes) or len(raw) != TOKEN_BYTES:
        raise ValueError(f"The entropy source must return {TOKEN_BYTES} bytes.")
    return raw.hex()
