"""Rooms: a sealed-deck protocol between browsers, in pure Python with no transport.

    from game.net import Host, Client
    host = Host(game_id, players=3, host_peer=LOCAL_PEER, room=room_id, on_save=store)
    out = host.peer_joined("peer-a")                      # -> [Outgoing(peer, text), ...]: send each
    out = host.receive("peer-a", text, now_ms)            # every message from a peer goes here
    out = host.peer_left("peer-a", now_ms)                # its seat waits; out = host.peer_returned("peer-a")
    host.configure(game_id, 4, options)                   # the host's own controls, in the lobby;
    host.assign(1, "peer-a"); host.add_bot(2, "hard")     # they raise ValueError with a sentence
    host.clear(3); host.start()                           # start: once every seated device pledged
    host.play(seat, action)                               # the host's own player's move, signed by the host
    move = host.bot_move()                                # the UI paces the bots: it waits
    host.bot_wait_ms(move, pace_ms); host.play_bot_move(move)   # this long, then plays the move
    host.end_unchecked()                                  # end a game a device never comes back to
    Host.load(saved_text, now_ms, on_save=store)          # resume after the host's page reloads

    client = Client(room_id, key=device_key)              # Client(contributes=False) for the host's own
    replies = client.receive(text)                        # send each reply to the host
    text = client.act(action)                             # also hello, sit, stand, reclaim, sync
    client.replica.match, client.lobby, client.secret, client.errors, client.verdict
    client.resend()                                       # what the log has not shown yet, to send again
    client.evidence; client.restore(evidence)             # kept per seat by the page, over reloads

The transport (WebRTC, BroadcastChannel, relays) only moves text between peer ids; the caller gives the time in
milliseconds. The host's own player is a local peer (a ``Client`` whose texts go straight to ``host.receive``),
named by ``host_peer``; it plays from the host's own copy of the game.

**Sealed decks** (sealing/, replica.py, sequencer.py, log.py, endcheck.py). No device holds a card it may not
see. Each device has a signing key (its ``hello`` says its public half) and a sealing seed it commits to before the
deal (``pledge``'s ``seal``); the host's device, its bots' seats and each guest's device are *parties*. A deal is
sealed by every party in turn (``deck`` entries: a lock pass, then a key pass), so the order is nobody's alone; a
card is opened by every party's key share (``shares``), to all or to one party's seat; a seat's claim about cards
only it has seen (``claim``) is checked once they are public, or at the end. Every such entry is signed by its
party and numbered in its party's own count; the host only puts them in one order (the *log*) and sends it to
everyone. Every peer plays the whole game itself from the log (``Replica``): it checks each entry as it comes
(signature, count, turn, each share against its party's published keys, each move against the rules) and writes
its own party's part. At the end each party reveals its seed (``seed``) and every peer runs the end check: the
deals, every share and every claim, naming the party at fault, or "Verified". A game a device never comes back to
may be ended by the host (``end``), unchecked. The shuffle's nonces (``pledge``, ``contribute``) make the game's
seed, which no party chose alone.

**Trust** (gate.py, identity.py, channel.py, link.py, p256.py). On a page, a ``HostGate`` stands between the
transport and the Host, a ``GuestGate`` between the transport and a guest's Client. A guest knocks (``knock``: a
nonce and an ECDH share); the host answers ``identity``: its P-256 public key (whose id is in the invitation), its
own ECDH share, and a signature over the room, both peer ids, the nonce and both shares. From then on every
message either way is sealed (``~seq~ack~mac~box``): encrypted and then MACed with keys per direction from that
exchange, so only its one peer can read it (relays and the other guests cannot). The connection's link (link.py)
takes each once and in order, acknowledges it, and sends its own again until they are acknowledged, across lost
and repeated texts, path changes, relay reconnects and sleeping pages; a connection the transport lost comes back
with its first genuine message, with no new handshake. The knock and the identity, which carry only public values,
are the only messages in clear. A reclaim proof includes the connection's ``binding`` from the handshake. The
host's own player is ``LOCAL_PEER`` (``"@host"``), which no transport id can be. The tables below are the bodies.

**Messages.** Each is a JSON object ``{"v": 2, "type": ..., fields}``, at most 64 KB, with exactly the fields
below (``messages.py`` holds the schemas). Seats are numbered from 0; hex values are 32 bytes as 64 lowercase hex
digits.

Client to host:

============  =======================  ================================================================
type          fields                   meaning
============  =======================  ================================================================
hello         name, key                this peer's display name (1–40 printable characters, or null)
                                       and its device's public signing key
sit           seat                     take an open seat, or move to it (lobby only); the host answers ``seated``
stand                                  leave your seat (lobby only)
reclaim       seat                     ask for your seat back after a reconnect; answered ``challenge``
prove         seat, proof              HMAC-SHA256(key=secret, msg=nonce + binding), hex (``seats.prove``)
pledge        pledge, seal             SHA-256 of your shuffle nonce, and of your sealing seed, when asked
contribute    nonce                    your nonce itself, once the host published every pledge
submit        entry                    one of your party's signed log entries (act, deck, shares, claim, seed)
play          state, action            the host's own player's move (only from ``LOCAL_PEER``)
sync          since                    send me the lobby, the game's start and the log from entry ``since``
============  =======================  ================================================================

Host to client:

============  ===============================  ========================================================
type          fields                           meaning
============  ===============================  ========================================================
lobby         phase, game, players, options,   the room; ``phase`` is lobby, shuffle, playing or over;
              seats, you                       ``seats[i]``: seat, kind (open, player, bot), name,
                                               level, connected, host (the host's own player sits
                                               there); ``you``: your seat
seated        seat, secret                     you hold ``seat``; keep ``secret`` to reclaim it later
challenge     seat, nonce                      prove you hold ``seat``'s secret
commit        commitment                       SHA-256 of the host's secret (the game's id); answer ``pledge``
pledges       commitment, pledges              every ``{seat, pledge}``: the list is closed; now reveal
received      commitment, pledge               the host has your nonce (the one ``pledge`` commits to);
                                               from now on, a deal without it is tampering
start         commitment, secret, pledges,     the game: the seed comes from the secret and the
              nonces, parties, keys, seals     ``{seat, nonce}`` list; each party's seats, signing key
                                               and sealing commitment
log           since, entries                   the log's entries from index ``since``
error         code, message, k                 your last message was refused; nothing changed (``k``: the
                                               count the host expects next from your device)
============  ===============================  ========================================================

Error codes: ``rate``, ``too_big``, ``malformed``, ``version``, ``unknown_type``, ``schema`` (the message),
``phase``, ``seat``, ``proof``, ``shuffle``, ``duplicate`` (the room), ``order``, ``signature`` (an entry),
``busy``, ``stale``, ``too_late``, ``illegal`` (the move). A ``sync`` is also refused with ``rate`` past a few full
resends per connection (then one per 10 s).

**Rules the host keeps.** A peer's seat is the one its connection claimed or reclaimed, never a number in a
message, and its entries must carry its device's key. A move quoting any state id but the current one is stale,
except a racing action (the rules list them, ``Rules.racing``): those are taken in arrival order while the moment
their sender saw is still open (``Match.race_window``); one sent in a moment that has passed (the first right snap
at a card ends it) is ``too_late``. A move while cards are being opened is ``busy``. A refused message gets one
``error`` to its sender only and changes nothing. The host calls ``on_save`` with :meth:`Host.save` after every
change.
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
