"""An authenticated, sequenced channel over one connection, keyed by the handshake (``identity.py``).

Every message after the handshake travels sealed, as the text ``~<seq>~<mac>~<body>``: ``body`` is
the protocol message's JSON text unchanged (so a sealed message is at most a few dozen bytes longer,
and nothing is escaped twice), ``seq`` counts the messages sent in that direction from 0, and
``mac = HMAC-SHA256(direction key, "<seq>~" + body)`` as hex. The receiver takes only the very next
``seq`` with a valid MAC: a forged message fails the MAC, a replayed or reordered one fails the
count. The data channel is reliable and ordered, so an honest peer never skips a number; after a
dropped connection both sides make a new handshake, and with it new keys and a new count.

The channel authenticates; it does not encrypt. Confidentiality between the two browsers is the data
channel's (WebRTC encrypts every data channel with DTLS).
"""

from __future__ import annotations

import hashlib
import hmac
import re

from .messages import MAX_MESSAGE_BYTES

SEALED = re.compile(r"~(0|[1-9][0-9]{0,9})~([0-9a-f]{64})~", re.ASCII)
MAX_SEALED_CHARS = MAX_MESSAGE_BYTES + 96


def is_sealed(raw: object) -> bool:
    """True if ``raw`` looks like a sealed message (whether it is genuine is :meth:`Channel.open`'s call)."""
    return isinstance(raw, str) and raw.startswith("~")


def _mac(key: bytes, seq: int, body: str) -> str:
    return hmac.new(key, f"{seq}~".encode("ascii") + body.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


class Channel:
    """One end of a connection: seals what it sends with ``send_key``, opens what it receives with ``receive_key``."""

    def __init__(self, send_key: bytes, receive_key: bytes):
        self._send_key = send_key
        self._receive_key = receive_key
        self.sent = 0
        self.received = 0

    def seal(self, body: str) -> str:
        """``body`` sealed with the next sequence number."""
        text = f"~{self.sent}~{_mac(self._send_key, self.sent, body)}~{body}"
        self.sent += 1
        return text

    def open(self, raw: object) -> str | None:
        """The body of ``raw`` if it is the next genuine message in order, else ``None``; never raises."""
        if not isinstance(raw, str) or len(raw) > MAX_SEALED_CHARS:
            return None
        found = SEALED.match(raw)
        if found is None or int(found.group(1)) != self.received:
            return None  # not sealed, or replayed, reordered or skipped
        body = raw[found.end() :]
        if not hmac.compare_digest(_mac(self._receive_key, self.received, body), found.group(2)):
            return None
        self.received += 1
        return body
