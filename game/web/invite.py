"""Room invitations: the room id and its password ride in the URL fragment, which a browser never sends to a server.

    https://example.org/?transport=nostr#room=Vq3k9XJ2a7Qe&key=Xb0c...&id=q9Z...   a guest's link
    ...#room=Vq3k9XJ2a7Qe&key=Xb0c...&id=q9Z...&role=host                         the host's own page

The room id names the room on the relays; the password (``key``) encrypts its signaling, so only
people holding the link can join. ``id`` names the host's signing key (``game.net.identity.key_id``):
a guest takes orders only from the peer that proves it holds that key. ``role=host`` marks the page
that runs the room: reloaded, it resumes the room from this browser's save. The query keeps the
room's network settings (``transport``, and the transport's own ``relay`` and ``ice`` overrides), so
every guest uses the host's network.
Pure functions with no browser: parsing and formatting are tested on CPython.
"""

from __future__ import annotations

import base64
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

from .config import ROOM_PARAMS

TRANSPORTS = ("nostr", "tabs")
DEFAULT_TRANSPORT = "nostr"
TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}")
KEY_ID = re.compile(r"[A-Za-z0-9_-]{43}")
ROOM_ID_BYTES = 9  # 12 characters: room ids only need to be unlikely to meet on the same relays
KEY_BYTES = 18  # 24 characters, 144 bits: the password that keeps strangers out
ROLES = ("guest", "host")


@dataclass(frozen=True)
class Invite:
    """A room to enter: its id, its password, and whether this page is the room's host."""

    room: str
    key: str
    host: bool = False
    host_id: str | None = None  # the host's key id; None only on a host's page before its key is known

    def as_guest(self) -> Invite:
        """The same room, entered as a guest (what the shared link carries)."""
        return Invite(self.room, self.key, False, self.host_id)


def _token(entropy: Callable[[int], bytes], size: int) -> str:
    return base64.urlsafe_b64encode(entropy(size)).decode("ascii").rstrip("=")


def new_invite(entropy: Callable[[int], bytes] = os.urandom) -> Invite:
    """A fresh room for its host: a random room id and a random password."""
    return Invite(_token(entropy, ROOM_ID_BYTES), _token(entropy, KEY_BYTES), True)


def parse_fragment(fragment: str) -> Invite | None:
    """The invitation in a URL fragment (``#room=...&key=...``), or ``None`` if it names no room.

    A fragment that names a room but is damaged raises ``ValueError`` with a sentence for the player.
    """
    fields = dict(parse_qsl(fragment.lstrip("#"), keep_blank_values=True))
    if "room" not in fields:
        return None
    if not TOKEN.fullmatch(fields["room"]):
        raise ValueError("This invitation's room name is damaged: ask for the link again.")
    if "key" not in fields:
        raise ValueError("This invitation has no room password (key=…): ask for the whole link again.")
    if not TOKEN.fullmatch(fields["key"]):
        raise ValueError("This invitation's room password is damaged: ask for the link again.")
    role = fields.get("role", "guest")
    if role not in ROLES:
        raise ValueError(f"This invitation's role must be guest or host; got {role[:20]!r}.")
    host_id = fields.get("id")
    if host_id is None and role == "guest":
        raise ValueError("This invitation does not name the host's key (id=…): ask for the whole link again.")
    if host_id is not None and not KEY_ID.fullmatch(host_id):
        raise ValueError("This invitation's host key id is damaged: ask for the link again.")
    return Invite(fields["room"], fields["key"], role == "host", host_id)


def fragment(invite: Invite) -> str:
    """The URL fragment for ``invite``, ``#`` included."""
    fields = {"room": invite.room, "key": invite.key}
    if invite.host_id is not None:
        fields["id"] = invite.host_id
    if invite.host:
        fields["role"] = "host"
    return "#" + urlencode(fields)


def invite_link(page_url: str, query: str, invite: Invite) -> str:
    """The link to send to guests: ``page_url`` (no query, no fragment), the room's network settings, the fragment."""
    kept = [(name, value) for name, value in parse_qsl(query.lstrip("?")) if name in ROOM_PARAMS]
    return page_url + (f"?{urlencode(kept)}" if kept else "") + fragment(invite.as_guest())


def transport_kind(query: str) -> str:
    """The transport the query asks for (``?transport=tabs``), Nostr by default; ``ValueError`` if unknown."""
    kind = dict(parse_qsl(query.lstrip("?"))).get("transport", DEFAULT_TRANSPORT)
    if kind not in TRANSPORTS:
        raise ValueError(f"Unknown transport {kind[:20]!r}: rooms use {' or '.join(TRANSPORTS)}.")
    return kind
