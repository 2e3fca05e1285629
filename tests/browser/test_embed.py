"""The game embedded in a blog (tests/fixtures/blog.html, served from another origin than the game).

The blog has three embeds: Concentration, Matches, and the same Concentration again.
"""

from __future__ import annotations

import json
import random
import threading

import pytest

from tools.serve import ROOT, make_server

from .driver import LEGAL, OVER, READY, play_well_to_end, settle, step

pytestmark = pytest.mark.embed

PHONE = {"width": 360, "height": 740}
FRAMES = ("concentration", "matches", "concentration-again")


@pytest.fixture
def blog_url(netlify_site):
    """The blog page on its own server (so its own origin), pointed at the game's site."""
    server = make_server(0, root=ROOT / "tests" / "fixtures")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/blog.html?site={netlify_site.url}"
    server.shutdown()
    server.server_close()


def open_blog(page, blog_url: str) -> dict:
    """Load the blog and wait until every embed is playable; returns each embed's frame by iframe id."""
    page.goto(blog_url)
    frames = {name: page.locator(f"#{name}").element_handle().content_frame() for name in FRAMES}
    for frame in frames.values():
        frame.wait_for_selector(READY, state="attached", timeout=90_000)
    return frames


def saved_moves(frame) -> int:
    """How many actions the game saved in this embed's own save slot holds, once its last move is saved."""
    settle(frame)  # the app saves once the frame showing a move is painted
    save = frame.evaluate("localStorage.getItem(`face-down/${new URLSearchParams(location.search).get('save')}/game`)")
    return len(json.loads(json.loads(save)["match"])["history"])


# The engine's Python (Pyodide) loads in each embed's worker, never on the page's thread, which a blog shares with
# same-site embeds; only the page's own small MicroPython runs there. How long the blog's thread is held is
# measured by make bench (bench/blog.py: the longest task, against 200 ms), where nothing else competes for the CPU.
PYTHON_ON_THE_PAGE = (
    "performance.getEntriesByType('resource').map((entry) => entry.name)"
    ".filter((name) => name.endsWith('/pyodide.asm.wasm') || name.endsWith('/python_stdlib.zip'))"
)


def test_two_games_embedded_in_a_blog_play_independently_on_a_phone(new_context, blog_url):
    page = new_context(viewport=PHONE).new_page()
    frames = open_blog(page, blog_url)
    concentration, matches = frames["concentration"], frames["matches"]

    play_well_to_end(concentration)
    assert not matches.locator(OVER).count()
    assert not frames["concentration-again"].locator(OVER).count()
    play_well_to_end(matches)

    page.wait_for_function("window.faceDownMessages.filter((message) => message.type === 'over').length >= 2")
    messages = page.evaluate("window.faceDownMessages")
    for name, frame in (("concentration", concentration), ("matches", matches)):
        kinds = [message["type"] for message in messages if message["frame"] == name]
        assert {"ready", "resize", "over"} <= set(kinds), (name, kinds)
        over = next(message for message in messages if message["frame"] == name and message["type"] == "over")
        result = json.loads(frame.locator("html").get_attribute("data-result"))
        assert {key: over[key] for key in result} == result
        # The parent sized the iframe to the height the embed reported last.
        last = [message for message in messages if message["frame"] == name and message["type"] == "resize"][-1]
        assert page.locator(f"#{name}").bounding_box()["height"] == pytest.approx(last["height"], abs=1)
        assert frame.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for frame in frames.values():
        assert frame.evaluate(PYTHON_ON_THE_PAGE) == [], "Python was loaded on the page's thread"


def test_two_embeds_of_the_same_game_keep_separate_saves(new_context, blog_url):
    page = new_context().new_page()
    frames = open_blog(page, blog_url)
    first, again = frames["concentration"], frames["concentration-again"]
    slot = "new URLSearchParams(location.search).get('save')"
    assert first.evaluate(slot) != again.evaluate(slot)

    rng = random.Random(3)
    for _ in range(4):
        settle(first)  # in view: out of sight, the bot's moves wait for a painted frame
        first.wait_for_selector(LEGAL)
        step(first, rng)
    settle(first)
    first.wait_for_selector(LEGAL)  # the bot has finished its turn
    moves = saved_moves(first)
    assert moves >= 4 and saved_moves(again) == 0

    frames = open_blog(page, blog_url)  # the blog reloaded: each embed finds its own game again
    assert saved_moves(frames["concentration"]) == moves
    assert saved_moves(frames["concentration-again"]) == 0
