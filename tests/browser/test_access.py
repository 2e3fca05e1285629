"""What assistive technology and the keyboard get: every log line announced, private looks named to their seat,
a focus ring unlike any highlight, and headings in order."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from game import GAMES
from tests.support import table_for

from .driver import LEGAL, near_the_end, open_game, open_saved, play_to_end, settle
from .test_table_screen import mid_game

ANNOUNCED = "() => [...document.querySelectorAll('#announcer > p')].map((line) => line.textContent)"
LOGGED = "() => [...document.querySelectorAll('#log li')].map((line) => line.textContent).reverse()"


def test_every_log_line_is_announced_in_order(page, site_url):
    # Concentration against a bot: a turn that ends in no pair is two or three lines at once, then the bot's.
    open_game(page, site_url, game="concentration", pairs="8", look="0", seed="4")
    for _ in range(6):
        page.wait_for_selector(LEGAL)
        page.locator(LEGAL).first.click()
    page.wait_for_selector(LEGAL)
    settle(page)
    logged = page.evaluate(LOGGED)
    assert len(logged) > 6
    assert page.evaluate(ANNOUNCED) == logged
    assert page.locator("#announcer").get_attribute("aria-live") == "polite"


def test_a_private_look_is_named_to_the_seat_that_looks(page, site_url):
    open_game(page, site_url, game="cambio", players="2", bots="1", look="2", seed="5")
    settle(page)
    private = [line for line in page.evaluate(ANNOUNCED) if line.startswith("You see the ")]
    assert [line.split(": ")[1] for line in private] == ["Your hand, bottom left.", "Your hand, bottom right."]
    assert not any(line.startswith("You see") for line in page.evaluate(LOGGED))  # the log stays public


def test_the_focus_ring_is_unlike_the_highlights(page, site_url):
    open_game(page, site_url, game="concentration", pairs="8", look="30", seed="4", bots="0", players="1")
    # Seed 4: the first two cards are no pair, so they stay up with the "just shown" highlight for the look time.
    page.click("#table [data-pos='cell-0']")
    page.click("#table [data-pos='cell-1']")
    settle(page)
    page.keyboard.press("ArrowRight")
    ring, legal, shown = page.evaluate(
        """() => { const focused = getComputedStyle(document.activeElement);
          const legal = getComputedStyle(document.querySelector('#table .pos.legal:not(:focus)'));
          const shown = getComputedStyle(document.querySelector('#table .pos.revealed'));
          return [focused.outlineColor, legal.borderTopColor, shown.boxShadow]; }"""
    )
    assert page.evaluate("document.activeElement.matches('#table [data-pos]:focus-visible')")
    assert ring != legal and ring not in shown


@pytest.mark.parametrize("game", GAMES)
def test_headings_go_down_one_level_at_a_time(page, site_url, game):
    open_game(page, site_url, game=game, look="0")
    settle(page)
    levels = page.evaluate(
        "() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter((h) => h.getClientRects().length)"
        ".map((h) => Number(h.tagName[1]))"
    )
    assert levels[0] == 1
    assert all(later <= earlier + 1 for earlier, later in itertools.pairwise(levels)), levels


def test_the_table_is_one_tab_stop_per_area_and_the_arrows_move_inside(page, site_url):
    open_game(page, site_url, game="deluxe-memory", look="0", seed="3")
    settle(page)
    areas = page.locator("#table .area:has([data-pos])").count()
    page.focus("#menu summary")
    stops = []
    for _ in range(areas + 10):
        page.keyboard.press("Tab")
        place = page.evaluate("document.activeElement.closest('#table') ? document.activeElement.dataset.pos : null")
        if place is not None:
            stops.append(place)
        elif stops:
            break  # out of the table again
    assert 0 < len(stops) <= areas, stops  # 56 cards and more in the grid alone: one stop for all of them
    page.focus(f"#table [data-pos='{stops[0]}']")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.pos") not in (None, stops[0])


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
# Serious and critical violations, each with the first few elements it names: every rule must pass.
AXE_RUN = """async () => {
  const { violations } = await axe.run(document, { resultTypes: ["violations"] });
  return violations.filter((found) => ["serious", "critical"].includes(found.impact))
    .map((found) => `${found.id}: ${found.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(", ")}`);
}"""


def axe_violations(page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is (axe from node_modules, not a CDN)."""
    settle(page)
    page.add_script_tag(path=str(AXE))
    return page.evaluate(AXE_RUN)


@pytest.mark.parametrize("game", GAMES)
def test_no_serious_axe_violations_ready_mid_game_and_at_the_result(page, site_url, game):
    open_game(page, site_url, game=game, look="0")
    assert axe_violations(page) == [], "ready"
    open_saved(page, site_url, mid_game(game, max(GAMES[game].player_counts)), look="0")
    assert axe_violations(page) == [], "mid-game"
    open_saved(page, site_url, near_the_end(table_for(seed=2, game=game), 2), look="0")
    play_to_end(page, seed=1)
    assert axe_violations(page) == [], "result"
