"""Rooms on the page: create one, join one from its link, run it. The browser half of :mod:`game.net`.

How the pieces meet:

- **The transport** is JavaScript (static/js/net/transport.js, bundled into static/vendor/net/). It is
  loaded only when a room opens: static/js/rooms.js gives the page a tiny ``window.faceDownNet`` whose
  ``open`` and ``qrSvg`` import the bundles on first use, so a solo game never downloads them. Python
  awaits those promises, and hands the transport callbacks wrapped with ``create_proxy`` (they must
  outlive the call that registers them).
- **The host's page** runs a :class:`~game.net.Host`. Its own player is a :class:`~game.net.Client`
  like every guest's, whose messages go straight to the host object under the peer id ``HOST_PEER``,
  so the host's player passes the same checks as everyone else.
- **A guest's page** runs a client only, and talks to one peer: the first that speaks to it. The host
  greets every newcomer at once and guests never message each other; when that peer leaves (the host's
  page reloaded), a peer that spoke meanwhile, or else the next one to speak, is the host again.
- **The game** is drawn by :class:`~game.web.app.App` from a :class:`~game.web.source.RoomSource`, with
  the presenters and the renderer of local play.

This browser keeps, per room: the host's save (``Host.save`` after every change; it holds the room's
secrets, so it never leaves this browser), and each player's seat and seat secret, with which the
page reclaims the seat after a reload or a dropped connection.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque

from pyodide.ffi import JsException, create_once_callable, create_proxy
from pyscript import document, window

from ..net import Client, Host, Outgoing
from ..net.lobby import PLAYER
from . import invite
from .invite import Invite
from .roomview import render_invite, render_lobby
from .source import RoomSource

# The host's own player: a peer id no transport hands out (Trystero's and BroadcastChannel's are random).
HOST_PEER = "host"
NAME_KEY = "face-down/room-name"
# While a player is away, the host looks this often whether their grace period is over (a bot then stands in).
ABSENT_CHECK_MS = 1000


def now_ms() -> int:
    """The wall clock in milliseconds: the time the protocol's rate caps and grace periods run on."""
    return int(window.Date.now())


def storage_key(room: str, what: str) -> str:
    """This browser's storage key for one room: ``host`` (the host's save), ``seat`` or ``host-seat`` (a secret)."""
    return f"face-down/room/{room}/{what}"


class Rooms:
    """The page's room, if any: its transport, the host (on the host's page), and this player's client."""

    def __init__(self, app):
        self.app = app
        self.invite: Invite | None = None
        self.host: Host | None = None
        self.client: Client | None = None
        self.transport = None
        self.host_peer: str | None = None  # the peer this page's client talks to
        self._waiting: set[str] = set()  # other peers that spoke to this guest: a host that came back, say
        self.source: RoomSource | None = None
        self.level = "medium"  # the level of the computer players the host seats
        self.bot_timer = None
        self._proxies = []  # the transport's listeners: kept alive while it may call them
        self._tasks = set()
        self._redraw = None  # the timer of a redraw on its way
        self._errors_shown = 0
        self._answer_mark = (0, 0)  # (state id, refusals) when the last move was answered
        self._panel_html = ""
        document.body.addEventListener("change", create_proxy(self.on_change))

    @property
    def name(self) -> str:
        """This player's name in rooms, kept in the browser; "Host" or "Guest" until they give one."""
        return window.localStorage.getItem(NAME_KEY) or ("Host" if self.host else "Guest")

    # --- entering a room ------------------------------------------------------------------------

    def boot(self) -> bool:
        """Enter the room the URL fragment names, if any; True if the page now belongs to a room."""
        if document.getElementById("room") is None:
            return False  # the embed has no rooms
        try:
            found = invite.parse_fragment(window.location.hash)
        except ValueError as error:
            self.app.say(str(error))
            return False
        if found is None:
            return False
        self._run(self._enter(found))
        return True

    def create(self) -> None:
        """ "Create room": host the game chosen in the picker; the invite link and QR code appear in the room panel."""
        try:
            chosen = self.app.picked_config()
            kind = invite.transport_kind(window.location.search)
        except ValueError as error:
            self.app.say(str(error))
            return
        self.leave()
        found = invite.new_invite()
        if chosen.names:
            window.localStorage.setItem(NAME_KEY, chosen.names[0])
        self.invite, self.level = found, chosen.levels[0]
        try:
            self.host = Host(chosen.game, chosen.players, chosen.options, host_peer=HOST_PEER, on_save=self._save_host)
        except ValueError as error:
            self.invite = None
            self.app.say(str(error))
            return
        self.app.hide_game()
        self.app.say("")
        document.getElementById("new-game").open = False
        self._set_fragment(found)
        self._start_host_player()
        self._deliver(self.host.assign(0, HOST_PEER))
        self._run(self._open(kind))

    async def _enter(self, found: Invite) -> None:
        kind = invite.transport_kind(window.location.search)
        saved = window.localStorage.getItem(storage_key(found.room, "host")) if found.host else None
        self.invite = found
        document.getElementById("new-game").open = False
        if saved:
            self.host = Host.load(saved, now_ms(), on_save=self._save_host)
            self.level = next((seat.level for seat in self.host.lobby.seats if seat.level), self.level)
            self._start_host_player()
        else:
            if found.host:
                self.app.say("This room's save is not in this browser, so you join it as a guest.")
                self.invite = found.as_guest()
                self._set_fragment(self.invite)
            self.client = Client()
            self._render()
        await self._open(kind)

    def _start_host_player(self) -> None:
        self.client = Client(contributes=False)  # the host's part of the shuffle is its secret
        self.host_peer = HOST_PEER
        self._deliver(self.host.peer_joined(HOST_PEER))
        self._greet()

    async def _open(self, kind: str) -> None:
        self._status("Connecting to the room…")
        handlers = (self._on_open, self._on_join, self._on_leave, self._on_message, self.app.say)
        self._proxies = [create_proxy(handler) for handler in handlers]
        await window.faceDownNet.open(kind, self.invite.room, self.invite.key, *self._proxies)
        if self.host is None:
            self._status("Waiting for the host…" if self.host_peer is None else "")
            return
        self._status("")
        link = invite.invite_link(
            window.location.origin + window.location.pathname, window.location.search, self.invite
        )
        qr = await window.faceDownNet.qrSvg(link)
        document.getElementById("room-invite").innerHTML = render_invite(link, qr)

    def _run(self, coroutine) -> None:
        """Run ``coroutine`` on the page's event loop; a failure of the network or of a room save is said."""

        async def guarded():
            try:
                await coroutine
            except (ValueError, JsException) as error:
                self.app.say(f"The room could not be opened: {error}")

        task = asyncio.ensure_future(guarded())
        self._tasks.add(task)  # the loop keeps only a weak reference to a task
        task.add_done_callback(self._tasks.discard)

    # --- messages -----------------------------------------------------------------------------

    def _on_open(self, transport) -> None:
        self.transport = transport

    def _on_join(self, peer: str) -> None:
        host = self.host
        if host is None:
            return

        def welcome(*_):
            if self.host is host and self.transport.peers().includes(peer):
                self._deliver(host.peer_joined(peer))

        # One task later: the tabs transport announces a newcomer here before it has told the newcomer about
        # this page, and the newcomer drops messages from peers it does not know yet.
        window.setTimeout(create_once_callable(welcome), 0)

    def _on_leave(self, peer: str) -> None:
        if self.host is not None:
            self._deliver(self.host.peer_left(peer, now_ms()))
            return
        self._waiting.discard(peer)
        if peer != self.host_peer:
            return
        self.host_peer = None
        self._status("The host has left; waiting for them to come back…")
        if self._waiting:
            # A reloaded host may have spoken before its old connection was seen to go: it is the host now.
            self._adopt(self._waiting.pop(), resync=True)

    def _on_message(self, peer: str, text: str) -> None:
        if self.host is not None:
            self._deliver(self.host.receive(peer, text, now_ms()))
            return
        if self.host_peer is None:
            self._adopt(peer, resync=False)
        if peer != self.host_peer:
            self._waiting.add(peer)  # only the host may tell this page anything; this peer waits its turn
            return
        for reply in self.client.receive(text):
            self.transport.send(peer, reply)
        self._changed_soon()

    def _adopt(self, peer: str, resync: bool) -> None:
        """Talk to ``peer`` as the host from now on (its earlier messages were dropped if ``resync``)."""
        self.host_peer = peer
        self._waiting.clear()
        self._status("")
        self._greet()
        if resync:
            self._send(self.client.sync())

    def _greet(self) -> None:
        """Tell the host this player's name, and ask for the seat back if this browser holds its secret."""
        self._send(self.client.hello(self.name))
        held = window.localStorage.getItem(self._seat_key())
        if held:
            seat = json.loads(held)
            self._send(self.client.reclaim(seat["seat"], seat["secret"]))

    def _send(self, text: str) -> None:
        """Send one of this player's messages to the host (on the host's page, straight into it)."""
        if self.host is not None:
            self._deliver(self.host.receive(HOST_PEER, text, now_ms()))
        elif self.host_peer is not None:
            self.transport.send(self.host_peer, text)

    def _deliver(self, outgoing: list[Outgoing]) -> None:
        """On the host's page: send the host's messages, those for its own player through its client."""
        queue = deque(outgoing)
        while queue:
            message = queue.popleft()
            if message.peer != HOST_PEER:
                if self.transport is not None:
                    self.transport.send(message.peer, message.text)
                continue
            for reply in self.client.receive(message.text):
                queue.extend(self.host.receive(HOST_PEER, reply, now_ms()))
        self._changed_soon()

    # --- what the page shows --------------------------------------------------------------------

    def _changed_soon(self) -> None:
        """Redraw in a task of its own, once for a burst of messages (an update in parts, a lobby and an update).

        The handler that received a message returns at once, with its replies and the host's updates sent:
        on two cores this cut the benchmark's end-to-end p95 from about 60 ms to about 47.
        """
        if self._redraw is not None:
            return

        def redraw(*_):
            self._redraw = None
            if self.client is not None:  # the room may have been left meanwhile
                self._changed()

        self._redraw = window.setTimeout(create_once_callable(redraw), 0)

    def _changed(self) -> None:
        """After news from the host: errors, the room panel, the game, the seat's secret, and the bots."""
        client = self.client
        mark = (client.step, len(client.errors))
        if self.source is not None and mark != self._answer_mark:
            self.source.answered()
        self._answer_mark = mark
        for error in client.errors[self._errors_shown :]:
            self.app.say(error["message"])
        self._errors_shown = len(client.errors)
        self._render()
        playing = client.lobby is not None and client.lobby["phase"] in ("playing", "over")
        if playing and client.view is not None:
            if self.source is None:
                self.source = RoomSource(client, self._send)
                self.app.show(self.source, deal=client.step == 0)  # a fresh deal shows its looks
            else:
                self.app.room_update()
        elif self.source is not None:
            self.source = None
            self.app.hide_game()
        if client.secret is not None:
            seat = {"seat": client.secret_seat, "secret": client.secret}
            window.localStorage.setItem(self._seat_key(), json.dumps(seat))
        # The state id the page now shows: the benchmark times each peer's paint of a move by it.
        document.documentElement.dataset.roomStep = str(client.step)
        self._schedule_bots()

    def _render(self) -> None:
        document.getElementById("room").hidden = False
        lobby = self.client.lobby
        # The invitation matters while people join; during a game it would push the table down the page.
        document.getElementById("room-invite").hidden = lobby is not None and lobby["phase"] != "lobby"
        if lobby is None:
            html = ""
        else:
            unseated = self.host.unseated() if self.host is not None else []
            html = render_lobby(lobby, self.host is not None, unseated, self.name, self.client.verdict)
        if html != self._panel_html:  # redrawing an unchanged panel would lose the focus and a half-typed name
            document.getElementById("room-lobby").innerHTML = html
            self._panel_html = html

    def _status(self, text: str) -> None:
        document.getElementById("room").hidden = False
        document.getElementById("room-status").textContent = text

    # --- the player's controls ------------------------------------------------------------------

    def on_command(self, element) -> None:
        """A room button (``data-command="room-..."``, with ``data-seat`` where a seat is meant)."""
        command = element.dataset.command
        seat_text = element.getAttribute("data-seat")
        seat = int(seat_text) if seat_text else None
        if command == "room-create":
            self.create()
        elif command == "room-leave":
            self.leave()
            self.app.hide_game()
            document.getElementById("new-game").open = True
        elif command == "room-copy":
            self._copy_link()
        elif self.client is None:
            return
        elif command == "room-sit":
            self._send(self.client.sit(seat))
        elif command == "room-stand":
            self._send(self.client.stand())
        elif self.host is not None:
            self._host_command(command, seat)

    def _host_command(self, command: str, seat: int | None) -> None:
        host = self.host
        try:
            if command == "room-bot":
                outgoing = host.add_bot(seat, self.level)
            elif command == "room-clear":
                outgoing = host.clear(seat)
            elif command == "room-fill":
                open_seats = [number for number, place in enumerate(host.lobby.seats) if place.kind == "open"]
                outgoing = [message for number in open_seats for message in host.add_bot(number, self.level)]
            elif command == "room-configure":
                chosen = self.app.picked_config()
                self.level = chosen.levels[0]
                outgoing = host.configure(chosen.game, chosen.players, chosen.options)
            elif command == "room-start":
                outgoing = host.start()
            elif command == "room-deal":
                outgoing = host.deal()
            elif command == "room-again":
                outgoing = host.configure(host.lobby.game, host.lobby.players, host.lobby.options)
            else:
                return
        except ValueError as error:
            self.app.say(str(error))
            return
        self.app.say("")
        self._deliver(outgoing)

    def again(self) -> None:
        """ "Play again" after a room's game: the host goes back to the lobby with the same seats."""
        if self.host is None:
            self.app.say("The host starts the next game.")
        else:
            self._host_command("room-again", None)

    def on_change(self, event) -> None:
        """The player's name, or the host's choice of whom to seat."""
        target = event.target
        if self.client is None or not target.closest("#room"):
            return
        if target.name == "room-name":
            name = target.value.strip()[:40]
            if name and name.isprintable():
                window.localStorage.setItem(NAME_KEY, name)
                self._send(self.client.hello(name))
        elif target.hasAttribute("data-room-assign") and target.value and self.host is not None:
            try:
                outgoing = self.host.assign(int(target.dataset.seat), target.value)
            except ValueError as error:
                self.app.say(str(error))
                return
            self._deliver(outgoing)

    def _copy_link(self) -> None:
        field = document.getElementById("room-link")
        if field is None:
            return
        field.select()
        # The clipboard may be missing (a page not served over https) or refused: the link is selected anyway.
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard is not None:
            clipboard.writeText(field.value).catch(create_once_callable(lambda _: None))

    def leave(self) -> None:
        """Leave the room: close the transport and forget the room (the saves stay, to come back by the link)."""
        if self.transport is not None:
            self.transport.leave()
        for timer in (self.bot_timer, self._redraw):
            if timer is not None:
                window.clearTimeout(timer)
        if self.invite is not None:
            window.history.replaceState(None, "", window.location.pathname + window.location.search)
        self.invite = self.host = self.client = self.transport = self.host_peer = self.source = None
        self.bot_timer = self._redraw = None
        self._waiting = set()
        self._errors_shown, self._answer_mark, self._panel_html = 0, (0, 0), ""
        room = document.getElementById("room")
        if room is not None:
            room.hidden = True
            for part in ("room-invite", "room-lobby", "room-status"):
                document.getElementById(part).innerHTML = ""

    # --- the host's bots --------------------------------------------------------------------------

    def _schedule_bots(self) -> None:
        """Let the host's bots play, paced like local bots; while a player is away, look back for their stand-in."""
        host = self.host
        if host is None or self.bot_timer is not None or host.phase != "playing":
            return
        if host.bot_seats_to_act(now_ms()):
            delay = self.app.settings.bot_delay_ms
        elif any(place.kind == PLAYER and place.peer is None for place in host.lobby.seats):
            delay = ABSENT_CHECK_MS
        else:
            return

        def fire(*_):
            self.bot_timer = None
            if self.host is host:  # the room may have been left meanwhile
                self._deliver(host.bot_step(now_ms()))

        self.bot_timer = window.setTimeout(create_once_callable(fire), delay)

    # --- storage ----------------------------------------------------------------------------------

    def _save_host(self, text: str) -> None:
        window.localStorage.setItem(storage_key(self.invite.room, "host"), text)

    def _seat_key(self) -> str:
        return storage_key(self.invite.room, "host-seat" if self.host is not None else "seat")

    def _set_fragment(self, found: Invite) -> None:
        path = window.location.pathname + window.location.search
        window.history.replaceState(None, "", path + invite.fragment(found))

    def debug_state(self) -> str:
        """What this page knows of its room, as JSON (``window.faceDownRoom()``): for tests and the curious."""
        client = self.client
        return json.dumps(
            {
                "role": None if client is None else "host" if self.host is not None else "guest",
                "room": None if self.invite is None else self.invite.room,
                "connected": self.host_peer is not None,
                "phase": None if client is None or client.lobby is None else client.lobby["phase"],
                "seat": None if client is None else client.seat,
                "step": None if client is None else client.step,
                "legal": [] if client is None else client.legal,
                "errors": [] if client is None else client.errors,
                "verdict": None if client is None or client.verdict is None else vars(client.verdict),
            }
        )
