"""Paved with Gold (David Parlett's Jokerlink): pick up face-down cards secretly and claim combinations.

Deal: 52 cards, 25 face-down in a 5 × 5 square (positions 0–24, row-major) and 27 face-down as the stock.
Seats 0, 1 (and 2) play in turn, seat 0 first or a seat drawn at the deal (option ``first_player``; the
deal event and the view name it, ``first``).

Combinations, with their size and score: ``pair`` (same rank, 2 cards) 4, ``three`` (same rank, 3) 9,
``flush`` (same suit, 3) 9, ``run`` (consecutive ranks, any suits, 3) 9 with the ace low or high but no
wrap-around (Q-K-A yes, K-A-2 no), ``prime`` (one card of each suit, 4) 16, ``five_colour`` (all red or
all black, 5) 25.

A turn:

- ``{"type": "pick", "pos": p}``: pick up a card and look at it secretly (the others learn the position
  only). Then ``pick`` a second card, or decide.
- ``{"type": "put_back"}``: put the picked cards back face-down; the turn ends.
- ``{"type": "claim", "combo": c}``: name a combination that includes the picked cards. They are shown
  to everyone, then the claimant turns up the rest of the combination from the square one card at a time
  with ``{"type": "turn_up", "pos": p}``. With two picked cards ``pair`` cannot be claimed (no
  accidental pairs), and a claim needs at least as many cards in the square as the combination has.
- ``{"type": "announce_pair"}`` (first thing in a turn): the player then picks exactly two cards; as soon
  as the second is picked both are turned up as a pair claim.

The claim is checked card by card: as soon as the shown cards can no longer make the combination it is
false. A true claim wins the cards and scores the combination. A false claim gives every shown card of it
face-up to an opponent as bonus cards; with 3 players the claimant chooses who with
``{"type": "give", "seat": s}``. Cards that leave the square are replaced at once from the top of the
stock, face-down, into the same positions (lowest position first), while the stock lasts. Then play
passes to the left.

End: once the stock is empty and fewer than 9 cards remain in the square, a player may start a turn with
``{"type": "claim_none"}``: no combination is left. All remaining cards are turned up; if none of the
combinations can be made from them the claimant wins them as bonus cards, otherwise an opponent does
(chosen with ``give`` with 3 players). The game then ends; it also ends when the square is empty.
Score: combination points + 1 per bonus card. Highest wins; ties share.

Fixed deck: the ``deck`` option lists all 52 card ids; the first 25 are laid in the square row-major,
the other 27 are the stock, top first.

Cards and who knows them (game.deck): the 52 cards are one deal. A pick is a look for the picker alone; a claim
reveals the picked cards to everyone, as do turn-ups and an end claim. The claims need no trust: whether the
shown cards make the combination is public. Won and bonus cards are kept as their (public) faces.
"""

from __future__ import annotations

from itertools import combinations

from ..cards import check_deck, colour, rank, rank_number, standard_deck, suit
from ..core import FACE_DOWN, FIRST_PLAYER, Option, Rules, first_seat, private, winners_by_score

ROWS = COLS = 5
SQUARE = ROWS * COLS
END_LIMIT = 9  # claim_none needs fewer cards than this in the square (9 cards always hold a flush)

COMBOS = {  # name: (cards, score), in the order the claims are offered
    "pair": (2, 4),
    "three": (3, 9),
    "flush": (3, 9),
    "run": (3, 9),
    "prime": (4, 16),
    "five_colour": (5, 25),
}


def _run_values(card: str) -> tuple[int, ...]:
    """The values a card may take in a run: the ace is 1 or 14, every other card its rank number."""
    number = rank_number(card)
    return (1, 14) if number == 1 else (number,)


def can_make(cards: list[str], combo: str) -> bool:
    """True if ``cards`` (some or all of a claim) can still be completed into ``combo``."""
    size = COMBOS[combo][0]
    if len(cards) > size:
        return False
    if combo in ("pair", "three"):
        return len({rank(card) for card in cards}) <= 1
    if combo == "flush":
        return len({suit(card) for card in cards}) <= 1
    if combo == "prime":
        return len({suit(card) for card in cards}) == len(cards)
    if combo == "five_colour":
        return len({colour(card) for card in cards}) <= 1
    # A run: some three consecutive values must hold every card, each at its own value. A three-wide
    # window never holds both 1 and 14, so each card has at most one value in it.
    for low in range(1, 13):
        window = range(low, low + 3)
        values = [value for card in cards for value in _run_values(card) if value in window]
        if len(values) == len(cards) and len(set(values)) == len(values):
            return True
    return False


def is_combination(cards: list[str], combo: str) -> bool:
    """True if ``cards`` are exactly the combination ``combo``."""
    return len(cards) == COMBOS[combo][0] and can_make(cards, combo)


def any_combination(cards: list[str]) -> bool:
    """True if some of ``cards`` make any combination (the test of an end claim)."""
    for combo, (size, _score) in COMBOS.items():
        if any(is_combination(list(group), combo) for group in combinations(cards, size)):
            return True
    return False


class PavedWithGold(Rules):
    """Jokerlink: pick up one or two cards secretly, claim a combination, prove it from the square."""

    id = "paved-with-gold"
    name = "Paved with Gold"
    player_counts = (2, 3)
    options = (
        FIRST_PLAYER,
        Option("deck", None, "Fixed deal: 52 cards, the first 25 for the square row-major, then the stock top first."),
    )

    def setup(self, players, options, cards):
        """Deal 25 cards face-down into the square and 27 into the stock."""
        if options["deck"] is None:
            deck = cards.deal(standard_deck())
        else:
            deck = cards.deal(check_deck(options["deck"], standard_deck(), self.name), public=True)
        first = first_seat(options, players, cards.rng)
        state = {
            "players": players,
            "cells": deck[:SQUARE],
            "stock": deck[SQUARE:],  # top first
            "first": first,
            "turn": first,
            "phase": "start",  # start, pick, turn_up, give, over
            "picked": [],  # positions held up this turn, in the order picked
            "announced": False,  # a pair was announced before picking
            "claim": None,  # {"combo": name, "pos": [shown positions in order]} while a claim is open
            "end_claim": False,  # the give phase is for a claim that no combination is left
            "points": [0] * players,  # combination points
            "won": [[] for _ in range(players)],  # cards won with true claims (faces: they were shown)
            "bonus": [[] for _ in range(players)],  # bonus cards (faces)
        }
        events = [
            {
                "type": "deal",
                "rows": ROWS,
                "cols": COLS,
                "positions": list(range(SQUARE)),
                "stock": len(deck) - SQUARE,
                "first": first,
            },
            {"type": "turn", "seat": first},
        ]
        return state, events

    def to_act(self, state):
        """The seat whose turn it is, or nobody once the game is over."""
        return [] if state["phase"] == "over" else [state["turn"]]

    def legal_actions(self, state, seat, cards):
        """The picks, claims, turn-ups and choices open to ``seat`` now."""
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        occupied = _occupied(state)
        if phase == "start":
            actions: list[dict] = []
            if len(occupied) >= 2:
                actions.append({"type": "announce_pair"})
            actions += [{"type": "pick", "pos": pos} for pos in occupied]
            if not state["stock"] and len(occupied) < END_LIMIT:
                actions.append({"type": "claim_none"})
            return actions
        if phase == "pick":
            picked = state["picked"]
            actions = []
            if len(picked) < 2:
                actions += [{"type": "pick", "pos": pos} for pos in occupied if pos not in picked]
            if state["announced"]:
                return actions  # an announced pair takes exactly two cards and claims itself
            actions.append({"type": "put_back"})
            for combo, (size, _score) in COMBOS.items():
                if size <= len(occupied) and not (combo == "pair" and len(picked) == 2):
                    actions.append({"type": "claim", "combo": combo})
            return actions
        if phase == "turn_up":
            shown = state["claim"]["pos"]
            return [{"type": "turn_up", "pos": pos} for pos in occupied if pos not in shown]
        if phase == "give":
            return [{"type": "give", "seat": other} for other in range(state["players"]) if other != seat]
        return []

    def apply(self, state, seat, action, cards):
        """Carry out one pick, claim, turn-up, put-back, choice of opponent or end claim."""
        kind = action["type"]
        cells = state["cells"]
        if kind == "announce_pair":
            state["announced"] = True
            state["phase"] = "pick"
            return [{"type": "announce", "seat": seat, "combo": "pair"}]
        if kind == "pick":
            pos = action["pos"]
            state["picked"].append(pos)
            state["phase"] = "pick"
            events = [private({"type": "pick", "seat": seat, "pos": pos}, to=[seat], card=cards.look(cells[pos], seat))]
            if state["announced"] and len(state["picked"]) == 2:
                events += self._claim(state, seat, "pair", cards)
            return events
        if kind == "put_back":
            events = [{"type": "put_back", "seat": seat, "pos": list(state["picked"])}]
            return events + self._next_turn(state)
        if kind == "claim":
            return self._claim(state, seat, action["combo"], cards)
        if kind == "turn_up":
            pos = action["pos"]
            state["claim"]["pos"].append(pos)
            card = cards.face(cells[pos])
            return [{"type": "turn_up", "seat": seat, "pos": pos, "card": card}, *self._check_claim(state, seat, cards)]
        if kind == "give":
            return self._give(state, seat, action["seat"], cards)
        if kind == "claim_none":
            occupied = _occupied(state)
            shown = [cards.face(cells[pos]) for pos in occupied]
            right = not any_combination(shown)
            state["claim"] = {"combo": None, "pos": occupied}
            state["end_claim"] = True
            events = [
                {"type": "claim_none", "seat": seat, "pos": occupied, "cards": shown},
                {"type": "claim_none_right" if right else "claim_none_wrong", "seat": seat, "pos": occupied},
            ]
            if right:
                return events + self._give(state, seat, seat, cards)
            if state["players"] == 2:
                return events + self._give(state, seat, 1 - seat, cards)
            state["phase"] = "give"
            return events
        raise AssertionError(f"unexpected action {action!r}")  # Match only passes legal actions

    def view(self, state, seat, cards):
        """The square (held cards shown to their picker only), the stock size, the claim, and each seat's gains."""
        picked = state["picked"]
        claim = state["claim"]
        shown = set(claim["pos"]) if claim else set()
        holder = state["turn"] if state["phase"] == "pick" else None

        def cell(pos: int, card: str | None) -> str | None:
            if card is None:
                return None
            if pos in shown or (pos in picked and seat is not None and seat == holder):
                return cards.known(card)
            return FACE_DOWN

        return {
            **self.common_view(state, seat),
            "phase": state["phase"],
            "prompt": self._prompt(state, seat),
            "rows": ROWS,
            "cols": COLS,
            "cells": [cell(pos, card) for pos, card in enumerate(state["cells"])],
            "stock": len(state["stock"]),
            "picked": list(picked) if state["phase"] == "pick" else [],
            "announced": state["announced"],
            "claim": None if claim is None else {"combo": claim["combo"], "pos": list(claim["pos"])},
            "points": list(state["points"]),
            "won": [list(cards) for cards in state["won"]],
            "bonus": [list(cards) for cards in state["bonus"]],
            "scores": _scores(state),
        }

    def result(self, state):
        """Combination points + 1 per bonus card, once the game is over; the highest wins, ties share."""
        if state["phase"] != "over":
            return None
        scores = _scores(state)
        return {"winners": winners_by_score(scores), "scores": scores}

    def all_cards(self, state):
        """The square, the stock, and every seat's won and bonus cards."""
        cards = [card for card in state["cells"] if card is not None] + list(state["stock"])
        for seat in range(state["players"]):
            cards += state["won"][seat] + state["bonus"][seat]
        return cards

    # --- helpers -------------------------------------------------------------------------------------

    def _claim(self, state, seat, combo, cards):
        """Name ``combo``: show the picked cards to everyone, then check them."""
        picked = list(state["picked"])
        state["claim"] = {"combo": combo, "pos": picked}
        state["picked"] = []
        state["phase"] = "turn_up"
        shown = [cards.face(state["cells"][pos]) for pos in picked]
        events = [{"type": "claim", "seat": seat, "combo": combo, "pos": picked, "cards": shown}]
        return events + self._check_claim(state, seat, cards)

    def _check_claim(self, state, seat, cards):
        """Settle the open claim if it is already false or complete; otherwise wait for the next turn-up."""
        claim = state["claim"]
        combo, positions = claim["combo"], claim["pos"]
        shown = [cards.face(state["cells"][pos]) for pos in positions]
        if not can_make(shown, combo):
            events = [{"type": "claim_false", "seat": seat, "combo": combo, "pos": list(positions), "cards": shown}]
            if state["players"] == 2:
                return events + self._give(state, seat, 1 - seat, cards)
            state["phase"] = "give"
            return events
        if len(shown) < COMBOS[combo][0]:
            return []
        score = COMBOS[combo][1]
        state["points"][seat] += score
        state["won"][seat] += shown
        event = {"type": "claim_true", "seat": seat, "combo": combo, "pos": list(positions), "cards": shown}
        return [{**event, "points": score}, *self._remove(state, seat, positions)]

    def _give(self, state, seat, recipient, cards):
        """The shown cards go face-up to ``recipient`` as bonus cards; then the square is refilled."""
        positions = list(state["claim"]["pos"])
        shown = [cards.face(state["cells"][pos]) for pos in positions]
        state["bonus"][recipient] += shown
        events = [{"type": "bonus", "seat": seat, "recipient": recipient, "pos": positions, "cards": shown}]
        if state["end_claim"]:
            for pos in positions:
                state["cells"][pos] = None
            return events + self._finish(state)
        return events + self._remove(state, seat, positions)

    def _remove(self, state, seat, positions):
        """Take the claimed cards out of the square, refill from the stock, and end the turn or the game."""
        cells = state["cells"]
        for pos in positions:
            cells[pos] = None
        refilled = []
        for pos in sorted(positions):
            if not state["stock"]:
                break
            cells[pos] = state["stock"].pop(0)
            refilled.append(pos)
        events = []
        if refilled:
            events.append({"type": "refill", "seat": seat, "pos": refilled, "stock": len(state["stock"])})
        if not _occupied(state):
            return events + self._finish(state)
        return events + self._next_turn(state)

    def _next_turn(self, state):
        """Clear the turn's picks and claim and pass play to the left."""
        state["picked"] = []
        state["announced"] = False
        state["claim"] = None
        state["phase"] = "start"
        state["turn"] = (state["turn"] + 1) % state["players"]
        return [{"type": "turn", "seat": state["turn"]}]

    def _finish(self, state):
        """End the game and announce the result."""
        state["picked"] = []
        state["claim"] = None
        state["phase"] = "over"
        return [{"type": "game_over", "result": self.result(state)}]

    def _prompt(self, state, seat) -> dict:
        """What ``seat`` is asked now, as data (game.web words it)."""
        phase, turn = state["phase"], state["turn"]
        if phase == "over":
            return {"kind": "over"}
        if seat != turn:
            return {"kind": "waiting", "seat": turn}
        if phase == "start":
            return {"kind": "start", "end_claim": not state["stock"] and len(_occupied(state)) < END_LIMIT}
        if phase == "pick":
            return {"kind": "pick", "held": len(state["picked"]), "announced": state["announced"]}
        if phase == "turn_up":
            combo = state["claim"]["combo"]
            return {"kind": "turn_up", "combo": combo, "left": COMBOS[combo][0] - len(state["claim"]["pos"])}
        return {"kind": "give", "cards": len(state["claim"]["pos"])}


def _occupied(state) -> list[int]:
    """The positions of the square that hold a card."""
    return [pos for pos, card in enumerate(state["cells"]) if card is not None]


def _scores(state) -> list[int]:
    """Each seat's combination points plus one per bonus card."""
    return [points + len(bonus) for points, bonus in zip(state["points"], state["bonus"], strict=True)]


RULES = PavedWithGold()
