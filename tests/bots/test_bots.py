"""The bot contract: levels, memory, autoplay, determinism."""

from __future__ import annotations

import random

import pytest

from game import new_match
from game.bots import BOTS, LEVELS, autoplay, new_bot
from game.bots.memory import FORGET_PER_TURN, Memory


def test_levels_run_from_forgetful_to_perfect():
    assert LEVELS == ("easy", "medium", "hard", "perfect")
    assert [FORGET_PER_TURN[level] for level in LEVELS] == [0.25, 0.14, 0.05, 0.0]


def test_perfect_memory_never_forgets():
    memory = Memory("perfect", random.Random(1))
    for pos in range(20):
        memory.see(pos, f"{pos}")
    for _ in range(1000):
        memory.tick()
    assert len(memory) == 20


def test_easy_memory_forgets_about_a_quarter_per_turn():
    memory = Memory("easy", random.Random(2))
    for pos in range(4000):
        memory.see(pos, "x")
    memory.tick()
    assert 2800 < len(memory) < 3200  # about 3000 remain


def test_memory_follows_swapped_cards():
    memory = Memory("perfect", random.Random(1))
    memory.see(1, "AS")
    memory.see(2, "KD")
    memory.swap(1, 2)
    assert (memory.recall(1), memory.recall(2)) == ("KD", "AS")
    memory.move(1, 5)
    assert (memory.recall(1), memory.recall(5)) == (None, "KD")


@pytest.mark.parametrize(("game", "level", "message"), [("poker", "easy", "no bot"), ("concentration", "god", "level")])
def test_new_bot_refuses_unknown_games_and_levels(game, level, message):
    with pytest.raises(ValueError, match=message):
        new_bot(game, level)


@pytest.mark.parametrize("game", sorted(BOTS))
def test_bots_of_every_level_finish_every_game_and_replay_identically(game):
    from game import GAMES

    rules = GAMES[game]
    players = max(2, rules.min_players)
    levels = {seat: LEVELS[seat % len(LEVELS)] for seat in range(players)}
    first, second = (new_match(game, players, {}, seed=11) for _ in range(2))
    autoplay(first, levels, seed=5)
    autoplay(second, levels, seed=5)
    assert first.result() is not None
    assert first.to_json() == second.to_json()


def test_autoplay_stops_when_a_seat_without_a_bot_must_act():
    deck = ["AS", "AC", "2H", "2D", "3S", "3C", "4H", "4D", "5S", "5C", "6H", "6D", "7S", "7C", "8H", "8D"]
    match = new_match("concentration", 2, {"pairs": 8, "deck": deck}, seed=3)
    assert autoplay(match, {1: "perfect"}, seed=1) == 0 and match.to_act() == [0]
    match.act(0, {"type": "flip", "pos": 0})
    match.act(0, {"type": "flip", "pos": 2})  # a miss: seat 1's turn
    assert autoplay(match, {1: "perfect"}, seed=1) >= 2
    assert match.to_act() in ([0], [])


@pytest.mark.parametrize("game", sorted(BOTS))
def test_bots_choose_legal_actions_among_random_players_in_any_order(game):
    # Random moves and a random asking order reach states that bot-only play in seat order does not
    # (a Cambio J/Q swap whose first card is an opponent's was one).
    for seed in range(3):
        players = 3 if 3 in new_match(game, 2).rules.player_counts else 2
        match = new_match(game, players, seed=seed)
        rng = random.Random(seed)
        bots = [new_bot(game, LEVELS[(seed + seat) % len(LEVELS)], seed=seat) for seat in range(players)]
        seen = [0] * players
        for _ in range(3000):
            if match.result() is not None:
                break
            acting = match.to_act()
            if rng.random() < 0.15:
                seat = rng.choice(acting)
                match.act(seat, rng.choice(match.legal_actions(seat)))
                continue
            for seat in rng.sample(acting, len(acting)):
                action = bots[seat].choose(match.view(seat), match.events(seat, since=seen[seat]))
                seen[seat] = match.event_count
                if action is not None:
                    assert action in match.legal_actions(seat), (seed, seat, action)
                    match.act(seat, action)
                    break
            else:
                match.act(acting[0], rng.choice(match.legal_actions(acting[0])))
        assert match.result() is not None
