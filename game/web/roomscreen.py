"""The room controller: what one page does in a room, and what it shows of it. No browser.

The app (:mod:`game.web.app`, through :mod:`game.web.room`) hands it the transport's news (a peer joined, left,
sent a text, is reached through a relay; the page came back from sleep or went online; how many relays carry its
messages), the player's commands and the timers' calls, each with the time; it carries out the effects
(:mod:`game.web.effects`) each call returns. The controller decides, the app obeys, so the knocks, the seats, the
host-gone and connection timers, the bots' pace and every word of the room's status are tested on CPython.

How the pieces meet:

- **The host's page** runs a :class:`~game.net.Host` behind a :class:`~game.net.gate.HostGate`. Its own
  player is a :class:`~game.net.Client` like every guest's, whose messages go straight to the host object
  under ``LOCAL_PEER``: a name no transport peer can have, so the host's player passes the same checks as
  everyone else and no remote peer can speak for it.
- **A guest's page** runs a client behind a :class:`~game.net.gate.GuestGate`. It knocks at every peer that
  joins; only the peer that proves it holds the key named in the invitation (``id=`` in the link) becomes
  its host, and it takes only that peer's sealed messages. When the host's page reloads, its new connection
  proves itself again and the guest reclaims its seat. A host gone for ``HOST_GONE_MS`` is said to have left.
- **Every message arrives.** Each connection's link (:mod:`game.net.link`) acknowledges what it takes and sends
  what was not acknowledged again (the ``link`` timer runs when something is due); a peer the transport lost keeps
  its link, so the move a player makes while the other page sleeps goes when it wakes, and the page that comes
  back (the transport's ``resumed``, or the peer heard again) catches up at once.
- **The game** is sealed: no page holds a card it was not shown. Every page plays it itself from the log the host
  keeps (:class:`~game.net.replica.Replica`: the host's own, lent to its player's client, or a guest's client's),
  and the play screen draws it from a :class:`~game.web.source.RoomSource` over the client (``ShowGame``,
  ``GameNews``, ``HideGame``). While the game waits for another device (its step of the deal, its share of a card
  being turned up), the status says whose; the host may end a game a device never comes back to, unchecked.

This browser keeps, per room (``Store``): the host's save (it holds the room's secrets and the host's
private key), and each player's seat, seat secret, signing key and shuffle evidence (with the game's sealing
seed), with which the page reclaims the seat, plays on and checks the game after a reload or a dropped
connection.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass

from ..bots.driver import BotMove
from ..net import Client, Host, Outgoing
from ..net.entropy import Entropy, system_entropy
from ..net.gate import LOCAL_PEER, GuestGate, HostGate
from ..net.identity import HostIdentity
from ..net.log import fingerprint
from ..net.roomsave import read_room_file, room_file
from . import invite
from .config import GameConfig
from .effects import (
    After,
    Cancel,
    CloseTransport,
    Effect,
    Fragment,
    GameNews,
    HideGame,
    Mark,
    Open,
    OpenTransport,
    Reload,
    Say,
    Send,
    Show,
    ShowGame,
    ShowInvite,
    ShowLobby,
    Store,
    Write,
)
from .invite import Invite
from .roomview import first_open_seat, render_invite, render_lobby

# A game that waits for another device this long says whose (a share comes within milliseconds on a good network).
WAITING_SHOWN_MS = 1000
# How long a guest waits for a host that left before saying it is gone (a reload takes a few seconds).
HOST_GONE_MS = 60_000
# A guest with no verified host knocks again this often, a few times (the host answers a few knocks per peer), and
# then every KNOCK_LATER_MS for as long as it has none: a knock and its answer travel in clear, outside the links
# that send every room message again, so a relay that loses events may take a few.
KNOCK_AGAIN_MS = 3000
KNOCK_TRIES = 3
KNOCK_LATER_MS = 10_000
# Nothing connected within this long (a direct channel, then the relays): the player is told, with what to try.
CONNECT_LIMIT_MS = 20_000
IMPORT_FORM = (
    '<label class="field">Are you this room\'s host? Resume it from the file you saved: '
    '<input type="file" accept=".json,application/json" data-room-import></label>'
)
RELAYED = ("relay", "turn")  # paths through a server: slower than a direct channel

CONNECTING = "Connecting…"
CONNECTED = "Connected."
CONNECTED_BY_RELAY = "Connected through a relay (a little slower)."
HOST_LEFT = "The host has left; waiting for them to come back…"
HOST_GONE = "The host has left the room and has not come back. You can leave it with the button below."
NO_RELAYS = (
    "This device could not reach the room's relays, so the room cannot be found. Check the internet connection "
    "(or try mobile data instead of this Wi-Fi), then reload the page."
)
NOBODY_THERE = (
    "The host is not in the room right now. Ask them to open their room page (a phone may have put it to sleep) "
    "or to send a new link; this page keeps looking."
)
NO_WAY_THROUGH = (
    "The host's page answers, but no connection could be made between your networks. Try another network "
    "(mobile data instead of Wi-Fi, or the other way round), or ask the host to reload their page; this page "
    "keeps trying."
)
RESEND_MS = 3000  # what this device sent and did not see in the log by then goes again
SEALING = "Shuffling the cards: {done} of {steps} steps done…"
WAITING_FOR = "Waiting for {names}…"


def device_names(names: list[str]) -> str:
    """ "Ben's device", "Ben's and Cleo's devices": whose devices a game waits for."""
    if len(names) == 1:
        return f"{names[0]}'s device"
    owners = ", ".join(f"{name}'s" for name in names[:-1])
    return f"{owners} and {names[-1]}'s devices"


HOST_UNREACHABLE = (
    "This device could not reach the room's relays, so nobody can join the room. Check the internet connection, "
    "then reload the page."
)
RELAYS_REFUSE = (
    "The room's relays refuse this page's messages (they limit or turn away rooms like this one), so they carry "
    "nothing to the others. Try again in a few minutes, or on another network; this page keeps trying."
)


def storage_key(room: str, what: str) -> str:
    """This browser's storage key for one room: ``host`` (the host's save), ``seat`` or ``host-seat`` (a secret)."""
    return f"face-down/room/{room}/{what}"


@dataclass(frozen=True)
class Page:
    """What the controller needs to know of the page it runs in."""

    url: str  # the page's address without query or fragment
    query: str  # its query, ``?`` included ("" for none): a room's network settings ride in it
    name: str  # the player's name ("" until they give one)
    bot_delay_ms: int  # the pace of computer players (the speed setting)


class RoomScreen:
    """One page's part in one room: the host's (``host`` given) or a guest's."""

    def __init__(self, found: Invite, kind: str, page: Page, *, hosting: bool = False, level: str = "medium"):
        self.invite = found
        self.kind = kind
        self.page = page
        self.host: Host | None = None  # set by create and enter, with this object's save hook
        self.level = level  # the level of the computer players the host seats
        # The host's part of the shuffle is its secret, and its player plays from the host's replica.
        self.client = Client(found.room, contributes=not hosting)
        self.gate: HostGate | None = None  # the host's page: the door every guest's message comes through
        self.door: GuestGate | None = None  # a guest's page: the door the host's messages come through
        self.self_peer: str | None = None
        self.host_peer: str | None = LOCAL_PEER if hosting else None
        self.paths: dict[str, str] = {}  # how each connected peer is reached
        self.present: set[str] = set()  # the peers the transport says are connected
        self.playing = False  # the game is on the screen
        self.status = ""
        self._lobby_html = ""
        self._errors_shown = 0
        self._seat_record: dict | None = None  # the seat's secret and shuffle evidence, as stored
        # A guest without a seat sits in the first open one; the seat last asked for, so that it is asked once.
        self._seat_wanted = False
        self._seat_asked: int | None = None
        self._due: set[str] = set()
        self._host_save: str | None = None  # the host's save, made since it was last stored
        self._bot_move: BotMove | None = None  # the host's bot's move, waiting for its delay
        self._link_due: int | None = None  # when the ``link`` timer runs (the links' next resend or acknowledgement)
        self._relays_refuse = False  # every relay turns this page's messages away

    # --- entering ---------------------------------------------------------------------------------------

    @classmethod
    def create(
        cls, chosen: GameConfig, kind: str, page: Page, now_ms: int, entropy: Entropy = system_entropy
    ) -> tuple[RoomScreen, list[Effect]]:
        """A new room hosting ``chosen``; ``ValueError`` if its settings are wrong. ``entropy`` makes the host's
        secrets, and with them the shuffles (a test's seeded one deals the same cards every run)."""
        fresh = invite.new_invite()
        room = cls(fresh, kind, page, hosting=True, level=chosen.levels[0])
        host = Host(
            chosen.game,
            chosen.players,
            chosen.options,
            host_peer=LOCAL_PEER,
            room=fresh.room,
            entropy=entropy,
            on_save=room._host_saved,
        )
        room.host = host
        room.invite = Invite(fresh.room, fresh.key, True, HostIdentity(host.settings.identity).key_id)
        effects: list[Effect] = [Fragment(invite.fragment(room.invite)), Say(""), Open("new-game", False)]
        effects += room._start_host_player(None, now_ms)
        effects += room._deliver(host.assign(0, LOCAL_PEER), now_ms)
        return room, effects + room._open()

    @classmethod
    def enter(
        cls, found: Invite, kind: str, page: Page, stored: dict[str, str | None], now_ms: int
    ) -> tuple[RoomScreen, list[Effect]]:
        """Enter the room of an invitation: as its host if this browser holds the room's save, else as a guest.

        ``stored`` holds what this browser kept for the room, by :func:`storage_key` (``None`` for nothing).
        A damaged save raises ``ValueError``.
        """
        effects: list[Effect] = [Open("new-game", False)]
        saved = stored.get(storage_key(found.room, "host")) if found.host else None
        if saved:
            room = cls(found, kind, page, hosting=True)
            room.host = host = Host.load(saved, now_ms, on_save=room._host_saved)
            room.invite = Invite(found.room, found.key, True, HostIdentity(host.settings.identity).key_id)
            room.level = next((seat.level for seat in host.lobby.seats if seat.level), room.level)
            effects += room._start_host_player(stored.get(storage_key(found.room, "host-seat")), now_ms)
            return room, effects + room._open()
        if found.host:
            found = found.as_guest()
            effects += [
                Say("This room's save is not in this browser, so you join it as a guest."),
                Fragment(invite.fragment(found)),
                # Its own element, written once: a status update must not replace a file picker in use.
                Write("room-import", IMPORT_FORM),
            ]
        if found.host_id is None:
            raise ValueError("This invitation does not name the host's key: ask the host for the link again.")
        room = cls(found, kind, page)
        room._seat_record = _record(stored.get(storage_key(found.room, "seat")))
        if room._seat_record is not None and isinstance(room._seat_record.get("key"), str):
            room.client = Client(found.room, key=room._seat_record["key"])  # the same device as before the reload
        return room, effects + room._render() + room._open()

    def _start_host_player(self, seat_record: str | None, now_ms: int) -> list[Effect]:
        self._seat_record = _record(seat_record)
        return self._deliver(self.host.peer_joined(LOCAL_PEER), now_ms) + self._greet(now_ms)

    def _open(self) -> list[Effect]:
        return [
            *self._status(CONNECTING),
            OpenTransport(self.kind, self.invite.room, self.invite.key),
            After("connect-limit", CONNECT_LIMIT_MS, after_paint=False),
        ]

    # --- the transport's news -------------------------------------------------------------------------------

    def opened(self, self_peer: str) -> list[Effect]:
        """The transport is open, as peer ``self_peer``."""
        self.self_peer = self_peer
        if self.host is None:
            self.door = GuestGate(self.client, self.invite.room, self.invite.host_id, self_peer)
            return []
        self.gate = HostGate(self.host, self.invite.room, self_peer)
        link = invite.invite_link(self.page.url, self.page.query, self.invite)
        return [*self._status(""), ShowInvite(link, render_invite(link, ""))]

    def refused(self, reason: str) -> list[Effect]:
        """The transport could not open: the link's network settings are wrong (``reason`` says how)."""
        return [Cancel("connect-limit"), *self._status(f"{reason} Ask for the link again.")]

    def joined(self, peer: str, now_ms: int) -> list[Effect]:
        """The transport connected ``peer``: a guest knocks at it, in case it is the host; a peer this page has a
        link with (its host, or a guest, back from sleep or a lost relay) gets what it missed at once."""
        self.present.add(peer)
        if self.gate is not None:
            return self._transmit(self.gate.peer_back(peer, now_ms), now_ms)
        if self.door is None:
            return []
        if peer == self.door.host_peer and self.door.link is not None:
            self.host_peer = peer
            effects = [Cancel("host-gone"), *self._status(self._connected_status()), *self._render()]
            return effects + self._to_host(self.door.resume(now_ms), now_ms)
        # One task later: the tabs transport announces a newcomer here before it has told the newcomer about
        # this page, and the newcomer drops messages from peers it does not know yet.
        return [After(f"knock {KNOCK_TRIES} {peer}", 0, after_paint=False)]

    def resumed(self, now_ms: int) -> list[Effect]:
        """This page is back (unfrozen, online again, its relays reconnected): what was not acknowledged goes at
        once, with a probe that makes the others send theirs."""
        if self.gate is not None:
            return self._transmit(self.gate.resume(now_ms), now_ms)
        if self.door is None or self.host_peer is None:
            return []
        return self._to_host(self.door.resume(now_ms), now_ms)

    def relays(self, usable: int, refused: int) -> list[Effect]:
        """How many of the room's relays carry this page's messages now, and how many turned it away: when none
        carries them because they refuse, the page says so (never "Connected")."""
        refusing = usable == 0 and refused > 0 and self.kind == "nostr"
        if refusing == self._relays_refuse:
            return []
        self._relays_refuse = refusing
        return self._status(RELAYS_REFUSE if refusing else self._settled_status())

    def left(self, peer: str, now_ms: int) -> list[Effect]:
        """The transport says ``peer`` is gone."""
        self.present.discard(peer)
        self.paths.pop(peer, None)
        if self.gate is not None:
            return self._transmit(self.gate.peer_left(peer, now_ms), now_ms) + self._status(self._guests_status())
        if self.door is None:
            return []
        self.door.peer_left(peer)
        if peer != self.host_peer:
            return []
        self.host_peer = None
        effects = [*self._status(HOST_LEFT), After("host-gone", HOST_GONE_MS, after_paint=False)]
        return effects + self._render()

    def reached(self, peer: str, path: str, now_ms: int) -> list[Effect]:
        """The transport reaches ``peer`` by ``path``: "direct", "turn" or "relay". A new path (a direct channel that
        broke, or opened again) may have lost what was on the old one: the link sends it again at once."""
        before, self.paths[peer] = self.paths.get(peer), path
        moved = before is not None and before != path
        if self.host is None:
            if peer != self.host_peer:
                return []
            resent = self._to_host(self.door.resume(now_ms), now_ms) if moved and self.door.link else []
            return self._status(self._connected_status()) + resent
        resent = self._transmit(self.gate.peer_back(peer, now_ms), now_ms) if moved else []
        return self._status(self._guests_status()) + resent

    def received(self, peer: str, text: str, now_ms: int) -> list[Effect]:
        """A text from transport peer ``peer``."""
        if self.gate is not None:
            return self._transmit(self.gate.receive(peer, text, now_ms), now_ms)
        door = self.door
        if door is None:
            return []
        before, refused = door.link, door.refused
        replies = door.receive(peer, text, now_ms)
        effects = self._adopt(door.host_peer, now_ms) if door.link is not before else []
        if door.refused == refused and peer == door.host_peer and self.host_peer is None:
            effects += self.joined(peer, now_ms)  # a genuine message: the host is back before the transport says so
        return effects + self._to_host(replies, now_ms) + self._news_soon()

    def _adopt(self, peer: str, now_ms: int) -> list[Effect]:
        """``peer`` proved it is the host (a new connection: a new handshake): talk to it from now on, and ask for
        this player's seat back. A move sent on an earlier connection may be lost, so the seat may move again."""
        self.host_peer = peer
        status = self._status(self._connected_status())
        return [Cancel("host-gone"), Cancel("connect-limit"), *status, *self._render(), *self._greet(now_ms)]

    def _to_host(self, texts: list[str], now_ms: int) -> list[Effect]:
        """A guest's page: send sealed texts to the host, then make sure the link's timer is set."""
        return [Send(self.door.host_peer, text) for text in texts] + self._link_timer(now_ms)

    # --- timers -----------------------------------------------------------------------------------------

    def timer(self, name: str, now_ms: int, transport_status: dict | None = None) -> list[Effect]:
        """The timer ``name`` ran (``transport_status``: the transport's ``status()``, for the connection limit)."""
        self._due.discard(name)
        if name.startswith("knock "):
            _, tries, peer = name.split(" ", 2)
            return self._knock(peer, int(tries))
        if name == "news":
            return self._news(now_ms)
        if name == "bots":
            return self._bots_step(now_ms)
        if name == "waiting":
            return self._status(self._waiting_status())
        if name == "resend":
            return [effect for text in self.client.resend() for effect in self._send(text, now_ms)]
        if name == "host-gone":
            return self._status(HOST_GONE) if self.door is not None and self.host_peer is None else []
        if name == "link":
            return self._link_step(now_ms)
        if name == "connect-limit":
            return self._connect_limit(transport_status or {})
        return []

    def _knock(self, peer: str, tries: int) -> list[Effect]:
        """Knock at ``peer``, and again while no host has proven itself (a knock may be lost): a few times at once,
        then now and then.

        The first knock goes even with a host: a reloaded host is a new peer, and its old connection may
        not be seen to go before the new one arrives.
        """
        door = self.door
        if door is None or peer not in self.present or (tries < KNOCK_TRIES and door.host_peer is not None):
            return []
        again = After(f"knock {max(1, tries - 1)} {peer}", KNOCK_AGAIN_MS if tries > 1 else KNOCK_LATER_MS, False)
        return [Send(peer, door.knock(peer)), again]

    def _link_timer(self, now_ms: int) -> list[Effect]:
        """Set the ``link`` timer for the links' next resend or acknowledgement, if it is not set for earlier."""
        links = self.gate if self.gate is not None else self.door
        due = None if links is None else links.next_due()
        if due is None or (self._link_due is not None and self._link_due <= due):
            return []
        self._link_due = due
        return [After("link", max(0, due - now_ms), after_paint=False)]

    def _link_step(self, now_ms: int) -> list[Effect]:
        """The links' resends and acknowledgements that are due; a guest whose host no longer knows its link (it
        answers nothing on it for long) knocks again, for a new one."""
        self._link_due = None
        if self.gate is not None:
            return self._transmit(self.gate.tick(now_ms), now_ms)
        door = self.door
        if door is None:
            return []
        if self.host_peer is not None and door.stale(now_ms):
            return [Send(self.host_peer, door.knock(self.host_peer)), *self._to_host(door.tick(now_ms), now_ms)]
        return self._to_host(door.tick(now_ms), now_ms)

    def _connect_limit(self, transport_status: dict) -> list[Effect]:
        """Nothing connected in time: say what happened and what to try (the page keeps trying meanwhile)."""
        relays = transport_status.get("relays", 1)
        if relays == 0 and transport_status.get("refused", 0) and self.kind == "nostr":
            self._relays_refuse = True
            return self._status(RELAYS_REFUSE)
        if self.host is not None:
            # Only while nobody has come: a page that just woke up has its relays back in a moment.
            alone = not self.gate or not self.gate.links()
            return self._status(HOST_UNREACHABLE) if relays == 0 and self.kind == "nostr" and alone else []
        if self.host_peer is not None:
            return []
        if relays == 0 and self.kind == "nostr":
            return self._status(NO_RELAYS)
        heard = set(transport_status.get("heard", [])) - {self.self_peer}
        return self._status(NO_WAY_THROUGH if heard else NOBODY_THERE)

    # --- what the page shows ----------------------------------------------------------------------------

    def _connected_status(self) -> str:
        return CONNECTED_BY_RELAY if self.paths.get(self.host_peer) in RELAYED else CONNECTED

    def _settled_status(self) -> str:
        """What the status says when nothing is wrong with the relays: the guests' paths on the host's page; on a
        guest's, connected, or the host's absence, or still connecting."""
        if self.host is not None:
            return self._guests_status()
        if self.host_peer is not None:
            return self._connected_status()
        return HOST_LEFT if self.door is not None and self.door.link is not None else CONNECTING

    def _guests_status(self) -> str:
        """The host's page: the guests whose messages go through a relay, by name."""
        names = {place.peer: place.name for place in self.host.lobby.seats if place.peer is not None}
        names.update({peer: name for peer, name in self.host.unseated() if name})
        relayed = sorted(names.get(peer) or "a guest" for peer, path in self.paths.items() if path in RELAYED)
        return f"Connected through a relay (a little slower): {', '.join(relayed)}." if relayed else ""

    def _status(self, text: str) -> list[Effect]:
        if self._relays_refuse:
            text = RELAYS_REFUSE  # nothing else is true while no relay carries this page's messages
        if text == self.status:
            return []
        self.status = text
        return [Show("room", True), Write("room-status", text, html=False)]

    def _news_soon(self) -> list[Effect]:
        """Redraw in a task of its own, once for a burst of messages (an update in parts, a lobby and an update).

        The handler that received a message returns at once, with its replies and the host's updates sent:
        on two cores this cut the benchmark's end-to-end p95 from about 60 ms to about 47.
        """
        if "news" in self._due:
            return []
        self._due.add("news")
        return [After("news", 0, after_paint=False)]

    def _news(self, now_ms: int) -> list[Effect]:
        """After news from the host: errors, the room panel, the game, the seat's secret, and the bots."""
        client = self.client
        effects: list[Effect] = []
        # An "order" refusal is the protocol's own: the client signs its entries again; the player has nothing to do.
        effects += [Say(error["message"]) for error in client.errors[self._errors_shown :] if error["code"] != "order"]
        self._errors_shown = len(client.errors)
        effects += self._render() + self._take_a_seat(now_ms)
        self._lend_replica()
        in_play = client.lobby is not None and client.lobby["phase"] in ("playing", "over")
        match = None if client.replica is None else client.replica.match
        if in_play and match is not None:
            if not self.playing:
                self.playing = True
                effects.append(ShowGame(deal=match.step == 0))  # a fresh deal shows its looks
            else:
                effects.append(GameNews())
        elif self.playing:
            self.playing = False
            effects.append(HideGame())
        if client.secret is not None:
            record = {"seat": client.secret_seat, "secret": client.secret, "evidence": client.evidence}
            record["key"] = client.key
            if record != self._seat_record:
                self._seat_record = record
                effects.append(Store(self._seat_key(), json.dumps(record)))
        effects += self._game_status() + self._resend_later()
        # The benchmark times each peer's paint of a move by it (bench/rooms.py).
        step = 0 if match is None else match.step
        return [*effects, Mark("room-step", str(step)), *self._schedule_bots(now_ms)]

    def _lend_replica(self) -> None:
        """On the host's page, its player plays from the host's own replica of the game under way."""
        host = self.host
        if host is not None and host.sequencer is not None and self.client.replica is not host.sequencer.replica:
            self.client.lend(host.sequencer.replica)

    def _game_status(self) -> list[Effect]:
        """While the game is being sealed or waits for another device, the status says so (after a moment, so a
        share that comes at once shows nothing)."""
        waiting = self._waiting_status()
        if not waiting:
            self._due.discard("waiting")
            return [Cancel("waiting"), *self._status(self._connected_status() if self.host is None else "")]
        if "waiting" in self._due or waiting == self.status:
            return []
        self._due.add("waiting")
        return [After("waiting", WAITING_SHOWN_MS, after_paint=False)]

    def _waiting_status(self) -> str:
        """What the game waits for now, as the status says it: the deal's progress, or whose device."""
        replica = self.client.replica
        if replica is None or replica.broken is not None or not replica.waiting:
            return ""
        names = self.client.party_names(replica.seating)
        others = [names[party] for party in replica.waiting if replica.me is None or party != replica.me.index]
        sealing = [t for t in replica.transcripts.values() if t.turn is not None]
        if sealing:
            done, steps = len(sealing[0].steps), 2 * len(replica.seating.parties)
            text = SEALING.format(done=done, steps=steps)
            return f"{text} {WAITING_FOR.format(names=device_names(others))}" if others else text
        return WAITING_FOR.format(names=device_names(others)) if others else ""

    def _resend_later(self) -> list[Effect]:
        """Send again, a little later, what this device sent and the log has not shown yet (a message refused for
        the rate cap, or lost with a connection): the host takes each once."""
        if not self.client.unsequenced or "resend" in self._due:
            return []
        self._due.add("resend")
        return [After("resend", RESEND_MS, after_paint=False)]

    def _render(self) -> list[Effect]:
        lobby = self.client.lobby
        # The invitation matters while people join; during a game it would push the table down the page.
        effects: list[Effect] = [Show("room", True), Show("room-invite", lobby is None or lobby["phase"] == "lobby")]
        if lobby is None:
            html = ""
        else:
            unseated = self.host.unseated() if self.host is not None else []
            client, replica = self.client, self.client.replica
            over = replica is not None and lobby["phase"] == "over"
            html = render_lobby(
                lobby,
                self.host is not None,
                unseated,
                self.page.name,
                client.verdict,
                client.warning,
                stalled=self._stalled(),
                fingerprint=fingerprint(replica.log) if over else None,
                host_away=self.host is None and self.host_peer is None,
            )
        if html != self._lobby_html:  # redrawing an unchanged panel would lose the focus and a half-typed name
            self._lobby_html = html
            effects.append(ShowLobby(html))
        return effects

    def _stalled(self) -> bool:
        """True when the game waits for the device of a player who is not connected."""
        replica, lobby = self.client.replica, self.client.lobby
        if replica is None or lobby is None or not replica.waiting:
            return False
        away = {entry["seat"] for entry in lobby["seats"] if not entry["connected"]}
        return any(set(replica.seating.parties[party]) & away for party in replica.waiting)

    def _take_a_seat(self, now_ms: int) -> list[Effect]:
        """Seat a guest who came without one in the first open seat, until they are seated (or stand up)."""
        lobby = self.client.lobby
        if not self._seat_wanted or lobby is None or lobby["phase"] != "lobby":
            return []
        if lobby["you"] is not None:
            self._seat_wanted = False
            return []
        seat = first_open_seat(lobby)
        if seat is None or seat == self._seat_asked:  # another guest may take it first: then the next one
            return []
        self._seat_asked = seat
        return self._send(self.client.sit(seat), now_ms)

    # --- this player's messages -------------------------------------------------------------------------------

    def _greet(self, now_ms: int) -> list[Effect]:
        """Tell the host this player's name, and ask for the seat back if this browser holds its secret (else a
        guest takes the first open seat: :meth:`_take_a_seat`)."""
        effects = self.renamed(self.page.name, now_ms)
        held = self._seat_record
        self._seat_wanted, self._seat_asked = self.host is None and held is None, None
        if held is not None:
            if isinstance(held.get("evidence"), dict):
                self.client.restore(held["evidence"])
            effects += self._send(self.client.reclaim(held["seat"], held["secret"]), now_ms)
        return effects

    def renamed(self, name: str, now_ms: int) -> list[Effect]:
        """The player's name is now ``name`` (``""``: none yet): tell the host, with this device's signing key."""
        self.page = Page(self.page.url, self.page.query, name, self.page.bot_delay_ms)
        return self._send(self.client.hello(name), now_ms)

    def player_says(self, text: str, now_ms: int) -> list[Effect]:
        """One of this player's messages (a move from the play screen): to the host."""
        return self._send(text, now_ms)

    def _send(self, text: str, now_ms: int) -> list[Effect]:
        """Send one of this player's messages to the host (on the host's page, straight into it)."""
        if self.host is not None:
            return self._deliver(self.host.receive(LOCAL_PEER, text, now_ms), now_ms)
        if self.door is not None and self.door.link is not None:  # kept until the host acknowledges it, if away
            return self._to_host([self.door.seal(text, now_ms)], now_ms)
        return []

    def _deliver(self, outgoing: list[Outgoing], now_ms: int) -> list[Effect]:
        """On the host's page: send what the host object returned (sealed for each guest by the gate)."""
        if self.gate is not None:
            return self._transmit(self.gate.seal(outgoing, now_ms), now_ms)
        # The transport is not open yet: only the host's own player is there to tell.
        return self._transmit([message for message in outgoing if message.peer == LOCAL_PEER], now_ms)

    def _transmit(self, outgoing: list[Outgoing], now_ms: int) -> list[Effect]:
        """On the host's page: send messages ready for the wire; those for its own player go through its client."""
        effects: list[Effect] = []
        queue = deque(outgoing)
        while queue:
            message = queue.popleft()
            if message.peer != LOCAL_PEER:
                effects.append(Send(message.peer, message.text))
                continue
            for reply in self.client.receive(message.text):
                answer = self.host.receive(LOCAL_PEER, reply, now_ms)
                queue.extend(self.gate.seal(answer, now_ms) if self.gate is not None else answer)
        if self._host_save is not None:
            effects.append(Store(storage_key(self.invite.room, "host"), self._host_save))
            self._host_save = None
        return effects + self._link_timer(now_ms) + self._news_soon()

    # --- the player's commands ----------------------------------------------------------------------------

    def command(self, command: str, seat: int | None, now_ms: int, chosen: GameConfig | None = None) -> list[Effect]:
        """A room button (``room-sit``, ``room-start``...; ``seat`` where one is meant; ``chosen``: the picker's
        game, for ``room-configure``)."""
        if command == "room-sit" and seat is not None:
            return self._send(self.client.sit(seat), now_ms)
        if command == "room-stand":
            self._seat_wanted = False
            return self._send(self.client.stand(), now_ms)
        if self.host is None:
            return [Say("The host starts the next game.")] if command == "room-again" else []
        return self._host_command(command, seat, chosen, now_ms)

    def _host_command(self, command: str, seat: int | None, chosen: GameConfig | None, now_ms: int) -> list[Effect]:
        host = self.host
        try:
            if command == "room-bot" and seat is not None:
                outgoing = host.add_bot(seat, self.level)
            elif command == "room-clear" and seat is not None:
                outgoing = host.clear(seat)
            elif command == "room-fill":
                open_seats = [number for number, place in enumerate(host.lobby.seats) if place.kind == "open"]
                outgoing = [message for number in open_seats for message in host.add_bot(number, self.level)]
            elif command == "room-configure" and chosen is not None:
                self.level = chosen.levels[0]
                outgoing = host.configure(chosen.game, chosen.players, chosen.options)
            elif command == "room-start":
                outgoing = host.start()
            elif command == "room-end":
                outgoing = host.end_unchecked()
            elif command == "room-again":
                outgoing = host.configure(host.lobby.game, host.lobby.players, host.lobby.options)
            else:
                return []
        except ValueError as error:
            return [Say(str(error))]
        return [Say(""), *self._deliver(outgoing, now_ms)]

    def assign(self, seat: int, peer: str, now_ms: int) -> list[Effect]:
        """The host seats the person on connection ``peer`` at ``seat``."""
        if self.host is None:
            return []
        try:
            return self._deliver(self.host.assign(seat, peer), now_ms)
        except ValueError as error:
            return [Say(str(error))]

    def room_file(self) -> tuple[str, str] | None:
        """The host's "Save the room to a file": its name and its text (``None`` on a guest's page)."""
        if self.host is None:
            return None
        seat = self._seat_record
        text = room_file(self.invite.room, self.invite.key, self.host.save(), seat)
        return f"face-down-room-{self.invite.room}.json", text

    def imported(self, text: str, now_ms: int) -> list[Effect]:
        """Resume this room as its host from a file :meth:`room_file` made on another device; ``ValueError`` if the
        file is not this room's, or damaged."""
        room, password, save, seat = read_room_file(text)
        if room != self.invite.room:
            raise ValueError("This file is the save of another room: open that room's host link to resume it.")
        key_id = HostIdentity(Host.load(save, now_ms).settings.identity).key_id  # refuses a damaged save
        if self.invite.host_id is not None and key_id != self.invite.host_id:
            raise ValueError("This file's host key is not the one this room's link names.")
        effects: list[Effect] = [Store(storage_key(room, "host"), save)]
        if seat is not None:  # the host's own player reclaims its seat with it, as after a reload
            effects.append(Store(storage_key(room, "host-seat"), json.dumps(seat)))
        # A fresh page, as after a reload: its transport gets a new peer id, which every guest knocks at anew.
        return [*self.leave(), Fragment(invite.fragment(Invite(room, password, True, key_id))), *effects, Reload()]

    def leave(self) -> list[Effect]:
        """Leave the room: close the transport and forget the room (the saves stay, to come back by the link)."""
        effects: list[Effect] = [CloseTransport(), *(Cancel(name) for name in sorted(self._due))]
        effects += [Cancel("host-gone"), Cancel("connect-limit"), Cancel("bots"), Cancel("link"), Fragment("")]
        if self.playing:
            effects.append(HideGame())
        self.playing = False
        self.gate = self.door = None
        self._due.clear()
        self._link_due = None
        return [*effects, Show("room", False), ShowLobby(""), Write("room-invite", ""), Write("room-import", "")]

    # --- the host's bots ------------------------------------------------------------------------------------

    def _schedule_bots(self, now_ms: int) -> list[Effect]:
        """Let the host's bots play, paced like local bots (the driver's one rule: a move out of turn takes the
        bot's own reaction time)."""
        host = self.host
        if host is None or "bots" in self._due or host.phase != "playing":
            return []
        self._bot_move = host.bot_move()
        if self._bot_move is None:
            return []
        self._due.add("bots")
        return [After("bots", host.bot_wait_ms(self._bot_move, self.page.bot_delay_ms))]

    def _bots_step(self, now_ms: int) -> list[Effect]:
        """Play the bot's move that waited (if the game has not moved on meanwhile), then the next bot's."""
        host, move, self._bot_move = self.host, self._bot_move, None
        if host is None or move is None:
            return []
        return self._deliver(host.play_bot_move(move), now_ms) + self._schedule_bots(now_ms)

    # --- storage and state ------------------------------------------------------------------------------

    def _host_saved(self, text: str) -> None:
        """The host object's save hook: the save is stored with the next messages it sends."""
        self._host_save = text

    def _seat_key(self) -> str:
        return storage_key(self.invite.room, "host-seat" if self.host is not None else "seat")

    def _link_counts(self) -> dict:
        """This page's links, added up: messages sent, sent again, and waiting to be acknowledged."""
        links = list(self.gate.links().values()) if self.gate is not None else []
        if self.door is not None and self.door.link is not None:
            links.append(self.door.link)
        return {key: sum(getattr(link, key) for link in links) for key in ("sent", "resent", "backlog")}

    def debug_state(self) -> dict:
        """What this page knows of its room (``window.faceDownRoom()``): for tests and the curious."""
        client = self.client
        replica = client.replica
        match = None if replica is None else replica.match
        seat = client.seat
        legal = [] if match is None or seat is None or not replica.idle else match.legal_actions(seat)
        return {
            "role": "host" if self.host is not None else "guest",
            "room": self.invite.room,
            "connected": self.host_peer is not None,
            "host_peer": self.host_peer,
            "path": self.paths.get(self.host_peer),
            "status": self.status,
            "self_peer": self.self_peer,
            "refused": 0 if self.door is None else self.door.refused,
            "links": self._link_counts(),
            "phase": None if client.lobby is None else client.lobby["phase"],
            "game": None if client.lobby is None else client.lobby["game"],
            "seat": seat,
            "step": 0 if match is None else match.step,
            "legal": legal,
            "waiting": [] if replica is None else replica.waiting,
            "errors": client.errors,
            "verdict": None if client.verdict is None else vars(client.verdict),
            "fingerprint": None if replica is None else fingerprint(replica.log),
        }


def _record(text: str | None) -> dict | None:
    """A stored seat record (its seat, secret and shuffle evidence), or ``None`` if there is none or it is damaged."""
    if not text:
        return None
    try:
        record = json.loads(text)
    except ValueError:
        return None
    if (
        not isinstance(record, dict)
        or not isinstance(record.get("seat"), int)
        or not isinstance(record.get("secret"), str)
    ):
        return None
    return record
