"""Properties every game must keep under random legal play, for every player count and option.

Each test runs for every game; each example deals a match from a drawn player count, options and seed,
then plays random legal actions, checking at every step that nothing leaks and that illegal actions
change nothing. The examples are derandomized, so a CI run is repeatable.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES, Match, new_match
from tests.support import advance_randomly, assert_illegal, hidden_ids, play_randomly, random_step

# Inside Pyodide (tests/test_pyodide.py) four derandomized examples rather than ten: the same code on another
# interpreter, at less than half the cost, in a test run whose two cores are busy throughout.
EXAMPLES = 4 if sys.platform == "emscripten" else 10
PROPERTY_SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def deals(game: str):
    """(game, a player count it allows, options it allows with no fixed deck, a seed)."""
    rules = GAMES[game]
    options = {
        option.name: st.sampled_from(option.choices) if option.choices else st.booleans()
        for option in rules.options
        if option.choices or isinstance(option.default, bool)
    }
    return st.tuples(
        st.just(game), st.sampled_from(rules.player_counts), st.fixed_dictionaries(options), st.integers(0, 2**32)
    )


every_game = pytest.mark.parametrize("game", sorted(GAMES))


def corruptions(action: dict) -> list[object]:
    """Near-misses of a legal action: wrong type, missing or foreign keys, bad values, a huge string."""
    keys = [key for key in action if key != "type"]
    bad: list[object] = [
        None,
        [],
        "flip",
        {},
        {**action, "type": "teleport"},
        {**action, "extra": 1},
        {**action, "type": "x" * 100_000},
    ]
    for key in keys:
        bad.append({k: v for k, v in action.items() if k != key})
        bad.append({**action, key: 10_000})
        bad.append({**action, key: -1})
        bad.append({**action, key: True})
        bad.append({**action, key: "x" * 5000})
        bad.append({**action, key: {"nested": [1, 2, 3]}})
    return bad


@every_game
@PROPERTY_SETTINGS
@given(data=st.data(), play_seed=st.integers(0, 2**32))
def test_random_play_ends_and_round_trips(game, data, play_seed):
    """Random legal play ends; JSON round trip and replay from the seed give the identical match."""
    game, players, options, seed = data.draw(deals(game))
    match = new_match(game, players, options, seed)
    play_randomly(match, random.Random(play_seed))
    result = match.result()
    assert len(result["scores"]) == players and result["winners"]
    assert all(0 <= seat < players for seat in result["winners"])

    text = match.to_json()
    restored = Match.from_json(text)
    assert restored.to_json() == text
    assert restored.events(None) == match.events(None)
    assert all(restored.view(seat) == match.view(seat) for seat in [None, *range(players)])

    replayed = new_match(game, players, options, seed)
    for seat, action in match.history:
        replayed.act(seat, action)
    assert replayed.to_json() == text
    assert all(replayed.events(seat) == match.events(seat) for seat in [None, *range(players)])


@every_game
@PROPERTY_SETTINGS
@given(data=st.data(), play_seed=st.integers(0, 2**32))
def test_json_round_trip_mid_game_continues_identically(game, data, play_seed):
    """A match restored half-way plays on exactly like the original."""
    game, players, options, seed = data.draw(deals(game))
    match = new_match(game, players, options, seed)
    rng = random.Random(play_seed)
    advance_randomly(match, rng, rng.randrange(1, 60))
    twin = Match.from_json(match.to_json())
    for _ in range(60):
        if match.result() is not None:
            break
        seat, action = random_step(match, rng)
        assert match.act(seat, action) == twin.act(seat, action)
    assert twin.to_json() == match.to_json()


@every_game
@PROPERTY_SETTINGS
@given(data=st.data(), play_seed=st.integers(0, 2**32))
def test_cards_are_conserved_and_nothing_leaks(game, data, play_seed):
    """Every step keeps every card, and a seat that did not act learns no card a spectator did not see."""
    game, players, options, seed = data.draw(deals(game))
    match = new_match(game, players, options, seed)
    deck = Counter(match.all_cards())
    rng = random.Random(play_seed)
    for _ in range(3000):
        if match.result() is not None:
            break
        views_before = {seat: hidden_ids(match.view(seat)) for seat in range(players)}
        count = len(match.events(None))
        actor, action = random_step(match, rng)
        match.act(actor, action)
        assert Counter(match.all_cards()) == deck, "a card appeared or vanished"
        public = hidden_ids(match.events(None, since=count)) | hidden_ids(match.view(None))
        for seat in range(players):
            if seat == actor:
                continue
            # A seat's own looks (a Cambio peek at the start of a round) are its to see.
            told = match.events(seat, since=count)
            own = hidden_ids([e for e in told if e.get("seat") == seat and seat in e.get("to", ())])
            received = hidden_ids(told)
            assert received <= public | own, f"seat {seat} was told {received - public - own}"
            leaked = hidden_ids(match.view(seat)) - public - own - views_before[seat]
            assert not leaked, f"seat {seat}'s view shows {leaked}"


@every_game
@PROPERTY_SETTINGS
@given(data=st.data(), play_seed=st.integers(0, 2**32))
def test_illegal_actions_are_rejected_unchanged(game, data, play_seed):
    """Near-miss actions, wrong seats and out-of-turn seats are refused and change nothing."""
    game, players, options, seed = data.draw(deals(game))
    match = new_match(game, players, options, seed)
    rng = random.Random(play_seed)
    advance_randomly(match, rng, rng.randrange(0, 40))
    if match.result() is not None:
        assert_illegal(match, 0, {"type": "anything"})
        return
    seat, action = random_step(match, rng)
    legal = [json.dumps(a, sort_keys=True) for a in match.legal_actions(seat)]
    for bad in corruptions(action):
        if isinstance(bad, dict) and json.dumps(bad, sort_keys=True) in legal:
            continue
        assert_illegal(match, seat, bad)
    for bad_seat in [-1, players, True, "0", None, 1.0]:
        assert_illegal(match, bad_seat, action)
    for idle in set(range(players)) - set(match.to_act()):
        assert_illegal(match, idle, action)
