"""How a game is shown: its table as areas of spots, its sentences and its button labels.

Each game has one :class:`Presenter` subclass in :mod:`game.web.games`. A presenter turns a seat's
view into plain data (:class:`Area` and :class:`Spot`); :mod:`game.web.render` turns that data into
HTML the same way for every game, so focus, keyboard play, aria labels, private looks and
animations work alike everywhere. Presenters know no browser and are tested on CPython.

The presenters hold the game's words: the rules say what a seat is asked as data (the view's ``prompt``,
``{"kind": ...}``), and :meth:`Presenter.prompt` says it, with the words all games share from
:mod:`game.web.words`.

A *place* names a spot on the table, such as ``"cell-12"`` or ``"hand-1-3"``. It is the spot's
``data-pos`` in the page, and the link between a click and an action: an action whose place is the
spot's place is played by clicking that spot.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..cards import is_joker, rank, suit
from ..core import FACE_DOWN
from .words import GAME_OVER, seat_name, waiting_for

if TYPE_CHECKING:
    from .records import Best

RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@dataclass
class Spot:
    """One position on the table: a card, a coin, a tile or a pile, face down, face up or empty.

    ``face`` is ``"down"``, a card id, a piecepack coin face (a dict) or ``None`` for an empty spot.
    ``label`` says where it is for a screen reader ("row 3, column 5"); the renderer adds what shows.
    """

    place: str
    face: Any
    label: str
    kind: str = "card"  # card, coin, tile or pile
    marked: bool = False  # a tile its matching coin has marked
    badge: str = ""  # a short note shown on the spot, e.g. a pile's count
    face_text: str = ""  # what shows, when the default wording does not fit (coins, tiles, piles)


@dataclass
class Area:
    """A group of spots laid out in a grid: the table's middle, a player's hand, the piles."""

    title: str
    spots: list[Spot]
    columns: int
    key: str = "grid"  # a CSS hook: grid, hand, piles, tiles
    note: str = ""  # one line under the title, e.g. "20 tokens"
    active: bool = False  # the area of the seat whose turn it is
    extra: list[str] = field(default_factory=list)  # small facts shown beside it (shields, traps)
    # A grid that may be drawn turned a quarter (Presenter.turned): whether it is now; None for any other area
    # (a square grid is the same either way).
    turned: bool | None = None
    titled: bool = True  # False: the title is for screen readers only (an area the cards alone make plain)


@dataclass
class Interlude:
    """A moment that holds the table until the player moves on (Cambio's round end): the areas drawn meanwhile,
    a title and the sentences under it, the label of the button that moves on and the prompt. ``since``: how many of the
    events it was found in came before it (what follows belongs to what comes next, such as a new deal)."""

    title: str
    lines: list[str]
    button: str
    areas: list[Area]
    prompt: str = ""  # what the prompt says meanwhile
    since: int = 0


class Presenter:
    """The default presentation; each game overrides what it needs."""

    game = ""
    # What to do on a first turn, said once per game and browser after the prompt ("Tap two cards...").
    hint = ""
    # Whether the table's grid is drawn turned a quarter: the rules' rows drawn as columns, which gives bigger
    # cards on a tall screen (the page measures which way fits, static/js/redraw.js). A copy of the presenter
    # draws it so (turned_to); its labels and sentences then count rows and columns as they are drawn.
    turned = False

    def turned_to(self, turned: bool) -> Presenter:
        """This presenter, drawing its grid turned a quarter or not."""
        if turned == self.turned:
            return self
        twin = copy.copy(self)
        twin.turned = turned
        return twin

    def grid_spots(self, rows: int, cols: int) -> list[int]:
        """The positions of the rules' ``rows`` × ``cols`` grid (row-major) in the order they are drawn, left to
        right and top to bottom: the rules' order, or, turned, each of the rules' columns as a row."""
        if not self.turned:
            return list(range(rows * cols))
        return [row * cols + col for col in range(cols) for row in range(rows)]

    def grid_columns(self, rows: int, cols: int) -> int:
        """How many columns the grid of the rules' ``rows`` × ``cols`` is drawn with."""
        return rows if self.turned else cols

    def grid_label(self, pos: int, cols: int) -> str:
        """ "row 3, column 5": where the rules' position ``pos`` (of a grid ``cols`` wide) is drawn."""
        row, col = divmod(pos, cols)
        return row_column(col, row) if self.turned else row_column(row, col)

    def areas(self, view: dict, names: list[str]) -> list[Area]:
        """The table as areas of spots, in reading order."""
        raise NotImplementedError

    def prompt(self, view: dict, names: list[str]) -> str:
        """What the seat on screen is asked to do, in words: the rules' prompt (data) said with names."""
        prompt = view.get("prompt") or {"kind": "turn"}
        if prompt["kind"] == "over":
            return GAME_OVER
        if prompt["kind"] == "waiting":
            return waiting_for(seat_name(names, prompt["seat"]))
        return self.ask(prompt, view, names)

    def ask(self, prompt: dict, view: dict, names: list[str]) -> str:
        """The game's own prompts in words: ``prompt`` is the view's, its ``kind`` and what the sentence needs."""
        return "Your turn."

    def facts(self, view: dict, names: list[str]) -> list[str]:
        """Short lines about the table that are not spots (the bank, the stock, a round number)."""
        return []

    def scores(self, view: dict, names: list[str]) -> list[str]:
        """One short score text per seat, shown beside each name while playing."""
        return ["" for _ in names]

    def place_of(self, action: dict) -> str | None:
        """The place clicked to play ``action``, or ``None`` if it is a button instead."""
        if "pos" in action:
            return f"cell-{action['pos']}"
        if "spot" in action:
            return f"spot-{action['spot']}"
        if "owner" in action and "slot" in action:
            return f"hand-{action['owner']}-{action['slot']}"
        if "source" in action:
            return action["source"]
        return None

    def action_label(self, action: dict, view: dict, names: list[str]) -> str:
        """The text of the button that plays ``action`` (or of its entry in a spot's menu)."""
        return action["type"].replace("_", " ").capitalize()

    def looks(self, event: dict, memory: dict) -> dict[str, str]:
        """Cards a look in ``event`` shows this seat, by place; they stay up for the look time only.

        ``memory`` is the seat's own, kept by its screen from one event to the next (and copied for a click drawn
        ahead): a presenter may note in it what a later event needs, such as the cards of a look that a later
        swap moves."""
        return {}

    def held_look(self, events: list[dict]) -> tuple[str, str] | None:
        """A look in ``events`` that stays up until the player ends it (a peek as a round is dealt): the
        prompt meanwhile and the label of the button that ends it; ``None`` for looks that end with the look time."""
        return None

    def describe(self, event: dict, names: list[str]) -> str:
        """A sentence for the log and the screen reader, or ``""`` for events not worth telling."""
        return ""

    def bests(self, view: dict, events: list[dict], seat: int) -> list[Best]:
        """The bests this game keeps in a player's records (:mod:`game.web.records`), as ``seat`` played it: ``view``
        is its view at the end, ``events`` the whole game's public events."""
        return []

    def cue(self, event: dict) -> str:
        """The sound ``event`` (a public event) makes, if any: "flip", "pair", "snap", "snap-wrong" or "call"
        (static/js/sound.js plays them); ``""`` for none."""
        return ""

    def interlude(self, events: list[dict], view: dict, names: list[str]) -> Interlude | None:
        """A moment in ``events`` (as the seat on screen saw them) that holds the table until the player moves on,
        drawn from ``view`` (the seat's view after them): Cambio's round end. ``None`` for most events."""
        return None

    def follow(self, event: dict, notes: dict) -> None:
        """Note in ``notes`` what a later question (:meth:`confirm`) needs from ``event``, a public event. The
        screen keeps ``notes`` for the whole game and hands it every public event once, in order."""
        return  # most games ask nothing that needs notes

    def minor(self, action: dict, view: dict) -> bool:
        """Whether ``action``'s button is a quiet one, beside the choices, never the one to press first."""
        return False

    def confirm(self, action: dict, view: dict, names: list[str], notes: dict) -> str | None:
        """A question to ask once before ``action`` is played, when it is an easy slip that costs a lot; else
        ``None``. ``notes``: what :meth:`follow` noted."""
        return None

    def deadline(self, view: dict) -> tuple[int, dict] | None:
        """A time limit on the choice in ``view``: (seconds, the action played for the seat when time runs out)."""
        return None

    def result_lines(self, view: dict, names: list[str]) -> list[str]:
        """The result screen's lines under the winner, one per seat by default."""
        result = view.get("result") or {}
        scores = result.get("scores") or []
        return [f"{name}: {score}" for name, score in zip(names, scores, strict=False)]


def card_name(card: str) -> str:
    """A card in words, for screen readers and the log: ``"10H"`` is "10 of hearts"."""
    if is_joker(card):
        return "red joker" if card == "RJ" else "black joker"
    return f"{RANK_NAMES.get(rank(card), rank(card))} of {SUIT_NAMES[suit(card)]}"


def face_words(spot: Spot) -> str:
    """What a player may know of a spot, in words: "face down", "7 of hearts", "empty"."""
    if spot.face_text:
        return spot.face_text
    if spot.face is None:
        return "empty"
    if spot.face == FACE_DOWN:
        return "face down"
    if isinstance(spot.face, dict):
        return coin_words(spot.face)
    return card_name(spot.face) if isinstance(spot.face, str) else str(spot.face)


def coin_words(face: dict) -> str:
    """A piecepack coin's up face in words (only that face: the view never says which coin it is)."""
    if face.get("face") == "suit":
        return f"coin showing {face['suit']}"
    return f"coin showing value {face.get('value')}"


def seats_across(viewer: int | None, players: int) -> list[int]:
    """The seats drawn across the table from ``viewer``: the others, in turn order from the viewer's left (every seat,
    from seat 0, for a spectator). The viewer's own seat goes nearest them, below the middle of the table."""
    seats = list(range(players))
    return seats if viewer is None else seats[viewer + 1 :] + seats[:viewer]


def grid_label(index: int, columns: int) -> str:
    """ "row 3, column 5" for a row-major index (rows and columns counted from 1)."""
    return row_column(*divmod(index, columns))


def row_column(row: int, col: int) -> str:
    """ "row 3, column 5" for row 2 and column 4 counted from 0."""
    return f"row {row + 1}, column {col + 1}"
