"""The table at one device: bots take their turns, people pass the device, saves resume exactly."""

from __future__ import annotations

import json

import pytest

from game.bots.cambio import DELAY_MS
from game.core import IllegalAction
from game.web.table import Table
from tests.support import fixed_deck, table_for


def play_person_turns(table: Table, moves: int) -> None:
    """Let the people play their first legal action and the bots theirs, ``moves`` times or to the end."""
    for _ in range(moves):
        if table.over:
            return
        if table.needs_curtain():
            table.pass_to(table.person_to_act())
        if table.person_to_act() == table.viewer and table.legal_actions():
            table.act(table.legal_actions()[0])
            continue
        move = table.bot_move()
        assert move is not None, "nobody can move"
        table.play_bot_move(move)


def test_a_solo_game_against_a_bot_reaches_its_result():
    table = table_for(game="concentration", pairs=8)
    play_person_turns(table, 500)
    assert table.over and table.match.result()["winners"]


def test_a_bot_move_chosen_before_the_match_moved_on_is_dropped():
    table = table_for(game="cambio", players=2, bots=1)
    while table.bot_move() is None:
        table.act(table.legal_actions()[0])
    move = table.bot_move()
    step = table.match.step
    table.match.act(move.seat, move.action)  # someone else got there first
    assert table.play_bot_move(move) is None and table.match.step == step + 1


@pytest.mark.parametrize(
    ("bot_hand", "graveyard", "move", "level"),
    [
        (["4H", "5H", "9H", "3H"], "9C", {"type": "snap", "owner": 1, "slot": 2}, "hard"),  # the round's first card
        (["4H", "5H", "RJ", "BJ"], "KC", {"type": "cambio"}, "medium"),  # two jokers known: a call, out of turn
    ],
)
def test_a_bots_out_of_turn_move_takes_its_levels_reaction_time(bot_hand, graveyard, move, level):
    deck = fixed_deck([["6S", "7S", "8S", "9S"], bot_hand], graveyard, [])
    table = table_for(game="cambio", bots=1, level=level, deck=json.dumps(deck))
    assert table.person_to_act() == 0  # your turn: anything the bot does now is out of turn
    chosen = table.bot_move()
    assert (chosen.seat, chosen.action, chosen.in_turn) == (1, move, False)
    low, high = DELAY_MS[level]
    pace = 700  # the normal speed: a reaction time is scaled to the pace
    assert low <= table.bots.wait_ms(chosen, pace) <= high
    assert table.bots.wait_ms(chosen, pace * 2) >= 2 * low, "slower play, slower reactions"


def test_pass_and_play_needs_the_curtain_when_the_other_person_must_act():
    table = table_for(game="concentration", pairs=8, bots=0, names="Ana,Ben")
    assert not table.needs_curtain()
    for _ in range(20):
        if table.person_to_act() == 1:
            break
        table.act(table.legal_actions()[0])
    assert table.needs_curtain()
    table.pass_to(1)
    assert not table.needs_curtain() and table.viewer == 1


def test_bots_never_get_the_screen():
    table = table_for(game="concentration")
    with pytest.raises(ValueError, match="computer player"):
        table.pass_to(1)


def test_an_illegal_action_changes_nothing():
    table = table_for(game="concentration")
    before = table.to_json()
    with pytest.raises(IllegalAction):
        table.act({"type": "flip", "pos": 99})
    assert table.to_json() == before


def test_a_look_ahead_shows_the_move_and_leaves_the_table_as_it_was():
    table = table_for(game="concentration", pairs=8)
    before = table.to_json()
    ahead, events = table.after({"type": "flip", "pos": 3})
    assert table.to_json() == before
    assert ahead.match.history == [[0, {"type": "flip", "pos": 3}]] and events[0]["type"] == "flip"
    assert ahead.viewer == table.viewer and ahead.names == table.names
    with pytest.raises(IllegalAction):
        table.after({"type": "flip", "pos": 99})
    assert table.to_json() == before


def test_a_save_resumes_exactly():
    table = table_for(game="deluxe-memory", players=3, bots=1, names="Ana,Ben")
    play_person_turns(table, 40)
    again = Table.from_json(table.to_json())
    assert again.match.to_json() == table.match.to_json()
    assert (again.viewer, again.names, again.seed) == (table.viewer, table.names, table.seed)
    assert again.match.view(again.viewer) == table.match.view(table.viewer)


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda data: "{not json", "damaged: it could not be read"),
        (lambda data: json.dumps({**data, "format": 99}), "another version"),
        (lambda data: json.dumps({**data, "viewer": 1}), "no person plays"),
        (lambda data: json.dumps({**data, "seed": 12345}), "does not match"),
        (lambda data: json.dumps({**data, "config": {**data["config"], "game": "poker"}}), "no game called"),
        (lambda data: json.dumps({**data, "match": data["match"].replace('"pos":', '"pos":9', 1)}), "damaged"),
    ],
)
def test_a_corrupt_save_is_refused_with_a_reason(mutate, words):
    table = table_for(game="concentration", seed=5)
    play_person_turns(table, 3)
    data = json.loads(table.to_json())
    with pytest.raises(ValueError, match=words):
        Table.from_json(mutate(data))
