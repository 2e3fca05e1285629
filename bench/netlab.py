"""Rooms across real NAT routers: every pair of networks, how long a guest takes to sit, and a game played.

For each pair of router kinds (tools/netlab.py: a public address, a home router, a carrier-grade NAT, UDP
blocked), the host's browser in one home and the guest's in the other play a room through the page, as
people do: the host picks Concentration in the picker and creates the room, the guest opens the link and is
seated, the host starts, and both play the game to its end and check the shuffle. A pair runs twice:

- **as deployed today**: STUN only; a pair WebRTC cannot connect goes through the Nostr relay;
- **with TURN**: the deploy has a TURN server (the lab's coturn, on UDP and TCP), so WebRTC gets through.

"Seated" is the time from the guest's page being ready (the invite opened) to its seat being taken, and
"path" how the guest reaches the host (the transport's ``onPath``: direct, turn or relay).

    make netlab                                   # the whole matrix, both ways: a table, and bench/results/netlab.json
    python -m bench.netlab symmetric symmetric    # one pair
"""

from __future__ import annotations

import itertools
import json
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

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

RESULTS = Path(__file__).resolve().parent / "results" / "netlab.json"
BOOT_MS = 90_000
PAIRS = "8"  # Concentration's smallest table: a whole game in a few dozen moves


def play_pair(playwright, host_router: str, guest_router: str, turn: bool) -> dict:
    """Build the lab for one pair, play a room across it, and return what happened (never raises for the room)."""
    found = {"host": host_router, "guest": guest_router, "turn": turn, "seated_s": None, "path": None}
    started = time.monotonic()
    with Lab(host_router, guest_router) as lab:
        browsers = {side: lab.launch(playwright, side) for side in ("host", "guest")}
        console: list[str] = []
        pages: list = []
        try:
            found.update(_play(browsers, f"{lab.site}?{lab.query(turn)}&speed=instant&look=0", console, pages))
        except Exception as error:  # a pair that fails is a row of the table, not the end of the run
            found["error"] = f"{type(error).__name__}: {str(error).splitlines()[0][:300]}"
            console += [f"{side} room: {page.evaluate('faceDownRoom()')}" for side, page in pages]
            found["console"] = console[-30:]
        finally:
            for browser in browsers.values():
                browser.close()
    found["total_s"] = round(time.monotonic() - started, 1)
    return found


def _play(browsers: dict, home: str, console: list[str], pages: list) -> dict:
    found = {}

    def open_app(url: str, context=None) -> Peer:
        side = "host" if not found else "guest"
        context = browsers[side].new_context(viewport={"width": 1000, "height": 900})
        # Without camera and microphone permission Chromium gathers no host candidates (PLATFORM.md).
        context.grant_permissions(["microphone", "camera"], origin="http://127.0.0.1:8000")
        page = context.new_page()
        page.on("console", lambda message: console.append(f"{side} {message.type}: {message.text[:300]}"))
        pages.append((side, page))
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
        found.setdefault(f"{side}_ready", time.monotonic())
        return Peer(page)

    open_app.home = home
    host, link = create_room(open_app, "concentration", 2, pairs=PAIRS)
    guest = join(open_app, link, "Ben", seat=1)
    seated = time.monotonic() - found["guest_ready"]
    start(host, [host, guest])
    moves = play([host, guest], perfect_moves(host))
    assert_verified([host, guest])
    return {"seated_s": round(seated, 1), "path": guest.state()["path"], "moves": moves, "verified": True}


def matrix(playwright, turn: bool, pairs=None) -> list[dict]:
    """Every pair of router kinds (host × guest), or just ``pairs``; one result each."""
    results = []
    for host_router, guest_router in pairs or itertools.product(ROUTERS, repeat=2):
        result = play_pair(playwright, host_router, guest_router, turn)
        print(_line(result), file=sys.stderr, flush=True)
        results.append(result)
    return results


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
    mode = "with TURN" if result["turn"] else "STUN only"
    outcome = result.get("error") or f"seated in {result['seated_s']} s via {result['path']}, {result['moves']} moves"
    if result.get("console"):
        outcome += "".join(f"\n    {line}" for line in result["console"])
    return f"netlab [{mode}] {result['host']} → {result['guest']}: {outcome} ({result['total_s']} s)"


def main(argv: list[str]) -> int:
    """Run the matrix both ways (or one pair: ``HOST GUEST [--turn]``), print the tables, save the JSON."""
    with sync_playwright() as playwright:
        if argv:
            routers = [word for word in argv if not word.startswith("--")]
            results = matrix(playwright, "--turn" in argv, [tuple(routers)])
            return 0 if not results[0].get("error") else 1
        results = matrix(playwright, turn=False) + matrix(playwright, turn=True)
    RESULTS.write_text(json.dumps(results, indent=1) + "\n")
    for turn, title in ((False, "STUN only (as deployed)"), (True, "with a TURN server")):
        print(f"\n{title}: seconds from the invite page ready to the guest seated, and how it connected\n")
        print(table([item for item in results if item["turn"] == turn]))
    return 0 if not any(item.get("error") for item in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
