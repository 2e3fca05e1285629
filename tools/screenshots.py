"""Take the README's pictures: every game mid-play, at phone and at laptop size, in Debian's Chromium.

    python tools/screenshots.py        # what `make screenshots` runs, after `make site`

Each game is dealt with a fixed seed, played a few random moves on in Python, and opened in the app from
that save; the first choice on screen is then tapped, so a card shows its face. The pictures go to
docs/screenshots/<game>-<size>.jpg, each at most MAX_BYTES (JPEG quality is lowered until it fits).
"""

from __future__ import annotations

import random
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402 (the repo root must be importable first)

from game import GAMES  # noqa: E402
from game.bots import new_bot  # noqa: E402
from game.bots.driver import BotDriver  # noqa: E402
from game.web import config  # noqa: E402
from game.web.table import Table  # noqa: E402
from tools.chromium import CHROMIUM, FLAGS  # noqa: E402
from tools.serve import make_server  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 720}}
MAX_BYTES = 100_000
SEED = 7
MOVES = 6  # random moves played before the picture, so the table is mid-game
SAVE = "face-down/main/game"


def mid_game(game: str) -> Table:
    """``game`` against bots at its default options, a few moves in as Hard bots would play them (random moves make
    tables nobody meets, such as a hand full of penalty cards), with you to play."""
    table = Table(config.from_params({"game": game, "seed": str(SEED)}), SEED)
    rng = random.Random(SEED)
    driver = BotDriver({seat: new_bot(game, "hard", seed=seat) for seat in range(table.config.players)})
    moves = 0
    while not table.over and (moves < MOVES or table.person_to_act() is None):
        match = table.match
        seat = rng.choice(match.to_act())
        move = driver.next_move(match, [seat])
        action = move.action if move is not None else None
        if action is None:  # a seat that may only snap and would rather not: someone else moves
            action = rng.choice(match.legal_actions(seat)) if len(match.to_act()) == 1 else None
        if action is not None:
            match.act(seat, action)
            moves += 1
    return table


def shoot(page, site_url: str, game: str, path: Path) -> None:
    """Open ``game`` mid-play, tap the first choice, and save the picture at most MAX_BYTES big."""
    page.goto(f"{site_url}static/manifest.webmanifest")  # the site's origin, to write the save
    page.evaluate("([key, save]) => localStorage.setItem(key, save)", [SAVE, mid_game(game).to_json()])
    page.goto(f"{site_url}?speed=instant&look=30")
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=60_000)
    page.locator("#table [data-legal]").first.click()
    page.wait_for_timeout(500)  # the flip and the words after it settle
    for quality in range(80, 20, -10):
        picture = page.screenshot(type="jpeg", quality=quality)
        if len(picture) <= MAX_BYTES:
            path.write_bytes(picture)
            return
    raise SystemExit(f"{path.name} does not fit in {MAX_BYTES} bytes")


def main() -> None:
    """Write every game's pictures at every size."""
    if not (ROOT / "static" / "vendor" / "manifest.json").exists():
        sys.exit("The site is not built: run `make site` first (make screenshots does).")
    OUT.mkdir(parents=True, exist_ok=True)
    server = make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site_url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for size, viewport in SIZES.items():
            context = browser.new_context(viewport=viewport, is_mobile=size == "phone", reduced_motion="reduce")
            for game in GAMES:
                path = OUT / f"{game}-{size}.jpg"
                shoot(context.new_page(), site_url, game, path)
                print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1000} KB")
            context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
