"""The play screen is a table that fits the screen: no page scroll, and every choice in view, at every size.

Each game at its default options and at its largest player count is opened from a saved state a few
random moves in; at each of a few decisions of the seat on screen, nothing scrolls and every choice is inside
the viewport, at a phone (390 × 844), a small phone (360 × 640) and a laptop (1280 × 720), the page resized
between them as a phone turned or a window dragged resizes it, and in the embed at 600 × 500.
"""

from __future__ import annotations

import json
import random

import pytest

from game import GAMES
from game.web import config
from game.web.render import AreaHtml, Rendered, SpotHtml, table_changes
from game.web.table import Table
from tests.support import fixed_deck

from .conftest import ARTIFACTS
from .driver import CHOICES, OVER, READY, open_game, open_saved, quiet_read, settle, step

VIEWPORTS = {"small-phone": (360, 640), "phone": (390, 844), "laptop": (1280, 720)}
EMBED = (600, 500)
DECISIONS = 3  # the decisions checked in each game, from the saved state on
EMBED_SAVE = "face-down/fit/game"

# Whether the page or the table scrolls, and which of the choices on screen are not wholly in view: outside the
# viewport, cut by a box around them that clips (one that scrolls, or hides what overflows), or covered by something
# else at their centre, where a tap lands.
OFF_SCREEN = """() => {
  const root = document.documentElement, table = document.getElementById("table");
  const choices = document.querySelectorAll(
    '[data-legal="true"], #table [data-action], #result [data-command], #curtain:not([hidden]) button');
  const cut = (node, box) => {  // by more than the table's own scroll check lets by: a pixel and its rounding
    for (let parent = node.parentElement; parent !== null; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflow === "visible") continue;
      const edge = parent.getBoundingClientRect();
      const [above, below] = [edge.top - box.top, box.bottom - edge.bottom];
      if (Math.max(above, below, edge.left - box.left, box.right - edge.right) > 2) return true;
    }
    return false;
  };
  const off = [...choices].filter((node) => {
    const box = node.getBoundingClientRect();
    const outside = box.top < 0 || box.left < 0 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5;
    if (box.width === 0 || outside || cut(node, box)) return true;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit === null || !node.contains(hit);
  });
  return {
    page: root.scrollHeight > innerHeight || root.scrollWidth > innerWidth,
    table: table.scrollHeight > table.clientHeight + 1 || table.scrollWidth > table.clientWidth + 1,
    off: off.map((node) => node.dataset.pos || node.textContent.trim()),
  };
}"""


def player_counts(game: str) -> list[int]:
    """The default player count and the largest."""
    rules = GAMES[game]
    default = 2 if 2 in rules.player_counts else rules.min_players
    return sorted({default, max(rules.player_counts)})


CASES = [(game, players) for game in GAMES for players in player_counts(game)]


def mid_game(game: str, players: int, seed: int = 7, moves: int = 4) -> Table:
    """``game`` with one person (seat 0) and bots, at its default options, a few random moves in, the person to act."""
    params = {"game": game, "seed": str(seed), "players": str(players), "bots": str(players - 1)}
    table = Table(config.from_params(params), seed)
    rng, made = random.Random(seed), 0
    while not table.over and (made < moves or 0 not in table.match.to_act()):
        seat = rng.choice(table.match.to_act())
        table.match.act(seat, rng.choice(table.match.legal_actions(seat)))
        made += 1
    return table


def assert_fits(page, where: str) -> None:
    """Nothing scrolls, and every choice on screen is wholly in view, once the page keeps still (a move's cards
    are fitted to the table once its frame is painted: for that frame the table may scroll)."""
    found = quiet_read(page, OFF_SCREEN)
    if found["page"] or found["table"] or found["off"]:
        page.screenshot(path=str(ARTIFACTS / f"{where.replace(', ', '-').replace(' ', '_')}.png"))
    assert not found["page"], f"{where}: the page scrolls"
    assert not found["table"], f"{where}: the table scrolls"
    assert not found["off"], f"{where}: choices out of view or covered: {found['off']}"


def check_decisions(page, where: str, sizes: dict[str, tuple[int, int]]) -> None:
    """At each of the next few decisions of the seat on screen (or at the result), the table fits the screen at
    each of ``sizes`` in turn (the page resized from one to the next)."""
    rng = random.Random(3)
    for decision in range(DECISIONS):
        page.wait_for_function(
            f"document.querySelector({CHOICES!r}) || document.querySelector({OVER!r})"
            " || !document.querySelector('#curtain').hidden",
            timeout=20_000,
        )
        for size, (width, height) in sizes.items():
            page.set_viewport_size({"width": width, "height": height})
            assert_fits(page, f"{where}, {size}, decision {decision + 1}")
        if page.locator(OVER).count() or not step(page, rng):
            break


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_choice_is_in_view_without_scrolling(page, site_url, game, players):
    # Opened at the smallest size, where a first layout is likeliest to overflow; resized from there.
    width, height = VIEWPORTS["small-phone"]
    page.set_viewport_size({"width": width, "height": height})
    open_saved(page, site_url, mid_game(game, players), look="0")
    check_decisions(page, f"{game}, {players} players", VIEWPORTS)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_choice_is_in_view_in_the_embed(page, site_url, game, players):
    width, height = EMBED
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("([key, save]) => localStorage.setItem(key, save)", [EMBED_SAVE, mid_game(game, players).to_json()])
    page.goto(f"{site_url}embed.html?speed=instant&look=0&save=fit")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert "restored" in page.locator("#log").inner_text(), "the embed did not resume the save"
    check_decisions(page, f"{game}, {players} players", {"embed": EMBED})


# Cambio's hands, by seat: you (seat 0) hold two kings; the graveyard's card is a 9 (fixed_deck's "9C" below).
CAMBIO_HANDS = [["4D", "6C", "KS", "KC"], ["2H", "3H", "4H", "5H"], ["2S", "3S", "4S", "5S"]]
CAMBIO_HANDS += [["6H", "7H", "8H", "10H"], ["6S", "7S", "8S", "10S"], ["AH", "AS", "AD", "AC"]]


def penalised_cambio(players: int, penalties: int, hands: list[list[str]] = CAMBIO_HANDS) -> Table:
    """Cambio with you (seat 0) to play, holding 4 + ``penalties`` cards: as many wrong snaps on the graveyard's 9,
    from the next hand and your own by turns (a snap locks the hand it came from)."""
    deck = fixed_deck(hands[:players], "9C", [])
    params = {"game": "cambio", "seed": "7", "players": str(players), "bots": str(players - 1)}
    table = Table(config.from_params({**params, "first_player": "first seat", "deck": json.dumps(deck)}), 7)
    for snap in range(penalties):
        table.match.act(0, {"type": "snap", "owner": 1 - snap % 2, "slot": 0})
    return table


def cambio_giving(players: int, penalties: int) -> Table:
    """:func:`penalised_cambio` with a 9 last in the next hand, which you then snap: right, so you give one of your
    cards into its slot, a button for each."""
    table = penalised_cambio(players, penalties, [CAMBIO_HANDS[0], ["2H", "3H", "4H", "9H"], *CAMBIO_HANDS[2:]])
    table.match.act(0, {"type": "snap", "owner": 1, "slot": 3})
    return table


def cambio_drawn(players: int, penalties: int) -> Table:
    """:func:`penalised_cambio`, then the deck's top card drawn: a button to swap it into each of your cards."""
    table = penalised_cambio(players, penalties)
    table.match.act(0, {"type": "draw", "source": "deck"})
    return table


def paved_claiming(players: int) -> Table:
    """Paved with Gold with you (seat 0) holding a card picked up: a button for each claim, one to put it back."""
    params = {"game": "paved-with-gold", "seed": "11", "players": str(players), "bots": str(players - 1)}
    table = Table(config.from_params({**params, "first_player": "first seat"}), 11)
    table.match.act(0, {"type": "pick", "pos": 6})
    return table


LONG_LISTS = {
    "paved-with-gold, 2 players, the claims": lambda: paved_claiming(2),
    "paved-with-gold, 3 players, the claims": lambda: paved_claiming(3),
    "cambio, 2 players, a card of ten to give": lambda: cambio_giving(2, 6),
    "cambio, 6 players, a card of ten to give": lambda: cambio_giving(6, 6),
    "cambio, 2 players, a swap into one of ten": lambda: cambio_drawn(2, 6),
    "cambio, 6 players, a swap into one of ten": lambda: cambio_drawn(6, 6),
}


@pytest.mark.parametrize("case", list(LONG_LISTS))
def test_a_long_list_of_choices_is_wholly_in_view_on_a_phone_with_nothing_scrolled(page, site_url, case):
    width, height = VIEWPORTS["small-phone"]
    page.set_viewport_size({"width": width, "height": height})
    open_saved(page, site_url, LONG_LISTS[case](), look="0", speed="slow")
    assert page.locator("#table .actions button").count() >= 7
    for size in ("small-phone", "phone", "small-phone"):  # and back: the cards are fitted anew each time
        width, height = VIEWPORTS[size]
        page.set_viewport_size({"width": width, "height": height})
        assert_fits(page, f"{case}, {size}")
        page.screenshot(path=str(ARTIFACTS / f"long-list-{case.replace(', ', '-').replace(' ', '_')}-{size}.png"))


@pytest.mark.parametrize("players", [2, 6])
def test_a_cambio_hand_of_eleven_fits_a_small_phone_and_the_embed(page, site_url, players):
    # Seven wrong snaps: eleven cards to show, and once a card is drawn, a button to swap it into each of them.
    table = penalised_cambio(players, 7)
    assert len(table.match.view(0)["hands"][0]) == 11
    width, height = VIEWPORTS["small-phone"]
    page.set_viewport_size({"width": width, "height": height})
    open_saved(page, site_url, table, look="0", speed="slow")
    assert_fits(page, f"cambio, {players} players, 11 cards, small-phone")
    page.click("#table [data-pos='deck']")
    page.locator("#table [data-pos='drawn'] .fd-face").wait_for()
    # The buttons come a frame after the card, and the cards are fitted to them once that frame is painted: the
    # settling in assert_fits waits for the buttons only.
    settle(page)
    assert_fits(page, f"cambio, {players} players, 11 cards, small-phone, drawn")
    width, height = EMBED
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("([key, save]) => localStorage.setItem(key, save)", [EMBED_SAVE, table.to_json()])
    page.goto(f"{site_url}embed.html?speed=slow&look=0&save=fit")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert_fits(page, f"cambio, {players} players, 11 cards, embed")
    page.click("#table [data-pos='deck']")
    page.locator("#table [data-pos='drawn'] .fd-face").wait_for()
    settle(page)
    assert_fits(page, f"cambio, {players} players, 11 cards, embed, drawn")


# The card size the fit chose, and whether the table overflows with every grid one pixel larger than that.
ONE_SIZE_UP = """() => {
  const table = document.getElementById("table"), grids = [...table.querySelectorAll(".spots")];
  const card = parseFloat(getComputedStyle(grids[0]).getPropertyValue("--card"));
  for (const grid of grids) grid.style.setProperty("--card", `${card + 1}px`);
  const overflows = table.scrollHeight > table.clientHeight + 1 || table.scrollWidth > table.clientWidth + 1;
  for (const grid of grids) grid.style.removeProperty("--card");
  return [card, overflows];
}"""


def test_the_cards_are_the_largest_that_fit_as_the_screen_shrinks_and_grows(page, site_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site_url, game="concentration", pairs="8", seed="3")
    sizes = []
    for width, height in ((390, 844), (390, 560), (390, 844), (1280, 720)):
        page.set_viewport_size({"width": width, "height": height})
        assert_fits(page, f"concentration, {width} x {height}")
        card, too_big = page.evaluate(ONE_SIZE_UP)
        assert too_big or card >= 96, f"{width} x {height}: {card} px cards, and a larger size fits"
        sizes.append(card)
    assert sizes[1] < sizes[0] == sizes[2]  # smaller on the shorter screen, and back again


def hand(inner: dict[str, str]) -> Rendered:
    """A table of one hand whose spots hold ``inner`` (place: what the button holds)."""
    spots = tuple(SpotHtml(place, (("data-pos", place),), held) for place, held in inner.items())
    return Rendered("board", [AreaHtml("hand", "area area-hand", "Your hand", "<h3>Your hand</h3>", 2, spots)], "", {})


def test_a_spot_replaced_then_followed_by_a_new_one_is_redrawn_in_place(page, site_url):
    # A wrong Cambio snap: your card is shown (the spot is replaced whole) and a penalty card comes right after it.
    # static/js/redraw.js used to insert the new spot after the replaced, detached button: NoModificationAllowedError.
    before = hand({"hand-0-2": "down", "hand-0-3": "down"})
    after = hand({"hand-0-2": "down", "hand-0-3": "7 of clubs", "hand-0-4": "down"})
    changes = table_changes(before, after)
    assert [change.kind for change in changes] == ["spot", "after"]  # the sequence under test
    open_game(page, site_url, game="concentration", pairs="8")
    made, html = page.evaluate(
        """([html, changes]) => { const table = document.createElement("div"); table.innerHTML = html;
          const made = faceDownRedraw.apply(table, changes); return [made, table.innerHTML]; }""",
        [before.html, json.dumps({"now": changes, "later": [], "html": "", "busy": False})],
    )
    assert made and html == after.html
