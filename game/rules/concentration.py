"""Concentration (Pelmanism): turn up two cards; a pair is yours and you go again.

The board holds 8, 12, 18 or 26 pairs, each pair two cards of the same rank and colour (7♥/7♦).
Grids, row-major: 8 pairs 4 × 4, 12 pairs 4 × 6, 18 pairs 6 × 6, 26 pairs 7 × 8 with the four
corners empty.

The first player is seat 0 or a seat drawn at the deal (option ``first_player``); the deal event and
the view name it (``first``).

Turn: ``{"type": "flip", "pos": p}`` twice. Both cards are shown to everyone. A pair is taken and the
same seat flips again; otherwise both turn face-down and play passes to the left.

Fixed deck: the ``deck`` option lists the board's cards (2 × ``pairs`` ids) in the order they are laid
on the occupied cells, row-major. It must be exactly ``pairs`` complete pairs.

Cards and who knows them (game.deck): which pairs make up a board of 8, 12 or 18 pairs is drawn from the public
random stream (any seat could know it: a sealed deal hides only where each card lies); the cards are one deal,
laid face down. A flip reveals its card to everyone; taken pairs are kept as their (public) faces.

Result: most pairs wins, ties share. Solo, the score is the number of turns (each two-card flip,
matched or not, is a turn), and the solo player is the winner.
"""

from __future__ import annotations

from ..cards import RANKS, is_card, rank
from ..core import FACE_DOWN, FIRST_PLAYER, Option, Rules, corner_positions, first_seat, lay_out, winners_by_score

GRIDS = {8: (4, 4), 12: (4, 6), 18: (6, 6), 26: (7, 8)}
PARTNER_SUIT = {"S": "C", "C": "S", "H": "D", "D": "H"}


def partner(card: str) -> str:
    """The other card of a Concentration pair: same rank, same colour, other suit (``"7H"`` → ``"7D"``)."""
    return card[:-1] + PARTNER_SUIT[card[-1]]


def card_positions(pairs: int) -> list[int]:
    """The grid cells that hold a card, row-major, for a board of ``pairs`` pairs."""
    rows, cols = GRIDS[pairs]
    empty = set(corner_positions(rows, cols)) if pairs == 26 else set()
    return [pos for pos in range(rows * cols) if pos not in empty]


class Concentration(Rules):
    """The classic: flip two, keep pairs."""

    id = "concentration"
    name = "Concentration"
    player_counts = (1, 2, 3, 4, 5, 6)
    options = (
        Option("pairs", 12, "How many pairs are on the table.", choices=(8, 12, 18, 26)),
        FIRST_PLAYER,
        Option("deck", None, "Fixed deal: the cards in row-major order (for tests and puzzles)."),
    )

    def setup(self, players, options, cards):
        pairs = options["pairs"]
        positions = card_positions(pairs)
        if options["deck"] is None:
            chosen = cards.rng.sample([rank_ + suit for rank_ in RANKS for suit in ("S", "H")], pairs)
            board = cards.deal([card for card in chosen for card in (card, partner(card))])
        else:
            board = cards.deal(_check_deck(options["deck"], pairs), public=True)
        rows, cols = GRIDS[pairs]
        cells = lay_out(board, positions, rows * cols)
        first = first_seat(options, players, cards.rng)
        state = {
            "rows": rows,
            "cols": cols,
            "cells": cells,
            "taken": [[] for _ in range(players)],  # cards won, per seat (faces: they were shown)
            "first": first,
            "turn": first,
            "flipped": [],  # positions turned up so far this turn (0 or 1)
            "turns": 0,  # completed two-card flips, the solo score
        }
        return state, [{"type": "deal", "rows": rows, "cols": cols, "positions": positions, "first": first}]

    def to_act(self, state):
        return [] if self._over(state) else [state["turn"]]

    def legal_actions(self, state, seat, cards):
        if seat not in self.to_act(state):
            return []
        return [
            {"type": "flip", "pos": pos}
            for pos, card in enumerate(state["cells"])
            if card is not None and pos not in state["flipped"]
        ]

    def apply(self, state, seat, action, cards):
        pos = action["pos"]
        card = cards.face(state["cells"][pos])
        events = [{"type": "flip", "seat": seat, "pos": pos, "card": card}]
        if not state["flipped"]:
            state["flipped"] = [pos]
            return events
        first = state["flipped"][0]
        state["flipped"] = []
        state["turns"] += 1
        first_card = cards.face(state["cells"][first])
        if partner(first_card) == card:
            state["cells"][first] = state["cells"][pos] = None
            state["taken"][seat] += [first_card, card]
            events.append({"type": "pair", "seat": seat, "pos": [first, pos], "cards": [first_card, card]})
        else:
            state["turn"] = (seat + 1) % len(state["taken"])
            events.append({"type": "mismatch", "seat": seat, "pos": [first, pos], "cards": [first_card, card]})
        if self._over(state):
            events.append({"type": "game_over", "result": self.result(state)})
        return events

    def view(self, state, seat, cards):
        def shown(pos: int, card: str | None) -> str | None:
            if card is None:
                return None
            return cards.known(card) if pos in state["flipped"] else FACE_DOWN

        return {
            **self.common_view(state, seat),
            "rows": state["rows"],
            "cols": state["cols"],
            "cells": [shown(pos, card) for pos, card in enumerate(state["cells"])],
            "flipped": list(state["flipped"]),
            "pairs": [len(won) // 2 for won in state["taken"]],
            "taken": [list(won) for won in state["taken"]],
            "turns": state["turns"],
        }

    def result(self, state):
        if not self._over(state):
            return None
        pairs = [len(cards) // 2 for cards in state["taken"]]
        if len(pairs) == 1:
            return {"winners": [0], "scores": [state["turns"]]}
        return {"winners": winners_by_score(pairs), "scores": pairs}

    def all_cards(self, state):
        return [card for card in state["cells"] if card is not None] + [c for cards in state["taken"] for c in cards]

    @staticmethod
    def _over(state) -> bool:
        return all(card is None for card in state["cells"])


def _check_deck(deck: object, pairs: int) -> list[str]:
    name = f"Concentration with {pairs} pairs"
    if not isinstance(deck, list) or len(deck) != 2 * pairs:
        raise ValueError(f"The deck for {name} must be a list of exactly {2 * pairs} card ids.")
    bad = [card for card in deck if not is_card(card) or rank(card) == "Joker"]
    if bad:
        raise ValueError(f"The deck for {name} has cards that do not exist or do not belong: {bad[:5]}.")
    if len(set(deck)) != len(deck):
        raise ValueError(f"The deck for {name} has the same card twice.")
    unpaired = [card for card in deck if partner(card) not in deck]
    if unpaired:
        raise ValueError(
            f"The deck for {name} must hold whole pairs (same rank and colour); "
            f"{', '.join(unpaired[:5])} {'has' if len(unpaired) == 1 else 'have'} no partner."
        )
    return list(deck)


RULES = Concentration()
