"""The searching Perfect level (Cambio's; Paved with Gold's in test_paved_with_gold_search.py): worlds that agree
with what the seat knows, blind to every card it has not seen, the same choices from the same seed, and the winning
move where there is one."""

from __future__ import annotations

import random

from game import new_match
from game.bots import new_bot
from game.bots.cambio import CambioBot
from game.bots.cambio_search import win_chance
from game.cards import standard_deck
from game.deck import LocalCards
from game.rules.cambio import RULES as CAMBIO
from tests.bots.support import assert_blind_from
from tests.bots.test_cambio_bot import DECK, ask, deal, pass_turn
from tests.support import FIRST_SEAT

CALL = {"type": "cambio"}


def play(match, bots: dict, until) -> None:
    """Let ``bots`` (seat → bot) play ``match``, asked in seat order, until ``until(match)`` or the game's end."""
    told = dict.fromkeys(bots, 0)
    while match.result() is None and not until(match):
        for seat in match.to_act():
            action = bots[seat].choose(match.view(seat), match.events(seat, since=told[seat]))
            told[seat] = match.event_count
            if action is not None:
                match.act(seat, action)
                break


def searches(bots: dict) -> int:
    return sum(bot.search.decisions for bot in bots.values())


# --------------------------------------------------------------------------------------- blindness


def test_cambio_search_chooses_alike_whatever_the_cards_nobody_has_seen():
    # Seat 0's bottom row is a joker and a red king: it soon weighs a call, by search.
    base = deal([["5S", "6S", "RJ", "KH"], ["QH", "JH", "KS", "10C"]]).options["deck"]
    other = base[:30] + list(reversed(base[30:]))  # the deck's bottom 24 cards, which no one has seen
    matches = [new_match("cambio", 2, {**FIRST_SEAT, "deck": deck}, seed=1) for deck in (base, other)]
    compared, searched = assert_blind_from(matches, {0: "perfect", 1: "medium"})
    assert compared >= 50 and searched >= 1


# ------------------------------------------------------------------------------------ determinism


def test_the_same_seed_searches_the_same_way():
    runs = []
    for _ in range(2):
        match = new_match("cambio", 2, {"first_player": "first seat"}, seed=5)
        bots = {seat: new_bot("cambio", "perfect", seed=seat) for seat in (0, 1)}
        play(match, bots, lambda match: match.view(None)["round"] > 1)
        runs.append((match.to_json(), searches(bots)))
    assert runs[0] == runs[1] and runs[0][1] >= 1


def test_a_search_draws_its_worlds_and_playouts_from_its_seed_alone():
    match = deal([["RJ", "5S", "KH", "3D"], ["4H", "5H", "6H", "9C"]], top=("6C",))
    match.act(0, DECK)
    view = match.view(0)
    openings = [[CALL, {"type": "discard"}], [{"type": "swap", "slot": 1}]]
    found = []
    for seed in ("a", "a", "b"):
        bot = CambioBot("perfect", 1)
        bot.choose({**view, "to_act": []}, match.events(0))
        found.append(bot.search.outcomes(view, openings, seed))
    assert found[0] == found[1] != found[2]


# ---------------------------------------------------------------------------------------- worlds


def test_cambio_worlds_hold_every_card_once_and_what_the_seat_remembers_where_it_saw_it():
    match = deal([["4S", "5S", "KS", "2S"], ["4H", "5H", "6H", "3H"]], top=("9D", "6D"))
    bot = CambioBot("perfect", 1)
    match.act(0, DECK)
    match.act(0, {"type": "discard"})
    match.act(0, {"type": "peek", "owner": 1, "slot": 0})  # seat 0 sees the 4H
    pass_turn(match, 1)
    match.act(0, DECK)
    view = match.view(0)
    bot.choose({**view, "to_act": []}, match.events(0))  # takes the events in without acting
    template, _ = CAMBIO.setup(2, CAMBIO.check_options(2, {}), LocalCards(random.Random(0)))
    for seed in range(5):
        world = bot.search._world(view, template, random.Random(seed))
        state = world.state
        assert sorted(CAMBIO.all_cards(state)) == sorted(standard_deck(jokers=True))
        assert state["hands"][0][2:] == ["KS", "2S"] and state["hands"][1][0] == "4H"
        assert state["drawn"] == view["drawn"]
        assert len(state["deck"]) == view["deck_size"] and state["graveyard"][-1] == view["graveyard"]
        assert world.players[1].memory.recall((1, 2)) == state["hands"][1][2]  # its own bottom row
        assert world.players[1].memory.recall((0, 2)) is None  # it never saw seat 0's cards


# ------------------------------------------------------------------------------------ the right move


def test_cambio_search_calls_once_it_has_drawn_when_its_hand_is_surely_lowest():
    """Seat 0 has seen its whole hand, jokers and red kings: -2 points, the lowest a hand can be."""
    match = deal([["RJ", "BJ", "KH", "KD"], ["4H", "5H", "6H", "9C"]], top=("7D", "4D", "8D", "5D", "6C"))
    bot, told = CambioBot("perfect", 1), [0]
    for slot in (0, 1):  # a seven and an eight: it peeks at its two top cards
        match.act(0, DECK)
        match.act(0, {"type": "discard"})
        match.act(0, {"type": "peek", "owner": 0, "slot": slot})
        pass_turn(match, 1)
    match.act(0, DECK)  # the 6C
    assert ask(bot, match, 0, told) == CALL and bot.search.decisions == 1
    match.act(0, CALL)
    assert ask(bot, match, 0, told) == {"type": "discard"}  # keeping the six would only add to its hand


def test_cambio_search_goes_on_when_a_call_would_cost_the_penalty():
    match = deal([["KS", "QS", "JS", "10S"], ["4H", "5H", "6H", "9C"]], top=("6C",))
    bot = CambioBot("perfect", 1)
    match.act(0, DECK)
    view = match.view(0)
    bot.choose({**view, "to_act": []}, match.events(0))
    keep = {"type": "swap", "slot": 2}
    assert bot.search.call(view, keep, [keep, {"type": "discard"}]) == [keep]


def test_win_chance_is_certain_at_the_end_and_even_between_equals():
    assert win_chance([40, 101], 0, over=True) == 1.0 and win_chance([40, 40], 1, over=True) == 0.5
    assert win_chance([30, 30], 0, over=False) == 0.5
    assert 0.5 < win_chance([20, 40], 0, over=False) < win_chance([20, 80], 0, over=False) < 1.0
