"""Matches on screen: every player's face-up tiles, and the coins in the middle showing their up faces.

The middle is the 6 × 6 grid of spots (``spot-N``, N row-major); a coin there is drawn with its up face
only, as the view gives it, so the page never says which coin lies under a face. Tiles are public, so
each one's place is ``tile-<piece id>`` (every tile is unique), which lets a mark light up its tile.
In Flaming Matches, after a flip that does not match, the free spots become targets and a
"Leave it here" button keeps the coin where it is.
"""

from __future__ import annotations

from ...rules.matches import COLS
from ..presenter import Area, Presenter, Spot, coin_words
from ..words import does, first_to_play, possessive, seat_name, verb

# A hand holds at most 12 tiles (two players).
ORDINALS = (
    "first", "second", "third", "fourth", "fifth", "sixth",
    "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth",
)  # fmt: skip


def piece_name(piece: str) -> str:
    """A piecepack piece in words: ``"ace-moons"`` is "ace of moons"."""
    value, _, suit = piece.partition("-")
    return f"{value} of {suit}"


def tile_columns(count: int) -> int:
    """Columns for a hand of ``count`` tiles: 12 as two rows of six, 8 as two rows of four, fewer in one row."""
    return count // 2 if count > 6 else count


class MatchesPresenter(Presenter):
    """The middle's coins and each player's tiles; a flip stays lit up for the look time."""

    game = "matches"
    hint = "Tip: tap a coin to flip it; a coin that matches one of your tiles marks it."

    def areas(self, view, names):
        middle = self._middle(view, names)
        hands = [self._tiles(view, names, seat) for seat in range(len(view["tiles"]))]
        viewer = view.get("seat")
        if viewer is None:
            return [middle, *hands]
        # As at a real table: the others across the middle, the seat on screen nearest the player.
        others = [area for seat, area in enumerate(hands) if seat != viewer]
        return [*others, middle, hands[viewer]]

    def _middle(self, view, names) -> Area:
        rows, cols = view["rows"], view["cols"]
        moving = view.get("moving")
        spots = []
        for pos in self.grid_spots(rows, cols):
            face, label = view["spots"][pos], self.grid_label(pos, cols)
            badge = ""
            if pos == moving:
                label += ", the coin just flipped"
                badge = "flipped"
            spots.append(Spot(f"spot-{pos}", face, label, kind="coin", badge=badge))
        coins = sum(1 for face in view["spots"] if face is not None)
        note = f"{coins} {'coin' if coins == 1 else 'coins'}, each showing one face"
        if moving is not None and view.get("seat") == view["turn"]:
            note = "Tap a free spot to move the flipped coin there, or press “Leave it here”."
        elif moving is not None:
            note = f"{seat_name(names, view['turn'])} may move the flipped coin to a free spot."
        return Area("The middle", spots, self.grid_columns(rows, cols), key="grid", note=note)

    def _tiles(self, view, names, seat) -> Area:
        hand = view["tiles"][seat]
        name = seat_name(names, seat)
        spots = []
        for index, entry in enumerate(hand):
            tile, marked = entry["tile"], entry["marked"]
            words = piece_name(tile) + (", marked" if marked else ", not marked yet")
            label = f"{possessive(name)} {ORDINALS[index]} tile"
            spots.append(Spot(f"tile-{tile}", tile, label, kind="tile", marked=marked, face_text=words))
        done = view["marked"][seat]
        active = seat in view.get("to_act", [])
        return Area(
            f"{possessive(name)} tiles",
            spots,
            tile_columns(len(hand)),
            key="tiles",
            note=f"{done} of {len(hand)} marked",
            active=active,
        )

    def prompt(self, view, names):
        prompt = view["prompt"]
        if prompt["kind"] == "over":
            winner = seat_name(names, prompt["winner"])
            return f"{winner} marked every tile and {verb(winner, 'wins')}."
        if prompt["kind"] == "waiting":
            doing = "deciding where to put the coin" if prompt["moving"] else "choosing a coin to flip"
            return f"{does(seat_name(names, prompt['seat']), 'is')} {doing}."
        return super().prompt(view, names)

    def ask(self, prompt, view, names):
        if prompt["kind"] == "move":
            return "Move the coin you flipped to a free spot, or leave it where it is."
        return "Choose a coin in the middle to flip."

    def scores(self, view, names):
        return [f"{done}/{len(hand)} marked" for done, hand in zip(view["marked"], view["tiles"], strict=True)]

    def facts(self, view, names):
        if view.get("flaming"):
            return ["Flaming Matches: a coin that does not match may be moved to any free spot."]
        return []

    def action_label(self, action, view, names):
        kind = action["type"]
        if kind == "stay":
            return "Leave it here"
        where = self.grid_label(action["spot"], view["cols"])
        if kind == "move":
            return f"Move the coin to {where}"
        return f"Flip the coin at {where}"

    def looks(self, event, memory):
        # Every flip is public, but its result lands at once (the coin may even leave for a tile):
        # keep the flipped coin's new face, and the tile it marked, lit up for the look time.
        if event["type"] == "flip":
            return {f"spot-{event['spot']}": event["now"]}
        if event["type"] == "mark":
            return {f"tile-{event['tile']}": event["tile"]}
        return {}

    def cue(self, event):
        return {"flip": "flip", "mark": "pair"}.get(event["type"], "")

    def describe(self, event, names):
        who = seat_name(names, event.get("seat"))
        kind = event["type"]
        if kind == "deal":
            dealt = "The tiles are dealt face up and the coins are scattered in the middle."
            return dealt + first_to_play(names, event["first"])
        if kind == "flip":
            return f"{who} flipped a {coin_words(event['was'])}: it is the {piece_name(event['coin'])}."
        if kind == "mark":
            return f"It matches: {who} marked the {piece_name(event['tile'])} tile ({event['marked']} marked)."
        if kind == "no_match":
            return f"The {piece_name(event['coin'])} matches none of {possessive(who, start=False)} tiles."
        if kind == "move":
            return f"{who} moved the {piece_name(event['coin'])} to {self.grid_label(event['onto'], COLS)}."
        if kind == "stay":
            return f"{who} left the coin where it is."
        if kind == "game_over":
            return f"{who} marked every tile and won."
        return ""

    def result_lines(self, view, names):
        return [
            f"{name}: {done} of {len(hand)} tiles marked"
            for name, done, hand in zip(names, view["marked"], view["tiles"], strict=True)
        ]


PRESENTER = MatchesPresenter()
