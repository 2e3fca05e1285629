"""Matches (piecepack): each rule of RULES.md section 4, played through the public Match API."""

from __future__ import annotations

import json
import random

import pytest

from game import new_match
from game.cards import PIECE_SUITS, all_pieces, piece
from game.rules.matches import SPOTS
from tests.support import FIRST_SEAT, assert_illegal, hidden_ids, play_randomly, random_step

PIECES = all_pieces()  # suns null..5, moons null..5, crowns null..5, arms null..5
FREE = list(range(len(PIECES), SPOTS))  # with middle(), spots 24..35 are free


def middle(face: str = "value", **faces: str) -> list:
    """A fixed middle: coin PIECES[i] on spot i with ``face`` up (``faces`` overrides by coin id); 24–35 free."""
    spots: list = [[coin, faces.get(coin, face)] for coin in PIECES]
    return spots + [None] * (SPOTS - len(PIECES))


def spot(coin: str) -> int:
    """Where middle() puts ``coin``."""
    return PIECES.index(coin)


def deal(players: int = 2, flaming: bool = False, coins: list | None = None, seed: int = 0):
    """A match with tiles dealt in PIECES order (2 players: seat 0 suns and moons, seat 1 crowns and arms)."""
    options = {**FIRST_SEAT, "deck": PIECES, "coins": coins or middle(), "flaming": flaming}
    return new_match("matches", players, options, seed)


def flip(match, seat: int, coin: str) -> list[dict]:
    """Seat flips the coin that middle() placed for ``coin``."""
    return match.act(seat, {"type": "flip", "spot": spot(coin)})


def strings(value: object) -> set[str]:
    """Every string inside a JSON value, keys included."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


# Setup: tiles dealt evenly and face-up.


@pytest.mark.parametrize(("players", "share"), [(2, 12), (3, 8), (4, 6), (6, 4)])
def test_tiles_are_dealt_evenly_in_deck_order_and_face_up(players, share):
    match = deal(players)
    expected = [PIECES[seat * share : (seat + 1) * share] for seat in range(players)]
    for viewer in [None, *range(players)]:
        tiles = match.view(viewer)["tiles"]
        assert [[t["tile"] for t in hand] for hand in tiles] == expected
        assert all(not t["marked"] for hand in tiles for t in hand)
    assert match.events(None)[0]["tiles"] == expected


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_deal_gives_every_seat_an_equal_share_of_all_24_tiles(players):
    match = new_match("matches", players, {}, seed=7)
    hands = [[t["tile"] for t in hand] for hand in match.view(None)["tiles"]]
    assert [len(hand) for hand in hands] == [24 // players] * players
    assert sorted(tile for hand in hands for tile in hand) == sorted(PIECES)


def test_coins_are_scattered_on_random_spots_with_random_faces_and_more_spots_than_coins():
    layouts, faces = set(), set()
    for seed in range(8):
        match = new_match("matches", 2, {}, seed)
        spots = match.view(None)["spots"]
        assert len(spots) == SPOTS == 36 > 24
        occupied = tuple(pos for pos, s in enumerate(spots) if s is not None)
        assert len(occupied) == 24
        layouts.add(occupied)
        faces.update(s["face"] for s in spots if s is not None)
        assert sorted(match.all_cards()) == sorted(PIECES * 2)  # 24 tiles and 24 coins
    assert len(layouts) == 8
    assert faces == {"value", "suit"}


# A turn: flip a coin; a match marks the tile, otherwise the coin stays showing its other face.


def test_a_flip_shows_the_up_face_then_the_coin_and_its_other_face_to_everyone():
    match = deal(coins=middle(**{"2-arms": "value", "ace-crowns": "suit"}))
    flip(match, 0, "2-arms")
    flip(match, 1, "null-suns")
    flip(match, 0, "ace-crowns")
    for viewer in [None, 0, 1]:
        flips = [e for e in match.events(viewer) if e["type"] == "flip"]
        assert flips[0] == {
            "type": "flip",
            "seat": 0,
            "spot": spot("2-arms"),
            "was": {"face": "value", "value": "2"},
            "coin": "2-arms",
            "now": {"face": "suit", "suit": "arms"},
        }
        assert flips[2]["was"] == {"face": "suit", "suit": "crowns"}
        assert flips[2]["now"] == {"face": "value", "value": "ace"}
        assert "secret" not in flips[0] and "to" not in flips[0]


def test_a_matching_coin_marks_the_tile_and_leaves_the_middle():
    match = deal()
    events = flip(match, 0, "ace-moons")  # seat 0 holds the suns and moons tiles
    assert [e["type"] for e in events] == ["flip", "mark", "turn"]
    assert events[1] == {"type": "mark", "seat": 0, "spot": spot("ace-moons"), "coin": "ace-moons",
                         "tile": "ace-moons", "marked": 1}  # fmt: skip
    view = match.view(1)
    assert view["spots"][spot("ace-moons")] is None
    assert {"tile": "ace-moons", "marked": True} in view["tiles"][0]
    assert sum(t["marked"] for hand in view["tiles"] for t in hand) == 1
    assert view["marked"] == [1, 0]
    assert match.to_act() == [1]  # a match does not give another turn


def test_a_non_matching_coin_stays_on_its_spot_showing_its_other_face():
    match = deal(coins=middle(**{"5-crowns": "suit"}))
    events = flip(match, 0, "2-arms")  # 2-arms is seat 1's tile, not seat 0's
    assert [e["type"] for e in events] == ["flip", "no_match", "turn"]
    assert match.view(0)["spots"][spot("2-arms")] == {"face": "suit", "suit": "arms"}
    assert match.view(None)["marked"] == [0, 0]
    assert match.to_act() == [1]
    flip(match, 1, "5-moons")  # a suit-up coin turns to its value; 5-moons is seat 0's
    assert match.view(None)["spots"][spot("5-moons")] == {"face": "suit", "suit": "moons"}
    flip(match, 0, "5-crowns")
    assert match.view(None)["spots"][spot("5-crowns")] == {"face": "value", "value": "5"}
    # The coin that stayed can be flipped again, and now it matches its owner's tile.
    events = flip(match, 1, "2-arms")
    assert events[0]["was"] == {"face": "suit", "suit": "arms"}
    assert events[1]["type"] == "mark" and match.view(None)["marked"] == [0, 1]


def test_the_first_player_to_mark_all_their_tiles_wins_at_once():
    match = deal(players=6)  # seat 0 holds null-, ace-, 2- and 3-suns
    own = ["null-suns", "ace-suns", "2-suns", "3-suns"]
    for number, coin in enumerate(own):
        events = flip(match, 0, coin)
        if number == 3:
            break
        for seat in range(1, 6):
            if seat == 1 and number == 0:
                flip(match, 1, "4-suns")  # seat 1 marks one tile on the way
            else:
                flip(match, seat, "4-crowns" if seat == 5 else "5-arms")
    assert [e["type"] for e in events] == ["flip", "mark", "game_over"]
    result = {"winners": [0], "scores": [4, 1, 0, 0, 0, 0]}
    assert events[-1] == {"type": "game_over", "seat": 0, "result": result}
    assert match.result() == result
    assert match.to_act() == [] and match.legal_actions(1) == []
    assert match.view(3)["phase"] == "over"
    assert_illegal(match, 1, {"type": "flip", "spot": spot("4-crowns")})


# Flaming Matches.


def test_flaming_lets_a_non_matching_coin_move_to_a_free_spot():
    match = deal(flaming=True)
    events = flip(match, 0, "2-arms")
    assert [e["type"] for e in events] == ["flip", "no_match"]
    assert match.to_act() == [0] and match.view(0)["phase"] == "move"
    assert match.view(0)["moving"] == spot("2-arms")
    legal = match.legal_actions(0)
    assert legal == [{"type": "stay"}] + [{"type": "move", "spot": s} for s in FREE]
    events = match.act(0, {"type": "move", "spot": 30})
    assert events[0] == {"type": "move", "seat": 0, "from": spot("2-arms"), "onto": 30, "coin": "2-arms"}
    view = match.view(1)
    assert view["spots"][spot("2-arms")] is None
    assert view["spots"][30] == {"face": "suit", "suit": "arms"}  # it keeps its new face
    assert match.to_act() == [1] and view["phase"] == "flip"


def test_flaming_coin_cannot_move_onto_an_occupied_spot():
    match = deal(flaming=True)
    flip(match, 0, "2-arms")
    for target in [spot("null-suns"), spot("2-arms"), SPOTS, -1]:
        assert_illegal(match, 0, {"type": "move", "spot": target})
    assert_illegal(match, 0, {"type": "flip", "spot": spot("null-suns")})  # decide about the coin first


def test_flaming_stay_leaves_the_coin_where_it_is():
    match = deal(flaming=True)
    flip(match, 0, "2-arms")
    assert match.act(0, {"type": "stay"})[0] == {"type": "stay", "seat": 0, "spot": spot("2-arms")}
    assert match.view(None)["spots"][spot("2-arms")] == {"face": "suit", "suit": "arms"}
    assert match.to_act() == [1]


def test_flaming_a_matching_coin_is_placed_without_a_move():
    match = deal(flaming=True)
    events = flip(match, 0, "2-suns")
    assert [e["type"] for e in events] == ["flip", "mark", "turn"]
    assert match.to_act() == [1]


def test_without_flaming_a_non_matching_coin_cannot_be_moved():
    match = deal()
    flip(match, 0, "2-arms")
    assert_illegal(match, 0, {"type": "move", "spot": 30})
    assert_illegal(match, 1, {"type": "move", "spot": 30})
    assert_illegal(match, 1, {"type": "stay"})


# Bad options and illegal actions.


@pytest.mark.parametrize(
    "deck",
    [
        "null-suns",
        PIECES[:-1],
        [*PIECES[:-1], "null-suns"],
        [*PIECES[:-1], "AS"],
        [*PIECES[:-1], "ace-stars"],
        [*PIECES, "null-suns"],
        [*PIECES[:-1], 5],
    ],
)
def test_a_bad_deck_is_a_clear_error(deck):
    with pytest.raises(ValueError, match="deck for Matches"):
        new_match("matches", 2, {"deck": deck})


@pytest.mark.parametrize(
    "coins",
    [
        "middle",
        middle()[:-1],
        [*middle(), None],
        [["null-suns", "edge"], *middle()[1:]],
        [["AS", "value"], *middle()[1:]],
        [["null-suns"], *middle()[1:]],
        [["null-suns", "value", 1], *middle()[1:]],
        [("null-suns", "value"), *middle()[1:]],
        [["ace-suns", "value"], *middle()[1:]],  # ace-suns twice
        [None, *middle()[1:]],  # null-suns missing
    ],
)
def test_a_bad_coins_layout_is_a_clear_error(coins):
    with pytest.raises(ValueError, match="coins option for Matches"):
        new_match("matches", 2, {"coins": coins})


def test_a_bad_flaming_option_and_player_count_are_errors():
    with pytest.raises(ValueError):
        new_match("matches", 2, {"flaming": 1})
    with pytest.raises(ValueError):
        new_match("matches", 5)


def test_illegal_flips_are_refused_and_change_nothing():
    match = deal()
    for bad in [
        {"type": "flip", "spot": 24},  # an empty spot
        {"type": "flip", "spot": SPOTS},
        {"type": "flip", "spot": -1},
        {"type": "flip", "spot": "3"},
        {"type": "flip", "pos": 3},
        {"type": "stay"},
    ]:
        assert_illegal(match, 0, bad)
    assert_illegal(match, 1, {"type": "flip", "spot": 3})  # not seat 1's turn
    flip(match, 0, "ace-suns")
    assert_illegal(match, 1, {"type": "flip", "spot": spot("ace-suns")})  # that coin left the middle


def test_a_fixed_match_saves_and_replays():
    match = deal(flaming=True)
    flip(match, 0, "2-arms")
    match.act(0, {"type": "move", "spot": 33})
    twin = type(match).from_json(match.to_json())
    assert twin.view(1) == match.view(1) and twin.events(None) == match.events(None)


# Hidden information: the middle shows up faces only.


@pytest.mark.parametrize(("players", "flaming"), [(2, False), (3, True), (6, True)])
def test_views_never_carry_a_coin_id_only_up_faces(players, flaming):
    match = new_match("matches", players, {"flaming": flaming}, seed=players)
    rng = random.Random(players)
    while match.result() is None:
        for viewer in [None, *range(players)]:
            spots = match.view(viewer)["spots"]
            assert hidden_ids(spots) == set()
            for s in spots:
                assert s is None or set(s) in ({"face", "value"}, {"face", "suit"})
                assert s is None or set(s) == {"face", s["face"]}
        match.act(*random_step(match, rng))


def test_a_coins_down_face_is_in_no_view_or_event_before_it_is_flipped():
    match = deal(coins=middle("value"))  # every coin shows its value, so no suit is shown anywhere
    flip(match, 0, "2-arms")
    match_before = deal(coins=middle("value"))
    seen = strings([match_before.view(v) for v in [None, 0, 1]] + [match_before.events(v) for v in [None, 0, 1]])
    assert not seen & set(PIECE_SUITS), "a suit face showed before any coin was flipped"
    assert not any("coin" in e for e in match_before.events(None))
    # The flip reveals exactly the one coin's down face.
    after = strings(match.view(1)["spots"]) | strings(match.events(1))
    assert after & set(PIECE_SUITS) == {"arms"}
    assert hidden_ids(match.events(1)[0]["spots"]) == set()  # the deal names no coin


def test_a_random_middle_shows_each_coin_only_by_its_up_face():
    match = new_match("matches", 4, {}, seed=11)
    state_spots = match.state()["spots"]
    for viewer in [None, 0, 3]:
        for shown, real in zip(match.view(viewer)["spots"], state_spots, strict=True):
            if real is None:
                assert shown is None
                continue
            coin, face = real
            value, suit = coin.split("-")
            assert shown == ({"face": "value", "value": value} if face == "value" else {"face": "suit", "suit": suit})
            assert piece(value, suit) == coin


def test_random_games_end_with_one_winner_who_marked_every_tile():
    for seed in range(6):
        players = (2, 3, 4, 6)[seed % 4]
        match = new_match("matches", players, {"flaming": seed % 2 == 1}, seed)
        play_randomly(match, random.Random(seed))
        (winner,) = match.result()["winners"]
        assert match.result()["scores"][winner] == 24 // players
        assert all(t["marked"] for t in match.view(None)["tiles"][winner])
        assert json.loads(match.to_json())["game"] == "matches"
