"""The door of a room: no message reaches a Host or a Client until the host has proven who it is.

``HostGate`` stands between the transport and the :class:`~game.net.Host`; ``GuestGate`` between the
transport and a guest's :class:`~game.net.Client`. Before the handshake (``identity.py``) a peer can
send only a ``knock``; after it, only sealed messages (``channel.py``: encrypted for that one
connection and authenticated) in both directions, delivered by the connection's link (``link.py``: each
once, in order, acknowledged and sent again until it is). So:

- a guest takes orders only from the peer that proved it holds the key named in its invitation, over
  this very connection, and only in the order the host sent them (no forgery, replay or reordering);
- the host knows a connection only once it has answered its knock, and a second knock from the same
  peer id (a peer that reconnected, or one that took the id of another) ends the old connection first:
  its seat then waits for a reclaim, whose proof must carry the new connection's binding;
- a connection outlives its transport: when the transport loses a peer (a sleeping phone, a relay that
  dropped, a direct channel that broke) its seat shows it away, but both ends keep the link, and the first
  genuine message on it brings the connection back as it was, seat and all (only that page holds its keys),
  with what it missed; no new handshake;
- the host's own player is not on the transport at all: it is ``LOCAL_PEER``, which no transport id
  can be (remote ids are 1 to 64 characters of ``[A-Za-z0-9_-]``; anything else is refused).

    gate = HostGate(host, room_id, transport.selfId)
    out = gate.receive(peer, text, now_ms)     # -> [Outgoing]: already sealed, send each as it is
    out = gate.peer_left(peer, now_ms)         # the transport lost it: its seat is away, its link kept
    out = gate.peer_back(peer, now_ms)         # the transport reaches it again: what it missed, and a probe
    out = gate.seal(host.start(), now_ms)      # the host's own controls' messages go out through seal
    out = gate.tick(now_ms); gate.next_due()   # resends and acknowledgements, when they are due
    out = gate.resume(now_ms)                  # this page woke up or came back online

    door = GuestGate(client, room_id, invited_key_id, transport.selfId)
    text = door.knock(peer)                    # to every peer that joins; the host answers
    replies = door.receive(peer, text, now_ms) # -> texts to send to door.host_peer
    text = door.seal(client.act(action), now_ms)   # the player's own messages
    texts = door.tick(now_ms); texts = door.resume(now_ms)
"""

from __future__ import annotations

import re

from .channel import is_sealed
from .entropy import Entropy, system_entropy, token
from .host import Host
from .identity import KEY_ID_CHARS, Ephemeral, HostIdentity, Knock
from .link import Link
from .messages import Outgoing, ProtocolError, decode, encode, hex64
from .ratelimit import TokenBucket

LOCAL_PEER = "@host"
PEER_ID = re.compile(r"[A-Za-z0-9_-]{1,64}", re.ASCII)
SHARE = re.compile(r"04[0-9a-f]{128}")
SIGNATURE = re.compile(r"[0-9a-f]{128}")
# A knock costs the host a signature and an ECDH: a few per peer, then one every five seconds.
KNOCK_BURST = 3
KNOCKS_PER_SECOND = 0.2
# Links kept for peers the transport lost (a room seats six, the mailbox tracks sixteen peers): the oldest go first.
MAX_LINKS = 32


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
        self._links: dict[str, Link] = {}  # by peer, the oldest first; kept while the transport has lost the peer
        self._bindings: dict[str, str] = {}
        self._knocks: dict[str, TokenBucket] = {}

    def links(self) -> dict[str, Link]:
        """Every connection's link, by peer (the benchmark counts their resends)."""
        return dict(self._links)

    def receive(self, peer: str, raw: object, now_ms: int) -> list[Outgoing]:
        """One text from transport peer ``peer``: a knock, or a sealed message for the host. Others are dropped."""
        if not is_remote_peer(peer):
            return []  # a reserved or malformed id: no transport connection may speak as the host's player
        if not is_sealed(raw):
            return self._on_knock(peer, raw, now_ms)
        link = self._links.get(peer)
        got = None if link is None else link.receive(raw, now_ms)
        if got is None or not got.genuine:
            return []
        outgoing = [Outgoing(peer, text) for text in got.replies]
        if peer not in self.host.connected():  # it was away: only its page holds these keys, so it is back
            outgoing += self.seal(self.host.peer_returned(peer, self._bindings[peer]), now_ms)
        for body in got.bodies:
            outgoing += self.seal(self.host.receive(peer, body, now_ms), now_ms)
        return outgoing

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
        outgoing = self.host.peer_left(peer, now_ms) if self._links.pop(peer, None) is not None else []
        self._links[peer] = Link(keys.host_to_guest, keys.guest_to_host, now_ms)
        self._bindings[peer] = keys.binding
        self._forget_oldest()
        answer = Outgoing(peer, encode("identity", **fields))
        joined = self.host.peer_joined(peer, binding=keys.binding)
        return [*self.seal(outgoing, now_ms), answer, *self.seal(joined, now_ms)]

    def peer_left(self, peer: str, now_ms: int) -> list[Outgoing]:
        """The transport lost ``peer``: its seat waits for it, and its link is kept for its return."""
        self._knocks.pop(peer, None)
        if peer not in self._links:
            return []
        return self.seal(self.host.peer_left(peer, now_ms), now_ms)

    def peer_back(self, peer: str, now_ms: int) -> list[Outgoing]:
        """The transport reaches ``peer`` again: send it what it has not acknowledged, and a probe for what it sent
        meanwhile. Its seat comes back with its first genuine answer (a stranger with its id gets nothing)."""
        link = self._links.get(peer)
        return [] if link is None else [Outgoing(peer, text) for text in link.resume(now_ms)]

    def resume(self, now_ms: int) -> list[Outgoing]:
        """This page is back (unfrozen, online, its relays reconnected): every connection's backlog, and a probe."""
        return [Outgoing(peer, text) for peer in self._present() for text in self._links[peer].resume(now_ms)]

    def tick(self, now_ms: int) -> list[Outgoing]:
        """Resends and acknowledgements due at ``now_ms``; a connection whose peer acknowledges nothing for too long
        is ended (its seat waits for a reclaim, as after a page's reload)."""
        outgoing = []
        for peer in self._present():
            link = self._links[peer]
            if link.broken:
                del self._links[peer]
                outgoing += self.seal(self.host.peer_left(peer, now_ms), now_ms)
            else:
                outgoing += [Outgoing(peer, text) for text in link.tick(now_ms)]
        return outgoing

    def next_due(self) -> int | None:
        """When :meth:`tick` has something to send (ms), or ``None``."""
        due = [when for peer in self._present() if (when := self._links[peer].next_due()) is not None]
        return min(due) if due else None

    def _present(self) -> list[str]:
        connected = set(self.host.connected())
        return [peer for peer in self._links if peer in connected]

    def _forget_oldest(self) -> None:
        connected = set(self.host.connected())
        for peer in [peer for peer in self._links if peer not in connected][: max(0, len(self._links) - MAX_LINKS)]:
            del self._links[peer]
            self._bindings.pop(peer, None)

    def seal(self, outgoing: list[Outgoing], now_ms: int) -> list[Outgoing]:
        """The host's messages ready for the transport: sealed per connection; the local player's as they are."""
        sealed = []
        for message in outgoing:
            if message.peer == LOCAL_PEER:
                sealed.append(message)
            elif message.peer in self._links:
                sealed.append(Outgoing(message.peer, self._links[message.peer].send(message.text, now_ms)))
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
        self.host_peer: str | None = None  # the verified host, kept while the transport has lost it
        self.link: Link | None = None
        self.refused = 0  # messages dropped: from peers that are not the verified host, or not genuine
        self._entropy = entropy
        self._knocks: dict[str, Knock] = {}

    def knock(self, peer: str) -> str:
        """A knock for ``peer``: if it is the host, it answers with its identity."""
        knock = Knock(self.room, self.key_id, self.self_peer, token(self._entropy), Ephemeral(self._entropy))
        self._knocks[peer] = knock
        return encode("knock", nonce=knock.nonce, share=knock.ephemeral.share)

    def receive(self, peer: str, raw: object, now_ms: int) -> list[str]:
        """One text from ``peer``; returns the sealed replies for the host. Never raises."""
        if not is_sealed(raw):
            return self._on_identity(peer, raw, now_ms)
        got = self.link.receive(raw, now_ms) if peer == self.host_peer and self.link is not None else None
        if got is None or not got.genuine:
            self.refused += 1
            return []
        replies = list(got.replies)
        for body in got.bodies:
            replies += [self.seal(reply, now_ms) for reply in self.client.receive(body)]
        return replies

    def _on_identity(self, peer: str, raw: object, now_ms: int) -> list[str]:
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
        self.link = Link(keys.guest_to_host, keys.host_to_guest, now_ms)
        self.client.binding = keys.binding
        return []

    def seal(self, text: str, now_ms: int) -> str:
        """One of the player's messages, sealed for the verified host; ``ValueError`` if there is none yet.

        It is kept until the host acknowledges it, so one sealed while the host is away reaches it once it is back.
        """
        if self.link is None:
            raise ValueError("The host has not proven who it is yet.")
        return self.link.send(text, now_ms)

    def tick(self, now_ms: int) -> list[str]:
        """Resends and acknowledgements due at ``now_ms``."""
        return [] if self.link is None else self.link.tick(now_ms)

    def resume(self, now_ms: int) -> list[str]:
        """The host is reachable again, or this page is back: what it has not acknowledged, and a probe."""
        return [] if self.link is None else self.link.resume(now_ms)

    def next_due(self) -> int | None:
        """When :meth:`tick` has something to send (ms), or ``None``."""
        return None if self.link is None else self.link.next_due()

    def stale(self, now_ms: int) -> bool:
        """True if the host, though reachable, has answered nothing on the link for long: it has forgotten it (a
        knock makes a new one)."""
        return self.link is not None and self.link.stale(now_ms)

    def peer_left(self, peer: str) -> None:
        """The transport lost ``peer``; a host's link is kept for its return (same peer id, same keys)."""
        self._knocks.pop(peer, None)
