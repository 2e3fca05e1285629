"""Cambio in Chromium: played to the end through the UI, snapped out of turn, and passed between two people."""

from __future__ import annotations

import json
import random
import re

from game.match import Match
from tests.support import fixed_deck, hidden_ids
from tests.web.games.test_cambio import cards_named

from .driver import near_the_end, open_game, open_saved, play_to_end, saved_table, settle, step

SAVE_KEY = "face-down/main/game"
# You (seat 0) hold two kings in the bottom row; the deck's top card is a low one to swap in for one of them.
SNAP_DECK = fixed_deck([["4D", "6C", "KS", "KC"], ["2H", "3H", "4H", "5H"]], "9C", ["2D", "QD", "8S"])


def saved_match(page) -> tuple[Match, int]:
    """The match the page saved after its last move, and the seat on screen."""
    settle(page)
    saved = json.loads(page.evaluate(f"localStorage.getItem({SAVE_KEY!r})"))
    return Match.from_json(saved["match"]), saved["viewer"]


def replayed(match: Match, steps: int) -> Match:
    """``match`` as it stood after its first ``steps`` actions."""
    data = json.loads(match.to_json())
    data["history"] = data["history"][:steps]
    return Match.from_json(json.dumps(data))


def test_cambio_played_to_the_result_screen(page, site_url, artifacts):
    open_game(page, site_url, game="cambio", players="2", bots="1", look="0", seed="11")
    assert page.locator("#table .area-hand").count() == 2
    assert page.locator("#table .area-hand").first.locator("[data-pos]").count() == 4
    page.click("#table [data-pos='deck']")
    page.locator("#table [data-pos='drawn'] .fd-face").wait_for()
    settle(page)  # the card shows in the click's frame; the buttons after the board follow it
    assert page.locator("#table [data-action]", has_text="Swap for your top left card").count() == 1
    page.screenshot(path=str(artifacts / "cambio.png"), full_page=True)
    open_saved(page, site_url, near_the_end(saved_table(page), 6, seed=2), look="0")
    play_to_end(page, seed=2)
    lines = page.locator(".result .scores li").all_inner_texts()
    assert lines[0].startswith("You: ") and any(line.startswith("Round 1, ended by ") for line in lines)


def test_cambio_on_a_phone_fits_the_width(phone, site_url, artifacts):
    page = phone
    open_game(page, site_url, game="cambio", players="3", bots="2", look="0", seed="5")
    page.click("#table [data-pos='deck']")
    page.locator("#table [data-pos='drawn'] .fd-face").wait_for()
    page.screenshot(path=str(artifacts / "cambio-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_you_snap_out_of_turn_while_a_bot_holds_the_turn(page, site_url):
    # A slow bot pace leaves the human time to snap before the bot plays its turn.
    open_game(page, site_url, game="cambio", players="2", bots="1", look="0", speed="slow", deck=json.dumps(SNAP_DECK))
    page.click("#table [data-pos='deck']")
    page.click("#table [data-action]:has-text('Swap for your bottom right card')")
    # Snaps are open from the deal on (on the graveyard's first card); the swap puts your king of clubs on top.
    chip = page.locator("#table .area-piles .chip", has_text="king of clubs")
    chip.wait_for()
    assert chip.inner_text() == "Snap open on the king of clubs: tap a match"
    # It stands out by its colour and ring, not by moving (static/css/games/cambio.css says why).
    animations, ring = chip.evaluate("node => [node.getAnimations().length, getComputedStyle(node).boxShadow]")
    assert animations == 0 and ring != "none"
    page.click("#table [data-pos='hand-0-2']")  # your king of spades, known from the first peek
    page.locator("#log li", has_text="You snapped your bottom left card, the king of spades: a match!").wait_for()
    match, _ = saved_match(page)
    assert match.history[:3] == [
        [0, {"type": "draw", "source": "deck"}],
        [0, {"type": "swap", "slot": 3}],
        [0, {"type": "snap", "owner": 0, "slot": 2}],
    ]
    assert replayed(match, 2).view(0)["turn"] == 1  # the snap was made in the bot's turn
    assert replayed(match, 3).view(0)["hands"][0][2] is None
    assert "empty" in page.locator("#table [data-pos='hand-0-2']").get_attribute("aria-label")
    page.locator("#log li", has_text=re.compile(r"^Ada \(Medium\) (drew|took|called)")).wait_for()  # the bot plays on


def test_pass_and_play_shows_the_curtain_and_never_the_other_seats_cards(page, site_url):
    # Calls on the player's own turn only: a random call out of turn would end the round before three curtains.
    open_game(page, site_url, game="cambio", players="2", bots="0", look="0", seed="8", call="own turn")
    rng = random.Random(4)
    curtains = 0
    for _ in range(60):
        if page.locator("[data-over='true']").count():
            break
        if page.locator("#curtain:not([hidden])").count():
            curtains += 1
            text = page.locator("#curtain-text").inner_text()
            assert text.startswith("Pass the device to Player ")
            assert not cards_named(page.inner_html("#table"))
        else:
            check_screen_against_view(page)
        step(page, rng)
    assert curtains >= 3


def check_screen_against_view(page) -> None:
    """The table shows only cards the seat on screen may see (no look is up: the look time is 0)."""
    match, viewer = saved_match(page)
    allowed = hidden_ids(match.view(viewer))
    html = page.inner_html("#table")
    assert cards_named(html) <= allowed, f"Player {viewer + 1} is shown {cards_named(html) - allowed}"
    labels = page.eval_on_selector_all("#table [data-pos]", "spots => spots.map(s => s.getAttribute('aria-label'))")
    named = [label for label in labels if cards_named(label)]
    # Every face drawn is one the label names, so the art cannot show more than the labels say.
    assert page.locator("#table [data-pos] .fd-face").count() == len(named)
