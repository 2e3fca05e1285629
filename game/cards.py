"""Playing cards and piecepack pieces, as the plain strings every layer passes around.

A card id is its rank then its suit: ``"AS"``, ``"10H"``, ``"QD"``. The jokers are ``"RJ"`` (red)
and ``"BJ"`` (black). A piecepack piece id is ``"<value>-<suit>"``, e.g. ``"null-suns"``.
Ids are strings, not objects, so that actions, events, views and saves are JSON as they stand.
"""

from __future__ import annotations

from collections import Counter

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
RED_SUITS = ("H", "D")
JOKERS = ("RJ", "BJ")

PIECE_SUITS = ("suns", "moons", "crowns", "arms")
PIECE_VALUES = ("null", "ace", "2", "3", "4", "5")


def standard_deck(jokers: bool = False) -> list[str]:
    """The 52 cards in a fixed order (suit by suit, ace to king), plus the two jokers if asked."""
    deck = [rank + suit for suit in SUITS for rank in RANKS]
    return deck + list(JOKERS) if jokers else deck


def is_joker(card: str) -> bool:
    """True for ``"RJ"`` and ``"BJ"``."""
    return card in JOKERS


def rank(card: str) -> str:
    """The rank part of a card id: ``"10"`` for ``"10H"``; ``"Joker"`` for both jokers (they match each other)."""
    return "Joker" if is_joker(card) else card[:-1]


def suit(card: str) -> str:
    """The suit letter of a card id; jokers have none and raise ``ValueError``."""
    if is_joker(card):
        raise ValueError(f"The joker {card} has no suit.")
    return card[-1]


def colour(card: str) -> str:
    """``"red"`` or ``"black"``; the red joker is red and the black joker black."""
    if is_joker(card):
        return "red" if card == "RJ" else "black"
    return "red" if card[-1] in RED_SUITS else "black"


def rank_number(card: str) -> int:
    """The rank as a number, ace low: A=1, 2–10 face value, J=11, Q=12, K=13."""
    return RANKS.index(rank(card)) + 1


def is_card(text: object) -> bool:
    """True if ``text`` is a valid card id (jokers included)."""
    return isinstance(text, str) and (text in JOKERS or text in _ALL_CARDS)


def check_deck(deck: object, expected: list[str], game_name: str) -> list[str]:
    """Return ``deck`` as a list if it holds exactly the cards of ``expected`` (any order), else raise ``ValueError``.

    The message names what is wrong, because a fixed deck is typed by hand for tests and puzzles.
    """
    if not isinstance(deck, list) or not all(isinstance(card, str) for card in deck):
        raise ValueError(f'The deck for {game_name} must be a list of card ids such as "AS" or "10H".')
    unknown = sorted({card for card in deck if not is_card(card) and card not in expected})
    if unknown:
        raise ValueError(f"The deck for {game_name} has cards that do not exist: {', '.join(unknown[:5])}.")
    have, want = Counter(deck), Counter(expected)
    extra = sorted((have - want).elements())
    missing = sorted((want - have).elements())
    if extra or missing:
        parts = []
        if missing:
            parts.append(f"missing {', '.join(missing[:5])}{'…' if len(missing) > 5 else ''}")
        if extra:
            parts.append(f"not expected {', '.join(extra[:5])}{'…' if len(extra) > 5 else ''}")
        raise ValueError(
            f"The deck for {game_name} must hold exactly {len(expected)} cards; "
            f"it has {len(deck)} ({'; '.join(parts)})."
        )
    return list(deck)


def piece(value: str, piece_suit: str) -> str:
    """The id of the piecepack piece with this value and suit, e.g. ``piece("ace", "arms")``."""
    return f"{value}-{piece_suit}"


def all_pieces() -> list[str]:
    """The 24 piecepack ids in a fixed order (suit by suit, null to 5)."""
    return [piece(value, piece_suit) for piece_suit in PIECE_SUITS for value in PIECE_VALUES]


_ALL_CARDS = frozenset(standard_deck())
