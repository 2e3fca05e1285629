"""The Deluxe Memory bot: known pairs first, losses at the leader, gains to itself, hiding that pays, no cheating."""

from __future__ import annotations

import random

import pytest

from game import new_match
from game.bots import autoplay
from game.bots.deluxe_memory import DeluxeMemoryBot
from game.cards import standard_deck
from game.rules.deluxe_memory import card_positions
from tests.bots.support import assert_blind_to_unseen_cards
from tests.support import FIRST_SEAT

GAME = "deluxe-memory"


def deck_with(placed: dict[int, str], jokers: bool = False) -> list[str]:
    """A fixed deck with ``placed`` cards at those grid positions and the rest in standard order."""
    positions = card_positions(jokers)
    rest = iter(card for card in standard_deck(jokers) if card not in placed.values())
    return [placed[pos] if pos in placed else next(rest) for pos in positions]


class Seat:
    """One bot on one seat of a match, fed exactly the events that seat saw since it was last asked."""

    def __init__(self, match, seat: int, level: str = "perfect", seed: int = 0):
        self.match, self.seat, self.told = match, seat, 0
        self.bot = DeluxeMemoryBot(level, seed)

    def choose(self) -> dict | None:
        action = self.bot.choose(self.match.view(self.seat), self.match.events(self.seat, since=self.told))
        self.told = self.match.event_count
        return action

    def play(self) -> dict:
        """Choose and act; returns the action."""
        action = self.choose()
        self.match.act(self.seat, action)
        return action


def miss(match, seat: int, first: int, second: int, hide: tuple[int, ...] = ()) -> None:
    """``seat`` picks two cards that do not match, hides ``hide`` and leaves the others face-up."""
    match.act(seat, {"type": "pick", "pos": first})
    match.act(seat, {"type": "pick", "pos": second})
    for pos in hide:
        match.act(seat, {"type": "hide", "pos": pos})
    if match.view(seat)["phase"] == "put_back":
        match.act(seat, {"type": "done"})


def random_duel(options: dict, bot_seat: int, seed: int, players: int = 2) -> dict:
    """A Perfect bot on ``bot_seat`` against random-legal players; returns the result."""
    match = new_match(GAME, players, options, seed=seed)
    bot = Seat(match, bot_seat, seed=seed)
    rng = random.Random(seed)
    while match.result() is None:
        seat = match.to_act()[0]
        if seat == bot_seat:
            bot.play()
        else:
            match.act(seat, rng.choice(match.legal_actions(seat)))
    return match.result()


def test_takes_a_known_red_pair_and_gains_itself():
    match = new_match(GAME, 2, {**FIRST_SEAT, "deck": deck_with({1: "5H", 2: "9C", 3: "5D", 4: "KS"})}, seed=1)
    miss(match, 0, 1, 2)
    miss(match, 1, 3, 4)  # 5H and 5D are both face-up now
    bot = Seat(match, 0)
    assert {bot.play()["pos"], bot.play()["pos"]} == {1, 3}
    assert match.view(0)["phase"] == "red"
    assert bot.play() == {"type": "target", "seat": 0}


def test_aims_a_black_pair_at_the_richest_opponent():
    deck = deck_with({1: "8S", 2: "2H", 3: "4D", 4: "6D", 5: "7H", 6: "8C", 8: "10H"})
    match = new_match(GAME, 3, {**FIRST_SEAT, "deck": deck}, seed=1)
    miss(match, 0, 1, 2)  # 8S face-up
    miss(match, 1, 3, 4, hide=(3, 4))  # seat 1 pays 2: 18 tokens
    miss(match, 2, 6, 8)  # 8C face-up; seat 2 keeps 20
    bot = Seat(match, 0)
    assert {bot.play()["pos"], bot.play()["pos"]} == {1, 6}
    assert match.view(0)["phase"] == "black"
    assert bot.play() == {"type": "target", "seat": 2}


def test_takes_the_remembered_partner_of_a_new_card():
    match = new_match(GAME, 2, {**FIRST_SEAT, "deck": deck_with({1: "7H", 2: "9C", 3: "4D", 4: "6D", 5: "7D"})}, seed=1)
    bot = Seat(match, 0)
    match.act(0, {"type": "pick", "pos": 1})
    match.act(0, {"type": "pick", "pos": 2})
    while match.view(0)["phase"] == "put_back":
        bot.play()  # it sees 7H and 9C and hides them: both can still pair
    assert match.view(None)["cells"][1] == "down"
    miss(match, 1, 3, 4, hide=(3, 4))
    match.act(0, {"type": "pick", "pos": 5})  # 7D: its partner 7H is remembered at 1
    assert bot.choose() == {"type": "pick", "pos": 1}


def test_hides_new_cards_but_never_pays_for_a_card_that_was_already_up():
    match = new_match(GAME, 2, {**FIRST_SEAT, "deck": deck_with({1: "QH", 2: "9C", 3: "4D", 4: "6D", 5: "JS"})}, seed=1)
    miss(match, 0, 1, 2)  # QH and 9C face-up
    miss(match, 1, 3, 4, hide=(3, 4))
    bot = Seat(match, 0)
    match.act(0, {"type": "pick", "pos": 1})  # the face-up QH again
    match.act(0, {"type": "pick", "pos": 5})  # a new card, JS
    assert bot.choose() == {"type": "hide", "pos": 5}
    match.act(0, {"type": "hide", "pos": 5})
    assert bot.choose() == {"type": "done"}


def test_leaves_alone_a_jack_pair_that_would_share_its_lead():
    deck = deck_with({1: "JH", 2: "2C", 3: "JS", 4: "3C", 5: "4D"})
    match = new_match(GAME, 2, {**FIRST_SEAT, "deck": deck}, seed=1)
    miss(match, 0, 1, 2)
    miss(match, 1, 3, 4, hide=(3, 4))  # JS hidden but seat 0 did not see it ...
    miss(match, 0, 5, 3)  # ... now it has: JH up at 1, JS up at 3; seat 0 has 20, seat 1 has 18
    miss(match, 1, 6, 8, hide=(6, 8))
    bot = Seat(match, 0)
    first = bot.play()
    assert first["pos"] not in (1, 3)
    if match.view(0)["phase"] == "pick" and match.view(0)["cells"][first["pos"]][0] != "J":
        assert bot.choose()["pos"] not in (1, 3)


def test_king_picks_the_queen_gift_from_the_leader():
    match = new_match(GAME, 2, {**FIRST_SEAT, "deck": deck_with({1: "KH", 2: "KS"})}, seed=1)
    bot = Seat(match, 0)
    match.act(0, {"type": "pick", "pos": 1})
    match.act(0, {"type": "pick", "pos": 2})
    assert bot.play() == {"type": "effect", "rank": "Q"}
    assert bot.play() == {"type": "target", "seat": 1}
    assert bot.play() == {"type": "target", "seat": 0}
    assert match.view(0)["tokens"] == [26, 14]


def test_three_reveals_a_three_it_remembers_and_fines_the_opponent():
    match = new_match(
        GAME, 2, {**FIRST_SEAT, "deck": deck_with({1: "3H", 2: "9C", 3: "4D", 4: "6D", 5: "3D", 6: "3S"})}, seed=1
    )
    bot = Seat(match, 0)
    match.act(0, {"type": "pick", "pos": 1})
    match.act(0, {"type": "pick", "pos": 2})
    match.act(0, {"type": "hide", "pos": 1})
    match.act(0, {"type": "done"})
    miss(match, 1, 3, 4, hide=(3, 4))
    match.act(0, {"type": "pick", "pos": 5})
    match.act(0, {"type": "pick", "pos": 6})  # 3D and 3S: the 3's row of the chart
    assert match.view(0)["phase"] == "reveal3"
    assert bot.play() == {"type": "reveal", "pos": 1}
    assert bot.play() == {"type": "stop"}
    assert bot.play() == {"type": "target", "seat": 1}
    assert bot.play() == {"type": "stop"}


def test_memory_follows_a_public_swap():
    match = new_match(
        GAME, 2, {**FIRST_SEAT, "deck": deck_with({1: "QH", 2: "9C", 3: "2D", 4: "2S", 10: "5C"})}, seed=1
    )
    bot = Seat(match, 0)
    match.act(0, {"type": "pick", "pos": 1})
    match.act(0, {"type": "pick", "pos": 2})
    match.act(0, {"type": "hide", "pos": 1})
    match.act(0, {"type": "hide", "pos": 2})
    bot.choose()
    assert bot.bot.memory.recall(1) == "QH"
    match.act(1, {"type": "pick", "pos": 3})
    match.act(1, {"type": "pick", "pos": 4})  # a mixed 2: seat 1 looks at two cards and swaps them
    match.act(1, {"type": "look", "pos": 1})
    match.act(1, {"type": "look", "pos": 10})
    bot.choose()
    assert bot.bot.memory.recall(10) == "QH"
    assert bot.bot.memory.recall(1) is None


def test_finishes_a_joker_rearrangement_at_once():
    match = new_match(
        GAME, 2, {**FIRST_SEAT, "jokin_around": True, "deck": deck_with({1: "RJ", 2: "BJ"}, jokers=True)}, seed=1
    )
    match.act(0, {"type": "pick", "pos": 1})
    match.act(0, {"type": "pick", "pos": 2})
    assert match.view(0)["phase"] == "rearrange"
    assert Seat(match, 0).choose() == {"type": "done"}


def test_choice_is_unchanged_when_unseen_cards_are_permuted():
    deck = standard_deck()
    other = [*deck[:-2], deck[-1], deck[-2]]  # the last two cells, bottom row, hold each other's card
    compared = assert_blind_to_unseen_cards(GAME, 2, {"deck": deck}, {"deck": other}, {0: "perfect", 1: "medium"})
    assert compared >= 5


def test_same_seeds_replay_the_same_match():
    texts = []
    for _ in range(2):
        match = new_match(GAME, 3, {"jokin_around": True}, seed=5)
        autoplay(match, {0: "easy", 1: "hard", 2: "perfect"}, seed=9)
        texts.append(match.to_json())
    assert texts[0] == texts[1]


@pytest.mark.parametrize(
    "options",
    [{}, {"simplicity": True}, {"jokin_around": True}, {"underdogs": True}],
    ids=["plain", "simplicity", "jokin_around", "underdogs"],
)
def test_perfect_beats_a_random_player(options):
    wins = 0.0
    for seed in range(12):
        result = random_duel(options, seed % 2, seed)
        wins += (seed % 2 in result["winners"]) / len(result["winners"])
    assert wins >= 11


@pytest.mark.parametrize("players", [3, 4])
def test_every_level_plays_every_variant_to_the_end(players):
    for seed, options in enumerate(
        [{}, {"simplicity": True}, {"jokin_around": True, "underdogs": True}, {"jokin_around": True}]
    ):
        match = new_match(GAME, players, options, seed=seed)
        autoplay(match, dict(enumerate(["easy", "medium", "hard", "perfect"][:players])), seed=seed)
        assert match.result() is not None
