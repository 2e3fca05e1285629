"""Paved with Gold's searching Perfect level (game/bots/paved_with_gold_search.py): worlds that agree with what the
seat knows, blind to every card it has not seen, and the winning move where there is one."""

from __future__ import annotations

import random

from game.bots.paved_with_gold import PavedWithGoldBot
from game.cards import standard_deck
from game.deck import LocalCards
from game.rules.paved_with_gold import RULES as PAVED
from tests.bots.support import assert_blind_from
from tests.bots.test_paved_with_gold_bot import Table, deck_with


def drained(deck: list[str]) -> Table:
    """A two-seat table whose stock is empty and whose square holds only positions 0–7, which nobody has seen."""
    table = Table(deck)
    table.drain(keep=8)
    assert table.match.view(0)["stock"] == 0 and table.match.to_act() == [0]
    return table


def test_the_search_chooses_alike_whatever_the_cards_nobody_has_seen():
    deck = deck_with()
    other = [*reversed(deck[:8]), *deck[8:]]  # the eight cards the drain never shows
    matches = [drained(cards).match for cards in (deck, other)]
    compared, searched = assert_blind_from(matches, {0: "perfect", 1: "perfect"})
    assert compared >= 1 and searched >= 1


def test_worlds_hold_every_card_once_and_what_the_seat_remembers_where_it_saw_it():
    table = Table(deck_with({0: "2S", 1: "9H"}))
    table.look(0, 0, 1)
    table.look(1, 5)
    bot = table.bot
    bot.choose({**table.match.view(0), "to_act": []}, table.match.events(0))
    view = table.match.view(0)
    template, _ = PAVED.setup(2, PAVED.check_options(2, {}), LocalCards(random.Random(0)))
    for seed in range(5):
        world = bot.search._world(view, template, random.Random(seed))
        cells = world.state["cells"]
        assert sorted(PAVED.all_cards(world.state)) == sorted(standard_deck())
        assert cells[:2] == ["2S", "9H"] and len(world.state["stock"]) == view["stock"]
        assert world.players[1].memory.recall(5) == cells[5] and world.players[1].memory.recall(0) is None


def test_the_search_claims_none_left_before_the_opponent_who_has_seen_every_card_does():
    """Six cards are left, no combination among them; seat 1 has seen all six, seat 0 five and knows the sixth is
    the one card it has not seen. The heuristic would look at it first; the search ends the game now."""
    last = {0: "2S", 1: "6S", 2: "10H", 3: "AH", 4: "4D", 5: "8D"}
    table = Table(deck_with(last))
    table.drain(keep=6)
    match = table.match
    assert match.to_act() == [1]
    for seen, looked in (((0, 1), (0, 1)), ((2, 3), (2, 3)), ((4, 5), (4,))):
        table.look(1, *seen)
        table.look(0, *looked)
    table.look(1, 0)
    heuristic = PavedWithGoldBot("perfect", 1, search=False)
    assert heuristic.choose(match.view(0), match.events(0))["type"] == "pick"
    assert table.ask() == {"type": "claim_none"}
    match.act(0, {"type": "claim_none"})
    assert match.result()["winners"] == [0]
