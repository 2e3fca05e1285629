"""A phone that puts the tab to sleep: a page frozen for real, as Chromium freezes a hidden tab (PLATFORM.md), and
the room run that puts the host's page, then a guest's, to sleep (tests/browser/test_sleep.py; bench/relays.py runs
it with longer sleeps).

Chromium freezes a page (``Page.setWebLifecycleState``) only if it counts it as hidden, and every page Playwright
opens itself stays visible: so a page that is to sleep gets a Chromium of its own, started here and attached with
``connect_over_cdp(no_defaults=True)`` (no focus emulation on its default profile), and is hidden behind a blank tab
before it is frozen. Each freeze is checked: the page's timers stop and its ``freeze`` event fires; and so is the
wake-up (``resume``). Its WebSockets close meanwhile, as on a phone; a direct WebRTC channel stays open, silent.

    with Sleeper(browser.browser_type, tmp_path, watch, origin) as sleeper:
        page = sleeper.page                    # lend it to the room test, as any other peer's page
        sleeper.freeze(); ...; sleeper.wake()

    measured = sleep_through_a_game(host_sleeper, guest_sleeper, home, sleep_s=20)
"""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

from tools.chromium import CHROMIUM, FLAGS, RTC_FLAGS, TEST_FLAGS
from tools.orphans import end_with_parent

from .driver import CHOICES
from .rooms_driver import READY, WAIT_MS, Peer, assert_verified, choose, host_history, perfect_moves, play

START_LIMIT_S = 30
BLANK = "about:blank"  # its first tab: Chromium's new-tab page would load chrome:// resources
FROZEN_SOCKET = "failed: Page entered Back-Forward Cache."
BOOT_MS = 120_000  # a first visit: Python boots without a snapshot, two pages at once on two cores
# The page counts its timer's ticks and its lifecycle events, so that a test can see the freeze take.
PROBE = """() => {
  window.__sleep = { ticks: 0, froze: 0, resumed: 0 };
  setInterval(() => __sleep.ticks++, 100);
  document.addEventListener("freeze", () => __sleep.froze++);
  document.addEventListener("resume", () => __sleep.resumed++);
}"""


class Sleeper:
    """A Chromium of its own with one page that can be put to sleep and woken."""

    def __init__(self, chromium, profile: Path, watch, origin: str):
        profile.mkdir(parents=True, exist_ok=True)
        command = [CHROMIUM, *FLAGS, *RTC_FLAGS, *TEST_FLAGS, "--remote-debugging-port=0", f"--user-data-dir={profile}"]
        self.process = subprocess.Popen(
            [*command, BLANK],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=end_with_parent,
        )
        try:
            endpoint = self._endpoint()
            self.browser = chromium.connect_over_cdp(endpoint, no_defaults=True)
        except BaseException:
            self.close()
            raise
        self.context = self.browser.contexts[0]
        watch.follow(self.context)
        self._watch = watch
        # Without camera and microphone permission Chromium gathers no ICE candidates (PLATFORM.md).
        self.context.grant_permissions(["microphone", "camera"], origin=origin)
        self.page = self.context.new_page()
        self._cover = None

    def _endpoint(self) -> str:
        deadline = time.monotonic() + START_LIMIT_S
        for line in self.process.stderr:
            found = re.search(r"DevTools listening on (ws://\S+)", line)
            if found:
                self.process.stderr.close()  # nothing else is read from it: Chromium must not block on a full pipe
                return found.group(1)
            if time.monotonic() > deadline:
                break
        raise RuntimeError("Chromium did not say where its DevTools listen")

    def freeze(self) -> None:
        """Hide the page behind a blank tab and freeze it."""
        self.page.evaluate(PROBE)
        self._cover = self.context.new_page()
        self._cover.bring_to_front()
        assert self.page.evaluate("document.visibilityState") == "hidden", "a visible page is never frozen"
        self._ticks = self.page.evaluate("__sleep.ticks")
        self._session = self.context.new_cdp_session(self.page)
        self._session.send("Page.setWebLifecycleState", {"state": "frozen"})
        self._frozen_at = time.monotonic()

    def asleep_for(self) -> float:
        """How long the page has been frozen (s)."""
        return time.monotonic() - self._frozen_at

    def wake(self) -> float:
        """Unfreeze the page and bring it to the front again, as when its owner comes back to the app; fail unless
        the freeze took (its timer stood still, and it heard ``freeze`` and ``resume``). Returns how long it slept."""
        self._session.send("Page.setWebLifecycleState", {"state": "active"})
        slept = time.monotonic() - self._frozen_at
        self.page.bring_to_front()
        self._cover.close()
        # Chromium reports each WebSocket a frozen page loses as a console error: that is the freeze, not a fault.
        self._watch.errors[:] = [error for error in self._watch.errors if FROZEN_SOCKET not in error]
        state = self.page.evaluate("__sleep")
        assert state["froze"] >= 1 and state["resumed"] >= 1, f"no freeze and resume events: {state}"
        assert state["ticks"] - self._ticks < slept * 10 / 4, f"its timer ran while it slept: {state}"
        return slept

    def close(self) -> None:
        """Close the browser and end its process."""
        try:
            if getattr(self, "browser", None) is not None:
                self.browser.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    def __enter__(self) -> Sleeper:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_room(host: Peer, guest: Peer, home: str) -> None:
    """The host creates a Concentration room for two from its page, the guest joins by the link, the host starts."""
    host.page.goto(home)
    host.page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    choose(host.page, "concentration", 2, pairs="8")
    host.page.fill('#picker input[name="names"]', "Hana")
    host.page.click('[data-command="room-create"]')
    link = host.page.locator("#room-link").input_value(timeout=WAIT_MS)
    guest.page.goto(link.replace("?", "?look=0&", 1))
    guest.page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    guest.wait_for("room.connected && room.seat === 1")
    host.page.click('#room [data-command="room-start"]:not([disabled])', timeout=WAIT_MS)
    for peer in (host, guest):
        peer.wait_for("room.phase === 'playing'")


def seat_state(peer: Peer, seat: int, text: str):
    """The seat's state in the room panel (folded away during a game, so only attached), once it says ``text``."""
    locator = peer.page.locator(f'#room .seat[data-seat="{seat}"] .seat-state', has_text=text)
    locator.wait_for(state="attached", timeout=WAIT_MS)
    return locator


def sleep_through_a_game(host_sleeper: Sleeper, guest_sleeper: Sleeper, home: str, sleep_s: float) -> dict:
    """Concentration for two from ``home``: the host sleeps ``sleep_s`` while the guest moves, then the guest sleeps
    while the host moves, then the game is played out. Fails unless the guest is told the host left (its seat too),
    its move is played exactly once when the host wakes, the sleeping guest's seat is shown away and catches up
    when it wakes, a direct channel comes back on the direct path, and both pages verify the deal. Returns the
    seconds each sleeper slept and how long the game took to go on once the guest woke."""
    host, guest = Peer(host_sleeper.page), Peer(guest_sleeper.page)
    direct = "via=relay" not in home
    open_room(host, guest, home)
    peers = [host, guest]
    if direct:
        guest.wait_for("room.path === 'direct'")

    # The host sleeps; the guest is told it left, and moves meanwhile: the move is played once, when it wakes.
    play(peers, perfect_moves(), until=lambda: bool(guest.state()["legal"]))
    step = guest.state()["step"]
    host_sleeper.freeze()
    guest.page.locator("#room-status", has_text="The host has left").wait_for(timeout=WAIT_MS)
    seat_state(guest, 0, "away")
    guest.page.locator(CHOICES).first.click()
    time.sleep(max(0.0, sleep_s - host_sleeper.asleep_for()))
    host_slept = host_sleeper.wake()
    guest.wait_for(f"room.step > {step}")
    history = host_history(host)
    assert len(history) == step + 1 and history[step][0] == 1, "the guest's move, played once"
    guest.page.locator("#room-status", has_text="Connected").wait_for(timeout=WAIT_MS)
    seat_state(guest, 0, "here")
    if direct:
        guest.wait_for("room.path === 'direct'")  # a direct channel again, after the relays while the host slept

    # The guest sleeps; the host moves meanwhile. The card it turns up opens only with every device's share, so
    # the host's page says whose device it waits for; the sleeper catches up and sends its share as soon as it wakes.
    play(peers, perfect_moves(), until=lambda: bool(host.state()["legal"]))
    guest_sleeper.freeze()
    seat_state(host, 1, "away")
    while not host.state()["waiting"]:  # a card turned up before opens at once; a new one waits for the sleeper
        assert host.page.locator(CHOICES).count(), "the host's turn ended before it turned up a new card"
        before = host.state()["step"]
        host.page.locator(CHOICES).last.click()
        host.wait_for(f"room.step > {before} || room.waiting.length > 0")
    moved = host.state()["step"]
    host.page.locator("#room-status", has_text="Waiting for seat 2's device").wait_for(timeout=WAIT_MS)
    time.sleep(max(0.0, sleep_s - guest_sleeper.asleep_for()))
    guest_slept = guest_sleeper.wake()
    woke = time.monotonic()
    host.wait_for(f"room.step > {moved}")
    guest.wait_for(f"room.step === {host.state()['step']}")
    caught_up = time.monotonic() - woke
    seat_state(host, 1, "here")
    if direct:
        guest.wait_for("room.path === 'direct'")

    play(peers, perfect_moves())
    assert_verified(peers)
    return {"host_slept_s": host_slept, "guest_slept_s": guest_slept, "catch_up_s": caught_up}
