"""Matches (James Kyle, piecepack): flip coins from the middle to mark your own face-up tiles.

The piecepack has 24 tiles and 24 coins, one of each suit (suns, moons, crowns, arms) and value (null,
ace, 2 to 5). A coin shows its value on one face and its suit on the other.

Setup: the 24 tiles are dealt evenly (12, 8, 6 or 4 each for 2, 3, 4 or 6 players) and lie face-up, so
everyone sees every player's tiles. The 24 coins are scattered over a 6 × 6 grid of 36 spots in the
middle (positions 0–35, row-major): each coin lands on a random free spot with a random face up. The
views show only a coin's up face, never which coin it is: ``{"face": "value", "value": "ace"}`` or
``{"face": "suit", "suit": "moons"}``.

Turn (seat 0 starts, or a seat drawn at the deal: option ``first_player``; the deal event and the view
name it, ``first``; play passes to the left): ``{"type": "flip", "spot": s}`` on a spot holding a coin.
The ``flip`` event tells everyone the up face it had, the coin (both faces are now seen) and the face it
shows now. If the coin is the twin of one of the mover's unmarked tiles (same suit and value), it leaves
the middle and marks that tile (a ``mark`` event). Otherwise it stays on its spot showing its other face
(a ``no_match`` event). Either way play then passes to the next seat; a match does not give another turn.

Flaming Matches (option ``flaming``): after a flip that does not match, the same seat either moves that
coin, still showing its new face, to any free spot with ``{"type": "move", "spot": t}``, or leaves it
with ``{"type": "stay"}``; then play passes.

The first player to mark all their tiles wins at once. Result: ``winners`` is that seat, ``scores`` the
number of tiles each seat has marked.

Fixed deal (for tests and puzzles):
- ``deck``: the 24 tile ids (e.g. ``"null-suns"``) in deal order: seat 0 gets the first 24 / players,
  seat 1 the next 24 / players, and so on.
- ``coins``: the middle, a list of 36 entries in spot order, each ``None`` (a free spot) or
  ``[coin_id, up_face]`` with ``up_face`` ``"value"`` or ``"suit"``; it must place each of the 24 coins once.

Cards and who knows them (game.deck): the tiles are public (their order comes from the public random stream).
The coins are one deal of units of two faces, value then suit (the deal's order is where the coins land, so the
local source keeps it and the spots are drawn from the random stream). Each coin's up face is revealed to
everyone at the deal; a flip reveals the other, and with it which coin it is.
"""

from __future__ import annotations

from ..cards import PIECE_SUITS, PIECE_VALUES, all_pieces, piece
from ..core import FIRST_PLAYER, Option, Rules, first_seat

ROWS, COLS = 6, 6
SPOTS = ROWS * COLS
FACES = ("value", "suit")
PIECES = all_pieces()


def coin_value(coin: str) -> str:
    """The value of a piece id: ``"ace"`` for ``"ace-moons"``."""
    return coin.split("-", 1)[0]


def coin_suit(coin: str) -> str:
    """The suit of a piece id: ``"moons"`` for ``"ace-moons"``."""
    return coin.split("-", 1)[1]


def other_face(face: str) -> str:
    """The face a coin shows after it is turned over."""
    return "suit" if face == "value" else "value"


def shown_face(face: str, shows: str) -> dict:
    """What a coin lying with ``face`` (``"value"`` or ``"suit"``) up shows, ``shows`` (``"ace"``, ``"moons"``),
    without saying which coin it is."""
    return {"face": face, face: shows}


class Matches(Rules):
    """Matches and Flaming Matches: flip a coin; if it twins one of your tiles, it marks that tile."""

    id = "matches"
    name = "Matches"
    player_counts = (2, 3, 4, 6)
    options = (
        Option("flaming", False, "Flaming Matches: a coin that does not match may be moved to any free spot."),
        FIRST_PLAYER,
        Option("deck", None, "Fixed deal: the 24 tile ids, dealt in equal runs to seat 0, seat 1, and so on."),
        Option("coins", None, "Fixed middle: 36 spots, each empty or [coin id, up face 'value' or 'suit']."),
    )

    def setup(self, players, options, cards):
        share = len(PIECES) // players
        rng = cards.rng
        if options["deck"] is None:
            tiles = list(PIECES)
            rng.shuffle(tiles)
        else:
            tiles = _check_deck(options["deck"])
        if options["coins"] is None:
            spots: list[list | None] = [None] * SPOTS
            coins = cards.deal([_faces(coin) for coin in PIECES], shuffle=False)
            for coin, spot in zip(coins, rng.sample(range(SPOTS), len(PIECES)), strict=True):
                spots[spot] = [coin, rng.choice(FACES)]
        else:
            spots = _check_coins(options["coins"])
            coins = iter(cards.deal([_faces(spot[0]) for spot in spots if spot is not None], public=True))
            spots = [None if spot is None else [next(coins), spot[1]] for spot in spots]
        first = first_seat(options, players, rng)
        state = {
            "tiles": [tiles[seat * share : (seat + 1) * share] for seat in range(players)],
            "marked": [[False] * share for _ in range(players)],
            "spots": spots,  # per spot: None, or [coin id, the face that is up]
            "first": first,
            "turn": first,
            "moving": None,  # Flaming: the spot of the coin that just failed to match, awaiting move or stay
            "winner": None,
            "flaming": options["flaming"],
        }
        deal = {
            "type": "deal",
            "seat": None,
            "rows": ROWS,
            "cols": COLS,
            "tiles": [list(hand) for hand in state["tiles"]],
            "spots": _public_spots(spots, cards, cards.face),
            "first": first,
        }
        return state, [deal, {"type": "turn", "seat": first}]

    def to_act(self, state):
        return [] if state["winner"] is not None else [state["turn"]]

    def legal_actions(self, state, seat, cards):
        if seat not in self.to_act(state):
            return []
        spots = state["spots"]
        if state["moving"] is not None:
            return [{"type": "stay"}] + [{"type": "move", "spot": s} for s in range(SPOTS) if spots[s] is None]
        return [{"type": "flip", "spot": s} for s in range(SPOTS) if spots[s] is not None]

    def apply(self, state, seat, action, cards):
        if action["type"] == "flip":
            return self._flip(state, seat, action["spot"], cards)
        events: list[dict] = []
        source = state["moving"]
        state["moving"] = None
        if action["type"] == "move":
            target = action["spot"]
            coin, face = state["spots"][source]
            state["spots"][target], state["spots"][source] = [coin, face], None
            events.append({"type": "move", "seat": seat, "from": source, "onto": target, "coin": _coin(coin, cards)})
        else:
            events.append({"type": "stay", "seat": seat, "spot": source})
        return events + self._pass_turn(state, seat)

    def view(self, state, seat, cards):
        return {
            **self.common_view(state, seat),
            "phase": self._phase(state),
            "prompt": self._prompt(state, seat),
            "flaming": state["flaming"],
            "rows": ROWS,
            "cols": COLS,
            "spots": _public_spots(state["spots"], cards, cards.known),
            "moving": state["moving"],
            "tiles": [
                [{"tile": tile, "marked": marked} for tile, marked in zip(hand, marks, strict=True)]
                for hand, marks in zip(state["tiles"], state["marked"], strict=True)
            ],
            "marked": [sum(marks) for marks in state["marked"]],
        }

    def result(self, state):
        if state["winner"] is None:
            return None
        return {"winners": [state["winner"]], "scores": [sum(marks) for marks in state["marked"]]}

    def all_cards(self, state):
        # Tiles stay in their hands; a coin is on a spot or, once it matched, on the tile with its own id.
        tiles = [tile for hand in state["tiles"] for tile in hand]
        on_tiles = [
            tile
            for hand, marks in zip(state["tiles"], state["marked"], strict=True)
            for tile, m in zip(hand, marks, strict=True)
            if m
        ]
        in_middle = [spot[0] for spot in state["spots"] if spot is not None]
        return tiles + on_tiles + in_middle

    # Steps of a turn.

    def _flip(self, state, seat, spot, cards):
        ref, face = state["spots"][spot]
        new_face = other_face(face)
        # Both faces are now seen by everyone, so the coin's identity is public.
        coin = _coin(ref, cards)
        events = [
            {
                "type": "flip",
                "seat": seat,
                "spot": spot,
                "was": shown_face(face, _part(coin, face)),
                "coin": coin,
                "now": shown_face(new_face, _part(coin, new_face)),
            }
        ]
        hand = state["tiles"][seat]
        if coin in hand and not state["marked"][seat][hand.index(coin)]:
            state["marked"][seat][hand.index(coin)] = True
            state["spots"][spot] = None
            marked = sum(state["marked"][seat])
            events.append({"type": "mark", "seat": seat, "spot": spot, "coin": coin, "tile": coin, "marked": marked})
            if marked == len(hand):
                state["winner"] = seat
                events.append({"type": "game_over", "seat": seat, "result": self.result(state)})
                return events
            return events + self._pass_turn(state, seat)
        state["spots"][spot] = [ref, new_face]
        events.append({"type": "no_match", "seat": seat, "spot": spot, "coin": coin})
        if state["flaming"]:
            state["moving"] = spot
            return events
        return events + self._pass_turn(state, seat)

    @staticmethod
    def _pass_turn(state, seat) -> list[dict]:
        state["turn"] = (seat + 1) % len(state["tiles"])
        return [{"type": "turn", "seat": state["turn"]}]

    @staticmethod
    def _phase(state) -> str:
        if state["winner"] is not None:
            return "over"
        return "move" if state["moving"] is not None else "flip"

    def _prompt(self, state, seat) -> dict:
        """What ``seat`` is asked now, as data (game.web words it); ``moving``: a flipped coin waits to be moved."""
        phase = self._phase(state)
        if phase == "over":
            return {"kind": "over", "winner": state["winner"]}
        if seat != state["turn"]:
            return {"kind": "waiting", "seat": state["turn"], "moving": phase == "move"}
        return {"kind": phase}


def _faces(coin: str) -> tuple[str, str]:
    """A coin as a unit of the card source: its value face, then its suit face."""
    return coin_value(coin), coin_suit(coin)


def _part(coin: str, face: str) -> str:
    """What the face ``face`` of the coin ``coin`` (an id) shows: ``"ace"`` or ``"moons"`` for ``"ace-moons"``."""
    return coin_value(coin) if face == "value" else coin_suit(coin)


def _coin(ref: str, cards) -> str:
    """The id of the coin ``ref``, both its faces revealed to everyone."""
    return piece(cards.face(cards.part(ref, 0)), cards.face(cards.part(ref, 1)))


def _public_spots(spots: list, cards, reveal) -> list[dict | None]:
    """The middle as everyone sees it: each coin's up face only, never the coin's id; ``reveal`` is the source's
    ``face`` (at the deal, which reveals them) or ``known`` (in a view, once revealed)."""
    return [
        None if spot is None else shown_face(spot[1], reveal(cards.part(spot[0], FACES.index(spot[1]))))
        for spot in spots
    ]


def _check_deck(deck: object) -> list[str]:
    """The fixed tile order, if it is exactly the 24 piecepack tiles; else ``ValueError`` saying what is wrong."""
    example = f'"{PIECE_VALUES[0]}-{PIECE_SUITS[0]}"'
    if not isinstance(deck, list) or not all(isinstance(tile, str) for tile in deck):
        raise ValueError(f"The deck for Matches must be a list of the 24 tile ids, such as {example}.")
    unknown = [tile for tile in deck if tile not in PIECES]
    if unknown:
        raise ValueError(f"The deck for Matches has tiles that do not exist: {', '.join(unknown[:5])}.")
    twice = sorted({tile for tile in deck if deck.count(tile) > 1})
    if twice:
        raise ValueError(f"The deck for Matches has the same tile twice: {', '.join(twice[:5])}.")
    if len(deck) != len(PIECES):
        missing = [tile for tile in PIECES if tile not in deck]
        raise ValueError(f"The deck for Matches must hold all 24 tiles; it misses {', '.join(missing[:5])}.")
    return list(deck)


def _check_coins(coins: object) -> list[list | None]:
    """The fixed middle, if it places each of the 24 coins once on 36 spots; else ``ValueError`` saying why."""
    if not isinstance(coins, list) or len(coins) != SPOTS:
        raise ValueError(f"The coins option for Matches must be a list of {SPOTS} spots (each empty or a coin).")
    spots: list[list | None] = []
    for number, entry in enumerate(coins):
        if entry is None:
            spots.append(None)
            continue
        if not (isinstance(entry, list) and len(entry) == 2 and entry[0] in PIECES and entry[1] in FACES):
            raise ValueError(
                f'Spot {number} of the coins option for Matches must be null or [coin id, "value" or "suit"], '
                f'such as ["ace-moons", "value"]; got {entry!r}.'
            )
        spots.append([entry[0], entry[1]])
    placed = [spot[0] for spot in spots if spot is not None]
    twice = sorted({coin for coin in placed if placed.count(coin) > 1})
    if twice:
        raise ValueError(f"The coins option for Matches places the same coin twice: {', '.join(twice[:5])}.")
    missing = [coin for coin in PIECES if coin not in placed]
    if missing:
        raise ValueError(f"The coins option for Matches must place all 24 coins; it misses {', '.join(missing[:5])}.")
    return spots


RULES = Matches()
