"""An encrypted, authenticated, sequenced channel over one connection, keyed by the handshake (``identity.py``).

Every message after the handshake travels sealed, as the text ``~<seq>~<mac>~<box>``:

- ``seq`` counts the messages sent in that direction from 0;
- ``box`` is the body encrypted, as base64url without ``=``: the body's UTF-8 bytes, padded with one
  ``0x80`` byte and then zeros to a multiple of :data:`PAD_BYTES`, XORed with the keystream
  ``SHAKE-256(cipher key || seq as 8 bytes, big-endian)``, as many bytes as the padded body;
- ``mac = HMAC-SHA256(mac key, "<seq>~" + box)`` as hex (encrypt-then-MAC).

The receiver checks the MAC before anything else and takes only the very next ``seq``: a forged or
altered message fails the MAC, a replayed or reordered one fails the count. The transport is reliable
and ordered, so an honest peer never skips a number; after a dropped connection both sides make a new
handshake, and with it new keys and a new count.

Why this is sound, briefly. Each direction of each connection has its own cipher key and MAC key,
independent outputs of HKDF over the handshake's ECDH secret. SHAKE-256 keyed by a secret prefix is a
keyed sponge, a pseudo-random function (KMAC is built the same way), so the keystream for one
``(key, seq)`` looks random to anyone without the key; a key is used in one direction of one
connection and ``seq`` never repeats under it, so no keystream is ever used twice, and the XOR hides
the body (a stream cipher with a unique nonce). The MAC over ``seq`` and the ciphertext, checked first,
rejects any change before decryption, so a tampered ciphertext never reaches the decoder (the generic
encrypt-then-MAC composition, which is secure against chosen-ciphertext attacks). Only the standard
library is used: Pyodide's ``hashlib`` has SHAKE-256, and a test checks it there.

What still shows: the length of a message, to within :data:`PAD_BYTES` bytes, and its timing. The
padding is what keeps the length of a card id (``"9H"`` or ``"10H"``) from showing in most messages.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

from .messages import MAX_MESSAGE_BYTES

PAD_BYTES = 256
# The head only: a regular expression over a 64 KB box costs more than the whole decryption in Pyodide,
# and the MAC, checked first, already refuses any box its sender did not make.
SEALED_HEAD = re.compile(r"~(0|[1-9][0-9]{0,9})~([0-9a-f]{64})~", re.ASCII)


def padded_length(body_bytes: int) -> int:
    """How many bytes a body of ``body_bytes`` takes once padded: the next multiple of PAD_BYTES after it."""
    return (body_bytes // PAD_BYTES + 1) * PAD_BYTES


def box_chars(body_bytes: int) -> int:
    """How many characters the ``box`` of a body of ``body_bytes`` bytes has (base64 without ``=``)."""
    return -(-padded_length(body_bytes) * 4 // 3)


MAX_SEALED_CHARS = len(f"~{10**10 - 1}~{'0' * 64}~") + box_chars(MAX_MESSAGE_BYTES)


@dataclass(frozen=True)
class DirectionKeys:
    """The two keys of one direction of a connection: one encrypts, the other authenticates."""

    cipher: bytes
    mac: bytes


def is_sealed(raw: object) -> bool:
    """True if ``raw`` looks like a sealed message (whether it is genuine is :meth:`Channel.open`'s call)."""
    return isinstance(raw, str) and raw.startswith("~")


def _mac(key: bytes, seq: int, box: str) -> str:
    # A received box may hold any character: encoded so that none raises (a genuine box is ASCII).
    return hmac.new(key, f"{seq}~{box}".encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def _xor_keystream(key: bytes, seq: int, data: bytes) -> bytes:
    """``data`` XOR the keystream for ``seq``: encrypts and decrypts alike."""
    stream = hashlib.shake_256(key + seq.to_bytes(8, "big")).digest(len(data))
    mixed = int.from_bytes(data, "little") ^ int.from_bytes(stream, "little")
    return mixed.to_bytes(len(data), "little")


def encrypt(key: bytes, seq: int, body: str) -> str:
    """The ``box`` of ``body``: padded, XORed with the keystream for ``seq``, in base64url without ``=``."""
    data = body.encode("utf-8", "surrogatepass")
    plain = data + b"\x80" + bytes(padded_length(len(data)) - len(data) - 1)
    return base64.urlsafe_b64encode(_xor_keystream(key, seq, plain)).decode("ascii").rstrip("=")


def decrypt(key: bytes, seq: int, box: str) -> str | None:
    """The body in ``box`` (see :func:`encrypt`), or ``None`` if it does not decode to a padded body."""
    try:
        plain = _xor_keystream(key, seq, base64.urlsafe_b64decode(box + "=" * (-len(box) % 4))).rstrip(b"\x00")
        if not plain.endswith(b"\x80"):
            return None
        return plain[:-1].decode("utf-8", "surrogatepass")
    except ValueError:  # binascii.Error and UnicodeDecodeError are ValueErrors
        return None


class Channel:
    """One end of a connection: seals what it sends with ``send``'s keys, opens what it receives with ``receive``'s."""

    def __init__(self, send: DirectionKeys, receive: DirectionKeys):
        self._send = send
        self._receive = receive
        self.sent = 0
        self.received = 0

    def seal(self, body: str) -> str:
        """``body`` encrypted and authenticated with the next sequence number."""
        box = encrypt(self._send.cipher, self.sent, body)
        text = f"~{self.sent}~{_mac(self._send.mac, self.sent, box)}~{box}"
        self.sent += 1
        return text

    def open(self, raw: object) -> str | None:
        """The body of ``raw`` if it is the next genuine message in order, else ``None``; never raises."""
        if not isinstance(raw, str) or len(raw) > MAX_SEALED_CHARS:
            return None
        found = SEALED_HEAD.match(raw)
        if found is None or int(found.group(1)) != self.received:
            return None  # not sealed, or replayed, reordered or skipped
        box = raw[found.end() :]
        if not hmac.compare_digest(_mac(self._receive.mac, self.received, box), found.group(2)):
            return None
        body = decrypt(self._receive.cipher, self.received, box)
        if body is None:
            return None
        self.received += 1
        return body
