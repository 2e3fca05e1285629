"""The hint: the strongest bot's move for the seat on screen, from what that seat saw and nothing more."""

from __future__ import annotations

from game import new_match
from game.web.games import presenter_for
from game.web.hint import hint

CONCENTRATION = presenter_for("concentration")


def concentration(deck: list[str]):
    """A two-player Concentration of 8 pairs dealt as ``deck`` (row-major), the first seat to play."""
    return new_match("concentration", 2, {"pairs": 8, "first_player": "first seat", "deck": deck}, seed=1)


def seats_hint(match, seat: int):
    return hint(match.game, match.view(seat), match.events(seat), match.legal_actions(seat), CONCENTRATION)


DECK = ["8D", "QH", "8H", "QD", "2S", "3S", "4S", "5S", "2C", "3C", "4C", "5C", "7S", "7C", "9S", "9C"]


def test_the_hint_turns_up_a_card_the_seat_saw_and_says_where_it_saw_it():
    match = concentration(DECK)
    for pos in (0, 1):  # seat 0: the 8 of diamonds and the queen of hearts, no pair
        match.act(0, {"type": "flip", "pos": pos})
    match.act(1, {"type": "flip", "pos": 2})  # seat 1: the 8 of hearts, the other red eight...
    suggested = seats_hint(match, 1)  # ...whose pair it saw at 0: the hint turns it up
    assert match.legal_actions(1)[suggested.index] == {"type": "flip", "pos": 0}
    assert suggested.place == "cell-0"
    assert suggested.reason == "You saw the 8 of diamonds here, 1 turn ago."


def test_the_hint_knows_only_what_the_seat_saw():
    # Two deals alike in every card the seat saw, with the queen of diamonds (the pair of a queen it saw) in
    # different places: the hint cannot know where, so it is the same in both, in the same words.
    other = [*DECK[:3], "5S", "2S", "3S", "4S", "QD", *DECK[8:]]
    hints = []
    for deck in (DECK, other):
        match = concentration(deck)
        for pos in (0, 1):
            match.act(0, {"type": "flip", "pos": pos})
        hints.append(seats_hint(match, 1))
    assert hints[0] == hints[1]
    assert match.legal_actions(1)[hints[0].index]["pos"] not in (3, 7)


def test_a_first_move_has_a_hint_and_no_reason():
    match = concentration(DECK)
    suggested = seats_hint(match, 0)
    assert suggested is not None and suggested.reason == ""


def test_a_player_alone_is_told_where_without_counting_turns():
    # Alone, every move is the same seat's: the events cannot tell one turn from the next.
    match = new_match("concentration", 1, {"pairs": 8, "deck": DECK}, seed=1)
    for pos in (0, 1, 2):  # the 8 of diamonds and the queen of hearts, no pair; then the 8 of hearts
        match.act(0, {"type": "flip", "pos": pos})
    suggested = seats_hint(match, 0)
    assert suggested.place == "cell-0" and suggested.reason == "You saw the 8 of diamonds here."
