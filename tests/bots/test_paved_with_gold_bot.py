"""The Paved with Gold bot: claims from memory, end claims only when sure at Perfect, gambles by level, no cheating."""

from __future__ import annotations

import random

from game import new_match
from game.bots import autoplay
from game.bots.paved_with_gold import PavedWithGoldBot, Pool, complete, has_combination
from game.cards import rank, standard_deck
from game.rules.paved_with_gold import any_combination
from tests.bots.support import assert_blind_to_unseen_cards
from tests.support import FIRST_SEAT

GAME = "paved-with-gold"


def deck_with(square: dict[int, str] | None = None, stock: list[str] | tuple = ()) -> list[str]:
    """A 52-card deck: ``square`` cards at those positions, ``stock`` on top of the stock, the rest in order."""
    square = square or {}
    chosen = set(square.values()) | set(stock)
    filler = [card for card in standard_deck() if card not in chosen]
    cells = [square[pos] if pos in square else filler.pop(0) for pos in range(25)]
    return cells + list(stock) + filler


class Table:
    """A match where the test plays some turns by hand and one bot plays seat 0 from its events."""

    def __init__(self, deck: list[str], level: str = "perfect", players: int = 2, seed: int = 1):
        self.match = new_match(GAME, players, {**FIRST_SEAT, "deck": deck})
        self.bot = PavedWithGoldBot(level, seed)
        self.told = 0

    def ask(self) -> dict:
        """The bot's next action for seat 0, after the events it has not been told yet."""
        action = self.bot.choose(self.match.view(0), self.match.events(0, since=self.told))
        self.told = self.match.event_count
        return action

    def look(self, seat: int, *positions: int) -> None:
        """``seat`` picks up ``positions`` and puts them back."""
        for pos in positions:
            self.match.act(seat, {"type": "pick", "pos": pos})
        self.match.act(seat, {"type": "put_back"})

    def bot_turn(self) -> list[dict]:
        """Let the bot play seat 0 until the turn passes or the game ends; returns its actions."""
        actions = []
        while self.match.to_act() == [0]:
            actions.append(self.ask())
            self.match.act(0, actions[-1])
            if len(actions) > 10:
                raise AssertionError(f"the turn did not end: {actions}")
        return actions

    def drain(self, keep: int) -> None:
        """False two-card claims on positions ``keep`` and up until only positions below ``keep`` hold cards."""
        match = self.match
        while True:
            seat = match.to_act()[0]
            free = [pos for pos, cell in enumerate(match.view(seat)["cells"]) if cell is not None and pos >= keep]
            if len(free) < 2:
                return
            a, b = free[:2]
            match.act(seat, {"type": "pick", "pos": a})
            match.act(seat, {"type": "pick", "pos": b})
            held = match.view(seat)["cells"]
            match.act(seat, {"type": "claim", "combo": "flush" if rank(held[a]) == rank(held[b]) else "three"})
            if match.view(seat)["phase"] == "give":
                match.act(seat, {"type": "give", "seat": (seat + 1) % match.players})


def claims(table: Table, seat: int = 0) -> list[dict]:
    return [e for e in table.match.events(None) if e["type"].startswith("claim_") and e.get("seat") == seat]


# --- combinations from memory ---------------------------------------------------------------------------


def test_completes_combinations_from_remembered_cards():
    pool = Pool([(3, "KH"), (7, "QS"), (9, "2C"), (11, "5D"), (12, "4H")])
    assert complete("run", ["AD"], pool) == [7, 3]  # Q-K-A, the ace high
    assert complete("prime", ["AS"], pool) == [3, 11, 9]
    assert complete("flush", ["9H"], pool) == [3, 12]
    assert complete("five_colour", ["9H"], pool) is None  # only three red cards
    assert complete("three", ["KS", "KD"], pool) == [3]
    assert complete("pair", ["9S", "9H"], pool) == []
    assert complete("pair", ["9S"], pool) is None


def test_fast_end_claim_check_agrees_with_the_rules():
    rng = random.Random(5)
    for _ in range(400):
        cards = rng.sample(standard_deck(), rng.randint(1, 8))
        assert has_combination(cards) == any_combination(cards), cards


def test_cashes_a_known_five_of_a_colour_at_once():
    table = Table(deck_with({0: "2H", 1: "5D", 2: "9H", 3: "JD", 4: "KH"}))
    table.look(0, 0, 1)
    table.look(1, 10)
    table.look(0, 2, 3)
    table.look(1, 11)
    table.look(0, 4)
    table.look(1, 12)
    table.bot_turn()
    assert claims(table) == [
        {
            "type": "claim_true",
            "seat": 0,
            "combo": "five_colour",
            "pos": [0, 1, 2, 3, 4],
            "cards": ["2H", "5D", "9H", "JD", "KH"],
            "points": 25,
        }
    ]
    table.look(1, 12)
    table.ask()
    assert all(table.bot.memory.recall(pos) is None for pos in range(5)), "refilled positions are forgotten"


def test_claims_the_best_combination_its_picked_card_completes():
    table = Table(deck_with({0: "4S", 1: "9S", 2: "5H", 3: "6D", 5: "JS", 6: "KS"}))
    table.look(0, 0, 1)
    table.look(1, 10)
    table.look(0, 2, 3)
    table.look(1, 11)
    table.look(0, 5)  # remembers 4S 9S 5H 6D JS
    table.look(1, 12)
    table.match.act(0, {"type": "pick", "pos": 6})  # KS: a flush with spades; no prime (no club), run or three
    assert table.ask() == {"type": "claim", "combo": "flush"}
    table.match.act(0, {"type": "claim", "combo": "flush"})
    assert table.bot_turn() == [{"type": "turn_up", "pos": 0}, {"type": "turn_up", "pos": 1}]
    assert claims(table)[-1]["type"] == "claim_true"


def test_picks_a_second_unseen_card_rather_than_putting_back_one():
    table = Table(deck_with({0: "4S", 1: "9H"}))
    table.match.act(0, {"type": "pick", "pos": 0})
    action = table.ask()
    assert action["type"] == "pick" and action["pos"] != 0


def test_turns_up_the_rest_of_a_claim_from_memory_and_an_unseen_card_first():
    table = Table(deck_with({0: "2H", 1: "8H", 2: "3S", 3: "QH"}))
    table.look(0, 2)  # remembers 3S: no use to a heart flush
    table.look(1, 10)
    table.match.act(0, {"type": "pick", "pos": 0})
    table.match.act(0, {"type": "pick", "pos": 1})
    table.match.act(0, {"type": "claim", "combo": "flush"})
    action = table.ask()
    assert action["type"] == "turn_up" and action["pos"] not in (0, 1, 2), "an unseen card, not the known 3S"

    table = Table(deck_with({0: "2H", 1: "8H", 2: "3S", 3: "QH"}))
    table.look(0, 2, 3)  # now remembers QH
    table.look(1, 10)
    table.match.act(0, {"type": "pick", "pos": 0})
    table.match.act(0, {"type": "pick", "pos": 1})
    table.match.act(0, {"type": "claim", "combo": "flush"})
    assert table.ask() == {"type": "turn_up", "pos": 3}


# --- the end claim ----------------------------------------------------------------------------------------

END_NO_COMBINATION = {0: "2S", 1: "5H", 2: "9S", 3: "KH"}  # two suits, no rank twice, no run, 2 + 2 colours
END_ONE_PAIR = {0: "2S", 1: "2H", 2: "9S", 3: "KH"}


def end_table(square: dict[int, str], level: str = "perfect", learn: tuple = (0, 1, 2, 3)) -> Table:
    """Stock empty, only positions 0–3 left, seat 0 to play after looking at ``learn``."""
    table = Table(deck_with(square), level)
    table.drain(keep=4)
    assert table.match.view(0)["stock"] == 0
    if table.match.to_act() == [1]:
        table.look(1, 3)
    for first in range(0, len(learn), 2):
        table.look(0, *learn[first : first + 2])
        table.look(1, 3)
    return table


def test_makes_the_end_claim_when_sure_that_no_combination_is_left():
    table = end_table(END_NO_COMBINATION)
    assert table.ask() == {"type": "claim_none"}


def test_perfect_makes_no_end_claim_with_a_card_it_has_not_seen():
    table = end_table(END_NO_COMBINATION, learn=(0, 1, 2))
    action = table.ask()
    assert action == {"type": "pick", "pos": 3}


def test_announces_a_known_pair_before_picking_it():
    table = end_table(END_ONE_PAIR)
    assert table.bot_turn() == [
        {"type": "announce_pair"},
        {"type": "pick", "pos": 0},
        {"type": "pick", "pos": 1},
    ]
    assert claims(table)[-1]["type"] == "claim_true"


def test_lower_levels_end_claim_on_belief_perfect_only_when_sure():
    cards = {0: "2S", 1: "5H", 2: "9S"}
    unseen = [card for card in standard_deck() if card not in cards.values()]
    believes = {
        level: PavedWithGoldBot(level, 1)._none_left_belief(cards, [3], unseen) for level in ("easy", "perfect")
    }
    fits = sum(not any_combination([*cards.values(), card]) for card in unseen)
    assert believes == {"easy": fits / len(unseen), "perfect": 0.0}


# --- risk by level ---------------------------------------------------------------------------------------


def false_claims(level: str, games: int, end_claims: bool = True) -> tuple[int, int]:
    """(false claims, true claims) made by ``level`` at seat 0 against Medium in ``games`` games (``end_claims``:
    counting the claims that no combination is left)."""
    false = true = 0
    for seed in range(games):
        match = new_match(GAME, 2, {}, seed=seed)
        autoplay(match, {0: level, 1: "medium"}, seed=seed)
        for event in match.events(None):
            if event.get("seat") == 0:
                false += event["type"] in ("claim_false", *(("claim_none_wrong",) if end_claims else ()))
                true += event["type"] in ("claim_true", "claim_none_right")
    return false, true


def test_never_claims_a_combination_it_cannot_prove_at_perfect():
    # Its search may claim that no combination is left without being sure: that ends the game, which wins
    # it when it is far enough ahead (the end claim's cards are the price).
    false, true = false_claims("perfect", 15, end_claims=False)
    assert false == 0 and true > 60


def test_gambles_more_often_at_lower_levels():
    easy, medium, hard = (false_claims(level, 20)[0] for level in ("easy", "medium", "hard"))
    assert easy > medium > 0 and medium >= hard


def test_gives_false_claim_cards_to_the_opponent_who_is_behind():
    table = Table(deck_with({0: "5S", 1: "5H", 2: "2C", 3: "9D"}), players=3)
    table.look(0, 10)
    table.match.act(1, {"type": "pick", "pos": 0})
    table.match.act(1, {"type": "claim", "combo": "pair"})
    table.match.act(1, {"type": "turn_up", "pos": 1})  # seat 1 scores 4
    table.look(2, 11)
    table.match.act(0, {"type": "pick", "pos": 2})  # 2C and 9D: a false "three"
    table.match.act(0, {"type": "pick", "pos": 3})
    table.match.act(0, {"type": "claim", "combo": "three"})
    assert table.match.view(0)["phase"] == "give"
    assert table.ask() == {"type": "give", "seat": 2}


def test_memory_ages_once_per_turn():
    table = Table(deck_with(), "easy")
    ticks = []
    table.bot.memory.tick = lambda: ticks.append(1)
    for _ in range(3):
        table.look(0, 0, 1)
        table.look(1, 2)
    table.ask()
    assert len(ticks) == 1 + 6  # the opening turn event, then six turns


# --- contract: no cheating, determinism, strength ---------------------------------------------------------


def test_choice_is_unchanged_when_unseen_cards_are_permuted():
    deck = deck_with()
    other = [*deck[:40], *deck[46:], *deck[40:46]]  # the bottom of the stock, seen by no one for a long while
    compared = assert_blind_to_unseen_cards(GAME, 2, {"deck": deck}, {"deck": other}, {0: "perfect", 1: "easy"})
    assert compared >= 20


def test_same_seeds_replay_the_same_match():
    first, second = (new_match(GAME, 3, {}, seed=4) for _ in range(2))
    for match in (first, second):
        autoplay(match, {0: "easy", 1: "hard", 2: "perfect"}, seed=9)
    assert first.result() is not None and first.to_json() == second.to_json()


def test_perfect_beats_a_random_legal_player():
    wins = 0
    for seed in range(16):
        match = new_match(GAME, 2, {}, seed=seed)
        rng = random.Random(seed)
        bot = PavedWithGoldBot("perfect", seed)
        me = seed % 2
        told = 0
        while match.result() is None:
            seat = match.to_act()[0]
            if seat == me:
                action = bot.choose(match.view(me), match.events(me, since=told))
                told = match.event_count
            else:
                action = rng.choice(match.legal_actions(seat))
            match.act(seat, action)
        wins += match.result()["winners"] == [me]
    assert wins >= 14


def test_perfect_beats_easy_head_to_head():
    wins = 0
    for seed in range(20):
        match = new_match(GAME, 2, {}, seed=seed)
        levels = {seed % 2: "perfect", 1 - seed % 2: "easy"}
        autoplay(match, levels, seed=seed)
        wins += match.result()["winners"] == [seed % 2]
    assert wins >= 14
