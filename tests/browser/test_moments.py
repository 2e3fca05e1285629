"""The moments that matter, in view at every size: Cambio's opening peek and round end, the result and its records,
the pass-and-play curtain, the first-turn hint; cards as large as a phone allows, and the sound setting."""

from __future__ import annotations

import json
import random
import re

from game.web.table import Table
from tests.support import table_for

from .driver import OVER, READY, SAVE, answered, near_the_end, open_game, open_saved, play_to_end, settle
from .test_access import axe_violations
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


# --- a hint, asked for by keyboard on a phone ----------------------------------------------------------------------

HINT_DECK = ["8D", "QH", "8H", "QD", "2S", "3S", "4S", "5S", "2C", "3C", "4C", "5C", "7S", "7C", "9S", "9C"]


def test_a_hint_asked_for_by_keyboard_on_a_phone_marks_the_card_takes_the_focus_and_says_why(page, site_url):
    table = table_for(game="concentration", pairs=8, players=2, bots=1, deck=json.dumps(HINT_DECK))
    moves = [(0, 0), (0, 1), (1, 4), (1, 5), (0, 2)]  # you: 8♦ Q♥; Ada: 2♠ 3♠; you: 8♥, whose pair you saw
    for seat, pos in moves:
        table.match.act(seat, {"type": "flip", "pos": pos})
    page.set_viewport_size({"width": 390, "height": 844})
    open_saved(page, site_url, table, look="0")
    settle(page)
    hint = page.locator("#hint")
    assert hint.is_visible() and in_view(page, "#hint")
    hint.focus()
    page.keyboard.press("Enter")
    answered(page)
    settle(page)
    assert page.evaluate("document.activeElement.dataset.pos") == "cell-0"
    assert page.evaluate("document.activeElement.dataset.hint") == "true"
    assert page.locator("#message").inner_text() == "You saw the 8 of diamonds here, 2 turns ago."
    assert "You took a hint." in page.locator("#log").inner_text()
    assert_fits(page, "a hint on a phone")
    page.keyboard.press("Enter")  # the card the hint marked: the pair is yours
    answered(page)
    settle(page)
    assert page.locator("#table [data-hint]").count() == 0
    assert page.locator("#table [data-pos='cell-0']").get_attribute("aria-label").endswith("empty")  # taken


# --- Cambio's round end, the peek after it, and six players' chips ---------------------------------------------


def before_a_call(players: int, seed: int = 7) -> Table:
    """Cambio with you (seat 0) to play a turn of round 1 after a few random moves, where calling ends the round."""
    table = table_for(seed=seed, game="cambio", players=players, bots=players - 1)
    rng, match = random.Random(seed), table.match
    while match.event_count < 4 * players or match.view(0)["turn"] != 0 or match.view(0)["phase"] != "turn":
        moves = [(seat, action) for seat in match.to_act() for action in match.legal_actions(seat)]
        calm = [(seat, action) for seat, action in moves if action["type"] not in ("cambio", "snap")]
        match.act(*rng.choice(calm or [move for move in moves if move[1]["type"] != "cambio"]))
    return table


CHIPS_CLIPPED = """() => [...document.querySelectorAll("#players .player")].filter((chip) => {
  const box = chip.getBoundingClientRect();
  return chip.scrollWidth > chip.clientWidth + 1 || box.left < 0 || box.right > innerWidth + 0.5 || box.width === 0;
}).map((chip) => chip.textContent)"""
HANDS_SHOWN = """() => [...document.querySelectorAll("#table .area-hand [data-pos]")].map((spot) => spot.ariaLabel)"""


def test_cambios_round_end_shows_every_hand_then_the_peek_has_one_primary_and_the_call_asks(page, site_url):
    page.set_viewport_size(SMALLEST)
    open_saved(page, site_url, before_a_call(6), look="2")
    page.locator("#table [data-action]", has_text="Call Cambio").click()  # your own turn: the round ends at once
    page.locator("#table .interlude").wait_for()
    for size in resized(page):
        labels = page.evaluate(HANDS_SHOWN)
        assert len(labels) >= 24 and not [label for label in labels if "face down" in label], size
        assert page.evaluate("document.activeElement.textContent") == "Next round", size
        notes = page.locator("#table .area-hand .note").all_inner_texts()  # each hand's points, by it
        assert len(notes) == 6 and all(re.fullmatch(r"-?\d+( \+ 30)? points?", note) for note in notes), notes
        assert page.evaluate(CHIPS_CLIPPED) == [], size
        assert_fits(page, f"Cambio's round end, 6 players, {size}")
    assert "Round 1 is over." in page.locator("#announcer").inner_text()
    assert page.evaluate("getComputedStyle(document.querySelector('#table .fd-flip-in')).animationName") == "fd-flip-in"
    page.emulate_media(reduced_motion="reduce")  # the hands turn up without moving
    assert page.evaluate("getComputedStyle(document.querySelector('#table .fd-flip-in')).animationName") == "none"
    assert axe_violations(page) == []
    page.keyboard.press("Enter")  # Next round, from the focus: round 2's peek (Ada plays first)
    answered(page)
    assert page.locator("#table .primary, #table [data-action]:not(.minor)").all_inner_texts() == ["Start the round"]
    page.locator("#table .minor-actions button", has_text="Call Cambio").click()
    question = page.locator("#table .menu.question")
    assert question.locator("p").inner_text() == "End the round now? You have not had a turn."
    assert page.evaluate("document.activeElement.textContent") == "Keep playing"
    page.keyboard.press("Enter")
    answered(page)
    assert question.count() == 0 and page.locator(SHOWN).count() == 2  # the peek is still up


# --- Concentration's cards on a portrait phone, and a record kept ------------------------------------------------

HINTS_SEEN = "face-down/hints-seen"  # game/web/app.py: the games whose first-turn hint was shown


def test_a_portrait_phone_draws_24_cards_four_across_at_80_px_and_a_record_is_kept_and_shown(page, site_url):
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("([key, seen]) => localStorage.setItem(key, seen)", [HINTS_SEEN, '["concentration"]'])
    table = near_the_end(table_for(seed=2, game="concentration", pairs=12, players=1, bots=0), 4)
    open_saved(page, site_url, table, look="0")
    settle(page)
    spots = page.locator("#table .area-grid [data-pos]")
    widths = spots.evaluate_all("spots => spots.map((spot) => spot.getBoundingClientRect().width)")
    assert len(widths) == 24 and min(widths) >= 80, widths  # 58 px, six across, before
    # Positions are named as drawn: four columns, row by row, and the arrows move as the eye does.
    rows = spots.evaluate_all("spots => spots.map((spot) => [spot.getBoundingClientRect().top, spot.ariaLabel])")
    tops = sorted({round(top) for top, _ in rows})
    assert len(tops) == 6
    for index, (top, label) in enumerate(rows):  # in reading order
        assert label.startswith(f"row {tops.index(round(top)) + 1}, column {index % 4 + 1},"), label
    first = page.locator('#table .area-grid [data-pos][aria-label^="row 1, column 1,"]')
    first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.ariaLabel").startswith("row 1, column 2,")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.ariaLabel").startswith("row 2, column 2,")
    play_to_end(page, seed=1)
    turns = Table.from_json(page.evaluate(f"localStorage.getItem({SAVE!r})")).match.view(0)["turns"]
    assert f"New record: {turns} turns!" in page.locator(".result .records").inner_text()
    page.click("#menu summary")
    page.click('#menu [data-command="records"]')
    assert f"Fewest turns, 12 pairs: {turns} turns." in page.locator("#records-list").inner_text()
    page.click('[data-command="clear-records"]')
    answered(page)
    assert page.locator("#records-list").inner_text() == "No games finished yet."
    assert page.evaluate("localStorage.getItem('face-down/records')") is None


# --- sound -------------------------------------------------------------------------------------------------------

# Count the tones the page starts: an AudioContext whose oscillators are counted as they start.
AUDIO_SPY = """() => {
  window.tones = 0;
  window.AudioContext = class extends AudioContext {
    createOscillator() {
      const oscillator = super.createOscillator(), start = oscillator.start.bind(oscillator);
      oscillator.start = (...when) => { window.tones += 1; return start(...when); };
      return oscillator;
    }
  };
}"""


def tones_after_a_flip(page, place: str) -> int:
    """How many tones the page starts when the card at ``place`` is turned up."""
    before = page.evaluate("window.tones")
    page.click(f"#table [data-pos='{place}']")
    settle(page)
    return page.evaluate("window.tones") - before


def choose_sound(page, value: str) -> None:
    """Choose ``value`` for the sound in the settings panel (from the menu), and close the panel."""
    page.click("#menu summary")
    page.click('#menu [data-command="settings"]')
    page.select_option('#settings-form [name="sound"]', value)
    page.click("#settings summary")


def test_the_sound_setting_is_honoured_on_the_page_in_the_embed_and_while_hidden(page, site_url):
    # The default look time: the settings panel can't show a look time of 0 (no such choice), and then refuses.
    open_game(page, site_url, game="concentration", pairs="8", players="1", bots="0", seed="3")
    page.evaluate(AUDIO_SPY)
    assert tones_after_a_flip(page, "cell-0") > 0  # on by default in the page
    choose_sound(page, "off")
    assert tones_after_a_flip(page, "cell-1") == 0
    choose_sound(page, "on")
    page.evaluate("Object.defineProperty(document, 'hidden', {value: true, configurable: true})")
    assert tones_after_a_flip(page, "cell-2") == 0  # a hidden page is silent
    page.evaluate("delete document.hidden")
    assert tones_after_a_flip(page, "cell-3") > 0
    for sound, heard in (("auto", False), ("on", True)):  # off in the embed unless the player turns it on
        page.goto(f"{site_url}embed.html?game=concentration&pairs=8&players=1&bots=0&look=0&seed=3&sound={sound}")
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        page.evaluate(AUDIO_SPY)
        assert (tones_after_a_flip(page, "cell-0") > 0) == heard, sound
