"""The moments that matter, in view at every size: Cambio's opening peek, the result, the pass-and-play curtain
and the first-turn hint."""

from __future__ import annotations

from tests.support import table_for

from .driver import OVER, answered, near_the_end, open_game, open_saved, play_to_end, settle
from .test_table_screen import VIEWPORTS, assert_fits

START = '#table [data-command="done-looking"]'
SHOWN = "#table [data-pos][aria-label*='shown for a moment']"
# Each moment opens at the smallest size, where it is likeliest not to fit, and is then resized to the others.
SMALLEST = dict(zip(("width", "height"), VIEWPORTS["small-phone"], strict=True))


def in_view(page, selector: str) -> bool:
    """Whether every element ``selector`` finds is wholly inside the viewport."""
    return page.eval_on_selector_all(
        selector,
        """nodes => nodes.length > 0 && nodes.every((node) => { const box = node.getBoundingClientRect();
          return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth; })""",
    )


def resized(page):
    """Each size of VIEWPORTS in turn, smallest first, the page resized to it: the size's name."""
    for size, (width, height) in VIEWPORTS.items():
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        yield size


def test_cambio_opens_on_your_peek_until_you_start_the_round(page, site_url):
    page.set_viewport_size(SMALLEST)
    open_game(page, site_url, game="cambio", players="2", bots="1", look="1", seed="5")
    for size in resized(page):
        assert page.locator("#prompt").inner_text() == "Memorise your two bottom cards, then start the round."
        assert page.locator(SHOWN).count() == 2 and in_view(page, SHOWN), size
        start = page.locator(START)
        assert start.inner_text() == "Start the round" and start.get_attribute("data-legal") == "true"
        assert page.evaluate("document.activeElement.dataset.command") == "done-looking", size
        assert_fits(page, f"Cambio's opening peek, {size}")
    page.wait_for_timeout(1500)  # longer than the look time: the peek waits for the player, not the clock
    assert page.locator(SHOWN).count() == 2
    start.click()
    settle(page)
    assert page.locator(SHOWN).count() == 0
    assert page.locator("#prompt").inner_text().startswith("Draw from the deck")


def test_the_result_is_in_view_with_the_focus_on_play_again(page, site_url):
    page.set_viewport_size(SMALLEST)
    open_saved(page, site_url, near_the_end(table_for(seed=2, game="concentration", pairs=8, players=6, bots=5), 3))
    play_to_end(page, seed=1)
    settle(page)
    headline = page.locator(".result h2").inner_text()
    assert headline.endswith(("wins!", "win!", "share the win.", "Nobody wins."))
    assert page.locator("#prompt").inner_text() == f"The game is over: {headline}"
    for size in resized(page):
        assert page.evaluate("document.activeElement.dataset.command") == "again", size
        assert in_view(page, ".result h2") and in_view(page, "#result [data-command]"), size
        assert_fits(page, f"the result, {size}")


def test_pass_and_play_draws_the_curtain_before_the_first_private_look(page, site_url):
    open_game(page, site_url, game="cambio", players="2", bots="0", names="Ana,Ben", look="2", seed="5")
    curtain = page.locator("#curtain")
    assert curtain.is_visible() and curtain.inner_text().startswith("Pass the device to Ana.")
    assert page.locator("#table").inner_html() == ""
    page.click('[data-command="lift-curtain"]')
    settle(page)
    assert page.locator("#prompt").inner_text() == "Ana: Memorise your two bottom cards, then start the round."
    assert page.locator(SHOWN).count() == 2
    page.click(START)
    page.click("#table [data-pos='deck']")
    page.click("#table [data-action]:has-text('Swap for your top left card')")
    answered(page)
    # Ben's turn: his curtain, then his own opening peek, held until he starts.
    assert curtain.inner_text().startswith("Pass the device to Ben.")
    page.click('[data-command="lift-curtain"]')
    settle(page)
    assert page.locator("#prompt").inner_text().startswith("Ben: Memorise your two bottom cards")
    assert page.locator(SHOWN).count() == 2


def test_the_first_turn_hint_is_shown_once(page, site_url):
    open_game(page, site_url, game="concentration", pairs="8", look="0", seed="3")
    settle(page)
    prompt = page.locator("#prompt")
    assert "Tip: tap two cards to find a pair" in prompt.inner_text()
    page.click("#table [data-pos='cell-0']")
    settle(page)
    assert "Tip:" not in prompt.inner_text()
    open_game(page, site_url, game="concentration", pairs="8", look="0", seed="4")
    settle(page)
    assert "Tip:" not in prompt.inner_text()
    assert not page.locator(OVER).count()
