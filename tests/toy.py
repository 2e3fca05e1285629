"""A toy game, whole: its rules, its bot, its presenter and its registry entry, for the test that adds a game.

Toy Peek: four cards lie face down. On your turn you peek at one of them (only you see it), then take one,
face up, into your pile. Once the cards are gone, the highest total of ranks wins (ace 1 ... 4).

The four cards are one deal of the card source (game.deck); a peek is a look, a take reveals the card, and the
piles keep the (public) faces.
"""

from __future__ import annotations

from game.bots.base import Bot
from game.cards import rank_number
from game.core import FACE_DOWN, FIRST_PLAYER, Option, Rules, first_seat, private, winners_by_score
from game.registry import Game
from game.web.presenter import Area, Presenter, Spot, card_name, grid_label
from game.web.words import does, first_to_play, seat_name

CARDS = ("AS", "2S", "3S", "4S")


class ToyPeek(Rules):
    """Peek at a card, then take one."""

    id = "toy"
    name = "Toy Peek"
    player_counts = (1, 2)
    options = (FIRST_PLAYER, Option("deck", None, "The four cards in the order they are laid, for tests."))

    def setup(self, players, options, cards):
        if options["deck"] is None:
            deck = cards.deal(list(CARDS))
        elif sorted(options["deck"]) == sorted(CARDS):
            deck = cards.deal(list(options["deck"]), public=True)
        else:
            raise ValueError(f"The deck for {self.name} must hold {', '.join(CARDS)}, each once.")
        first = first_seat(options, players, cards.rng)
        state = {"cells": deck, "piles": [[] for _ in range(players)], "turn": first, "first": first, "phase": "peek"}
        return state, [{"type": "deal", "first": first}]

    def to_act(self, state):
        return [] if state["phase"] == "over" else [state["turn"]]

    def legal_actions(self, state, seat, cards):
        cells = [pos for pos, card in enumerate(state["cells"]) if card is not None]
        return [{"type": state["phase"], "pos": pos} for pos in cells] if seat in self.to_act(state) else []

    def apply(self, state, seat, action, cards):
        pos, cells = action["pos"], state["cells"]
        if action["type"] == "peek":
            state["phase"] = "take"
            return [private({"type": "look", "seat": seat, "pos": pos}, [seat], card=cards.look(cells[pos], seat))]
        card, cells[pos] = cards.face(cells[pos]), None
        state["piles"][seat].append(card)
        events = [{"type": "take", "seat": seat, "pos": pos, "card": card}]
        if all(cell is None for cell in cells):
            state["phase"] = "over"
            return [*events, {"type": "game_over", "result": self.result(state)}]
        state["turn"], state["phase"] = (seat + 1) % len(state["piles"]), "peek"
        return [*events, {"type": "turn", "seat": state["turn"]}]

    def view(self, state, seat, cards):
        if state["phase"] == "over":
            prompt = {"kind": "over"}
        else:
            prompt = {"kind": state["phase"]} if seat == state["turn"] else {"kind": "waiting", "seat": state["turn"]}
        return {
            **self.common_view(state, seat),
            "phase": state["phase"],
            "prompt": prompt,
            "cells": [None if card is None else FACE_DOWN for card in state["cells"]],
            "piles": [list(pile) for pile in state["piles"]],
        }

    def result(self, state):
        if state["phase"] != "over":
            return None
        scores = [sum(rank_number(card) for card in pile) for pile in state["piles"]]
        return {"winners": winners_by_score(scores), "scores": scores}

    def all_cards(self, state):
        left = [card for card in state["cells"] if card is not None]
        return left + [card for pile in state["piles"] for card in pile]


class ToyBot(Bot):
    """Peeks at random and takes the highest card it has seen, else any."""

    game = "toy"

    def observe(self, event, seat):
        if event["type"] == "look" and "card" in event:
            self.memory.see(f"cell-{event['pos']}", event["card"])

    def decide(self, view):
        cells = [pos for pos, card in enumerate(view["cells"]) if card is not None]
        if view["phase"] == "peek":
            return {"type": "peek", "pos": self.rng.choice(cells)}
        seen = {pos: self.memory.recall(f"cell-{pos}") for pos in cells}
        known = [pos for pos in cells if seen[pos] is not None]
        best = max(known, key=lambda pos: rank_number(seen[pos])) if known else self.rng.choice(cells)
        return {"type": "take", "pos": best}


class ToyPresenter(Presenter):
    """The four cards in a row, then each seat's pile."""

    game = "toy"

    def areas(self, view, names):
        cells = [Spot(f"cell-{pos}", face, grid_label(pos, 4)) for pos, face in enumerate(view["cells"])]
        piles = [
            Area(f"{name}'s pile", [Spot(f"pile-{seat}-{n}", card, f"card {n + 1}") for n, card in enumerate(pile)], 4)
            for seat, (name, pile) in enumerate(zip(names, view["piles"], strict=True))
        ]
        return [Area("The cards", cells, 4), *piles]

    def ask(self, prompt, view, names):
        return "Peek at a card." if prompt["kind"] == "peek" else "Take a card."

    def looks(self, event, memory):
        return {f"cell-{event['pos']}": event["card"]} if event["type"] == "look" and "card" in event else {}

    def describe(self, event, names):
        who = seat_name(names, event.get("seat"))
        if event["type"] == "deal":
            return "Four cards are dealt face down." + first_to_play(names, event["first"])
        if event["type"] == "look":
            return f"{does(who, 'peeks')} at a card."
        if event["type"] == "take":
            return f"{does(who, 'takes')} the {card_name(event['card'])}."
        return ""


RULES = ToyPeek()
PRESENTER = ToyPresenter()
TOY = Game(
    "toy",
    "Peek at a card, then take one; the highest total wins.",
    rules="tests.toy:RULES",
    bot="tests.toy:ToyBot",
    presenter="tests.toy:PRESENTER",
    rules_page="static/rules/toy.html",
)
