"""Card and piecepack ids."""

from __future__ import annotations

import pytest

from game.cards import all_pieces, check_deck, colour, is_card, rank, rank_number, standard_deck, suit


def test_standard_deck_has_52_distinct_cards_and_54_with_jokers():
    assert len(set(standard_deck())) == 52
    assert set(standard_deck(jokers=True)) - set(standard_deck()) == {"RJ", "BJ"}


def test_card_ids_are_rank_then_suit():
    assert (rank("10H"), suit("10H"), colour("10H"), rank_number("10H")) == ("10", "H", "red", 10)
    assert (rank("AS"), colour("AS"), rank_number("AS")) == ("A", "black", 1)
    assert rank_number("KD") == 13 and rank_number("QC") == 12 and rank_number("JH") == 11


def test_jokers_share_a_rank_and_have_colours_but_no_suit():
    assert rank("RJ") == rank("BJ")
    assert (colour("RJ"), colour("BJ")) == ("red", "black")
    with pytest.raises(ValueError, match="no suit"):
        suit("RJ")


def test_is_card_rejects_anything_else():
    assert is_card("QD") and is_card("BJ")
    assert not any(is_card(x) for x in ["1S", "AX", "10", "", None, 7, "ace-arms"])


def test_piecepack_has_24_pieces_named_value_dash_suit():
    pieces = all_pieces()
    assert len(set(pieces)) == 24
    assert "null-suns" in pieces and "ace-arms" in pieces and "5-crowns" in pieces


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ("AS KS", "must be a list"),
        (["AS", 3], "must be a list"),
        (["ZZ", *standard_deck()[1:]], "do not exist"),
        (standard_deck()[:-1], "missing KC"),
        ([*standard_deck()[:-1], "AS"], "not expected AS"),
    ],
)
def test_check_deck_names_what_is_wrong(deck, message):
    with pytest.raises(ValueError, match=message):
        check_deck(deck, standard_deck(), "Test")


def test_check_deck_accepts_any_order():
    assert check_deck(standard_deck()[::-1], standard_deck(), "Test") == standard_deck()[::-1]
