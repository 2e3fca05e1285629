"""A games blog's own main thread while it embeds the game (issue 32): the longest task on it, in ms.

The blog is tests/fixtures/blog.html, served from its own origin and pointed at the site: three embeds boot, then
Concentration and Matches are played to their end by a Perfect player. The blog notes every task over 50 ms on
its thread with the Long Tasks API; the embeds' pages share that thread when the browser keeps them in the blog's
process, as it does with same-site frames. tests/browser/test_embed.py plays the same page and checks the embeds
work; the time is measured here, where nothing else competes for the CPU.
"""

from __future__ import annotations

from tests.browser.driver import READY, play_well_to_end
from tools.serve import ROOT

from .browser import browser_context, serve

PHONE = {"width": 360, "height": 740}
EMBEDS = ("concentration", "matches", "concentration-again")
PLAYED = ("concentration", "matches")


def longest_task(playwright, site_url: str) -> float:
    """Open the blog on a phone-sized page, wait for its embeds, play two to their end; the longest task, in ms."""
    with serve(ROOT / "tests" / "fixtures") as blog_root, browser_context(playwright) as context:
        page = context.new_page()
        page.set_viewport_size(PHONE)
        page.goto(f"{blog_root}blog.html?site={site_url}")
        frames = {name: page.locator(f"#{name}").element_handle().content_frame() for name in EMBEDS}
        for frame in frames.values():
            frame.wait_for_selector(READY, state="attached", timeout=90_000)
        for name in PLAYED:
            play_well_to_end(frames[name])
        return page.evaluate("Math.max(0, ...window.longTasks)")
