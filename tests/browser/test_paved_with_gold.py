"""Paved with Gold in Chromium: played to the end through the UI, drawn well on a phone, and safe in pass-and-play."""

from __future__ import annotations

from game import new_match
from tests.support import FIRST_SEAT
from tests.web.games.test_paved_with_gold import cards_in, view_cards

from .driver import answered, near_the_end, open_game, open_saved, play_to_end, saved_table
from .test_table_screen import assert_fits

GAME = "paved-with-gold"
SEED = 11


def claim_five_of_a_colour(page) -> None:
    """Pick up the middle card and claim five of a colour, so the claim is open on screen."""
    page.locator('#table [data-pos="cell-12"]').click()
    page.locator("#table .actions button", has_text="Claim five of a colour").click()
    page.locator("#prompt", has_text="Turn up").wait_for()


def test_paved_with_gold_played_to_the_result_screen(page, site_url, artifacts):
    page.emulate_media(reduced_motion="reduce")  # the screenshot shows cards at rest, not mid-flip
    open_game(page, site_url, game=GAME, players="2", bots="1", look="0", seed=str(SEED))
    assert page.locator("#table .area-grid [data-pos]").count() == 25
    assert page.locator('#table [data-pos="stock"]').get_attribute("aria-label") == "the stock, 27 cards face down"
    assert page.locator("#table .actions button", has_text="Announce a pair").count() == 1
    claim_five_of_a_colour(page)
    assert page.locator('#table [data-pos="cell-12"] .fd-face').count() == 1  # the claim's card is up for all
    page.screenshot(path=str(artifacts / "paved_with_gold.png"), full_page=True)
    open_saved(page, site_url, near_the_end(saved_table(page), 8, seed=2), look="0")
    play_to_end(page, seed=2)
    assert " from claims, " in page.locator(".result").inner_text()


def test_paved_with_gold_on_a_phone(phone, site_url, artifacts):
    page = phone
    page.emulate_media(reduced_motion="reduce")
    open_game(page, site_url, game=GAME, players="3", bots="2", look="0", seed=str(SEED))
    page.locator('#table [data-pos="cell-6"]').click()
    answered(page)  # a click before the worker has drawn it ahead is drawn when Python answers it
    assert page.locator("#table .area-hand .fd-face").count() == 1  # the picked-up card, in "Your hand"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(artifacts / "paved_with_gold-phone.png"), full_page=True)
    # Every claim is offered with one card held: seven buttons, each wholly in view with nothing scrolled, even at
    # 560 px: what the browser's bars leave of a 360 × 640 phone's screen (the cards give them the room).
    assert page.locator("#table .actions button").count() == 7
    page.set_viewport_size({"width": 360, "height": 560})
    assert_fits(page, "paved with gold, every claim, 360 x 560")


def assert_dom_shows_only(page, match, seat: int) -> None:
    """Everything under #game (the table, its aria labels and the log) names only cards ``seat`` may know."""
    shown = cards_in(page.locator("#game").inner_html())
    assert shown <= view_cards(match.view(seat)), f"seat {seat} is shown {shown - view_cards(match.view(seat))}"


def test_pass_and_play_hides_each_hand_behind_the_curtain(page, site_url):
    open_game(page, site_url, game=GAME, players="2", bots="0", look="0", seed=str(SEED))
    match = new_match(GAME, players=2, options=FIRST_SEAT, seed=SEED)  # the same deal, to know what each seat sees
    curtain = page.locator("#curtain")
    for seat, pos in ((0, 3), (1, 7), (0, 7)):
        other = 1 - seat
        page.locator(f'#table [data-pos="cell-{pos}"]').click()
        answered(page)
        match.act(seat, {"type": "pick", "pos": pos})
        secret = match.view(seat)["cells"][pos]
        held = page.locator('#table [data-pos="held-0"]').get_attribute("aria-label")
        assert held.startswith("Your hand, card 1, picked up from ") and cards_in(held) == {secret}
        page.locator("#table .actions button", has_text="Put the card back").click()
        answered(page)
        match.act(seat, {"type": "put_back"})
        page.locator("#curtain-text").wait_for()
        assert curtain.is_visible()
        assert page.locator("#curtain-text").inner_text() == f"Pass the device to Player {other + 1}."
        assert page.locator("#table").inner_html() == ""
        assert_dom_shows_only(page, match, other)
        curtain.locator("button").click()
        answered(page)
        page.locator('#table [data-pos="cell-0"]').wait_for()
        assert not curtain.is_visible()
        assert secret not in cards_in(page.locator("#table").inner_html())
        assert_dom_shows_only(page, match, other)
