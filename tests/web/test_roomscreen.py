"""The room controller on CPython: pages in a room, wired by an in-memory network, on a fake clock.

Each page is a :class:`RoomScreen` whose effects a small stand-in for the page adapter carries out: a
``Send`` reaches the page whose transport has that peer id, timers run when the clock passes them, and what
the page would show (its status line, its panel, the game) is recorded.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field

import pytest

from game.bots.cambio import DELAY_MS
from game.web import invite
from game.web.config import from_params
from game.web.effects import (
    After,
    Cancel,
    CloseTransport,
    Fragment,
    GameNews,
    OpenTransport,
    Reload,
    Say,
    Send,
    ShowGame,
    ShowInvite,
    ShowLobby,
    Store,
    Write,
)
from game.web.roomscreen import (
    CONNECTED,
    CONNECTED_BY_RELAY,
    CONNECTING,
    HOST_GONE,
    HOST_LEFT,
    HOST_UNREACHABLE,
    NO_RELAYS,
    NO_WAY_THROUGH,
    NOBODY_THERE,
    Page,
    RoomScreen,
    storage_key,
)
from tests.net.support import seeded_entropy

PAGE = Page("https://face-down.example/", "?relay=ws://127.0.0.1:1", "", 700)


@dataclass
class OnPage:
    """One page in the room: its controller and what its adapter did."""

    control: RoomScreen
    peer: str
    storage: dict[str, str] = field(default_factory=dict)
    timers: dict[str, int] = field(default_factory=dict)  # name -> when it runs
    said: list[str] = field(default_factory=list)
    shown: list[object] = field(default_factory=list)  # ShowGame, GameNews, HideGame... in order
    lobby: str = ""
    invite_link: str | None = None
    open: bool = False

    @property
    def status(self) -> str:
        """The room's status line."""
        return self.control.status


class Network:
    """Pages joined through an in-memory transport: every peer sees every other; messages arrive in order."""

    def __init__(self):
        self.now = 1_000_000
        self.pages: list[OnPage] = []
        self.wire: deque[tuple[OnPage, str, str]] = deque()  # (to, from peer, text)
        self.transport_status = {"relays": 1, "heard": []}

    def add(self, control: RoomScreen, effects: list, peer: str, stored: dict | None = None) -> OnPage:
        """A page entering the room with ``effects`` to carry out; its transport opens as ``peer``."""
        page = OnPage(control, peer, dict(stored or {}))
        self.pages.append(page)
        self.carry_out(page, effects)
        self.settle()
        return page

    def carry_out(self, page: OnPage, effects: list) -> None:
        """What the page adapter does with each effect."""
        for effect in effects:
            if isinstance(effect, Send):
                target = next((other for other in self.pages if other.peer == effect.peer and other.open), None)
                if target is not None:
                    self.wire.append((target, page.peer, effect.text))
            elif isinstance(effect, After):
                page.timers[effect.timer] = self.now + effect.delay_ms
            elif isinstance(effect, Cancel):
                page.timers.pop(effect.timer, None)
            elif isinstance(effect, Store):
                if effect.text is None:
                    page.storage.pop(effect.key, None)
                else:
                    page.storage[effect.key] = effect.text
            elif isinstance(effect, Say):
                page.said.append(effect.text)
            elif isinstance(effect, ShowLobby):
                page.lobby = effect.html
            elif isinstance(effect, ShowInvite):
                page.invite_link = effect.link
            elif isinstance(effect, OpenTransport):
                self._open(page)
            elif isinstance(effect, CloseTransport):
                page.open = False
            elif isinstance(effect, (ShowGame, GameNews)):
                page.shown.append(effect)

    def _open(self, page: OnPage) -> None:
        page.open = True
        self.carry_out(page, page.control.opened(page.peer))
        for other in self.pages:
            if other is not page and other.open:
                self.carry_out(other, other.control.joined(page.peer))
                self.carry_out(page, page.control.joined(other.peer))

    def drop(self, page: OnPage) -> None:
        """The page's connection goes (a closed tab): the others hear that it left."""
        page.open = False
        for other in self.pages:
            if other is not page and other.open:
                self.carry_out(other, other.control.left(page.peer, self.now))

    def settle(self, ms: int = 0) -> None:
        """Deliver every message and run every timer due within ``ms`` from now, in order."""
        until = self.now + ms
        while True:
            if self.wire:
                target, sender, text = self.wire.popleft()
                if target.open:
                    self.carry_out(target, target.control.received(sender, text, self.now))
                continue
            due = [(when, name, page) for page in self.pages for name, when in page.timers.items() if when <= until]
            if not due:
                break
            when, name, page = min(due, key=lambda item: item[0])
            self.now = max(self.now, when)
            del page.timers[name]
            self.carry_out(page, page.control.timer(name, self.now, self.transport_status))
        self.now = until


def host_room(network: Network, game: str = "concentration", players: int = 2) -> tuple[OnPage, invite.Invite]:
    """A host's page that created a room; the invitation its guests get."""
    chosen = from_params({"game": game, "players": str(players), "names": "Hana"})
    control, effects = RoomScreen.create(chosen, "nostr", PAGE, network.now)
    host = network.add(control, effects, "host-peer")
    return host, invite.parse_fragment(invite.invite_link(PAGE.url, "", control.invite).split("#")[1])


def guest_page(network: Network, found: invite.Invite, peer: str = "guest-peer", stored: dict | None = None) -> OnPage:
    """A guest's page opening the invitation."""
    control, effects = RoomScreen.enter(found, "nostr", PAGE, stored or {}, network.now)
    return network.add(control, effects, peer, stored)


# --- connecting ---------------------------------------------------------------------------------------


def test_a_guest_verifies_the_host_is_seated_and_told_it_is_connected():
    network = Network()
    host, found = host_room(network)
    assert host.invite_link is not None and "#room=" in host.invite_link and host.status == ""
    guest = guest_page(network, found)
    assert guest.status == CONNECTED
    assert guest.control.debug_state()["seat"] == 1, "seated in the first open seat on arrival"
    assert json.loads(guest.storage[storage_key(found.room, "seat")])["seat"] == 1
    assert storage_key(found.room, "host") in host.storage, "the host's save is kept after every change"
    assert "Player 2 (you)" in guest.lobby


def test_a_guest_that_cannot_reach_the_host_is_told_what_to_try_and_is_never_left_waiting():
    network = Network()
    _, found = host_room(network)
    lonely = Network()  # the guest's network reaches nobody: the host is elsewhere
    lonely.transport_status = {"relays": 2, "heard": []}
    guest = guest_page(lonely, found)
    assert guest.status == CONNECTING
    lonely.settle(19_000)
    assert guest.status == CONNECTING
    lonely.settle(2000)
    assert guest.status == NOBODY_THERE

    for status, words in [({"relays": 0, "heard": []}, NO_RELAYS), ({"relays": 3, "heard": ["h"]}, NO_WAY_THROUGH)]:
        lonely.transport_status = status
        other = guest_page(lonely, found, peer=f"guest-{words[:4]}")
        lonely.settle(21_000)
        assert other.status == words
        assert "try" in words.lower() or "check" in words.lower(), "each says what to try"


def test_a_link_whose_network_settings_are_wrong_says_so_and_stops_waiting():
    network = Network()
    _, found = host_room(network)
    control, effects = RoomScreen.enter(found, "nostr", PAGE, {}, network.now)
    effects = control.refused('The setting via=pigeon must be "any" or "relay".')
    assert control.status == 'The setting via=pigeon must be "any" or "relay". Ask for the link again.'
    assert Cancel("connect-limit") in effects


def test_a_host_whose_relays_are_unreachable_is_told_nobody_can_join():
    network = Network()
    network.transport_status = {"relays": 0, "heard": []}
    host, _ = host_room(network)
    network.settle(21_000)
    assert host.status == HOST_UNREACHABLE


def test_the_path_through_a_relay_is_said_on_both_pages():
    network = Network()
    host, found = host_room(network)
    guest = guest_page(network, found)
    network.carry_out(guest, guest.control.reached("host-peer", "relay"))
    assert guest.status == CONNECTED_BY_RELAY
    network.carry_out(host, host.control.reached("guest-peer", "turn"))
    assert host.status == "Connected through a relay (a little slower): a guest."
    network.carry_out(guest, guest.control.renamed("Ben", network.now))
    network.settle()
    network.carry_out(host, host.control.reached("guest-peer", "turn"))
    assert host.status == "Connected through a relay (a little slower): Ben."
    network.carry_out(guest, guest.control.reached("host-peer", "direct"))
    assert guest.status == CONNECTED


def test_a_guest_whose_host_leaves_waits_and_after_a_minute_says_it_is_gone():
    network = Network()
    host, found = host_room(network)
    guest = guest_page(network, found)
    network.drop(host)
    assert guest.status == HOST_LEFT
    network.settle(59_000)
    assert guest.status == HOST_LEFT
    network.settle(2000)
    assert guest.status == HOST_GONE


def test_a_host_back_from_a_reload_is_verified_again_and_the_guest_keeps_its_seat():
    network = Network()
    host, found = host_room(network)
    guest = guest_page(network, found)
    network.drop(host)
    back_control, effects = RoomScreen.enter(
        invite.Invite(found.room, found.key, True, found.host_id), "nostr", PAGE, host.storage, network.now
    )
    back = network.add(back_control, effects, "host-peer-2", host.storage)
    network.settle(10_000)
    assert guest.status == CONNECTED and guest.control.host_peer == "host-peer-2"
    assert guest.control.debug_state()["seat"] == 1
    assert back.control.debug_state()["role"] == "host"


# --- playing ----------------------------------------------------------------------------------------------


def test_the_host_starts_and_both_pages_show_the_game():
    network = Network()
    host, found = host_room(network)
    guest = guest_page(network, found)
    network.carry_out(host, host.control.command("room-start", None, network.now))
    network.settle(1000)
    for page in (host, guest):
        assert page.shown and isinstance(page.shown[0], ShowGame) and page.shown[0].deal
    assert guest.control.debug_state()["phase"] == "playing"


def test_the_hosts_bots_play_paced_by_a_timer_until_the_game_ends():
    network = Network()
    host, _ = host_room(network, players=2)
    network.carry_out(host, host.control.command("room-fill", None, network.now))
    network.carry_out(host, host.control.command("room-start", None, network.now))
    network.settle()
    client = host.control.client
    bot_moves = 0
    while client.view.get("result") is None:
        assert bot_moves < 300, "the game did not end"
        if client.legal:
            network.carry_out(host, host.control.player_says(client.act(client.legal[0]), network.now))
            network.settle()
            continue
        step = client.step
        assert "bots" in host.timers, "the bot waits its turn on a timer, never at once"
        network.settle(PAGE.bot_delay_ms - 1)
        assert client.step == step, "not before its delay"
        network.settle(1)
        bot_moves += 1
    assert bot_moves > 0


# --- bad input ---------------------------------------------------------------------------------------------


def test_a_damaged_seat_record_is_ignored_and_the_guest_sits_afresh():
    for record in ["not json", '{"seat": "one", "secret": "x"}', "[]", '{"seat": 1}']:
        network = Network()
        _, found = host_room(network)
        guest = guest_page(network, found, stored={storage_key(found.room, "seat"): record})
        assert guest.control.debug_state()["seat"] == 1 and not guest.control.client.errors


def test_a_damaged_host_save_is_refused_with_a_sentence():
    network = Network()
    _, found = host_room(network)
    as_host = invite.Invite(found.room, found.key, True, found.host_id)
    with pytest.raises(ValueError, match=r"damaged|save"):
        RoomScreen.enter(as_host, "nostr", PAGE, {storage_key(found.room, "host"): '{"broken": true}'}, 0)


def test_a_host_link_opened_where_its_save_is_not_joins_as_a_guest_and_offers_the_file():
    network = Network()
    _, found = host_room(network)
    as_host = invite.Invite(found.room, found.key, True, found.host_id)
    control, effects = RoomScreen.enter(as_host, "nostr", PAGE, {}, network.now)
    assert control.host is None
    assert any(isinstance(effect, Write) and effect.element == "room-import" for effect in effects)
    assert any(isinstance(effect, Fragment) and "role=host" not in effect.text for effect in effects)


def test_a_room_file_moves_the_host_and_another_rooms_file_is_refused():
    network = Network()
    host, found = host_room(network)
    name, text = host.control.room_file()
    assert name == f"face-down-room-{found.room}.json"
    stranger, _ = host_room(Network())
    _, other_text = stranger.control.room_file()
    visitor = guest_page(network, invite.Invite(found.room, found.key, False, found.host_id), peer="device-2")
    with pytest.raises(ValueError, match="another room"):
        visitor.control.imported(other_text, network.now)
    effects = visitor.control.imported(text, network.now)
    assert isinstance(effects[-1], Reload)
    stored = {effect.key for effect in effects if isinstance(effect, Store)}
    assert storage_key(found.room, "host") in stored


def test_leaving_closes_the_transport_and_forgets_the_room_on_the_page():
    network = Network()
    host, _ = host_room(network)
    effects = host.control.leave()
    assert isinstance(effects[0], CloseTransport)
    assert Fragment("") in effects and ShowLobby("") in effects


def test_a_host_that_deals_again_from_an_old_save_is_named_on_the_guests_page_at_once():
    network = Network()
    host, found = host_room(network)
    guest = guest_page(network, found)
    lobby_save = dict(host.storage)  # the room before the deal
    network.carry_out(host, host.control.command("room-start", None, network.now))
    network.settle(1000)
    assert guest.control.debug_state()["phase"] == "playing" and 'role="alert"' not in guest.lobby
    # The host, not liking the deal it now knows, reloads from its lobby save: a fresh secret, a new shuffle.
    network.drop(host)
    as_host = invite.Invite(found.room, found.key, True, found.host_id)
    again, effects = RoomScreen.enter(as_host, "nostr", PAGE, lobby_save, network.now)
    again_page = network.add(again, effects, "host-peer-2", lobby_save)
    network.settle(10_000)
    network.carry_out(again_page, again.command("room-start", None, network.now))
    network.settle(1000)
    assert guest.control.client.warning
    assert guest.lobby.startswith('<p class="verdict verdict-warning" role="alert">')


def test_a_rooms_bot_acts_out_of_turn_after_its_own_reaction_time_as_a_local_bot_does():
    chosen = from_params({"game": "cambio", "players": "2", "level": "perfect"})  # reacts faster than the pace
    network = Network()
    # A deal in which the bot snaps while the host holds the turn (in about one deal in ten it never does).
    control, effects = RoomScreen.create(chosen, "nostr", PAGE, network.now, seeded_entropy("out of turn"))
    host = network.add(control, effects, "host-peer")
    network.carry_out(host, control.command("room-fill", None, network.now))
    network.carry_out(host, control.command("room-start", None, network.now))
    network.settle()
    client, paced = control.client, []
    for _ in range(400):  # the host plays its first choice; the bot plays as it likes, on its timer
        move = control._bot_move
        if move is not None and "bots" in host.timers:
            paced.append((move.in_turn, host.timers["bots"] - network.now))
            network.settle(host.timers["bots"] - network.now)
        elif client.legal:
            network.carry_out(host, control.player_says(client.act(client.legal[0]), network.now))
            network.settle()
        if client.view.get("result") or not all(in_turn for in_turn, _ in paced):
            break
    low, high = DELAY_MS["perfect"]
    assert all(delay == PAGE.bot_delay_ms for in_turn, delay in paced if in_turn), "a turn: the pace"
    out_of_turn = [delay for in_turn, delay in paced if not in_turn]
    assert out_of_turn and all(low <= delay <= high for delay in out_of_turn), "out of turn: its reaction time"
