"""Matches in Chromium: played to the result screen through the UI alone, Flaming moves, a phone, pass-and-play."""

from __future__ import annotations

import random

from game import Match, new_match
from game.web.presenter import coin_words, grid_label
from tests.support import FIRST_SEAT

from .driver import LEGAL, near_the_end, open_game, open_saved, play_to_end, saved_table, settle, step

SEED = 7
PHONE = {"width": 360, "height": 740}


def first_miss(match) -> int:
    """The first spot whose coin matches none of seat 0's tiles (found on a copy, so ``match`` is unchanged)."""
    for action in match.legal_actions(0):
        trial = Match.from_json(match.to_json())
        if any(event["type"] == "no_match" for event in trial.act(0, action)):
            return action["spot"]
    raise AssertionError("every coin matches one of seat 0's tiles")


def middle_labels(page) -> list[str]:
    """The aria-labels of the 36 spots of the middle, in spot order."""
    return [page.locator(f'#table [data-pos="spot-{pos}"]').get_attribute("aria-label") for pos in range(36)]


def shown_face(label: str) -> str:
    """The "coin showing ..." part of a spot's aria-label."""
    return next(part for part in label.split(", ") if part.startswith("coin showing"))


def test_matches_played_to_the_result_screen(page, site_url, artifacts):
    open_game(page, site_url, game="matches", players="2", bots="1", level="medium", seed=str(SEED), look="0")
    assert page.locator("#table .area-tiles").count() == 2
    assert page.locator("#table .area-grid [data-pos]").count() == 36
    rng = random.Random(1)
    for _ in range(6):
        page.wait_for_selector(LEGAL)
        step(page, rng)
    page.wait_for_selector(LEGAL)
    page.screenshot(path=str(artifacts / "matches.png"), full_page=True)
    open_saved(page, site_url, near_the_end(saved_table(page), 6, seed=2), look="0")
    play_to_end(page, seed=2)
    assert page.locator(".result h2").inner_text().endswith("!")
    lines = page.locator(".result .scores li").all_inner_texts()
    assert len(lines) == 2 and all(line.endswith("tiles marked") for line in lines)
    assert "marked every tile and won" in page.locator("#log").inner_text()


def test_flaming_a_missed_coin_moves_to_a_free_spot_the_player_taps(page, site_url):
    # Two people and no bot, so nothing moves the coin again before the test looks at it.
    match = new_match("matches", 2, {"flaming": True, **FIRST_SEAT}, SEED)
    miss = first_miss(match)
    open_game(page, site_url, game="matches", players="2", bots="0", seed=str(SEED), flaming="true", look="2")
    faces = match.view(0)["spots"]
    expected = [f"{grid_label(pos, 6)}, {coin_words(face) if face else 'empty'}" for pos, face in enumerate(faces)]
    assert [label.removesuffix(", you may choose it") for label in middle_labels(page)] == expected
    page.click(f'#table [data-pos="spot-{miss}"]')
    leave = page.locator("#table [data-action]", has_text="Leave it here")
    leave.wait_for()
    settle(page)  # the other spots' new labels and marks follow the frame that shows the flip
    # The flipped coin is lit up for the look time, showing its other face, and marked as the one to move.
    flipped = page.locator(f'#table [data-pos="spot-{miss}"]')
    assert "revealed" in flipped.get_attribute("class")
    assert "the coin just flipped" in flipped.get_attribute("aria-label")
    free = [pos for pos, label in enumerate(middle_labels(page)) if label.endswith("empty, you may choose it")]
    grid_choices = "#table:not([aria-busy]) .area-grid [data-legal]"
    legal = page.locator(grid_choices).evaluate_all("spots => spots.map(s => s.dataset.pos)")
    assert free and legal == [f"spot-{pos}" for pos in free]
    face = shown_face(flipped.get_attribute("aria-label"))
    page.click(f'#table [data-pos="spot-{free[0]}"]')
    page.locator("#curtain button").click()
    page.locator("#curtain").wait_for(state="hidden")
    assert shown_face(page.locator(f'#table [data-pos="spot-{free[0]}"]').get_attribute("aria-label")) == face
    left = page.locator(f'#table [data-pos="spot-{miss}"]').get_attribute("aria-label")
    assert left == f"{grid_label(miss, 6)}, empty"
    log = page.locator("#log").inner_text()
    assert "Player 1 moved the" in log and f"to {grid_label(free[0], 6)}." in log


def test_matches_on_a_phone_fits_without_sideways_scrolling(phone, site_url, artifacts):
    page = phone
    open_game(page, site_url, game="matches", players="2", bots="1", seed=str(SEED), flaming="true", look="0")
    rng = random.Random(4)
    for _ in range(4):
        page.wait_for_selector(LEGAL)
        step(page, rng)
    page.wait_for_selector(LEGAL)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(artifacts / "matches-phone.png"), full_page=True)
    open_saved(page, site_url, near_the_end(saved_table(page), 6, seed=5), look="0")
    play_to_end(page, seed=5)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_pass_and_play_draws_the_curtain_between_the_two_people(page, site_url):
    open_game(page, site_url, game="matches", players="2", bots="0", seed=str(SEED), look="0")
    page.locator(LEGAL).first.click()
    curtain = page.locator("#curtain")
    curtain.wait_for(state="visible")
    assert "Pass the device to Player 2" in curtain.inner_text()
    assert page.locator("#table").inner_html() == ""
    page.locator("#curtain button").click()
    curtain.wait_for(state="hidden")
    assert page.locator(LEGAL).count() > 0
    assert page.locator('.players [data-seat="1"]').get_attribute("aria-current") == "true"  # the seat on screen
    # Player 2's own tiles are the ones nearest the bottom now.
    assert page.locator("#table .area-tiles").last.get_attribute("aria-label") == "Player 2's tiles"
    page.locator(LEGAL).first.click()
    curtain.wait_for(state="visible")
    assert "Pass the device to Player 1" in curtain.inner_text()
