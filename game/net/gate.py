"""The door of a room: no message reaches a Host or a Client until the host has proven who it is.

``HostGate`` stands between the transport and the :class:`~game.net.Host`; ``GuestGate`` between the
transport and a guest's :class:`~game.net.Client`. Before the handshake (``identity.py``) a peer can
send only a ``knock``; after it, only sealed messages (``channel.py``: encrypted for that one
connection and authenticated) in both directions. So:

- a guest takes orders only from the peer that proved it holds the key named in its invitation, over
  this very connection, and only in the order the host sent them (no forgery, replay or reordering);
- the host knows a connection only once it has answered its knock, and a second knock from the same
  peer id (a peer that reconnected, or one that took the id of another) ends the old connection first:
  its seat then waits for a reclaim, whose proof must carry the new connection's binding;
- the host's own player is not on the transport at all: it is ``LOCAL_PEER``, which no transport id
  can be (remote ids are 1 to 64 characters of ``[A-Za-z0-9_-]``; anything else is refused).

    gate = HostGate(host, room_id, transport.selfId)
    out = gate.receive(peer, text, now_ms)     # -> [Outgoing]: already sealed, send each as it is
    out = gate.peer_left(peer, now_ms)
    out = gate.seal(host.start())              # the host's own controls' messages go out through seal

    door = GuestGate(client, room_id, invited_key_id, transport.selfId)
    text = door.knock(peer)                    # to every peer that joins; the host answers
    replies = door.receive(peer, text)         # -> texts to send to door.host_peer
    text = door.seal(client.act(action))       # the player's own messages
"""

from __future__ import annotations

import re

from .channel import Channel, is_sealed
from .entropy import Entropy, system_entropy, token
from .host import Host
from .identity import KEY_ID_CHARS, Ephemeral, HostIdentity, Knock
from .messages import Outgoing, ProtocolError, decode, encode, hex64
from .ratelimit import TokenBucket

LOCAL_PEER = "@host"
PEER_ID = re.compile(r"[A-Za-z0-9_-]{1,64}", re.ASCII)
SHARE = re.compile(r"04[0-9a-f]{128}")
SIGNATURE = re.compile(r"[0-9a-f]{128}")
# A knock costs the host a signature and an ECDH: a few per peer, then one every five seconds.
KNOCK_BURST = 3
KNOCKS_PER_SECOND = 0.2


def _pattern(pattern: re.Pattern, wanted: str):
    def check(name: str, value: object) -> object:
        if not isinstance(value, str) or not pattern.fullmatch(value):
            raise ProtocolError("schema", f"The field {name!r} must be {wanted}.")
        return value

    return check


SHARE_FIELD = _pattern(SHARE, "an uncompressed P-256 public key in hex")
KNOCK_MESSAGES = {"knock": {"nonce": hex64, "share": SHARE_FIELD}}
IDENTITY_MESSAGES = {
    "identity": {"key": SHARE_FIELD, "share": SHARE_FIELD, "signature": _pattern(SIGNATURE, "128 hex digits")}
}


def is_remote_peer(peer: object) -> bool:
    """True if ``peer`` may name a transport connection (the host's own ``LOCAL_PEER`` cannot)."""
    return isinstance(peer, str) and PEER_ID.fullmatch(peer) is not None


class HostGate:
    """The host's side: answers knocks with the identity, then seals and opens each connection's messages."""

    def __init__(self, host: Host, room: str, self_peer: str, *, entropy: Entropy = system_entropy):
        if host.settings.host_peer != LOCAL_PEER:
            raise ValueError(f"A gated host's own player must be {LOCAL_PEER!r}, a name no transport gives.")
        self.host = host
        self.room = room
        self.self_peer = self_peer
        self.identity = HostIdentity(host.settings.identity)
        self._entropy = entropy
        self._channels: dict[str, Channel] = {}
        self._knocks: dict[str, TokenBucket] = {}

    def receive(self, peer: str, raw: object, now_ms: int) -> list[Outgoing]:
        """One text from transport peer ``peer``: a knock, or a sealed message for the host. Others are dropped."""
        if not is_remote_peer(peer):
            return []  # a reserved or malformed id: no transport connection may speak as the host's player
        if is_sealed(raw):
            channel = self._channels.get(peer)
            body = None if channel is None else channel.open(raw)
            return [] if body is None else self.seal(self.host.receive(peer, body, now_ms))
        return self._on_knock(peer, raw, now_ms)

    def _on_knock(self, peer: str, raw: object, now_ms: int) -> list[Outgoing]:
        if not self._knocks.setdefault(peer, TokenBucket(KNOCK_BURST, KNOCKS_PER_SECOND)).take(now_ms):
            return []
        try:
            knock = decode(raw, KNOCK_MESSAGES)
            fields, keys = self.identity.answer(
                self.room, self.self_peer, peer, knock["nonce"], knock["share"], self._entropy
            )
        except ValueError:  # a ProtocolError (not a knock), or a share that is not a point of the curve
            return []
        # A knock on an open connection starts a new one: whoever held the old keys is gone.
        outgoing = self.host.peer_left(peer, now_ms) if peer in self._channels else []
        self._channels[peer] = Channel(keys.host_to_guest, keys.guest_to_host)
        answer = Outgoing(peer, encode("identity", **fields))
        return [*self.seal(outgoing), answer, *self.seal(self.host.peer_joined(peer, binding=keys.binding))]

    def peer_left(self, peer: str, now_ms: int) -> list[Outgoing]:
        """The transport says ``peer`` is gone: forget its keys; its seat waits for a reclaim."""
        self._knocks.pop(peer, None)
        if self._channels.pop(peer, None) is None:
            return []
        return self.seal(self.host.peer_left(peer, now_ms))

    def seal(self, outgoing: list[Outgoing]) -> list[Outgoing]:
        """The host's messages ready for the transport: sealed per connection; the local player's as they are."""
        sealed = []
        for message in outgoing:
            if message.peer == LOCAL_PEER:
                sealed.append(message)
            elif message.peer in self._channels:
                sealed.append(Outgoing(message.peer, self._channels[message.peer].seal(message.text)))
        return sealed


class GuestGate:
    """A guest's side: knocks at peers, accepts the one that proves the invited key, and talks only to it."""

    def __init__(self, client, room: str, key_id: str, self_peer: str, *, entropy: Entropy = system_entropy):
        if not isinstance(key_id, str) or len(key_id) != KEY_ID_CHARS:
            raise ValueError("This invitation does not name the host's key: ask for the link again.")
        self.client = client
        self.room = room
        self.key_id = key_id
        self.self_peer = self_peer
        self.host_peer: str | None = None
        self.refused = 0  # messages dropped: from peers that are not the verified host, or not genuine
        self._entropy = entropy
        self._knocks: dict[str, Knock] = {}
        self._channel: Channel | None = None

    def knock(self, peer: str) -> str:
        """A knock for ``peer``: if it is the host, it answers with its identity."""
        knock = Knock(self.room, self.key_id, self.self_peer, token(self._entropy), Ephemeral(self._entropy))
        self._knocks[peer] = knock
        return encode("knock", nonce=knock.nonce, share=knock.ephemeral.share)

    def receive(self, peer: str, raw: object) -> list[str]:
        """One text from ``peer``; returns the sealed replies for the host. Never raises."""
        if is_sealed(raw):
            body = self._channel.open(raw) if peer == self.host_peer and self._channel is not None else None
            if body is None:
                self.refused += 1
                return []
            return [self.seal(reply) for reply in self.client.receive(body)]
        return self._on_identity(peer, raw)

    def _on_identity(self, peer: str, raw: object) -> list[str]:
        knock = self._knocks.pop(peer, None)
        try:
            answer = decode(raw, IDENTITY_MESSAGES)
        except ProtocolError:
            answer = None
        keys = None if knock is None or answer is None else knock.check(peer, answer)
        if keys is None:
            self.refused += 1
            return []
        self.host_peer = peer
        self._channel = Channel(keys.guest_to_host, keys.host_to_guest)
        self.client.binding = keys.binding
        return []

    def seal(self, text: str) -> str:
        """One of the player's messages, sealed for the verified host; ``ValueError`` if there is none yet."""
        if self._channel is None:
            raise ValueError("The host has not proven who it is yet.")
        return self._channel.seal(text)

    def peer_left(self, peer: str) -> None:
        """The transport says ``peer`` is gone; if it was the host, wait for it to prove itself again."""
        self._knocks.pop(peer, None)
        if peer == self.host_peer:
            self.host_peer, self._channel = None, None
