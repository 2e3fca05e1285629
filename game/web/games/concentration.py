"""Concentration on screen: the grid, pairs taken per player, and the last two cards left up for a moment."""

from __future__ import annotations

from ..presenter import Area, Presenter, Spot, card_name
from ..records import Best
from ..words import YOU, first_to_play, seat_name


class ConcentrationPresenter(Presenter):
    """The grid of cards; a flip shows its card, and a mismatch stays up for the look time."""

    game = "concentration"
    hint = "Tip: tap two cards to find a pair; a pair is yours and you go again."

    def areas(self, view, names):
        rows, cols, cells = view["rows"], view["cols"], view["cells"]
        spots = [Spot(f"cell-{pos}", cells[pos], self.grid_label(pos, cols)) for pos in self.grid_spots(rows, cols)]
        left = sum(1 for face in cells if face is not None) // 2
        # The grid is the whole table and the players' scores sit above it: its words would only take the cards'
        # room on a phone (the section's label says them to a screen reader).
        title = f"The cards, {left} {'pair' if left == 1 else 'pairs'} left"
        columns = self.grid_columns(rows, cols)
        return [Area(title, spots, columns, key="grid", turned=self.turned, titled=False)]

    def scores(self, view, names):
        if len(names) == 1:
            return [f"{view['turns']} turns"]
        return [f"{pairs} {'pair' if pairs == 1 else 'pairs'}" for pairs in view["pairs"]]

    def looks(self, event, memory):
        # Both cards of a turn are public, but the turn ends at once (they go down, or go away as a pair);
        # keep them up for the look time so that everyone can see them.
        if event["type"] in ("pair", "mismatch"):
            return {f"cell-{pos}": card for pos, card in zip(event["pos"], event["cards"], strict=True)}
        return {}

    def bests(self, view, events, seat):
        bests = []
        deal = events[0] if events and events[0]["type"] == "deal" else None
        if len(view["pairs"]) == 1 and deal is not None:  # alone, the score is the turns taken: the fewer the better
            pairs, turns = len(deal["positions"]) // 2, view["turns"]
            bests.append(Best(f"fewest-turns/{pairs}", f"Fewest turns, {pairs} pairs", turns, f"{turns} turns", True))
        run = longest_run(events, seat)
        if run:
            said = f"{run} {'pair' if run == 1 else 'pairs'} in a row"
            bests.append(Best("longest-run", "Longest run of pairs", run, said))
        return bests

    def cue(self, event):
        return {"flip": "flip", "pair": "pair"}.get(event["type"], "")

    def describe(self, event, names):
        who = seat_name(names, event.get("seat"))
        kind = event["type"]
        if kind == "deal":
            return f"The {len(event['positions'])} cards are dealt face-down.{first_to_play(names, event['first'])}"
        if kind == "flip":
            return f"{who} turned up the {card_name(event['card'])}."
        if kind == "pair":
            return f"{who} found a pair and {'go' if who == YOU else 'goes'} again."
        if kind == "mismatch":
            return "No pair; the cards go face down."
        return ""

    def result_lines(self, view, names):
        if len(names) == 1:
            return [f"Cleared in {view['turns']} turns."]
        return [f"{name}: {pairs} pairs" for name, pairs in zip(names, view["pairs"], strict=True)]


def longest_run(events: list[dict], seat: int) -> int:
    """The most pairs ``seat`` found one after another, with no miss in between."""
    run = longest = 0
    for event in events:
        if event["type"] == "pair":
            run = run + 1 if event["seat"] == seat else 0
            longest = max(longest, run)
        elif event["type"] == "mismatch":
            run = 0
    return longest


PRESENTER = ConcentrationPresenter()
