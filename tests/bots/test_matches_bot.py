"""The Matches bot: takes its remembered coins, reads the faces, follows moved coins, and never cheats."""

from __future__ import annotations

import itertools
import random

import pytest

from game import new_match
from game.bots import LEVELS
from game.bots.matches import MatchesBot, coin_odds, count_odds
from game.cards import all_pieces
from game.rules.matches import SPOTS
from tests.bots.support import assert_blind_to_unseen_cards
from tests.support import FIRST_SEAT

PIECES = all_pieces()  # suns null..5, moons null..5, crowns null..5, arms null..5
# With the deck in PIECES order and 2 players, seat 0 holds suns and moons, seat 1 crowns and arms.


def middle(face: str = "value", **faces: str) -> list:
    """Coin PIECES[i] on spot i with ``face`` up (``faces`` overrides by coin id, as keyword ``ace_suns``)."""
    faces = {key.replace("_", "-"): value for key, value in faces.items()}
    return [[coin, faces.get(coin, face)] for coin in PIECES] + [None] * (SPOTS - len(PIECES))


def deal(coins: list, flaming: bool = False, players: int = 2, seed: int = 0):
    """A match with the deck in PIECES order and the given middle."""
    return new_match("matches", players, {**FIRST_SEAT, "deck": PIECES, "coins": coins, "flaming": flaming}, seed)


def ask(bot: MatchesBot, match, seat: int = 0) -> dict | None:
    """Hand the bot everything its seat saw so far (a fresh bot) and return its choice."""
    return bot.choose(match.view(seat), match.events(seat))


def play(match, bots: dict) -> None:
    """Play to the end; ``bots`` maps each seat to a bot, or to a ``random.Random`` for a random-legal seat."""
    seen = dict.fromkeys(bots, 0)
    while match.result() is None:
        seat = match.to_act()[0]
        player = bots[seat]
        if isinstance(player, random.Random):
            action = player.choice(match.legal_actions(seat))
        else:
            action = player.choose(match.view(seat), match.events(seat, since=seen[seat]))
            seen[seat] = match.event_count
        match.act(seat, action)


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "perfect"])
def test_flips_a_coin_of_its_own_that_an_opponent_just_showed(level):
    match = deal(middle())
    match.act(0, {"type": "flip", "spot": PIECES.index("null-crowns")})  # seat 1's own coin: it marks
    match.act(1, {"type": "flip", "spot": PIECES.index("3-moons")})  # seat 0's coin, shown to all
    bot = MatchesBot(level, seed=1)
    bot.memory.forget_rate = 0  # this test is about the choice, not about forgetting
    assert ask(bot, match) == {"type": "flip", "spot": PIECES.index("3-moons")}


def careful(level: str, seed: int) -> MatchesBot:
    """A bot that reads the faces every turn (the tests of reading leave its careless turns out)."""
    bot = MatchesBot(level, seed)
    bot.careless = 0.0
    return bot


@pytest.mark.parametrize("level", ["medium", "hard", "perfect"])
def test_flips_a_coin_whose_face_only_its_own_tiles_share(level):
    """Every coin shows its value except 2-suns: a spot showing suns can only hold one of seat 0's coins."""
    match = deal(middle(**{"2_suns": "suit"}))
    for seed in range(5):
        assert ask(careful(level, seed), match) == {"type": "flip", "spot": PIECES.index("2-suns")}


def test_medium_and_hard_sometimes_flip_without_reading_the_faces_and_perfect_never():
    """The same sure spot as above: a careless turn flips any coin it does not remember."""
    match = deal(middle(**{"2_suns": "suit"}))
    sure = {"type": "flip", "spot": PIECES.index("2-suns")}
    missed = {level: sum(ask(MatchesBot(level, seed), match) != sure for seed in range(200)) for level in LEVELS[1:]}
    assert missed["medium"] > missed["hard"] > 0 and missed["perfect"] == 0


def test_perfect_counts_layouts_where_the_plain_count_sees_an_even_chance():
    """Arms and crowns coins show suits except 5-crowns; suns and moons coins show values.

    Six arms coins fill the six arms spots and five crowns coins fill five crowns spots, so the third spot
    showing 5 holds the last crowns coin: a 5 is seat 0's with chance 2/3, any other value surely is.
    The plain count says 1/2 for every value; Hard sometimes flips a 5, Perfect never does.
    """
    faces = {coin.replace("-", "_"): "suit" for coin in PIECES if coin.split("-")[1] in ("crowns", "arms")}
    faces["5_crowns"] = "value"
    match = deal(middle(**faces))
    fives = {PIECES.index(f"5-{suit}") for suit in ("suns", "moons", "crowns")}
    sure = {spot for spot, coin in enumerate(PIECES[:12]) if spot not in fives}
    perfect = {ask(MatchesBot("perfect", seed), match)["spot"] for seed in range(20)}
    hard = {ask(careful("hard", seed), match)["spot"] for seed in range(20)}
    assert perfect <= sure
    assert hard & fives


def test_exact_odds_agree_with_enumerating_every_layout():
    rng = random.Random(3)
    for _ in range(20):
        coins = rng.sample(PIECES, 9)
        faces = {coin: rng.choice(("value", "suit")) for coin in coins}
        shown: dict[tuple[str, str], int] = {}
        for coin, face in faces.items():
            key = (face, coin.split("-")[0] if face == "value" else coin.split("-")[1])
            shown[key] = shown.get(key, 0) + 1
        # Brute force: every way to lay each coin value- or suit-up that shows exactly these faces.
        ups: dict[str, int] = dict.fromkeys(coins, 0)
        total = 0
        for layout in itertools.product(("value", "suit"), repeat=len(coins)):
            counts: dict[tuple[str, str], int] = {}
            for coin, face in zip(coins, layout, strict=True):
                key = (face, coin.split("-")[0] if face == "value" else coin.split("-")[1])
                counts[key] = counts.get(key, 0) + 1
            if counts == shown:
                total += 1
                for coin, face in zip(coins, layout, strict=True):
                    ups[coin] += face == "value"
        odds = coin_odds(shown, sorted(coins))
        for coin in coins:
            value = coin.split("-")[0]
            got = odds.get(("value", value), {}).get(coin, 0) * shown.get(("value", value), 0)
            assert got == pytest.approx(ups[coin] / total)


def test_exact_odds_fall_back_to_the_plain_count_when_no_layout_fits():
    shown = {("value", "ace"): 2}
    assert coin_odds(shown, ["ace-suns", "2-moons"]) == count_odds(shown, ["ace-suns", "2-moons"])


def test_follows_a_coin_moved_in_flaming_matches():
    match = deal(middle(**{"4_suns": "suit"}), flaming=True)
    match.act(0, {"type": "flip", "spot": PIECES.index("null-crowns")})  # seat 1's coin: a miss for seat 0
    match.act(0, {"type": "stay"})
    match.act(1, {"type": "flip", "spot": PIECES.index("4-suns")})  # seat 0's coin, now showing 4: a miss
    match.act(1, {"type": "move", "spot": 30})
    for seed in range(5):  # a 4 on its own is seat 0's only half the time: the bot must know this one
        assert ask(MatchesBot("perfect", seed), match) == {"type": "flip", "spot": 30}


@pytest.mark.parametrize(
    ("level", "kind"), [("easy", "stay"), ("medium", "stay"), ("hard", "move"), ("perfect", "move")]
)
def test_moves_a_missed_coin_at_hard_and_perfect_and_leaves_it_below(level, kind):
    match = deal(middle(), flaming=True)
    match.act(0, {"type": "flip", "spot": PIECES.index("null-crowns")})
    action = ask(MatchesBot(level, 0), match)
    assert action["type"] == kind
    if kind == "move":
        assert match.view(0)["spots"][action["spot"]] is None


def test_perfect_never_flips_a_coin_it_knows_belongs_to_someone_else():
    for seed in range(6):
        match = new_match("matches", 3, {}, seed=seed)
        bots = {seat: MatchesBot("perfect", seed) for seat in range(3)}
        seen = dict.fromkeys(bots, 0)
        where: dict[int, str] = {}  # every coin shown so far, by spot
        while match.result() is None:
            seat = match.to_act()[0]
            action = bots[seat].choose(match.view(seat), match.events(seat, since=seen[seat]))
            seen[seat] = match.event_count
            if action["type"] == "flip" and action["spot"] in where:
                assert where[action["spot"]] in [tile["tile"] for tile in match.view(seat)["tiles"][seat]]
            for event in match.act(seat, action):
                if event["type"] == "flip":
                    where[event["spot"]] = event["coin"]
                elif event["type"] == "mark":
                    where.pop(event["spot"])


def test_choice_is_unchanged_when_unseen_coins_trade_places():
    """null-suns (seat 0's) and null-crowns (seat 1's) both show null; swapping them is invisible."""
    rng = random.Random(5)
    spots = rng.sample(range(SPOTS), len(PIECES))
    layout_a: list = [None] * SPOTS
    for coin, spot in zip(PIECES, spots, strict=True):
        layout_a[spot] = [coin, "value" if coin.startswith("null") else rng.choice(("value", "suit"))]
    layout_b = [None if entry is None else list(entry) for entry in layout_a]
    first, second = (spots[PIECES.index(coin)] for coin in ("null-suns", "null-crowns"))
    layout_b[first][0], layout_b[second][0] = layout_b[second][0], layout_b[first][0]
    compared = assert_blind_to_unseen_cards(
        "matches",
        2,
        {"deck": PIECES, "coins": layout_a},
        {"deck": PIECES, "coins": layout_b},
        {0: "perfect", 1: "hard"},
    )
    assert compared >= 3


def test_same_seeds_replay_the_same_match():
    runs = []
    for _ in range(2):
        match = new_match("matches", 3, {"flaming": True}, seed=4)
        play(match, {0: MatchesBot("easy", 1), 1: MatchesBot("medium", 2), 2: MatchesBot("perfect", 3)})
        runs.append(match.to_json())
    assert runs[0] == runs[1]


def test_perfect_beats_a_random_legal_player():
    wins = 0
    for game in range(30):
        match = new_match("matches", 2, {"flaming": game % 3 == 0}, seed=game)
        me = game % 2
        play(match, {me: MatchesBot("perfect", game), 1 - me: random.Random(game)})
        wins += match.result()["winners"] == [me]
    assert wins >= 24


def test_memory_ages_once_per_turn_even_when_a_flaming_turn_has_two_actions():
    match = new_match("matches", 2, {"flaming": True}, seed=8)
    bot = MatchesBot("easy", 0)
    ticks = []
    bot.memory.tick = lambda: ticks.append(1)
    turns = 0
    while turns < 10 and match.result() is None:
        seat = match.to_act()[0]
        events = match.act(seat, match.legal_actions(seat)[0])
        turns += any(event["type"] == "turn" for event in events)
    bot.choose(match.view(1), match.events(1))
    assert len(ticks) == turns + 1  # and once for the turn event that opens the game
