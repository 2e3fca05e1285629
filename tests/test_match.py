"""The Match contract: checking seats and actions, save and load, replay."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from game import GAMES, IllegalAction, Match, new_match
from tests.support import random_step

PAIRS_8 = ["AS", "AC", "2H", "2D", "3S", "3C", "4H", "4D", "5S", "5C", "6H", "6D", "7S", "7C", "8H", "8D"]


def fresh() -> Match:
    return new_match("concentration", 2, {"pairs": 8, "deck": PAIRS_8}, seed=5)


def test_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, ValueError)


@pytest.mark.parametrize(
    ("game", "players", "options", "message"),
    [
        ("poker", 2, {}, "Unknown game 'poker'"),
        ("concentration", 0, {}, "for 1, 2, 3, 4, 5, 6 players"),
        ("concentration", "2", {}, "players"),
        ("concentration", True, {}, "players"),
        ("concentration", 2, {"colours": 4}, "Unknown option 'colours'"),
        ("concentration", 2, {"pairs": 10}, "one of 8, 12, 18, 26"),
        ("concentration", 2, ["pairs"], "JSON object"),
    ],
)
def test_bad_new_match_is_a_value_error(game, players, options, message):
    with pytest.raises(ValueError, match=message):
        new_match(game, players, options, seed=1)


@pytest.mark.parametrize("seed", [1.5, None, True, [1]])
def test_seed_must_be_an_int_or_a_string(seed):
    with pytest.raises(ValueError, match="seed"):
        new_match("concentration", 2, {}, seed)


@pytest.mark.parametrize("seat", [-1, 2, "0", None, True, 0.0])
def test_unknown_or_non_int_seat_is_refused_unchanged(seat):
    match = fresh()
    before = match.to_json()
    with pytest.raises(IllegalAction, match="no seat"):
        match.act(seat, {"type": "flip", "pos": 0})
    assert match.to_json() == before


def test_acting_out_of_turn_is_refused_unchanged():
    match = fresh()
    before = match.to_json()
    with pytest.raises(IllegalAction, match="Seat 1 cannot act now"):
        match.act(1, {"type": "flip", "pos": 0})
    assert match.to_json() == before
    assert match.legal_actions(1) == []


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "peek", "pos": 0}, "cannot 'peek' now; you may: flip"),
        ({"type": "flip"}, "takes pos"),
        ({"type": "flip", "pos": 0, "card": "AS"}, "takes pos"),
        ({"type": "flip", "pos": 99}, "with pos 99"),
        ({"type": "flip", "pos": "0"}, 'with pos "0"'),
        ({"type": "flip", "pos": False}, "with pos false"),
        ({"type": "flip", "pos": 0.0}, "with pos 0.0"),
        ({"type": "flip", "pos": "x" * 10_000}, "far too long"),
        ([{"type": "flip", "pos": 0}], "JSON object"),
        ({"type": "flip", "pos": {1, 2}}, "only JSON values"),
    ],
)
def test_bad_action_gets_a_readable_sentence_and_changes_nothing(action, message):
    match = fresh()
    before = match.to_json(), match.events(None), match.view(0)
    with pytest.raises(IllegalAction, match=message):
        match.act(0, action)
    assert (match.to_json(), match.events(None), match.view(0)) == before


def test_act_returns_the_new_events_as_the_actor_sees_them():
    match = fresh()
    assert match.act(0, {"type": "flip", "pos": 0}) == [{"type": "flip", "seat": 0, "pos": 0, "card": "AS"}]
    assert match.events(None)[-1] == {"type": "flip", "seat": 0, "pos": 0, "card": "AS"}
    assert match.step == 1


def test_acting_after_the_game_is_over_is_refused():
    match = new_match("concentration", 1, {"pairs": 8, "deck": PAIRS_8}, seed=1)
    for pos in range(16):
        match.act(0, {"type": "flip", "pos": pos})
    assert match.result() == {"winners": [0], "scores": [8]}
    assert match.to_act() == []
    with pytest.raises(IllegalAction, match="over"):
        match.act(0, {"type": "flip", "pos": 0})


def test_save_holds_the_log_and_loads_back_to_the_same_match():
    match = fresh()
    match.act(0, {"type": "flip", "pos": 0})
    match.act(0, {"type": "flip", "pos": 2})
    saved = json.loads(match.to_json())
    assert saved["history"] == [[0, {"type": "flip", "pos": 0}], [0, {"type": "flip", "pos": 2}]]
    loaded = Match.from_json(match.to_json())
    assert loaded.to_json() == match.to_json() and loaded.view(1) == match.view(1)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_copy_plays_on_without_touching_the_match(game):
    match = new_match(game, 2, {}, seed=7)
    rng = random.Random(game)
    for _ in range(6):
        match.act(*random_step(match, rng))
    saved, views = match.to_json(), [match.view(seat) for seat in range(2)]
    twin = match.copy()
    seat, action = random_step(twin, rng)
    twin.act(seat, action)
    assert match.to_json() == saved and [match.view(seat) for seat in range(2)] == views
    match.act(seat, action)
    assert twin.to_json() == match.to_json() and twin.view(None) == match.view(None)
    assert twin.events(seat) == match.events(seat)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        (None, "not valid JSON"),
        ("[]", "not a Face Down match"),
        ('{"format": 99}', "not a Face Down match"),
        ('{"format": 1, "game": "poker"}', "unknown game"),
        ('{"format": 1, "game": "concentration", "players": 2, "seed": 1, "history": {}}', "damaged action log"),
        ('{"format": 1, "game": "concentration", "players": 2, "seed": 1, "options": [1], "history": []}', "options"),
        ('{"format": 1, "game": "concentration", "players": 7, "seed": 1, "history": []}', "players"),
        (
            '{"format": 1, "game": "concentration", "players": 2, "seed": 1,'
            ' "history": [[1, {"type": "flip", "pos": 0}]]}',
            "action 1 cannot be replayed",
        ),
    ],
)
def test_corrupt_save_is_a_clear_value_error(text, message):
    with pytest.raises(ValueError, match=message):
        Match.from_json(text)


# Saves made by the engine of commit 442d259, before the options first_player (every game) and call
# (Cambio) existed, each with a SHA-256 of its event streams (spectator, then every seat) as that engine
# produced them. The Cambio save has no snap made while a power resolved: the rules no longer allow one.
OLD_SAVES = json.loads((Path(__file__).parent / "fixtures" / "saves_before_first_player.json").read_text())


@pytest.mark.parametrize("old", OLD_SAVES, ids=lambda old: old["save"]["game"])
def test_a_save_from_before_an_option_existed_replays_with_the_old_behaviour(old):
    """The first seat opens as it always did, Cambio is called on one's own turn, and every event is as it was."""
    match = Match.from_json(json.dumps(old["save"]))
    assert match.options["first_player"] == "first seat"
    assert match.options.get("call", "own turn") == "own turn"
    assert match.step == old["step"] and match.result() == old["result"]
    # The one new field: the deal now names the first player (Cambio's deal always named its starter). And one
    # renamed: a Matches move's spot is "onto" (it was "to", the key that says who may see a private event).
    deals = [event for event in match.events(None) if event["type"] == "deal" and "first" in event]
    assert [deal["first"] for deal in deals] == ([] if match.game == "cambio" else [0])
    renamed = {"onto": "to"}
    streams = [
        [
            {renamed.get(key, key): value for key, value in event.items() if event["type"] != "deal" or key != "first"}
            for event in stream
        ]
        for stream in (match.events(seat) for seat in [None, *range(match.players)])
    ]
    assert hashlib.sha256(json.dumps(streams, sort_keys=True).encode()).hexdigest() == old["events"]


def test_a_new_save_keeps_its_options_as_they_were_chosen():
    match = new_match("paved-with-gold", 2, {}, seed=3)
    assert json.loads(match.to_json())["options"]["first_player"] == "random"
    assert Match.from_json(match.to_json()).options == match.options


def layout(seed: int | str) -> list[str]:
    """The solo board's cards, read by flipping every position in order."""
    match = new_match("concentration", 1, {"pairs": 8}, seed)
    return [match.act(0, {"type": "flip", "pos": pos})[0]["card"] for pos in range(16)]


def test_same_seed_same_deal_other_seed_other_deal():
    assert layout(1) == layout(1)
    assert layout(1) != layout(2)


def test_string_seeds_work_and_differ_from_each_other():
    assert layout("daily-2026-11-21") == layout("daily-2026-11-21") != layout("x")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_view_and_events_are_json(game):
    rules = GAMES[game]
    match = new_match(game, rules.min_players, {}, seed=3)
    for seat in [None, *range(match.players)]:
        assert json.loads(json.dumps(match.view(seat))) == match.view(seat)
        assert json.loads(json.dumps(match.events(seat))) == match.events(seat)
    for seat in match.to_act():
        assert all("type" in action for action in match.legal_actions(seat))


def test_the_state_is_a_copy_that_changes_nothing():
    match = fresh()
    state = match.state()
    assert sorted(card for card in state["cells"] if card) == sorted(match.all_cards())
    state["cells"][0] = None
    assert match.state() != state and match.all_cards() == fresh().all_cards()
