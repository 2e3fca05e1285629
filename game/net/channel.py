"""An encrypted, authenticated, numbered channel over one connection, keyed by the handshake (``identity.py``).

Every message after the handshake travels sealed, as the text ``~<seq>~<ack>~<mac>~<box>``:

- ``seq`` numbers the messages sent in that direction from 0;
- ``ack`` is how many of the other direction's messages the sender has taken, in order (``link.py`` says how it
  is used: each message is acknowledged end to end and sent again until it is);
- ``box`` is the body encrypted, as base64url without ``=``: the body's UTF-8 bytes, padded with one
  ``0x80`` byte and then zeros to a multiple of :data:`PAD_BYTES`, XORed with the keystream
  ``SHAKE-256(cipher key || seq as 8 bytes, big-endian)``, as many bytes as the padded body;
- ``mac = HMAC-SHA256(mac key, "<seq>~<ack>~" + box)`` as hex (encrypt-then-MAC).

An acknowledgement alone is ``~-~<ack>~<mac>~`` (no body), and a *probe*, an acknowledgement that also asks
the peer to send again whatever it has not had acknowledged, is ``~?~<ack>~<mac>~``; their MAC covers ``-`` or
``?`` in place of the number.

The receiver checks the MAC before anything else: a forged or altered message fails it, and with it a changed
count or acknowledgement. Which numbers it takes (once each, in order, whatever order they come in) is the
link's business. A message sent again is the same box under the same number, with the acknowledgement of the
moment: no number is ever sealed with two different bodies.

Why this is sound, briefly. Each direction of each connection has its own cipher key and MAC key,
independent outputs of HKDF over the handshake's ECDH secret. SHAKE-256 keyed by a secret prefix is a
keyed sponge, a pseudo-random function (KMAC is built the same way), so the keystream for one
``(key, seq)`` looks random to anyone without the key; a key is used in one direction of one
connection and ``seq`` never carries two bodies under it, so no keystream is ever used twice, and the XOR
hides the body (a stream cipher with a unique nonce). The MAC over ``seq``, ``ack`` and the ciphertext,
checked first, rejects any change before decryption, so a tampered ciphertext never reaches the decoder (the
generic encrypt-then-MAC composition, which is secure against chosen-ciphertext attacks). Only the standard
library is used: Pyodide's ``hashlib`` has SHAKE-256, and a test checks it there.

What still shows: the length of a message, to within :data:`PAD_BYTES` bytes, its timing, and the counts.
The padding is what keeps the length of a card id (``"9H"`` or ``"10H"``) from showing in most messages.
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
SEALED_HEAD = re.compile(r"~(0|[1-9][0-9]{0,9}|-|\?)~(0|[1-9][0-9]{0,9})~([0-9a-f]{64})~", re.ASCII)
ACK, PROBE = "-", "?"  # the seq field of an acknowledgement alone, and of a probe


def padded_length(body_bytes: int) -> int:
    """How many bytes a body of ``body_bytes`` takes once padded: the next multiple of PAD_BYTES after it."""
    return (body_bytes // PAD_BYTES + 1) * PAD_BYTES


def box_chars(body_bytes: int) -> int:
    """How many characters the ``box`` of a body of ``body_bytes`` bytes has (base64 without ``=``)."""
    return -(-padded_length(body_bytes) * 4 // 3)


MAX_SEALED_CHARS = len(f"~{10**10 - 1}~{10**10 - 1}~{'0' * 64}~") + box_chars(MAX_MESSAGE_BYTES)


@dataclass(frozen=True)
class DirectionKeys:
    """The two keys of one direction of a connection: one encrypts, the other authenticates."""

    cipher: bytes
    mac: bytes


def is_sealed(raw: object) -> bool:
    """True if ``raw`` looks like a sealed message (whether it is genuine is :meth:`Channel.open`'s call)."""
    return isinstance(raw, str) and raw.startswith("~")


def _mac(key: bytes, seq: str, ack: int, box: str) -> str:
    # A received box may hold any character: encoded so that none raises (a genuine box is ASCII).
    return hmac.new(key, f"{seq}~{ack}~{box}".encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


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


@dataclass(frozen=True)
class Opened:
    """A genuine sealed text: its number (``None`` for an acknowledgement or a probe), its acknowledgement, whether
    it is a probe, and its box (``""`` without a body)."""

    seq: int | None
    ack: int
    probe: bool
    box: str


class Channel:
    """One end of a connection: seals what it sends with ``send``'s keys, opens what it receives with ``receive``'s."""

    def __init__(self, send: DirectionKeys, receive: DirectionKeys):
        self._send = send
        self._receive = receive

    def box(self, seq: int, body: str) -> str:
        """``body`` encrypted as message number ``seq`` of this direction."""
        return encrypt(self._send.cipher, seq, body)

    def seal(self, seq: int | str, ack: int, box: str = "") -> str:
        """The text of message ``seq`` (a number, or ``ACK`` or ``PROBE`` with no box) with acknowledgement ``ack``."""
        return f"~{seq}~{ack}~{_mac(self._send.mac, str(seq), ack, box)}~{box}"

    def open(self, raw: object) -> Opened | None:
        """What ``raw`` says if the peer sealed it (the MAC holds), else ``None``; never raises. The box is not
        decrypted yet: :meth:`body` does that, for the numbers the link takes."""
        if not isinstance(raw, str) or len(raw) > MAX_SEALED_CHARS:
            return None
        found = SEALED_HEAD.match(raw)
        if found is None:
            return None
        seq, ack, box = found.group(1), int(found.group(2)), raw[found.end() :]
        if not hmac.compare_digest(_mac(self._receive.mac, seq, ack, box), found.group(3)):
            return None
        if seq in (ACK, PROBE):
            return None if box else Opened(None, ack, seq == PROBE, "")
        return Opened(int(seq), ack, False, box)

    def body(self, opened: Opened) -> str | None:
        """The body in a genuine message's box, or ``None`` if it does not decode to a padded body."""
        return decrypt(self._receive.cipher, opened.seq, opened.box)
