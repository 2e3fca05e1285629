"""The Matches presenter: every phase renders, a coin shows only its up face, every move is reachable."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from game import new_match
from game.cards import all_pieces
from game.rules.matches import SPOTS
from game.web.games import presenter_for
from game.web.render import Frame, render_table
from tests.support import FIRST_SEAT

PRESENTER = presenter_for("matches")
PIECES = all_pieces()  # suns null..5, moons null..5, crowns null..5, arms null..5
NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]
BUTTON = re.compile(r"<button [^>]*>")
PIECE_ID = re.compile("|".join(re.escape(piece) for piece in sorted(PIECES, key=len, reverse=True)))


def fixed(flaming: bool = False, coins: list | None = None):
    """Two players, tiles in PIECES order (Ana: suns and moons; Ben: crowns and arms); coin i on spot i, value up."""
    middle = coins or [[coin, "value"] for coin in PIECES] + [None] * (SPOTS - len(PIECES))
    return new_match("matches", 2, {**FIRST_SEAT, "deck": PIECES, "coins": middle, "flaming": flaming}, 0)


def render(match, seat, reveals=None, shown=None):
    """The table as ``seat`` sees it (``None``: a spectator), with the seat's legal actions."""
    view = match.view(seat)
    legal = [] if seat is None else match.legal_actions(seat)
    return render_table(PRESENTER, Frame(view, NAMES[: len(view["tiles"])], legal, reveals or {}, shown or {}))


def spots(html: str) -> dict[str, dict[str, str]]:
    """Every table position in the HTML: its place mapped to its attributes (unescaped)."""
    found = {}
    for tag in BUTTON.findall(html):
        attributes = {name: unescape(value) for name, value in re.findall(r'([\w-]+)="([^"]*)"', tag)}
        if "data-pos" in attributes:
            found[attributes["data-pos"]] = attributes
    return found


def area_titles(html: str) -> list[str]:
    """The board's areas, in reading order."""
    return [unescape(title) for title in re.findall(r'<section class="area [^"]*" aria-label="([^"]*)"', html)]


def middle_html(html: str) -> str:
    """The middle's section of the board."""
    return re.search(r'<section class="area area-grid[^"]*" aria-label="The middle">.*?</section>', html).group(0)


def test_the_middle_and_every_players_tiles_are_table_positions_with_labels():
    match = fixed()
    html = render(match, 0).html
    positions = spots(html)
    assert {f"spot-{pos}" for pos in range(SPOTS)} <= positions.keys()
    assert {f"tile-{tile}" for tile in PIECES} <= positions.keys()
    assert positions["spot-0"]["aria-label"].startswith("row 1, column 1, coin showing value null")
    assert positions["spot-35"]["aria-label"] == "row 6, column 6, empty"
    assert positions["tile-ace-suns"]["aria-label"] == "Ana's second tile, ace of suns, not marked yet"
    assert positions["tile-5-arms"]["aria-label"] == "Ben's twelfth tile, 5 of arms, not marked yet"
    # The seat on screen sits nearest the player: its tiles come last, the others' first.
    assert area_titles(html) == ["Ben's tiles", "The middle", "Ana's tiles"]
    assert area_titles(render(match, 1).html) == ["Ana's tiles", "The middle", "Ben's tiles"]


def test_a_coin_shows_its_up_face_only_and_never_which_coin_it_is():
    suits = fixed(coins=[[coin, "suit"] for coin in PIECES] + [None] * (SPOTS - len(PIECES)))
    labels = {place: a["aria-label"] for place, a in spots(render(suits, 0).html).items() if place.startswith("spot")}
    assert labels["spot-0"].startswith("row 1, column 1, coin showing suns")
    for label in labels.values():
        assert re.fullmatch(r"row \d, column \d, (empty|coin showing (value \w+|suns|moons|crowns|arms))(, .*)?", label)
    assert not PIECE_ID.search(middle_html(render(suits, 0).html))


def test_two_middles_that_differ_only_in_hidden_coins_render_the_same():
    # The 2 and the 3 of suns swap places, both lying suit up: nobody can tell, so the page must not either.
    swapped = [[coin, "suit"] for coin in PIECES] + [None] * (SPOTS - len(PIECES))
    swapped[2], swapped[3] = swapped[3], swapped[2]
    plain = fixed(coins=[[coin, "suit"] for coin in PIECES] + [None] * (SPOTS - len(PIECES)))
    for seat in (0, 1):
        assert render(plain, seat).html == render(fixed(coins=swapped), seat).html


@pytest.mark.parametrize(("players", "flaming"), [(2, False), (2, True), (3, True), (4, False), (6, True)])
def test_random_games_render_every_phase_for_every_seat_and_every_move_is_reachable(players, flaming):
    phases = set()
    for seed in range(3 if players < 4 else 1):  # big tables play long games: one of them is enough
        match = new_match("matches", players, {"flaming": flaming}, seed)
        rng = random.Random(seed)
        shown = {seat: {} for seat in range(players)}
        while True:
            for seat in range(players):
                view = match.view(seat)
                phases.add(view["phase"])
                rendered = render(match, seat, shown=shown[seat])
                shown[seat] = rendered.faces
                assert_every_move_reachable(match, seat, rendered.html)
                # Coins are known by their up face only: no piece id inside the middle, ever.
                assert not PIECE_ID.search(middle_html(rendered.html))
            if match.result() is not None:
                break
            seat = match.to_act()[0]
            match.act(seat, rng.choice(match.legal_actions(seat)))
        render(match, None)
    assert phases == ({"flip", "move", "over"} if flaming else {"flip", "over"})


def assert_every_move_reachable(match, seat, html):
    positions = spots(html)
    for index, action in enumerate(match.legal_actions(seat)):
        place = PRESENTER.place_of(action)
        if place is None:
            assert f'data-action="{index}"' in html, action
        else:
            assert positions[place].get("data-legal") == "true", action
    legal_places = {place for place, a in positions.items() if a.get("data-legal")}
    assert legal_places == {PRESENTER.place_of(a) for a in match.legal_actions(seat)} - {None}


def test_flaming_after_a_miss_free_spots_are_targets_and_leave_it_here_is_a_button():
    match = fixed(flaming=True)
    match.act(0, {"type": "flip", "spot": PIECES.index("null-crowns")})  # Ben's tile: no match for Ana
    html = render(match, 0).html
    positions = spots(html)
    free = {f"spot-{pos}" for pos in range(len(PIECES), SPOTS)}
    assert {place for place, a in positions.items() if a.get("data-legal")} == free
    leave = r'<button type="button" class="action" data-action="0" data-legal="true">Leave it here</button>'
    assert re.search(leave, html)
    assert "Tap a free spot to move the flipped coin there" in html
    moving = positions[f"spot-{PIECES.index('null-crowns')}"]
    assert "the coin just flipped" in moving["aria-label"] and "data-legal" not in moving
    # Ben, watching, is told what Ana may do, and has nothing to press.
    watching = render(match, 1).html
    assert "Ana may move the flipped coin to a free spot." in watching and "data-legal" not in watching
    view = match.view(0)
    labels = [PRESENTER.action_label(a, view, NAMES[:2]) for a in match.legal_actions(0)]
    assert labels[0] == "Leave it here" and labels[1] == "Move the coin to row 5, column 1"


def test_without_flaming_the_free_spots_are_never_targets():
    match = fixed()
    match.act(0, {"type": "flip", "spot": PIECES.index("null-crowns")})
    html = render(match, 1).html
    middle = {place: a for place, a in spots(html).items() if place.startswith("spot-")}
    for place, a in middle.items():
        assert (a.get("data-legal") == "true") == ("coin showing" in a["aria-label"]), place
    assert sum(1 for a in middle.values() if a.get("data-legal")) == len(PIECES)
    assert 'data-action="' not in html


def test_a_flip_lights_up_the_coin_and_a_mark_its_tile_for_the_look_time():
    match = fixed()
    events = match.act(0, {"type": "flip", "spot": PIECES.index("2-suns")})  # Ana's tile: a match
    reveals = {}
    for event in events:
        reveals.update(PRESENTER.looks(event, {}))
    assert reveals == {"spot-2": {"face": "suit", "suit": "suns"}, "tile-2-suns": "2-suns"}
    positions = spots(render(match, 1, reveals=reveals).html)
    assert positions["spot-2"]["aria-label"] == "row 1, column 3, coin showing suns, shown for a moment"
    assert positions["tile-2-suns"]["aria-label"] == "Ana's third tile, 2 of suns, marked, shown for a moment"
    # When the look time is over, the spot is empty and the tile stays marked.
    positions = spots(render(match, 1).html)
    assert positions["spot-2"]["aria-label"] == "row 1, column 3, empty"
    assert "marked" in positions["tile-2-suns"]["aria-label"]


def test_a_coin_turned_over_is_drawn_flipping():
    match = fixed()
    before = render(match, 1)
    spot = PIECES.index("null-crowns")
    match.act(0, {"type": "flip", "spot": spot})
    after = render(match, 1, shown=before.faces).html
    flipping = [place for place, a in spots(after).items() if "fd-flip-in" in a["class"]]
    assert flipping == [f"spot-{spot}"]


def test_log_sentences_come_from_the_spectators_events():
    match = fixed(flaming=True)
    match.act(0, {"type": "flip", "spot": PIECES.index("null-crowns")})  # a miss
    match.act(0, {"type": "move", "spot": 30})
    match.act(1, {"type": "flip", "spot": PIECES.index("ace-suns")})  # a miss for Ben
    match.act(1, {"type": "stay"})
    match.act(0, {"type": "flip", "spot": PIECES.index("ace-suns")})  # now suit up; Ana's tile
    lines = [PRESENTER.describe(event, NAMES[:2]) for event in match.events(None)]
    said = [line for line in lines if line]
    assert said == [
        "The tiles are dealt face up and the coins are scattered in the middle. First to play: Ana.",
        "Ana flipped a coin showing value null: it is the null of crowns.",
        "The null of crowns matches none of Ana's tiles.",
        "Ana moved the null of crowns to row 6, column 1.",
        "Ben flipped a coin showing value ace: it is the ace of suns.",
        "The ace of suns matches none of Ben's tiles.",
        "Ben left the coin where it is.",
        "Ana flipped a coin showing suns: it is the ace of suns.",
        "It matches: Ana marked the ace of suns tile (1 marked).",
    ]


def test_the_end_is_told_and_the_result_lists_every_players_marked_tiles():
    match = fixed()
    ana = PIECES[:12]
    for turn, tile in enumerate(ana):
        match.act(0, {"type": "flip", "spot": PIECES.index(tile)})
        if turn < len(ana) - 1:
            match.act(1, {"type": "flip", "spot": PIECES.index(ana[turn + 1])})  # a miss for Ben: Ana's coin
    assert match.result() is not None
    assert PRESENTER.describe(match.events(None)[-1], NAMES[:2]) == "Ana marked every tile and won."
    view = match.view(0)
    assert PRESENTER.result_lines(view, NAMES[:2]) == ["Ana: 12 of 12 tiles marked", "Ben: 0 of 12 tiles marked"]
    assert PRESENTER.scores(view, NAMES[:2]) == ["12/12 marked", "0/12 marked"]
    assert render(match, 0).html.count('data-legal="true"') == 0


def test_the_solo_player_called_you_reads_your_tiles():
    match = fixed()
    html = render_table(PRESENTER, Frame(match.view(0), ["You", "Ben (Medium)"], match.legal_actions(0), {}, {})).html
    assert 'aria-label="Your tiles"' in html and "Your first tile, null of suns" in html
