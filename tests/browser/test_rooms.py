"""Rooms end to end: peers in real Chromium play whole games through the page, over the local Nostr relay.

Each peer is the app in its own browser context (its own profile and storage), joined through
``tools/relay.mjs`` on 127.0.0.1 with no ICE servers, so the whole module also runs inside a network
namespace that holds only loopback:

    tools/sealed.sh python -m pytest -m rooms tests/browser/test_rooms.py

Every page records each text its transport delivers (an init script wraps ``window.faceDownNet.open``).
After a game the test checks every text a guest received: a sealed one (encrypted for that guest)
shows no card id to whoever carries it; one in clear is checked, by replaying the host's save in
Python, against what that guest's seat had been shown by the state the message names: no card id may
appear early. What a page opens is checked by the same rules in the protocol's own tests (tests/net).
"""

from __future__ import annotations

import base64
import json
import os
import random
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from game.cards import all_pieces, rank, standard_deck
from game.net import Host
from game.net.identity import HostIdentity
from game.net.messages import encode
from game.web import invite
from game.web.games import presenter_for
from tests.net.gated import MADE_UP, sealed_with
from tests.net.support import Truth

from .driver import CHOICES, COUNT_FLIPS_IN, click_action
from .rooms_driver import (
    OVER,
    READY,
    WAIT_MS,
    Peer,
    assert_verified,
    choose,
    create_room,
    host_history,
    join,
    perfect_moves,
    play,
    random_moves,
    start,
)
from .rooms_fixtures import open_peer_fixture, relay_url_fixture  # noqa: F401

pytestmark = pytest.mark.rooms

BOOT_MS = 90_000  # four Pyodide pages booting at once on two cores
# Wraps the room's transport as the page opens it (static/js/rooms.js), so the test sees every text it receives.
TAP = """(() => {
  window.__received = [];
  let net;
  Object.defineProperty(window, "faceDownNet", {
    configurable: true,
    get: () => net,
    set(value) {
      const open = value.open;
      value.open = (kind, room, password, listeners) =>
        open(kind, room, password, { open: listeners.open, news(event, ...args) {
          if (event === "message") window.__received.push(args[1]);
          listeners.news(event, ...args);
        } });
      net = value;
    },
  });
})();"""


def peer_profile(kept_profiles, number: int):
    """The kept profile of the test's ``number``-th peer, set up for rooms the first time it is used.

    Its pages may use the camera and microphone (without that Chromium gathers no ICE candidates), and
    every text their transport delivers is recorded (TAP).
    """
    profile = kept_profiles("desktop" if number == 0 else f"peer-{number}")
    if not getattr(profile, "for_rooms", False):
        profile.context.grant_permissions(["microphone", "camera"], origin=profile.site_url.rstrip("/"))
        profile.context.add_init_script(TAP)
        profile.for_rooms = True
    return profile


@pytest.fixture(name="open_app")
def open_app_fixture(kept_profiles, watch, site_url, relay_url):
    """Open the app as a room peer: ``open_app(url)`` in a profile of its own, or ``open_app(url, context)`` beside one.

    Each peer's profile is kept for the session, so its Python starts from a snapshot; its storage is
    cleared first. Every WebSocket a page opens is recorded, and the test fails if one went anywhere but
    127.0.0.1.
    """
    sockets, pages, lent = [], [], []

    def open_(url: str, context=None) -> Peer:
        if context is None:
            profile = peer_profile(kept_profiles, len({page.context for page in pages}))
            page = profile.new_page(watch)
            lent.append((profile, page))
        else:
            page = context.new_page()
        pages.append(page)
        page.on("websocket", lambda socket: sockets.append(socket.url))
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
        return Peer(page)

    open_.home = f"{site_url}?relay={relay_url}&ice=none&speed=instant&look=0"
    yield open_
    for page in pages:
        if page not in {page for _, page in lent}:
            page.close()
    for profile, page in lent:
        profile.give_back(page)
    watch.check()
    outside = [url for url in sockets if urlsplit(url).hostname != "127.0.0.1"]
    assert not outside, f"WebSockets left 127.0.0.1: {outside}"


# --- the leak check ---------------------------------------------------------------------------------

EVERY_CARD = {f'"{card}"'.encode() for card in [*standard_deck(jokers=True), *all_pieces()]}
HANDSHAKE = ("knock", "identity")  # the only messages in clear: they carry public keys and nonces


def in_clear(text: str) -> bytes:
    """What anyone who carries ``text`` can read of it: a sealed message's count, MAC and ciphertext (its box
    base64-decoded, game/net/channel.py), or any other text as it is."""
    if not text.startswith("~"):
        return text.encode()
    box = text.rsplit("~", 1)[1]
    return text.encode() + base64.urlsafe_b64decode(box + "=" * (-len(box) % 4))


def assert_nothing_leaked(received: dict[int, list[str]]) -> int:
    """Check every text each seat's pages received, as a relay carries it; return how many were checked.

    No card id may show in any of them: a room's messages are sealed for their one peer, and what they carry is
    itself sealed (a card's face crosses the network only as a point locked by every party, and each page opens
    only what it is shown; what a page holds is checked entry by entry in tests/net: LeakGuard). The only texts in
    clear are the handshake's.
    """
    checked = 0
    for seat, texts in received.items():
        sealed = 0
        for text in texts:
            checked += 1
            shown = sorted(card.decode() for card in EVERY_CARD if card in in_clear(text))
            assert not shown, f"seat {seat} was sent {shown} where anyone could read them"
            if text.startswith("~"):
                sealed += 1
            else:
                kind = json.loads(text).get("type")
                assert kind in HANDSHAKE, f"seat {seat} was sent a {kind} message in clear"
        assert sealed, f"seat {seat} received no room message"
    return checked


def test_the_leak_check_catches_a_card_or_a_room_message_in_clear():
    """The check above can fail: a room message in clear is caught, and so is a sealed-looking text whose box is
    the message merely encoded, not encrypted."""
    lobby = encode("lobby", phase="lobby", game="cambio", players=2, options={}, seats=[], you=None)
    honest = [encode("knock", nonce="0" * 64, share="1" * 130), sealed_with(MADE_UP, lobby)]
    assert assert_nothing_leaked({1: honest}) == 2
    with pytest.raises(AssertionError, match="a lobby message in clear"):
        assert_nothing_leaked({1: [*honest, lobby]})
    card = encode("error", code="AS", message="the card", k=None)
    encoded = "~0~" + "0" * 64 + "~" + base64.urlsafe_b64encode(card.encode()).decode()
    with pytest.raises(AssertionError, match="where anyone could read them"):
        assert_nothing_leaked({1: [*honest, encoded]})


# --- full games -----------------------------------------------------------------------------------------


def test_four_peers_play_and_nobody_sees_a_card_early(open_app):
    # Every game over the protocol, Deluxe Memory's four seats included, is checked for leaks in tests/net.
    host, link = create_room(open_app, "concentration", 4, pairs="8")
    guests = [join(open_app, link, name, seat) for seat, name in enumerate(["Ben", "Cleo", "Dev"], start=1)]
    host.page.locator("#room .seat", has_text="Cleo").wait_for(timeout=WAIT_MS)
    start(host, [host, *guests])
    moves = play([host, *guests], perfect_moves())
    assert_verified([host, *guests])
    for name in ("Hana", "Ben", "Cleo", "Dev"):  # the players' list is drawn a frame after the table
        host.page.locator("#players", has_text=name).wait_for(timeout=WAIT_MS)
    checked = assert_nothing_leaked({seat: guest.received() for seat, guest in enumerate(guests, 1)})
    assert moves >= 16 and checked >= 16


def test_two_peers_and_a_bot_play_cambio_the_guest_moving_and_the_host_seating_them(open_app):
    host, link = create_room(open_app, "cambio", 3)
    guest = join(open_app, link, "Ben", seat=1)
    guest.page.click('#room [data-command="room-sit"][data-seat="2"]')  # "Move here"
    guest.wait_for("room.seat === 2")
    with pytest.raises(PlaywrightTimeout):  # faceDownRoom() is a promise: the wait awaits it, not just its arrival
        guest.wait_for("room.seat === 1", timeout=300)
    guest.page.click('#room [data-command="room-stand"]')  # and up: nobody seats them again but the host
    guest.wait_for("room.seat === null")
    host.page.select_option('#room select[data-room-assign][data-seat="1"]', label="Ben")
    guest.wait_for("room.seat === 1")
    host.page.click('#room [data-command="room-fill"]')
    host.page.locator("#room .seat-bot").wait_for(timeout=WAIT_MS)
    start(host, [host, guest])
    play([host, guest], random_moves(random.Random(2)))
    assert_verified([host, guest])
    assert assert_nothing_leaked({1: guest.received()}) > 0


@pytest.mark.slow  # random moves to the end of a game; every game plays sealed in tests/net/test_games.py
def test_two_peers_play_paved_with_gold_chosen_again_in_the_lobby(open_app):
    host, link = create_room(open_app, "concentration", 2)
    guest = join(open_app, link, "Ben", seat=1)
    choose(host.page, "paved-with-gold", 2)
    host.page.click('#room [data-command="room-configure"]')
    guest.page.locator("#room .room-game", has_text="Paved with Gold, 2 players").wait_for(timeout=WAIT_MS)
    assert guest.state()["seat"] == 1, "the seats stay"
    start(host, [host, guest])
    play([host, guest], random_moves(random.Random(3)))
    assert_verified([host, guest])
    assert assert_nothing_leaked({1: guest.received()}) > 0


def test_tabs_of_one_browser_play_through_broadcast_channel(open_app):
    host, link = create_room(open_app, "concentration", 2, home=open_app.home + "&transport=tabs", pairs="8")
    assert "transport=tabs" in link
    guest = join(open_app, link, "Ben", seat=1, context=host.page.context)
    start(host, [host, guest])
    play([host, guest], perfect_moves())
    assert_verified([host, guest])


# --- faults and races -----------------------------------------------------------------------------------


def test_a_guest_who_closes_the_page_and_comes_back_gets_the_seat_and_view_back(open_app):
    host, link = create_room(open_app, "concentration", 2, pairs="8")
    guest = join(open_app, link, "Ben", seat=1)
    start(host, [host, guest])
    play([host, guest], perfect_moves(), until=lambda: host.state()["step"] >= 10)
    context, earlier = guest.page.context, guest.received()
    fold = host.page.locator("#room .room-fold")
    assert not fold.locator(".room-seats").is_visible(), "during play the lobby is folded away"
    fold.locator("summary").click()  # it stays open while the seats change
    guest.page.close(run_before_unload=True)  # as a tab is closed: its unload handlers run
    host.page.locator("#room .seat", has_text="away").wait_for(timeout=WAIT_MS)

    back = open_app(link.replace("?", "?look=0&", 1), context)
    back.earlier = earlier
    back.wait_for("room.seat === 1 && room.phase === 'playing'")
    host.page.locator("#room .seat-state", has_text="away").wait_for(state="detached", timeout=WAIT_MS)
    back.wait_for(f"room.step === {host.state()['step']}")
    assert back.page.locator("#table .board").count() == 1
    play([host, back], perfect_moves())
    assert_verified([host, back])
    assert assert_nothing_leaked({1: back.received()}) > 0


def test_the_host_reloads_mid_game_and_everyone_carries_on(open_app):
    host, link = create_room(open_app, "concentration", 2, pairs="8")
    guest = join(open_app, link, "Ben", seat=1)
    start(host, [host, guest])
    play([host, guest], perfect_moves(), until=lambda: host.state()["step"] >= 10)
    step = host.state()["step"]
    before = host.state()["self_peer"]
    assert guest.state()["host_peer"] == before

    host.page.reload()
    host.page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    host.wait_for(f"room.role === 'host' && room.seat === 0 && room.step === {step}")
    after = host.state()["self_peer"]
    assert after != before, "a reloaded page is a new transport peer"
    # The guest took the new peer as its host only once it proved the same key, and reclaimed its seat.
    guest.wait_for(f"room.host_peer === {json.dumps(after)} && room.seat === 1 && room.step === {step}")
    host.page.locator("#room .seat-state", has_text="away").wait_for(state="detached", timeout=WAIT_MS)
    play([host, guest], perfect_moves())
    assert_verified([host, guest])
    assert assert_nothing_leaked({1: guest.received()}) > 0


def test_a_room_link_with_wrong_network_settings_says_what_is_wrong_not_what_broke(open_app):
    found = invite.Invite("r00m1d00", "p4ssw0rd00", False, HostIdentity.new(os.urandom).key_id)
    guest = open_app(open_app.home.replace("ice=none", "ice=none&via=pigeon") + invite.fragment(found))
    status = guest.page.locator("#room-status")
    status.filter(has_text='The setting via=pigeon must be "any" or "relay". Ask for the link again.').wait_for()
    assert guest.message() == "", "no library's error text, nor the generic one"


def test_a_guest_is_told_when_the_host_has_gone_for_good(open_app, new_context, site_url):
    """A minute after the host left, the guest is told it has gone and may leave (its clock is fast-forwarded)."""
    host, link = create_room(open_app, "concentration", 2, pairs="8")
    context = new_context()
    context.grant_permissions(["microphone", "camera"], origin=site_url.rstrip("/"))
    context.add_init_script(TAP)
    context.clock.install()  # time flows as usual until the test moves it on
    guest = join(open_app, link, "Ben", seat=1, context=context)
    host.page.close(run_before_unload=True)
    status = guest.page.locator("#room-status")
    status.filter(has_text="waiting for them to come back").wait_for(timeout=WAIT_MS)
    context.clock.fast_forward(61_000)
    status.filter(has_text="has not come back").wait_for(timeout=WAIT_MS)
    guest.page.click('#room [data-command="room-leave"]')
    guest.page.locator("#room").wait_for(state="hidden", timeout=WAIT_MS)


def test_the_host_moves_to_another_device_with_its_room_file(open_app):
    """The host saves the room to a file and leaves; on another profile it opens its link, picks the file,
    and is the same host: the guest verifies it and reclaims its seat, and the game goes on.

    The picker is opened while the page connects and answered after: the status changing in between
    must not take the picker's input away."""
    host, link = create_room(open_app, "concentration", 2, pairs="8")
    guest = join(open_app, link, "Ben", seat=1)
    start(host, [host, guest])
    play([host, guest], perfect_moves(), until=lambda: host.state()["step"] >= 6)
    step, host_link = host.state()["step"], host.page.url
    host.page.click("#room .room-fold summary")
    with host.page.expect_download() as download:
        host.page.click('#room [data-command="room-export"]')
    saved = download.value.path().read_text()
    host.page.close(run_before_unload=True)
    guest.page.locator("#room-status", has_text="The host has left").wait_for(timeout=WAIT_MS)

    # The host opens the file picker while its page is still connecting, and picks the file once it is connected.
    moved = open_app(host_link)
    held = []  # the room's network code, held back once: the page stays "Connecting…" with no transport
    moved.page.route("**/static/vendor/net/transport.js", lambda route: held.append(route), times=1)
    moved.page.goto("about:blank")  # the page has made its link a guest's: open the host's link again
    moved.page.goto(host_link)
    with moved.page.expect_file_chooser(timeout=WAIT_MS) as chooser:
        moved.page.click("#room-import input[data-room-import]", timeout=BOOT_MS)
    assert moved.state()["self_peer"] is None and moved.page.locator("#room-status").text_content() == "Connecting…"
    held[0].continue_()
    moved.wait_for("room.self_peer !== null")  # in the room, looking for the host (gone: this page is it)
    with moved.page.expect_navigation(timeout=WAIT_MS):  # the page reloads as the room's host
        chooser.value.set_files(files=[{"name": "room.json", "mimeType": "application/json", "buffer": saved.encode()}])
    moved.page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    moved.wait_for(f"room.role === 'host' && room.seat === 0 && room.step === {step}")
    guest.wait_for(f"room.host_peer === {json.dumps(moved.state()['self_peer'])} && room.seat === 1")
    play([moved, guest], perfect_moves())
    assert_verified([moved, guest])


def test_a_guest_verifies_the_host_and_refuses_an_impostor(open_app, open_peer, relay_url):
    """The guest takes orders only from the peer that proves the link's key; another peer in the room cannot.

    The impostor is a bare transport page in the same room (it has the link, as any guest has): it
    forwards the guest's knock to the real host and the host's answer back, answers with a key of its
    own, and sends orders in the clear and sealed with made-up keys.
    """
    host, link = create_room(open_app, "concentration", 2, pairs="8")
    guest = join(open_app, link, "Ben", seat=1)
    found = invite.parse_fragment(urlsplit(link).fragment)
    host_id, guest_id = host.state()["self_peer"], guest.state()["self_peer"]
    assert guest.state()["host_peer"] == host_id
    from_host = [text for text in guest.received() if "identity" in text or text.startswith("~")]
    assert json.loads(from_host[0])["type"] == "identity" and all(text.startswith("~") for text in from_host[1:])

    impostor = open_peer(f"relay={relay_url}&ice=none")
    impostor.open("nostr", found.room, found.key)
    impostor.wait_for("join", guest_id)
    impostor.wait_for("join", host_id)
    impostor.wait_until(f"(log) => log.some((e) => e[0] === 'msg' && e[1] === {json.dumps(guest_id)})")
    knock = json.loads(next(text for sender, text in impostor.messages() if sender == guest_id))
    assert knock["type"] == "knock"
    # 1. The real host's answer to the guest's knock, forwarded from the impostor's own link to the host:
    # signed for the impostor's connection, so refused. A refused answer uses the knock up.
    impostor.send(host_id, json.dumps(knock))
    impostor.wait_until(f"(log) => log.some((e) => e[0] === 'msg' && e[1] === {json.dumps(host_id)})")
    forwarded = next(text for sender, text in impostor.messages() if sender == host_id)
    assert json.loads(forwarded)["type"] == "identity"
    impostor.send(guest_id, forwarded)
    guest.wait_for("room.refused >= 1")
    # 2. Its own key, properly signed for this very connection (refused for the key, in tests/net/test_trust.py).
    fields, _ = HostIdentity.new(os.urandom).answer(
        found.room, impostor.id, guest_id, knock["nonce"], knock["share"], os.urandom
    )
    impostor.send(guest_id, encode("identity", **fields))
    # 3. Orders in the clear, and sealed with keys it made up.
    lobby = encode("lobby", phase="lobby", game="cambio", players=2, options={}, seats=[], you=None)
    impostor.send(guest_id, lobby)
    impostor.send(guest_id, sealed_with(MADE_UP, lobby))
    guest.wait_for("room.refused >= 4")
    state = guest.state()
    assert state["host_peer"] == host_id and state["seat"] == 1 and state["phase"] == "lobby" and not state["errors"]
    # The room goes on with the real host.
    start(host, [host, guest])
    play([host, guest], perfect_moves())
    assert_verified([host, guest])


CAMBIO = presenter_for("cambio")
QUIET = ("snap", "cambio")  # the moves the snap test's driver leaves alone


class Devices:
    """What the test can read of a browser room's devices, as tests/net's ``Truth`` reads an in-memory room: the
    host (loaded from its page's save) and every page's sealing seed, kept in its storage. No page holds them all:
    only the test may put them together."""

    def __init__(self, host: Peer, guests: list[Peer]):
        room = host.state()["room"]
        stored = "(key) => localStorage.getItem(key)"
        self.host = Host.load(host.page.evaluate(stored, f"face-down/room/{room}/host"), 0)
        records = [json.loads(guest.page.evaluate(stored, f"face-down/room/{room}/seat")) for guest in guests]
        self._seals = [record["evidence"]["seal"] for record in records]

    def seals(self) -> list[str]:
        """Every sealing seed: the guests' pages' and the host's."""
        return [*self._seals, self.host.party.seed]


def common_right_snap(host: Peer, guests: list[Peer], states: list[dict]) -> tuple[int, int, int] | None:
    """A card both guests may snap, that is right to snap (its rank is the graveyard top's), if there is one, with
    the state id the guests saw it at. The test reads the true cards from every device's seed for this: the
    players themselves could not know it."""
    match, faces = Truth(Devices(host, guests)).reference()
    state = match.state()
    if match.race_window() is None or not state["graveyard"] or any(s["step"] != match.step for s in states):
        return None
    top = rank(faces.get(state["graveyard"][-1], state["graveyard"][-1]))
    offered = [{(a["owner"], a["slot"]) for a in s["legal"] if a["type"] == "snap"} for s in states]
    if any(a["type"] not in QUIET for s in states for a in s["legal"]):
        return None  # a guest in the middle of its own turn would not race
    for owner, slot in sorted(offered[0] & offered[1]):
        card = state["hands"][owner][slot]
        if card is not None and rank(faces.get(card, card)) == top:
            return owner, slot, match.step
    return None


# Everything the host's page holds of the game: its engine's copy (state, every seat's events and view, the faces
# its card source knows by card), its room save, its storage and its DOM. (The deck's make-up, which every device
# knows, is left out: what must stay hidden is which card is where.)
HOST_HOLDS = """
import json, __main__
control = __main__.app._rooms.control
match = control.host.sequencer.replica.match
seats = range(match.players)
held = {
    "state": match.state(),
    "events": [match.events(seat) for seat in seats],
    "views": [match.view(seat) for seat in seats],
    "known": match.cards.faces,
    "save": control.host.save(),
}
json.dumps(held)
"""


def faces_in(text: str, faces: set[str]) -> set[str]:
    """The card ids of ``faces`` that ``text`` holds as a whole string (quoted, as JSON, repr and HTML hold one)."""
    return {face for face in faces if f'"{face}"' in text or f"'{face}'" in text}


def test_a_hosts_page_holds_no_face_it_was_not_shown_mid_game(open_app):
    """Mid-game, the host's page (its engine's copy of the game, its save, its storage, its DOM) holds the faces of
    the cards its seat was shown, and not one of the others: the guest's peeked cards, the deck's."""
    host, link = create_room(open_app, "cambio", 2)
    guest = join(open_app, link, "Ben", seat=1)
    start(host, [host, guest])
    play([host, guest], random_moves(random.Random(4)), until=lambda: host.state()["step"] >= 8)
    truth = Truth(Devices(host, [guest]))
    party = truth.replica.seating.party_of(0)
    hidden = truth.hidden(party)
    _, faces = truth.reference()
    shown = {faces[ref] for ref in truth.shown(party) if ref in faces}
    engine = json.loads(host.page.evaluate("(code) => faceDownPython(code)", HOST_HOLDS))
    assert set(engine["known"]) <= truth.shown(party), "its card source knows only the cards it was shown"
    storage = host.page.evaluate("JSON.stringify(Object.entries(localStorage))")
    held = json.dumps(engine) + storage + host.page.content()
    assert faces_in(held, shown), "the check sees the faces the host was shown"
    assert len(hidden) >= 20, "much of the deck is hidden from the host"
    assert not faces_in(held, hidden), f"the host's page holds {sorted(faces_in(held, hidden))}"


def test_a_guests_own_card_shows_its_face_at_once_and_the_hosts_card_flips_in(open_app):
    # App.room_update: the host's answer to this page's own move draws its card face up (as a local move is);
    # a card anyone else turns up flips in.
    host, link = create_room(open_app, "concentration", 2, first_player='"first seat"')
    guest = join(open_app, link, "Ben", 1)
    start(host, [host, guest])
    guest.page.evaluate(COUNT_FLIPS_IN)
    host.page.locator(CHOICES).first.click()  # the host moves first
    guest.page.wait_for_function("window.flipsIn > 0", timeout=WAIT_MS)
    while not guest.page.locator(CHOICES).count():  # the host moves on until the guest's turn
        if host.page.locator(CHOICES).count():
            host.page.locator(CHOICES).first.click()
        guest.page.wait_for_timeout(20)
    flips_in, step = guest.page.evaluate("window.flipsIn"), guest.state()["step"]
    place = guest.page.locator(CHOICES).first.get_attribute("data-pos")
    guest.page.locator(CHOICES).first.click()
    guest.wait_for(f"room.step > {step}")
    spot = guest.page.locator(f'#table [data-pos="{place}"]')
    assert "face down" not in spot.get_attribute("aria-label")
    assert "fd-flip-in" not in spot.get_attribute("class")
    assert guest.page.evaluate("window.flipsIn") == flips_in


def test_two_guests_snap_the_same_card_and_only_the_first_counts(open_app):
    host, link = create_room(open_app, "cambio", 3)
    guests = [join(open_app, link, name, seat) for seat, name in ((1, "Ben"), (2, "Cleo"))]
    start(host, [host, *guests])
    rng = random.Random(9)
    for _ in range(400):
        states = [guest.state() for guest in guests]
        assert not host.page.locator(OVER).count(), "the game ended before two guests could race for a snap"
        found = common_right_snap(host, guests, states)
        if found is not None:
            break
        # Move the game on by whoever may, with a move that neither snaps nor calls Cambio (which ends rounds).
        movers = []
        for peer in (host, *guests):
            peer_state = peer.state()
            quiet = [index for index, action in enumerate(peer_state["legal"]) if action["type"] not in QUIET]
            if quiet:
                movers.append((peer, peer_state["legal"], quiet, peer_state["step"]))
        if not movers:
            host.page.wait_for_timeout(20)
            continue
        peer, legal, quiet, step = rng.choice(movers)
        click_action(peer.page, CAMBIO, legal, rng.choice(quiet))
        peer.wait_for(f"room.step > {step} || room.errors.length > 0")
    else:
        pytest.fail("no window opened on a card both guests could snap")

    # Both click the same card at the same moment (each page's own timer), before either hears of the other.
    owner, slot, step = found
    at = host.page.evaluate("Date.now()") + 300
    for guest in guests:
        guest.page.evaluate(
            """([place, at]) => { setTimeout(() => document.querySelector(`#table [data-pos="${place}"]`).click(),
                                             at - Date.now()); }""",
            [f"hand-{owner}-{slot}", at],
        )
    for guest in guests:
        guest.wait_for(f"room.step > {step} || room.errors.length > 0")
    host.wait_for(f"room.step > {step}")
    # The later snap comes while the first one's card is being turned up ("busy"), or after it ("too late").
    refused = {"too_late": "Too late", "busy": "try again in a moment"}
    late = [guest for guest in guests if any(error["code"] in refused for error in guest.state()["errors"])]
    assert len(late) == 1, [guest.state()["errors"] for guest in guests]
    (loser,) = late
    (winner,) = [guest for guest in guests if guest is not loser]
    code = next(error["code"] for error in loser.state()["errors"] if error["code"] in refused)
    assert refused[code] in loser.message()
    snaps = [entry for entry in host_history(host)[step:] if entry[1]["type"] == "snap"]
    assert snaps == [[1 + guests.index(winner), {"type": "snap", "owner": owner, "slot": slot}]]
