"""Rooms: the host-authoritative protocol between browsers, in pure Python with no transport.

    from game.net import Host, Client
    host = Host(game_id, players=3, host_peer=LOCAL_PEER, grace_ms=30_000, absent_bot="medium", on_save=store)
    out = host.peer_joined("peer-a")                      # -> [Outgoing(peer, text), ...]: send each
    out = host.receive("peer-a", text, now_ms)            # every message from a peer goes here
    out = host.peer_left("peer-a", now_ms)                # its seat waits; out = host.peer_returned("peer-a")
    host.configure(game_id, 4, options)                   # the host's own controls, in the lobby;
    host.assign(1, "peer-a"); host.add_bot(2, "hard")     # they raise ValueError with a sentence
    host.clear(3); host.start(); host.deal()              # deal(): stop waiting (close pledges, then deal)
    host.poll(now_ms)                                     # the shuffle stops waiting for those away too long
    move = host.bot_move(now_ms)                          # the UI paces the bots: it waits
    host.bot_wait_ms(move, pace_ms); host.play_bot_move(move)   # this long, then plays the move
    Host.load(saved_text, now_ms, on_save=store)          # resume after the host's page reloads

    client = Client()                                     # Client(contributes=False) for the host's own
    replies = client.receive(text)                        # send each reply to the host
    text = client.act(action)                             # also hello, sit, stand, reclaim, sync
    client.view, client.legal, client.events, client.lobby, client.secret, client.errors, client.verdict
    client.warning                                        # a sentence to show at once: the host dealt again
    client.evidence; client.restore(evidence)             # kept per seat by the page, over reloads

The transport (WebRTC, BroadcastChannel, links) only moves text between peer ids; the caller gives
the time in milliseconds. The host's own player is a local peer like any other (a ``Client`` whose
texts go straight to ``host.receive``), named by ``host_peer`` so that it adds no shuffle nonce.

**Trust** (gate.py, identity.py, channel.py, p256.py). On a page, a ``HostGate`` stands between the
transport and the Host, a ``GuestGate`` between the transport and a guest's Client. A guest knocks
(``knock``: a nonce and an ECDH share); the host answers ``identity``: its P-256 public key (whose id
is in the invitation), its own ECDH share, and a signature over the room, both peer ids, the nonce
and both shares. From then on every message either way is sealed (``~seq~ack~mac~box``): encrypted and
then MACed with keys per direction from that exchange, so only its one peer can read it (relays and
the other guests cannot). The connection's link (link.py) takes each once and in order, acknowledges it,
and sends its own again until they are acknowledged, across lost and repeated texts, path changes, relay
reconnects and sleeping pages; a connection the transport lost comes back with its first genuine message,
with no new handshake. The knock and the identity, which carry only public values, are the only messages in
clear. A reclaim proof includes the connection's ``binding``
from the handshake. The host's own player is ``LOCAL_PEER`` (``"@host"``),
which no transport id can be. The tables below are the bodies.

**Messages.** Each is a JSON object ``{"v": 2, "type": ..., fields}``, at most 64 KB, with exactly the
fields below (``messages.py`` holds the schemas). Seats are numbered from 0; hex values are 32 bytes
as 64 lowercase hex digits.

Client to host:

============  =======================  ================================================================
type          fields                   meaning
============  =======================  ================================================================
hello         name                     this peer's display name (1–40 printable characters)
sit           seat                     take an open seat, or move to it (lobby only); the host answers ``seated``
stand                                  leave your seat (lobby only)
reclaim       seat                     ask for your seat back after a reconnect; answered ``challenge``
prove         seat, proof              HMAC-SHA256(key=secret, msg=nonce + binding), hex (``seats.prove``)
pledge        pledge                   SHA-256 of your shuffle nonce, when asked with ``commit``
contribute    nonce                    your nonce itself, once the host published every pledge
act           state, action            play ``action``; ``state`` is the ``step`` of your last update
sync                                   send me the lobby and my whole view and events again
============  =======================  ================================================================

Host to client:

============  ===============================  ========================================================
type          fields                           meaning
============  ===============================  ========================================================
lobby         phase, game, players, options,   the room; ``phase`` is lobby, shuffle, playing or over;
              seats, you                       ``seats[i]``: seat, kind (open, player, bot), name,
                                               level, connected, bot_playing, host (the host's own
                                               player sits there); ``you``: your seat
seated        seat, secret                     you hold ``seat``; keep ``secret`` to reclaim it later
challenge     seat, nonce                      prove you hold ``seat``'s secret
commit        commitment                       SHA-256 of the host's secret (the game's id); answer ``pledge``
pledges       commitment, pledges              every ``{seat, pledge}``: the list is closed; now reveal
received      commitment, pledge               the host has your nonce (the one ``pledge`` commits to);
                                               from now on, a deal without it is tampering
start         commitment, pledges, nonces      the deal: the seed comes from the ``{seat, nonce}`` list
update        seat, step, since, events,       your seat's events from index ``since``, your view (whole,
              view, changes, legal             or as ``changes`` to the last one: delta.py) and the actions
                                               your seat may play now (all null while more parts follow);
                                               ``step`` is the state id
reveal        secret, since, log, total        after the game: the secret and the action log (in parts)
error         code, message, step              your last message was refused; nothing changed
============  ===============================  ========================================================

Error codes: ``rate``, ``too_big``, ``malformed``, ``version``, ``unknown_type``, ``schema`` (the message),
``phase``, ``seat``, ``proof``, ``shuffle``, ``duplicate`` (the room), ``stale``, ``too_late``, ``illegal`` (the move).
A ``sync`` is also refused with ``rate`` past a few full resends per connection (then one per 10 s).

**Rules the host keeps.** A peer's seat is the one its connection claimed or reclaimed, never a number
in a message. An ``act`` quoting any state id but the current one is stale, except a racing action (the
rules list them, ``Rules.racing``): those are taken in arrival order while the moment their sender
saw is still open (``Match.race_window``); one sent in a moment that has passed (the first right snap at a
card ends it) is ``too_late``. A refused message gets one
``error`` to its sender only and changes nothing. Every peer receives only its own seat's events and
view (a spectator's if it has no seat). The host calls ``on_save`` with :meth:`Host.save` after every
change. After ``grace_ms`` a bot of level ``absent_bot`` may play an absent player's seat until the
player reclaims it.
"""

from __future__ import annotations

from .client import Client
from .gate import LOCAL_PEER, GuestGate, HostGate
from .host import Host
from .messages import MAX_MESSAGE_BYTES, PROTOCOL, Outgoing, ProtocolError
from .shuffle import Verdict

__all__ = [
    "LOCAL_PEER",
    "MAX_MESSAGE_BYTES",
    "PROTOCOL",
    "Client",
    "GuestGate",
    "Host",
    "HostGate",
    "Outgoing",
    "ProtocolError",
    "Verdict",
]
