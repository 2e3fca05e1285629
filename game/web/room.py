"""Rooms on the page: create one, join one from its link, run it. The browser half of :mod:`game.net`.

How the pieces meet:

- **The transport** is JavaScript (static/js/net/transport.js, bundled into static/vendor/net/). It is
  loaded only when a room opens: static/js/rooms.js gives the page a tiny ``window.faceDownNet`` whose
  ``open`` and ``qrSvg`` import the bundles on first use, so a solo game never downloads them. Python
  awaits those promises, and hands the transport callbacks wrapped with ``create_proxy`` (they must
  outlive the call that registers them).
- **The host's page** runs a :class:`~game.net.Host` behind a :class:`~game.net.gate.HostGate`. Its own
  player is a :class:`~game.net.Client` like every guest's, whose messages go straight to the host
  object under ``LOCAL_PEER``: a name no transport peer can have, so the host's player passes the same
  checks as everyone else and no remote peer can speak for it.
- **A guest's page** runs a client behind a :class:`~game.net.gate.GuestGate`. It knocks at every peer
  that joins; only the peer that proves it holds the key named in the invitation (``id=`` in the link)
  becomes its host, and it takes only that peer's sealed messages. When the host's page reloads, its new
  connection proves itself again and the guest reclaims its seat. A host gone for ``HOST_GONE_MS`` is
  said to have left, and the guest may leave too.
- **The game** is drawn by :class:`~game.web.app.App` from a :class:`~game.web.source.RoomSource`, with
  the presenters and the renderer of local play.

This browser keeps, per room: the host's save (``Host.save`` after every change; it holds the room's
secrets and the host's private key, so it leaves this browser only as a file the host exports to resume
on another device), and each player's seat, seat secret and shuffle evidence, with which the page
reclaims the seat and checks the deal after a reload or a dropped connection.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque

from pyodide.ffi import JsException, create_once_callable, create_proxy, to_js
from pyscript import document, window

from ..net import Client, Host, Outgoing
from ..net.gate import LOCAL_PEER, GuestGate, HostGate
from ..net.identity import HostIdentity
from ..net.lobby import PLAYER
from ..net.roomsave import read_room_file, room_file
from . import invite
from .invite import Invite
from .roomview import first_open_seat, render_invite, render_lobby
from .source import RoomSource
from .timer import Timer

# While a player is away, the host looks this often whether their grace period is over (a bot then stands in).
ABSENT_CHECK_MS = 1000
# How long a guest waits for a host that left before saying it is gone (a reload takes a few seconds).
HOST_GONE_MS = 60_000
# A guest with no verified host knocks again this often, a few times (the host answers a few knocks per peer).
KNOCK_AGAIN_MS = 3000
KNOCK_TRIES = 3
IMPORT_FORM = (
    '<label class="field">Are you this room\'s host? Resume it from the file you saved: '
    '<input type="file" accept=".json,application/json" data-room-import></label>'
)


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
        self.host_peer: str | None = None  # the peer this page's client talks to (LOCAL_PEER on the host's page)
        self.gate: HostGate | None = None  # the host's page: the door every guest's message comes through
        self.door: GuestGate | None = None  # a guest's page: the door the host's messages come through
        self.gone_timer = None  # a guest's page: fires if the host stays away
        self.source: RoomSource | None = None
        self.level = "medium"  # the level of the computer players the host seats
        self.bots = Timer()  # the host's bots: a step of theirs, or a look back for an absent player's stand-in
        self._proxies = []  # the transport's listeners: kept alive while it may call them
        self._tasks = set()
        self._redraw = None  # the timer of a redraw on its way
        self._errors_shown = 0
        self._answer_mark = (0, 0)  # (state id, refusals) when the last move was answered
        self._panel_html = ""
        # A guest without a seat sits in the first open one; the seat last asked for, so that it is asked once.
        self._seat_wanted = False
        self._seat_asked: int | None = None
        document.body.addEventListener("change", create_proxy(self.on_change))

    @property
    def name(self) -> str:
        """This player's name, the "Your name" setting; "" until they give one (the others see "Player N")."""
        return self.app.settings.name

    def renamed(self) -> None:
        """Tell the host this player's name, after they changed it."""
        if self.client is not None and self.name:
            self._send(self.client.hello(self.name))

    # --- entering a room ------------------------------------------------------------------------

    def boot(self) -> bool:
        """Enter the room the URL fragment names, if any; True if the page now belongs to a room."""
        if not document.getElementById("room"):  # JavaScript null is not None in Python
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
            self.app.set_name(chosen.names[0])
        self.invite, self.level = found, chosen.levels[0]
        try:
            self.host = Host(chosen.game, chosen.players, chosen.options, host_peer=LOCAL_PEER, on_save=self._save_host)
        except ValueError as error:
            self.invite = None
            self.app.say(str(error))
            return
        self.invite = found = Invite(found.room, found.key, True, HostIdentity(self.host.settings.identity).key_id)
        self.app.hide_game()
        self.app.say("")
        document.getElementById("new-game").open = False
        self._set_fragment(found)
        self._start_host_player()
        self._deliver(self.host.assign(0, LOCAL_PEER))
        self._run(self._open(kind))

    async def _enter(self, found: Invite) -> None:
        kind = invite.transport_kind(window.location.search)
        saved = window.localStorage.getItem(storage_key(found.room, "host")) if found.host else None
        self.invite = found
        document.getElementById("new-game").open = False
        if saved:
            self.host = Host.load(saved, now_ms(), on_save=self._save_host)
            self.invite = Invite(found.room, found.key, True, HostIdentity(self.host.settings.identity).key_id)
            self.level = next((seat.level for seat in self.host.lobby.seats if seat.level), self.level)
            self._start_host_player()
        else:
            if found.host:
                self.app.say("This room's save is not in this browser, so you join it as a guest.")
                self.invite = found.as_guest()
                self._set_fragment(self.invite)
                # Its own element, written once: a status update must not replace a file picker in use.
                document.getElementById("room-import").innerHTML = IMPORT_FORM
            if self.invite.host_id is None:
                raise ValueError("This invitation does not name the host's key: ask the host for the link again.")
            self.client = Client()
            self._render()
        await self._open(kind)

    def _start_host_player(self) -> None:
        self.client = Client(contributes=False)  # the host's part of the shuffle is its secret
        self.host_peer = LOCAL_PEER
        self._deliver(self.host.peer_joined(LOCAL_PEER))
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
        if self.host is not None:
            self.gate = HostGate(self.host, self.invite.room, transport.selfId)
        else:
            self.door = GuestGate(self.client, self.invite.room, self.invite.host_id, transport.selfId)

    def _on_join(self, peer: str) -> None:
        if self.door is not None:
            # One task later: the tabs transport announces a newcomer here before it has told the newcomer about
            # this page, and the newcomer drops messages from peers it does not know yet.
            self._knock(peer, 0, KNOCK_TRIES)

    def _knock(self, peer: str, delay: int, tries: int) -> None:
        """Knock at ``peer`` after ``delay`` ms, and again while no host has proven itself (a knock may be lost).

        The first knock goes even with a host: a reloaded host is a new peer, and its old connection may
        not be seen to go before the new one arrives.
        """
        door = self.door
        again = tries < KNOCK_TRIES

        def knock(*_):
            if self.door is not door or not self.transport.peers().includes(peer):
                return
            if again and door.host_peer is not None:
                return
            self.transport.send(peer, door.knock(peer))
            if tries > 1:
                self._knock(peer, KNOCK_AGAIN_MS, tries - 1)

        window.setTimeout(create_once_callable(knock), delay)

    def _on_leave(self, peer: str) -> None:
        if self.gate is not None:
            self._transmit(self.gate.peer_left(peer, now_ms()))
            return
        if self.door is None or peer != self.door.host_peer:
            if self.door is not None:
                self.door.peer_left(peer)
            return
        self.door.peer_left(peer)
        self.host_peer = None
        self._status("The host has left; waiting for them to come back…")
        self._start_gone_timer()

    def _start_gone_timer(self) -> None:
        """After HOST_GONE_MS without a host, say so: the guest may leave (its seat's secret stays kept)."""
        if self.gone_timer is not None:
            window.clearTimeout(self.gone_timer)

        def gone(*_):
            self.gone_timer = None
            if self.door is not None and self.door.host_peer is None:
                self._status(
                    "The host has left the room and has not come back. You can leave it with the button below."
                )

        self.gone_timer = window.setTimeout(create_once_callable(gone), HOST_GONE_MS)

    def _on_message(self, peer: str, text: str) -> None:
        if self.gate is not None:
            self._transmit(self.gate.receive(peer, text, now_ms()))
            return
        door = self.door
        if door is None:
            return
        before = door.host_peer
        replies = door.receive(peer, text)
        if door.host_peer is not None and door.host_peer != before:
            self._adopt(door.host_peer)
        for reply in replies:
            self.transport.send(door.host_peer, reply)
        self._changed_soon()

    def _adopt(self, peer: str) -> None:
        """``peer`` proved it is the host: talk to it from now on, and ask for this player's seat back."""
        self.host_peer = peer
        if self.gone_timer is not None:
            window.clearTimeout(self.gone_timer)
            self.gone_timer = None
        self._status("")
        self._greet()

    def _greet(self) -> None:
        """Tell the host this player's name, and ask for the seat back if this browser holds its secret (else a
        guest takes the first open seat: :meth:`_take_a_seat`)."""
        self.renamed()
        held = window.localStorage.getItem(self._seat_key())
        self._seat_wanted, self._seat_asked = self.host is None and not held, None
        if held:
            seat = json.loads(held)
            if isinstance(seat.get("evidence"), dict):
                self.client.restore(seat["evidence"])
            self._send(self.client.reclaim(seat["seat"], seat["secret"]))

    def _send(self, text: str) -> None:
        """Send one of this player's messages to the host (on the host's page, straight into it)."""
        if self.host is not None:
            self._deliver(self.host.receive(LOCAL_PEER, text, now_ms()))
        elif self.door is not None and self.door.host_peer is not None:
            self.transport.send(self.door.host_peer, self.door.seal(text))

    def _deliver(self, outgoing: list[Outgoing]) -> None:
        """On the host's page: send what the host object returned (sealed for each guest by the gate)."""
        if self.gate is not None:
            self._transmit(self.gate.seal(outgoing))
        else:  # the transport is not open yet: only the host's own player is there to tell
            self._transmit([message for message in outgoing if message.peer == LOCAL_PEER])

    def _transmit(self, outgoing: list[Outgoing]) -> None:
        """On the host's page: send messages ready for the wire; those for its own player go through its client."""
        queue = deque(outgoing)
        while queue:
            message = queue.popleft()
            if message.peer != LOCAL_PEER:
                if self.transport is not None:
                    self.transport.send(message.peer, message.text)
                continue
            for reply in self.client.receive(message.text):
                answer = self.host.receive(LOCAL_PEER, reply, now_ms())
                queue.extend(self.gate.seal(answer) if self.gate is not None else answer)
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
        self._take_a_seat()
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
            seat = {"seat": client.secret_seat, "secret": client.secret, "evidence": client.evidence}
            window.localStorage.setItem(self._seat_key(), json.dumps(seat))
        # The state id the page now shows: the benchmark times each peer's paint of a move by it.
        document.documentElement.dataset.roomStep = str(client.step)
        self._schedule_bots()

    def _take_a_seat(self) -> None:
        """Seat a guest who came without one in the first open seat, until they are seated (or stand up)."""
        lobby = self.client.lobby
        if not self._seat_wanted or lobby is None or lobby["phase"] != "lobby":
            return
        if lobby["you"] is not None:
            self._seat_wanted = False
            return
        seat = first_open_seat(lobby)
        if seat is not None and seat != self._seat_asked:  # another guest may take it first: then the next one
            self._seat_asked = seat
            self._send(self.client.sit(seat))

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
            fold = document.querySelector("#room .room-fold")
            unfolded = bool(fold and fold.open)  # a player who opened the folded lobby keeps it open
            document.getElementById("room-lobby").innerHTML = html
            self._panel_html = html
            fold = document.querySelector("#room .room-fold")
            if fold:
                fold.open = unfolded

    def _status(self, text: str) -> None:
        document.getElementById("room").hidden = False
        status = document.getElementById("room-status")
        status.textContent = text

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
        elif command == "room-export":
            self.export()
        elif self.client is None:
            return
        elif command == "room-sit":
            self._send(self.client.sit(seat))
        elif command == "room-stand":
            self._seat_wanted = False
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
            try:
                self.app.set_name(target.value)
            except ValueError as error:
                self.app.say(str(error))
                return
            self.renamed()
        elif target.hasAttribute("data-room-import") and target.files.length:
            self._run(self._import(target.files.item(0)))
        elif target.hasAttribute("data-room-assign") and target.value and self.host is not None:
            try:
                outgoing = self.host.assign(int(target.dataset.seat), target.value)
            except ValueError as error:
                self.app.say(str(error))
                return
            self._deliver(outgoing)

    def export(self) -> None:
        """ "Save the room to a file": the host's save with the room's id and password, as a download."""
        if self.host is None or self.invite is None:
            return
        held = window.localStorage.getItem(self._seat_key())
        text = room_file(self.invite.room, self.invite.key, self.host.save(), json.loads(held) if held else None)
        blob = window.Blob.new(
            to_js([text]), to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
        )
        link = document.createElement("a")
        link.href = window.URL.createObjectURL(blob)
        link.download = f"face-down-room-{self.invite.room}.json"
        link.click()
        window.setTimeout(create_once_callable(lambda *_: window.URL.revokeObjectURL(link.href)), 0)

    async def _import(self, file) -> None:
        """Resume this room as its host from a file :meth:`export` made on another device."""
        room, password, save, seat = read_room_file(await file.text())
        if self.invite is None or room != self.invite.room:
            raise ValueError("This file is the save of another room: open that room's host link to resume it.")
        host = Host.load(save, now_ms())  # refuses a damaged save before anything is stored
        key_id = HostIdentity(host.settings.identity).key_id
        if self.invite.host_id is not None and key_id != self.invite.host_id:
            raise ValueError("This file's host key is not the one this room's link names.")
        window.localStorage.setItem(storage_key(room, "host"), save)
        if seat is not None:  # the host's own player reclaims its seat with it, as after a reload
            window.localStorage.setItem(storage_key(room, "host-seat"), json.dumps(seat))
        # A fresh page, as after a reload: its transport gets a new peer id, which every guest knocks at anew.
        self.leave()
        self._set_fragment(Invite(room, password, True, key_id))
        window.location.reload()

    def _copy_link(self) -> None:
        field = document.getElementById("room-link")
        if not field:
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
        for timer in (self._redraw, self.gone_timer):
            if timer is not None:
                window.clearTimeout(timer)
        self.bots.cancel()
        if self.invite is not None:
            window.history.replaceState(None, "", window.location.pathname + window.location.search)
        self.invite = self.host = self.client = self.transport = self.host_peer = self.source = None
        self.gate = self.door = None
        self._redraw = self.gone_timer = None
        self._errors_shown, self._answer_mark, self._panel_html = 0, (0, 0), ""
        room = document.getElementById("room")
        if room:  # the embed has none (and a missing element is JavaScript null, not None)
            room.hidden = True
            for part in ("room-invite", "room-lobby", "room-status", "room-import"):
                document.getElementById(part).innerHTML = ""

    # --- the host's bots --------------------------------------------------------------------------

    def _schedule_bots(self) -> None:
        """Let the host's bots play, paced like local bots; while a player is away, look back for their stand-in."""
        host = self.host
        if host is None or self.bots.due or host.phase not in ("shuffle", "playing"):
            return
        away = any(place.kind == PLAYER and place.peer is None for place in host.lobby.seats)
        if host.phase == "playing" and host.bot_seats_to_act(now_ms()):
            delay = self.app.settings.bot_delay_ms
        elif away:
            delay = ABSENT_CHECK_MS  # a bot may stand in, or the shuffle may stop waiting, once the grace is over
        else:
            return

        def step():
            if self.host is host:  # the room may have been left meanwhile
                self._deliver(host.bot_step(now_ms()) if host.phase == "playing" else host.poll(now_ms()))

        self.bots.after(delay, step)

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
                "host_peer": self.host_peer,
                "self_peer": None if self.transport is None else self.transport.selfId,
                "refused": 0 if self.door is None else self.door.refused,
                "phase": None if client is None or client.lobby is None else client.lobby["phase"],
                "seat": None if client is None else client.seat,
                "step": None if client is None else client.step,
                "legal": [] if client is None else client.legal,
                "errors": [] if client is None else client.errors,
                "verdict": None if client is None or client.verdict is None else vars(client.verdict),
            }
        )
