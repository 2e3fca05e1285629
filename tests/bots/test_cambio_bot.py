"""The Cambio bot: it keeps low cards, uses the powers, snaps only what it remembers, calls when clearly lowest."""

from __future__ import annotations

from game import new_match
from game.bots import LEVELS, autoplay
from game.bots.arena import RANDOM, play
from game.bots.cambio import DELAY_MS, CambioBot
from game.cards import standard_deck
from tests.bots.support import assert_blind_to_unseen_cards
from tests.support import FIRST_SEAT

DECK = {"type": "draw", "source": "deck"}
DISCARD = {"type": "discard"}
CAMBIO = {"type": "cambio"}


def deal(hands: list, graveyard: str = "AC", top: tuple = (), seed: int = 0, **options):
    """A match whose first round deals ``hands`` (slots 0–3 per seat), starts the graveyard with ``graveyard``
    and puts ``top`` on top of the deck; the other cards follow in standard order."""
    fixed = [card for hand in hands for card in hand] + [graveyard, *top]
    rest = [card for card in standard_deck(jokers=True) if card not in fixed]
    return new_match("cambio", len(hands), {**FIRST_SEAT, "deck": fixed + rest, **options}, seed)


def ask(bot: CambioBot, match, seat: int, told: list[int]) -> dict | None:
    """The bot's choice for ``seat`` now, handing it the events since it was last asked."""
    action = bot.choose(match.view(seat), match.events(seat, since=told[0]))
    told[0] = match.event_count
    return action


def play_turn(bot: CambioBot, match, seat: int, told: list[int]) -> list[dict]:
    """Let the bot play its whole turn (answering any snap chances it takes on the way); return its actions."""
    actions = []
    while match.view(seat)["turn"] == seat or match.view(seat)["phase"] == "give":
        action = ask(bot, match, seat, told)
        actions.append(action)
        match.act(seat, action)
        if len(actions) > 10:
            raise AssertionError(f"the turn did not end: {actions}")
    return actions


def pass_turn(match, seat: int) -> None:
    """``seat`` draws from the deck and discards the card (a card without power in these tests)."""
    match.act(seat, DECK)
    match.act(seat, DISCARD)


# ------------------------------------------------------------------------------------------- keeping


def test_keeps_a_low_drawn_card_in_place_of_its_known_high_card():
    match = deal([["4S", "5S", "KS", "2S"], ["4H", "5H", "6H", "3H"]], graveyard="QC", top=("AD",))
    actions = play_turn(CambioBot("perfect", 1), match, 0, [0])
    assert actions == [DECK, {"type": "swap", "slot": 2}]


def test_takes_a_red_king_from_the_graveyard_over_a_known_ten():
    match = deal([["4S", "5S", "10S", "2S"], ["4H", "5H", "6H", "3H"]], graveyard="KH")
    actions = play_turn(CambioBot("perfect", 1), match, 0, [0])
    assert actions == [{"type": "draw", "source": "graveyard"}, {"type": "swap", "slot": 2}]


def test_leaves_a_middling_graveyard_card_and_draws_blind():
    match = deal([["4S", "5S", "6S", "2S"], ["4H", "5H", "6H", "3H"]], graveyard="4C", top=("QD",))
    actions = play_turn(CambioBot("perfect", 1), match, 0, [0])
    assert actions[0] == DECK


def test_discards_a_seven_and_peeks_at_an_unknown_card_of_its_own():
    match = deal([["4S", "5S", "AS", "2S"], ["4H", "5H", "6H", "3H"]], graveyard="6C", top=("7D",))
    actions = play_turn(CambioBot("perfect", 1), match, 0, [0])
    assert actions[:2] == [DECK, DISCARD]
    assert actions[2]["type"] == "peek" and actions[2]["owner"] == 0 and actions[2]["slot"] in (0, 1)


def test_swaps_its_high_card_for_an_opponents_known_ace_with_a_jack():
    match = deal([["4S", "5S", "KS", "2S"], ["AH", "5H", "6H", "3H"]], top=("9D", "6D", "JD"))
    bot, told = CambioBot("perfect", 1), [0]
    match.act(0, DECK)
    match.act(0, DISCARD)
    match.act(0, {"type": "peek", "owner": 1, "slot": 0})  # the nine: seat 0 sees the ace
    pass_turn(match, 1)
    actions = play_turn(bot, match, 0, told)
    assert actions == [
        DECK,
        DISCARD,
        {"type": "select", "owner": 0, "slot": 2},
        {"type": "swap_with", "owner": 1, "slot": 0},
    ]
    ask(bot, match, 0, told)  # it sees its swap go through
    assert bot.memory.recall((0, 2)) == "AH" and bot.memory.recall((1, 0)) == "KS"


# -------------------------------------------------------------------------------------------- snaps


def snap_setup(seat0: list):
    """Seat 0 discards the 9H and lets its peek go: a nine is on top, and it is seat 1's turn."""
    match = deal([seat0, ["4H", "5H", "6H", "3H"]], top=("9H",))
    match.act(0, DECK)
    match.act(0, DISCARD)
    match.act(0, {"type": "skip"})
    return match


def test_snaps_its_own_remembered_card_of_the_graveyards_rank():
    match = snap_setup(["4S", "5S", "9S", "2S"])
    assert ask(CambioBot("perfect", 1), match, 0, [0]) == {"type": "snap", "owner": 0, "slot": 2}


def test_snaps_the_rounds_starting_card_when_it_knows_a_match():
    match = deal([["4S", "5S", "6S", "2S"], ["4H", "5H", "9H", "3H"]], graveyard="9C")
    assert ask(CambioBot("easy", 1), match, 1, [0]) == {"type": "snap", "owner": 1, "slot": 2}  # out of turn


def test_never_snaps_a_card_it_has_not_seen():
    match = snap_setup(["9S", "5S", "8S", "2S"])  # the nine is in the top row, never peeked
    assert ask(CambioBot("perfect", 1), match, 0, [0]) is None


def test_respects_the_snap_lock_on_its_own_hand():
    match = snap_setup(["4S", "5S", "9S", "2S"])
    match.act(1, {"type": "snap", "owner": 0, "slot": 0})  # wrong: seat 0's hand is now locked
    assert match.view(0)["lock"] == 0
    assert ask(CambioBot("perfect", 1), match, 0, [0]) is None


def test_snaps_an_opponents_known_card_and_gives_its_highest():
    match = deal([["4S", "5S", "KS", "2S"], ["5H", "4H", "6H", "3H"]], top=("9D", "5C"))
    bot, told = CambioBot("perfect", 1), [0]
    match.act(0, DECK)
    match.act(0, DISCARD)
    match.act(0, {"type": "peek", "owner": 1, "slot": 0})  # seat 0 sees the 5H
    match.act(1, DECK)
    match.act(1, DISCARD)  # the 5C is on top
    assert ask(bot, match, 0, told) == {"type": "snap", "owner": 1, "slot": 0}
    match.act(0, {"type": "snap", "owner": 1, "slot": 0})
    assert ask(bot, match, 0, told) == {"type": "give", "slot": 2}  # the black king, 10 points
    match.act(0, {"type": "give", "slot": 2})
    ask(bot, match, 0, told)
    assert bot.memory.recall((1, 0)) == "KS" and bot.memory.recall((0, 2)) is None


def test_perfect_never_snaps_wrongly():
    for seed in range(3):
        match = new_match("cambio", 3, {}, seed=seed)
        autoplay(match, {0: "perfect", 1: "perfect", 2: "hard"}, seed=seed)
        assert not [e for e in match.events(None) if e["type"] == "snap" and not e["right"]]


# -------------------------------------------------------------------------------------------- cambio


def knows_a_low_hand(**options):
    """Seat 0 peeks at both top cards with two sevens: it knows its whole hand, 7 points; seat 1's turn."""
    match = deal([["AS", "2S", "3S", "AH"], ["4H", "5H", "6H", "9C"]], top=("7D", "4D", "8D", "5D"), **options)
    match.act(0, DECK)
    match.act(0, DISCARD)
    match.act(0, {"type": "peek", "owner": 0, "slot": 0})
    pass_turn(match, 1)
    match.act(0, DECK)
    match.act(0, DISCARD)
    match.act(0, {"type": "peek", "owner": 0, "slot": 1})
    return match


def test_calls_cambio_when_it_knows_its_hand_is_clearly_lowest():
    match = knows_a_low_hand(call="own turn")
    bot, told = CambioBot("perfect", 1), [0]
    assert ask(bot, match, 0, told) is None  # calls come only on its own turn
    pass_turn(match, 1)
    assert ask(bot, match, 0, told) == CAMBIO


def test_with_call_any_time_hard_calls_out_of_turn_when_it_would_call_on_its_turn():
    match = knows_a_low_hand()
    assert match.view(0)["turn"] == 1
    bot = CambioBot("hard", 1)
    bot.memory.forget_rate = 0  # this test is about the call, not about forgetting
    assert ask(bot, match, 0, [0]) == CAMBIO


def test_with_call_any_time_perfect_calls_on_its_own_turn_once_it_has_drawn():
    """Calling after the draw ends the round with its own turn: it keeps the draw, and nobody plays again."""
    match = knows_a_low_hand()
    bot, told = CambioBot("perfect", 1), [0]
    assert ask(bot, match, 0, told) is None  # not out of turn
    pass_turn(match, 1)
    assert ask(bot, match, 0, told) == DECK  # not before drawing
    match.act(0, DECK)
    assert ask(bot, match, 0, told) == CAMBIO
    match.act(0, CAMBIO)
    keep = ask(bot, match, 0, told)
    assert keep["type"] in ("swap", "discard")
    match.act(0, keep)
    assert match.view(0)["rounds"][0]["ender"] == 0 and not match.view(0)["rounds"][0]["penalty"]


def test_does_not_call_on_a_high_hand():
    match = deal([["AS", "2S", "KS", "QS"], ["4H", "5H", "6H", "9C"]])
    assert ask(CambioBot("easy", 1), match, 0, [0]) != {"type": "cambio"}


# ------------------------------------------------------------------------------------------- memory


def test_memory_follows_an_opponents_blind_swap_and_a_new_round_wipes_it():
    match = deal([["4S", "5S", "KS", "2S"], ["4H", "5H", "6H", "3H"]], top=("4D", "QD"))
    bot, told = CambioBot("perfect", 1), [0]
    pass_turn(match, 0)
    match.act(1, DECK)
    match.act(1, DISCARD)
    match.act(1, {"type": "select", "owner": 0, "slot": 2})
    match.act(1, {"type": "swap_with", "owner": 1, "slot": 1})
    ask(bot, match, 0, told)
    assert bot.memory.recall((1, 1)) == "KS" and bot.memory.recall((0, 2)) is None
    match.act(0, {"type": "cambio"})
    ask(bot, match, 0, told)
    assert bot.memory.recall((1, 1)) is None
    assert {key for key, _ in bot.memory.items()} == {(0, 2), (0, 3)}  # the new round's own peek only


def test_reaction_delay_is_drawn_in_the_levels_range_and_does_not_change_play():
    for level in LEVELS:
        low, high = DELAY_MS[level]
        delays = [CambioBot(level, 3).reaction_delay_ms() for _ in range(3)]
        assert all(low <= delay <= high for delay in delays)
    assert DELAY_MS["perfect"][1] < DELAY_MS["easy"][0]
    plain, asked = CambioBot("easy", 5), CambioBot("easy", 5)
    asked.reaction_delay_ms()
    assert plain.rng.random() == asked.rng.random()


# ------------------------------------------------------------------------------------------ contract


def test_choice_is_unchanged_when_unseen_cards_are_permuted():
    base = deal([["4S", "5S", "KS", "2S"], ["4H", "5H", "6H", "3H"]]).options["deck"]
    other = base[:30] + list(reversed(base[30:]))  # the deck's bottom 24 cards, which no one has seen
    compared = assert_blind_to_unseen_cards("cambio", 2, {"deck": base}, {"deck": other}, {0: "perfect", 1: "medium"})
    assert compared >= 50


def test_same_seeds_play_the_same_match():
    levels = {0: "easy", 1: "medium", 2: "hard", 3: "perfect"}
    first, second = (new_match("cambio", 4, {"final_lap": True}, seed=9) for _ in range(2))
    autoplay(first, levels, seed=2)
    autoplay(second, levels, seed=2)
    assert first.result() is not None
    assert first.to_json() == second.to_json()


def test_perfect_beats_a_random_legal_player():
    wins = 0
    for seed in range(16):
        seats = {seed % 2: "perfect", 1 - seed % 2: RANDOM}
        result = play(new_match("cambio", 2, {}, seed=seed), seats, seed)
        wins += result["winners"] == [seed % 2]
    assert wins >= 14
