"""The peer action round trip: from a click on one peer's table to its result painted on every peer.

Two peers, the host and one guest, each in its own browser context, play Concentration (26 pairs, so
a game lasts) in a room on loopback, over a direct WebRTC channel signaled through the local relay
(tools/relay.mjs), or with ``via="relay"`` through the relay itself, as two networks that WebRTC cannot
cross do (a third page then counts the relay's events and their bytes, as anyone connected to it sees them).
Whoever's turn it is clicks a random card, a reaction time after both pages showed the last move (as
bench/clicks.py does: a click right after a paint would also time the browser finishing that frame);
bench/rooms_probe.js times everything in the pages on the machine's clock, so times from the two pages
can be subtracted:

- **end to end**: the click's timestamp to the later of the two peers' next paint once its page
  shows the new state (``<html data-room-step>``, set by game/web/roomscreen.py);
- **network**: the time the move's messages spent between the peers, each leg received minus sent:
  for the guest's click, its move to the host plus the host's update back; for the host's own click
  (its move goes straight into the host object), the update to the guest. Messages are encrypted, so a
  leg is the first text its sender sent after the click (or after it received the move).

Use it with Playwright already started and the built site served (bench/run.py does both)::

    from bench import rooms
    figures = rooms.round_trip(playwright, site_url, clicks=200)            # or via="relay"
    # {"end_to_end_p50": ms, "end_to_end_p95": ms, "network_p50": ms, "network_p95": ms, "clicks": n}
    # and with via="relay": "events_per_move", "bytes_per_move"

The targets: direct, network p50 ≤ 10 ms and end to end p95 ≤ 50 ms; through the relay, end to end p95 ≤
250 ms (reported, not asserted).
"""

from __future__ import annotations

import contextlib
import random
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

from tests.browser.driver import CHOICES, OVER
from tools.chromium import CHROMIUM, FLAGS, RTC_FLAGS

from .clicks import REACTION_S
from .report import percentile

PROBE = Path(__file__).with_name("rooms_probe.js")
REPO = Path(__file__).resolve().parent.parent
WAIT_MS = 20_000
BOOT_MS = 90_000
VIEWPORT = {"width": 1000, "height": 900}
GAME = {"game": "concentration", "players": "2", "pairs": "26"}
RESET = "() => { for (const log of Object.values(window.__rooms)) if (Array.isArray(log)) log.length = 0; }"
PAINTED = "(step) => window.__rooms.paints.some(([painted]) => painted > step)"
# Every event the relay forwards from now on, counted with its size, as anyone connected to the relay sees them;
# TAKE_OVERHEARD reads the counts and starts them again.
OVERHEAR = """(url) => new Promise((ready) => {
  window.overheard = { events: 0, bytes: 0 };
  const socket = new WebSocket(url);
  const since = Math.floor(Date.now() / 1000);
  socket.onopen = () => { socket.send(JSON.stringify(["REQ", "all", { since }])); ready(); };
  socket.onmessage = ({ data }) => {
    if (!data.startsWith('["EVENT"')) return;
    overheard.events += 1;
    overheard.bytes += data.length;
  };
})"""
TAKE_OVERHEARD = "() => { const counted = { ...overheard }; overheard.events = overheard.bytes = 0; return counted; }"


@contextlib.contextmanager
def relay() -> Iterator[str]:
    """``node tools/relay.mjs`` on 127.0.0.1 while the block runs; yields its ws:// URL."""
    process = subprocess.Popen(["node", str(REPO / "tools" / "relay.mjs")], stdout=subprocess.PIPE, text=True)
    try:
        words = process.stdout.readline().split()
        if words[:1] != ["relay"]:
            raise RuntimeError(f"tools/relay.mjs did not start (it said {words!r})")
        yield words[1]
    finally:
        process.terminate()
        process.wait(timeout=10)


def round_trip(playwright, site_url: str, clicks: int = 200, seed: int = 0, via: str = "any") -> dict:
    """Time ``clicks`` moves across a two-peer room; p50 and p95 end to end and of the network part, in ms.

    With ``via="relay"`` the peers talk through the relay, and the relay's events and bytes per move are counted.
    """
    rng = random.Random(f"bench/rooms/{seed}")
    end_to_end: list[float] = []
    network: list[float] = []
    overheard = {"events": 0, "bytes": 0}
    with relay() as relay_url:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[*FLAGS, *RTC_FLAGS])
        try:
            home = f"{site_url}?relay={relay_url}&ice=none&via={via}&speed=instant&look=0"
            host, guest = _open_room(browser, site_url, home)
            # The eavesdropper has a browser context of its own: a second tab in the host's would hide the host's
            # page, whose frames then wait (a hidden tab paints about once a second).
            listener = browser.new_context().new_page() if via == "relay" else None
            if listener is not None:
                listener.evaluate(OVERHEAR, relay_url)
            while len(end_to_end) < clicks:
                if host.locator(OVER).count():
                    _play_again(host, guest)
                    continue
                if listener is not None:
                    listener.evaluate(TAKE_OVERHEARD)  # what came between moves (a new game's deal) is not a move's
                whole, wire = _one_move(host, guest, rng)
                end_to_end.append(whole)
                network.append(wire)
                if listener is not None:
                    for key, value in listener.evaluate(TAKE_OVERHEARD).items():
                        overheard[key] += value
        finally:
            browser.close()
    figures = {
        "end_to_end_p50": percentile(end_to_end, 0.5),
        "end_to_end_p95": percentile(end_to_end, 0.95),
        "network_p50": percentile(network, 0.5),
        "network_p95": percentile(network, 0.95),
        "clicks": len(end_to_end),
    }
    if via == "relay":
        # Each event is counted once per subscriber: the peers' own subscriptions get the same events again.
        figures.update(events_per_move=overheard["events"] / clicks, bytes_per_move=overheard["bytes"] / clicks)
    return figures


def _page(browser, site_url: str, url: str):
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    # Without camera and microphone permission Chromium gathers no ICE candidates (PLATFORM.md).
    context.grant_permissions(["microphone", "camera"], origin=site_url.rstrip("/"))
    context.add_init_script(path=str(PROBE))
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=BOOT_MS)
    page.evaluate("(selector) => { window.__rooms.measured = selector; }", CHOICES)
    return page


def _open_room(browser, site_url: str, home: str) -> tuple:
    """The host creates the room from its picker, the guest opens the link and sits, the host starts."""
    host = _page(browser, site_url, home)
    host.evaluate("document.getElementById('new-game').open = true")
    host.click(f'#picker label[for="game-{GAME["game"]}"]')
    fields = f'#picker fieldset[data-game="{GAME["game"]}"]'
    host.select_option(f'{fields} select[name="players"]', GAME["players"])
    host.select_option(f'{fields} select[name="pairs"]', GAME["pairs"])
    host.click('[data-command="room-create"]')
    link = host.locator("#room-link").input_value(timeout=WAIT_MS)
    guest = _page(browser, site_url, link.replace("?", "?look=0&", 1))
    guest.locator('#room .seat[data-seat="1"]', has_text="(you)").wait_for(timeout=WAIT_MS)  # seated on arrival
    _start(host, guest)
    return host, guest


def _start(host, guest) -> None:
    host.click('#room [data-command="room-start"]:not([disabled])', timeout=WAIT_MS)
    for page in (host, guest):
        page.wait_for_selector("#game:not([hidden]) #table .board", timeout=WAIT_MS)


def _play_again(host, guest) -> None:
    """After a game: back to the lobby with the same seats, and start the next."""
    host.click('#room [data-command="room-again"]', timeout=WAIT_MS)
    for page in (host, guest):
        page.wait_for_selector("#game", state="hidden", timeout=WAIT_MS)
    _start(host, guest)


def _one_move(host, guest, rng: random.Random) -> tuple[float, float]:
    """One random legal click by whoever may move; its (end to end, network) times in ms."""
    for page in (host, guest):
        page.evaluate(RESET)
    step = int(host.evaluate("document.documentElement.dataset.roomStep"))
    mover = None
    while mover is None:
        mover = next((page for page in (host, guest) if page.locator(CHOICES).count()), None)
        if mover is None:
            host.wait_for_timeout(5)
    time.sleep(rng.uniform(*REACTION_S))
    choices = mover.locator(CHOICES)
    choices.nth(rng.randrange(choices.count())).click()
    for page in (host, guest):
        page.wait_for_function(PAINTED, arg=step, timeout=WAIT_MS)
    logs = {page: page.evaluate("window.__rooms") for page in (host, guest)}
    clicked = logs[mover]["clicks"][-1]
    painted = max(min(at for seen, at in logs[page]["paints"] if seen > step) for page in logs)
    if mover is host:  # its move goes straight into the host object: one leg, the update to the guest
        return painted - clicked, _leg(logs[host], logs[guest], clicked)[0]
    move, arrived = _leg(logs[guest], logs[host], clicked)
    return painted - clicked, move + _leg(logs[host], logs[guest], arrived)[0]


def _leg(sender: dict, receiver: dict, after: float) -> tuple[float, float]:
    """The first text ``sender`` sent at or after ``after``: its time on the wire, and when it arrived.

    The room's messages are encrypted (game/net/channel.py), so a message is known by its order, not its type.
    """
    sent_at, text = next((at, text) for at, text in sender["sends"] if at >= after)
    arrived = next(at for at, received in receiver["received"] if received == text)
    return arrived - sent_at, arrived
