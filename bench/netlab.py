"""Rooms across real NAT routers: every pair of networks, how long a guest takes to sit, and a game played.

For each pair of router kinds (tools/netlab.py: a public address, a home router, a carrier-grade NAT, UDP
blocked), the host's browser in one home and the guest's in the other play a room through the page, as
people do: the host picks Concentration in the picker and creates the room, the guest opens the link and is
seated, the host starts, and both play the game to its end and check the shuffle. A pair runs twice:

- **as deployed today**: STUN only; a pair WebRTC cannot connect goes through the Nostr relay;
- **with TURN**: the deploy has a TURN server (the lab's coturn, on UDP and TCP), so WebRTC gets through.

"Seated" is the time from the guest's page being ready (the invite opened) to its seat being taken, and
"path" how the guest reaches the host (the transport's ``onPath``: direct, turn or relay).

    make netlab                                   # the whole matrix, both ways (bench.run's netlab section)
    python -m bench.netlab symmetric symmetric    # one pair (--turn: with the TURN server)
"""

from __future__ import annotations

import itertools
import sys
import time

from playwright.sync_api import sync_playwright

from bench.report import AT_MOST, figure, target
from tests.browser.rooms_driver import (
    READY,
    Peer,
    assert_verified,
    create_room,
    join,
    perfect_moves,
    play,
    start,
)
from tools.netlab import ROUTERS, Lab

BOOT_MS = 90_000
# The targets: a guest seated within 5 s of its invite page on a direct pair, 15 s where it falls back.
SEATED_DIRECT_S, SEATED_FALLBACK_S = 5, 15
MODES = {False: "STUN only", True: "with TURN"}
PAIRS = "8"  # Concentration's smallest table: a whole game in a few dozen moves


def play_pair(chromium, host_router: str, guest_router: str, turn: bool) -> dict:
    """Build the lab for one pair, play a room across it, and return what happened (never raises for the room).

    ``chromium`` is Playwright's browser type (``playwright.chromium``).
    """
    found = {"host": host_router, "guest": guest_router, "turn": turn, "seated_s": None, "path": None}
    started = time.monotonic()
    with Lab(host_router, guest_router) as lab:
        browsers = {side: lab.launch(chromium, side) for side in ("host", "guest")}
        try:
            found.update(play_room(browsers, f"{lab.site}?{lab.query(turn)}&speed=instant&look=0"))
        finally:
            for browser in browsers.values():
                browser.close()
    found["total_s"] = round(time.monotonic() - started, 1)
    return found


def play_room(browsers: dict, home: str) -> dict:
    """The host (in ``browsers["host"]``) creates a room at ``home``; the guest joins, both play to the end.

    Returns the seconds from the guest's page ready to its seat, its status and path then, the moves and the
    verdict; or the error, with the pages' room states and console lines to tell what went wrong.
    """
    console: list[str] = []
    pages: list[tuple[str, object]] = []
    ready: dict[str, float] = {}

    def open_app(url: str, context=None) -> Peer:
        side = "guest" if pages else "host"
        context = browsers[side].new_context(viewport={"width": 1000, "height": 900})
        # Without camera and microphone permission Chromium gathers no host candidates (PLATFORM.md).
        context.grant_permissions(["microphone", "camera"], origin=url.split("?")[0].rstrip("/"))
        page = context.new_page()
        page.on("console", lambda message: console.append(f"{side} {message.type}: {message.text[:300]}"))
        pages.append((side, page))
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
        ready[side] = time.monotonic()
        return Peer(page)

    open_app.home = home
    try:
        host, link = create_room(open_app, "concentration", 2, pairs=PAIRS)
        guest = join(open_app, link, "Ben", seat=1)
        seated = guest.state()
        seated_s = time.monotonic() - ready["guest"]
        start(host, [host, guest])
        moves = play([host, guest], perfect_moves())
        assert_verified([host, guest])
    except Exception as error:  # a pair that fails is a row of the table, not the end of the run
        rooms = [f"{side} room: {page.evaluate('faceDownRoom()')}" for side, page in pages]
        return {
            "error": f"{type(error).__name__}: {str(error).splitlines()[0][:300]}",
            "console": console[-30:] + rooms,
        }
    return {
        "seated_s": round(seated_s, 1),
        "status": seated["status"],
        "path": seated["path"],
        "path_at_end": guest.state()["path"],
        "moves": moves,
        "verified": True,
    }


def matrix(playwright, turn: bool, pairs=None) -> list[dict]:
    """Every pair of router kinds (host × guest), or just ``pairs``; one result each."""
    results = []
    for host_router, guest_router in pairs or itertools.product(ROUTERS, repeat=2):
        result = play_pair(playwright.chromium, host_router, guest_router, turn)
        print(_line(result), file=sys.stderr, flush=True)
        results.append(result)
    return results


def rows(results: list[dict]) -> list[dict]:
    """One bench row per pair (bench/report.py's shape): the seconds to be seated, against the path's target."""
    found = []
    for result in results:
        mode = MODES[result["turn"]]
        name = f"room seated, {ROUTERS[result['host']].label} → {ROUTERS[result['guest']].label}, {mode}"
        if result.get("error"):
            found.append(figure(name, None, "s", note=f"failed: {result['error'][:120]}"))
            continue
        bound = SEATED_DIRECT_S if result["path"] in ("direct", "turn") else SEATED_FALLBACK_S
        note = f"{result['path']}" + (
            f", {result['path_at_end']} at the end" if result["path_at_end"] != result["path"] else ""
        )
        found.append(figure(name, result["seated_s"], "s", target(AT_MOST, bound), note=f"{note}, played to the end"))
    return found


def table(results: list[dict]) -> str:
    """A markdown table: the host's network down the side, the guest's across, seconds to be seated and the path."""
    by_pair = {(item["host"], item["guest"]): item for item in results}
    lines = [
        "| host's network ↓ guest's → | " + " | ".join(ROUTERS[kind].label for kind in ROUTERS) + " |",
        "|---" * (len(ROUTERS) + 1) + "|",
    ]
    for host_router in ROUTERS:
        cells = [_cell(by_pair.get((host_router, guest_router))) for guest_router in ROUTERS]
        lines.append(f"| {ROUTERS[host_router].label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _cell(result: dict | None) -> str:
    if result is None:
        return ""
    if result.get("error"):
        return "**failed**"
    return f"{result['seated_s']:.1f} s, {result['path']}"


def _line(result: dict) -> str:
    mode = MODES[result["turn"]]
    outcome = result.get("error") or (
        f"seated in {result['seated_s']} s via {result['path']} ({result['path_at_end']} at the end), "
        f"{result['moves']} moves"
    )
    if result.get("console"):
        outcome += "".join(f"\n    {line}" for line in result["console"])
    return f"netlab [{mode}] {result['host']} → {result['guest']}: {outcome} ({result['total_s']} s)"


def tables(results: list[dict]) -> str:
    """Both modes' tables, titled."""
    parts = []
    for turn, title in ((False, "STUN only (as deployed)"), (True, "with a TURN server")):
        parts.append(f"{title}: seconds from the invite page ready to the guest seated, and how it connected\n")
        parts.append(table([item for item in results if item["turn"] == turn]) + "\n")
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    """One pair (``HOST GUEST [--turn]``): play it and print what happened. The matrix is bench.run's ``netlab``."""
    routers = [word for word in argv if not word.startswith("--")]
    if len(routers) != 2:
        sys.exit("usage: python -m bench.netlab HOST GUEST [--turn]   (the whole matrix: make netlab)")
    with sync_playwright() as playwright:
        results = matrix(playwright, "--turn" in argv, [tuple(routers)])
    return 0 if not results[0].get("error") else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
