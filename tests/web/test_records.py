"""Personal records: games played and won by game and level, each game's bests, and what the result and menu say."""

from __future__ import annotations

import random

from game import new_match
from game.web.games import presenter_for
from game.web.games.concentration import longest_run
from game.web.records import Best, Records, level_of, load, note_game, render_records
from tests.support import random_step

FEWEST = Best("fewest-turns/12", "Fewest turns, 12 pairs", 19, "19 turns", lower=True)


def test_a_first_game_sets_the_records_a_worse_one_keeps_them_and_a_better_one_replaces_them():
    records, lines = note_game(Records(), "concentration", "alone", True, [FEWEST])
    assert lines == ["New record: 19 turns!", "Alone: 1 game played."]
    worse = Best(FEWEST.key, FEWEST.label, 23, "23 turns", lower=True)
    records, lines = note_game(records, "concentration", "alone", True, [worse])
    assert lines == ["Fewest turns, 12 pairs: 19 turns.", "Alone: 2 games played."]
    better = Best(FEWEST.key, FEWEST.label, 17, "17 turns", lower=True)
    records, lines = note_game(records, "concentration", "alone", True, [better])
    assert lines[0] == "New record: 17 turns!" and records.bests["concentration"][FEWEST.key]["value"] == 17
    records, lines = note_game(records, "concentration", "hard", False, [])
    assert lines == ["Against Hard: 0 won of 1 game."]
    assert records.games["concentration"] == {"alone": {"played": 3, "won": 3}, "hard": {"played": 1, "won": 0}}


def test_records_round_trip_and_unreadable_ones_count_as_none():
    records, _ = note_game(Records(), "cambio", "medium", True, [])
    assert load(records.to_json()) == records
    for text in (None, "", "not json", "[]", '{"format": 99, "games": {}, "bests": {}}', '{"format": 1}'):
        assert load(text) == Records()
    assert load('{"format": 1, "games": {"cambio": {"easy": {"played": "many"}}}, "bests": {}}') == Records()


def test_a_game_counts_under_its_computer_players_level():
    assert level_of(["medium"], 1) == "medium" and level_of(["hard"], 3) == "hard"
    assert level_of(["easy", "hard"], 2) == "mixed" and level_of(["easy", "hard"], 1) == "easy"
    assert level_of(["medium"], 0) == "alone" and level_of([], 0, in_room=True) == "room"


def test_the_menu_lists_each_games_tallies_and_bests():
    records, _ = note_game(Records(), "cambio", "medium", True, [])
    records, _ = note_game(records, "concentration", "alone", True, [FEWEST])
    html = render_records(records)
    assert html.index("<h2>Concentration</h2>") < html.index("<h2>Cambio</h2>")  # the picker's order
    assert "<li>Fewest turns, 12 pairs: 19 turns.</li>" in html and "<li>Against Medium: 1 won of 1 game.</li>" in html
    assert "No games finished yet" in render_records(Records())


def test_concentration_keeps_the_fewest_turns_alone_by_table_size_and_the_longest_run_of_pairs():
    presenter, rng = presenter_for("concentration"), random.Random(1)
    match = new_match("concentration", 1, {"pairs": 8}, seed=1)
    while match.result() is None:
        match.act(*random_step(match, rng))
    events, view = match.events(None), match.view(0)
    fewest, run = presenter.bests(view, events, 0)
    assert (fewest.key, fewest.value, fewest.lower) == ("fewest-turns/8", view["turns"], True)
    assert run.key == "longest-run" and run.value == longest_run(events, 0) >= 1
    pair, miss = {"type": "pair", "seat": 0}, {"type": "mismatch", "seat": 0}
    other = {"type": "pair", "seat": 1}
    assert longest_run([pair, pair, miss, pair, other, pair, pair, pair], 0) == 3
    two = new_match("concentration", 2, {"pairs": 8}, seed=1)
    assert [best.key for best in presenter.bests(two.view(0), two.events(None), 0)] == []  # no turns score, no pair
