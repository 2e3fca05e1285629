"""Deluxe Memory in Chromium: played to the result screen through the UI alone, the whole 7 × 8 grid on a
360 px phone, the boxes beside the grid on a wide screen, and pass-and-play that never shows a seat a card it
may not see."""

from __future__ import annotations

import random
import re

from game.web.presenter import card_name
from game.web.table import Table
from tests.support import hidden_ids

from .driver import CHOICES, near_the_end, open_game, open_saved, play_to_end, saved_table, settle, step

SEED = "5"
PHONE = {"width": 360, "height": 740}
SAVE = "face-down/main/game"
CARD_WORDS = re.compile(
    r"\b(?:ace|[2-9]|10|jack|queen|king) of (?:spades|hearts|diamonds|clubs)\b|\b(?:red|black) joker\b"
)


def play_a_little(page, moves: int, seed: int = 1) -> None:
    """Make ``moves`` moves (bots answer in between), then wait until the table offers a choice again."""
    rng = random.Random(seed)
    for _ in range(moves):
        page.wait_for_selector(CHOICES)
        step(page, rng)
    page.wait_for_selector(CHOICES)


def test_deluxe_memory_played_to_the_result_screen(page, site_url, artifacts):
    open_game(page, site_url, game="deluxe-memory", players="3", bots="2", seed=SEED, look="0")
    assert page.locator("#table .area-grid [data-pos]").count() == 56
    assert page.locator("#table .area-player").count() == 3
    assert page.locator("#table .area-bank").inner_text().endswith("30 tokens")
    corners = page.locator("#table .pos-corner").evaluate_all("spots => spots.map(s => s.dataset.pos)")
    assert corners == ["cell-0", "cell-7", "cell-48", "cell-55"]
    play_a_little(page, 8)
    page.screenshot(path=str(artifacts / "deluxe_memory.png"), full_page=True)
    open_saved(page, site_url, near_the_end(saved_table(page), 8, seed=2), look="0")
    play_to_end(page, seed=2)
    lines = page.locator(".result .scores li").all_inner_texts()
    assert len(lines) == 3 and all(re.fullmatch(r".+: \d+ tokens?", line) for line in lines), lines
    assert "The game is over" in page.locator("#log").inner_text()


def test_the_whole_grid_fits_a_360_px_phone(phone, site_url, artifacts):
    page = phone
    # Four players: the most boxes around the grid.
    open_game(page, site_url, game="deluxe-memory", players="4", bots="3", seed=SEED, look="0")
    play_a_little(page, 6)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#table .area-grid").scroll_into_view_if_needed()
    boxes = page.locator("#table .area-grid [data-pos]").evaluate_all(
        "spots => spots.map(s => { const b = s.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })"
    )
    assert len(boxes) == 56
    assert all(left >= 0 and top >= 0 for left, top, _, _ in boxes), boxes
    assert all(right <= PHONE["width"] and bottom <= PHONE["height"] for _, _, right, bottom in boxes), boxes
    # Cards big enough to tap: WCAG 2.2's target size (24 px). The whole table fits the screen now, so four
    # players' boxes leave the grid less height than when the page scrolled (it was 30 px then).
    assert min(right - left for left, _, right, _ in boxes) >= 24
    page.screenshot(path=str(artifacts / "deluxe_memory-phone.png"), full_page=True)


def test_on_a_wide_screen_the_boxes_and_choices_sit_beside_the_grid(page, site_url):
    # The page fixture is 1000 px wide: static/css/games/deluxe-memory.css lays the table out in two columns,
    # keyed on the table's data-game, which the app sets.
    open_game(page, site_url, game="deluxe-memory", players="2", bots="1", seed=SEED, look="0")
    assert page.locator("#table").get_attribute("data-game") == "deluxe-memory"
    grid_right = page.locator("#table .area-grid").evaluate("grid => grid.getBoundingClientRect().right")
    lefts = page.locator("#table .area:not(.area-grid)").evaluate_all(
        "areas => areas.map((area) => area.getBoundingClientRect().left)"
    )
    assert lefts and all(left > grid_right for left in lefts), (grid_right, lefts)


def seen_by(page) -> set[str]:
    """The names of the cards the seat on screen may see: in its view, or ever shown to it in its events."""
    settle(page)
    table = Table.from_json(page.evaluate(f"localStorage.getItem({SAVE!r})"))
    match, seat = table.match, table.viewer
    return {card_name(card) for card in hidden_ids(match.view(seat)) | hidden_ids(match.events(seat))}


def test_pass_and_play_hides_each_seats_cards_from_the_other(page, site_url):
    open_game(page, site_url, game="deluxe-memory", players="2", bots="0", names="Ana,Ben", seed=SEED, look="0.5")
    rng = random.Random(3)
    curtains = checked = 0
    for _ in range(60):
        curtain = page.locator("#curtain")
        if curtain.is_visible():
            assert re.fullmatch(r"Pass the device to (Ana|Ben)\.", page.locator("#curtain-text").inner_text())
            assert page.locator("#table").inner_html() == ""
            curtains += 1
        else:
            labels = page.locator("#table [data-pos]").evaluate_all("spots => spots.map(s => s.ariaLabel).join('|')")
            shown = set(CARD_WORDS.findall(page.locator("#game").inner_html() + labels))
            assert shown <= seen_by(page), shown - seen_by(page)
            checked += 1
        if not step(page, rng):
            # A look is still up on the last player's screen; the curtain comes when it goes.
            page.wait_for_function(f"document.querySelector({CHOICES!r}) || !document.querySelector('#curtain').hidden")
    assert curtains >= 3 and checked >= 30
