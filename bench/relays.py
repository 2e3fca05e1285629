"""The relay lab: rooms through the Nostr relays people actually run, and phones that put the tab to sleep.

Every room here goes through the relays alone (``via=relay``), as between two networks WebRTC cannot cross, and
each peer is the app in its own browser profile, played through the page (tests/browser/rooms_driver.py):

1. **a relay nobody here wrote**: nostr-relay from pip with its own defaults (tools/relays.py: 4,096 characters
   of content at most, a limit it does not publish). Every game for three, Concentration with 26 pairs for three
   and with 12 for two, played to the end; a page nearby counts every event the relay carries, and nostr-relay's
   own log counts what it refused;
2. **a hostile but realistic mix**: one relay down (nothing listens), nostr-relay with its 4 kB limit, one that
   rate-limits (tools/relay.mjs ``--rate``), one that drops a share of the events it is sent (``--drop``), one that
   answers ``auth-required`` to everything (``--auth``). The same rooms, played to the end through them;
3. **a relay that loses events**, alone (``--drop 0.15``: 15% of the events it is sent go nowhere): Concentration
   for two played to the end all the same, by the room's links sending again what was lost (the handshake, whose
   knocks travel outside the links, takes a few tries);
4. **a sleeping phone**: the host's page, then a guest's, frozen for real for 90 s, on a direct channel and through
   the relays (tests/browser/sleep.py): how long the guest takes to catch up once it wakes.

Rows: each game's time to play to the end (and its moves, and what the pages sent again); the largest event sent
(against nostr-relay's 4,096); the events and bytes the relays carried per move (each event once, as a subscriber
gets it); the catch-up times. ``BENCH_QUICK=1`` (the smoke test) plays Concentration for two alone (the other
rooms' rows say so), and sleeps 20 s through the relay only.

    python -m bench.run --only relays
"""

from __future__ import annotations

import random
import socket
import tempfile
import time
from pathlib import Path

from bench.report import AT_MOST, figure, target
from tests.browser.rooms_driver import (
    OVER,
    READY,
    Peer,
    assert_verified,
    create_room,
    join,
    perfect_moves,
    play,
    random_moves,
    start,
)
from tests.browser.sleep import Sleeper, sleep_through_a_game
from tools.chromium import CHROMIUM, FLAGS, RTC_FLAGS
from tools.relays import ThirdPartyRelay, project_relay

BOOT_MS = 90_000
NOSTR_RELAY_CONTENT = 4096
SLEEP_S, QUICK_SLEEP_S = 90, 20
# (label, game, players, options): every game for three, and Concentration as the issue tried it.
ROOMS = [
    ("Concentration, 26 pairs, 3 players", "concentration", 3, {"pairs": "26"}),
    ("Concentration, 12 pairs, 2 players", "concentration", 2, {"pairs": "12"}),
    ("Deluxe Memory, 3 players", "deluxe-memory", 3, {}),
    ("Cambio, 3 players", "cambio", 3, {}),
    ("Matches, 3 players", "matches", 3, {}),
    ("Paved with Gold, 3 players", "paved-with-gold", 3, {}),
]
MIX_ROOMS = ROOMS  # every game for three, and Concentration for two
QUICK_ROOMS = [ROOMS[1]]  # the smoke test's: the others' rows say they are not in the quick run
LOSSY_ROOM = ROOMS[1]
PATHS = ("direct", "relay")
NAMES = ["Ben", "Cleo"]
# Every event of the relay from now on, once each, with the length of its frame, as a subscriber sees them.
OVERHEAR = """(url) => new Promise((ready) => {
  window.overheard = new Map();
  const socket = new WebSocket(url);
  socket.onopen = () => {
    socket.send(JSON.stringify(["REQ", "all", { since: Math.floor(Date.now() / 1000) - 5 }]));
    ready();
  };
  socket.onmessage = ({ data }) => {
    const [type, , event] = JSON.parse(data);
    if (type === "EVENT") overheard.set(event.id, { frame: data.length, content: event.content.length });
  };
})"""
TAKE_OVERHEARD = "() => { const seen = [...overheard.values()]; overheard.clear(); return seen; }"


class Opener:
    """Opens the app as a room peer, each in a browser context of its own (rooms_driver's ``open_app``)."""

    def __init__(self, browser, site_url: str, home: str):
        self.browser, self.origin, self.home = browser, site_url.rstrip("/"), home
        self.contexts = []

    def __call__(self, url: str, context=None) -> Peer:
        if context is None:
            context = self.browser.new_context(service_workers="block")
            context.grant_permissions(["microphone", "camera"], origin=self.origin)
            self.contexts.append(context)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
        return Peer(page)

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def play_room(browser, site_url: str, relays: list[str], listen: str, label: str, game: str, players: int, options):
    """One room through ``relays`` alone, played to the end; what the relay at ``listen`` carried, and the pages'
    counts. Never raises for the room: a room that did not finish says why."""
    home = f"{site_url}?relay={','.join(relays)}&ice=none&via=relay&speed=instant&look=0"
    opener = Opener(browser, site_url, home)
    found = {"label": label, "ended": False, "moves": 0, "seconds": None, "events": [], "resent": 0, "error": ""}
    try:
        listener = browser.new_context().new_page()
        opener.contexts.append(listener.context)
        listener.evaluate(OVERHEAR, listen)
        host, link = create_room(opener, game, players, **options)
        guests = [join(opener, link, NAMES[seat - 1], seat) for seat in range(1, players)]
        peers = [host, *guests]
        start(host, peers)
        listener.evaluate(TAKE_OVERHEARD)  # the moves' events only, from here
        started = time.monotonic()
        mover = perfect_moves() if game == "concentration" else random_moves(random.Random(label))
        found["moves"] = play(peers, mover)
        found["seconds"] = time.monotonic() - started
        found["events"] = listener.evaluate(TAKE_OVERHEARD)
        assert_verified(peers)
        found["resent"] = sum(peer.state()["links"]["resent"] for peer in peers)
        found["ended"] = all(peer.page.locator(OVER).count() for peer in peers)
    except Exception as error:  # a room that did not finish is a row that says so, not a lab that stops
        found["error"] = f"{type(error).__name__}: {str(error)[:200]}"
    finally:
        opener.close()
    return found


def nowhere() -> str:
    """The URL of a relay that is down: a port of 127.0.0.1 nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"ws://127.0.0.1:{probe.getsockname()[1]}"


def refusals(relay: ThirdPartyRelay) -> int:
    """How many events nostr-relay refused (each slows its connection: 2 s, then 4, 8...)."""
    return sum("Throttling" in line for line in relay.log.read_text().splitlines())


class Console:
    """A stand-in for the tests' watch (tests/browser/conftest.py): the lab notes page errors instead of failing."""

    def __init__(self):
        self.errors: list[str] = []

    def follow(self, context) -> None:
        context.on("page", lambda page: page.on("console", self._noted))

    def _noted(self, message) -> None:
        if message.type == "error":
            self.errors.append(message.text)


def sleeps(chromium, site_url: str, relay_url: str, sleep_s: float, paths: tuple[str, ...]) -> dict[str, dict]:
    """The host then the guest asleep ``sleep_s`` each, on each of ``paths`` (a direct channel, the relay)."""
    results = {}
    for via in paths:
        home = f"{site_url}?relay={relay_url}&ice=none&speed=instant&look=0" + ("&via=relay" if via == "relay" else "")
        with tempfile.TemporaryDirectory() as profiles:
            try:
                with (
                    Sleeper(chromium, Path(profiles) / "host", Console(), site_url.rstrip("/")) as host,
                    Sleeper(chromium, Path(profiles) / "guest", Console(), site_url.rstrip("/")) as guest,
                ):
                    results[via] = sleep_through_a_game(host, guest, home, sleep_s)
            except Exception as error:
                results[via] = {"error": f"{type(error).__name__}: {str(error)[:200]}"}
    return results


def lab(playwright, site_url: str, quick: bool) -> dict:
    """The whole lab; its findings for :func:`rows`."""
    rooms = QUICK_ROOMS if quick else ROOMS
    mix_rooms = QUICK_ROOMS if quick else MIX_ROOMS
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[*FLAGS, *RTC_FLAGS])
    findings: dict = {"alone": {}, "mix": {}}
    try:
        with tempfile.TemporaryDirectory() as directory:
            relay = ThirdPartyRelay(Path(directory) / "nostr-relay")
            try:
                before = refusals(relay)
                for label, game, players, options in rooms:
                    _say(f"relays: {label} through nostr-relay alone")
                    found = play_room(browser, site_url, [relay.url], relay.url, label, game, players, options)
                    findings["alone"][label] = found
                findings["refused"] = refusals(relay) - before
                if not quick:
                    label, game, players, options = LOSSY_ROOM
                    _say(f"relays: {label} through a relay that loses 15% of the events")
                    with project_relay("--drop", "0.15") as dropping:
                        found = play_room(browser, site_url, [dropping], dropping, label, game, players, options)
                    findings["lossy"] = found
                with (
                    project_relay("--rate", "5") as limiting,
                    project_relay("--drop", "0.3") as dropping,
                    project_relay("--auth") as asking,
                ):
                    mix = [nowhere(), relay.url, limiting, dropping, asking]
                    for label, game, players, options in mix_rooms:
                        _say(f"relays: {label} through the mix")
                        found = play_room(browser, site_url, mix, relay.url, label, game, players, options)
                        findings["mix"][label] = found
            finally:
                relay.stop()
        with project_relay() as relay_url:
            _say("relays: the host, then the guest, asleep")
            sleep_s, paths = (QUICK_SLEEP_S, PATHS[1:]) if quick else (SLEEP_S, PATHS)
            findings["sleeps"] = sleeps(playwright.chromium, site_url, relay_url, sleep_s, paths)
    finally:
        browser.close()
    findings["sleep_s"] = QUICK_SLEEP_S if quick else SLEEP_S
    return findings


ALONE = "relay lab, nostr-relay alone"
LOSSY = "relay lab, one relay losing 15% of the events, alone"
MIX = "relay mix (down, 4 kB, rate-limiting, dropping, auth)"


def _room_row(prefix: str, label: str, found: dict | None) -> dict:
    name = f"{prefix}: {label}, played to the end"
    if found is None:
        return figure(name, None, "s", note="not in the quick run")
    if not found["ended"]:
        return figure(name, None, "s", note=found["error"] or "not ended")
    return figure(name, found["seconds"], "s", note=f"{found['moves']} moves; {found['resent']} messages sent again")


def rows(findings: dict) -> list[dict]:
    """The lab's rows: each room's time to its end, the largest event, events and bytes per move, catch-up times."""
    alone, mix = findings["alone"], findings["mix"]
    result = [_room_row(ALONE, label, alone.get(label)) for label, *_ in ROOMS]
    events = [event for found in alone.values() for event in found["events"]]
    moves = sum(found["moves"] for found in alone.values())
    largest = max((event["content"] for event in events), default=None)
    result += [
        figure(
            "relay lab: largest event sent (content, characters)",
            largest,
            "chars",
            target(AT_MOST, NOSTR_RELAY_CONTENT),
            f"nostr-relay's limit; it refused {findings['refused']} events",
        ),
        figure("relay lab: events per move (all pages)", len(events) / moves if moves else None, "events"),
        figure(
            "relay lab: bytes per move (all pages, EVENT frames)",
            sum(event["frame"] for event in events) / moves if moves else None,
            "bytes",
        ),
    ]
    result.append(_room_row(LOSSY, LOSSY_ROOM[0], findings.get("lossy")))
    result += [_room_row(MIX, label, mix.get(label)) for label, *_ in MIX_ROOMS]
    for via in PATHS:
        found = findings["sleeps"].get(via, {"error": "not in the quick run"})
        note = found.get("error") or f"the guest, from waking to the host's state, after {findings['sleep_s']} s asleep"
        name = f"frozen page catches up after 90 s asleep ({via})"
        result.append(figure(name, found.get("catch_up_s"), "s", note=note))
    return result


def _say(text: str) -> None:
    print(text, flush=True)


def row_names() -> list[str]:
    """The names of the lab's rows, in order (the smoke test checks each comes out)."""
    return [row["name"] for row in rows({"alone": {}, "mix": {}, "refused": 0, "sleeps": {}, "sleep_s": SLEEP_S})]
