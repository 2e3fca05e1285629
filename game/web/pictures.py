"""A small picture of each game's table, for the picker on the first paint: an inline SVG of the game's own
areas (:mod:`game.web.presenter`) a few moves into a two-player game at its default options.

The picture is drawn from the presenter, so it shows each game's real layout (two hands and the
piles between them, or coins between tiles) and changes when the layout does. Cards are shapes,
not faces: face down in the card back's colour, face up in white with a suit-coloured mark. Colours are CSS
classes (``pic-*``, static/css/app.css), so the themes apply. Run on the host by :mod:`game.web.picker`.
"""

from __future__ import annotations

from ..cards import is_card, suit
from ..match import new_match
from .config import GameConfig
from .games import presenter_for
from .presenter import Area, Spot

# Sizes in the picture's own units: a card is 5 by 7, as on the table; coins and tiles are square.
SHAPES = {"card": (5, 7), "corner": (5, 7), "pile": (5, 7), "coin": (6, 6), "tile": (6, 6)}
GAP = 1  # between spots
ROW_GAP = 3  # between rows of areas
# Areas of at most this many spots share a row with the small areas beside them (a stock, a hand of two).
SMALL = 3
MOVES = 3  # played from the deal, so that something is turned up
SEED = "picture"


def pictured_areas(game: str) -> list[Area]:
    """The areas with spots of ``game``'s table a few moves into its default game, as the first seat sees it."""
    config = GameConfig(game=game)
    match = new_match(game, config.players, config.options, SEED)
    for _ in range(MOVES):
        seat = match.to_act()[0]
        match.act(seat, match.legal_actions(seat)[0])
    return [area for area in presenter_for(game).areas(match.view(0), config.seat_names()) if area.spots]


def table_picture(game: str) -> str:
    """An ``<svg>`` of :func:`pictured_areas`, one shape per spot; decoration (``aria-hidden``)."""
    rows = _rows(pictured_areas(game))
    sizes = [[_area_size(area) for area in row] for row in rows]
    width = max(sum(w for w, _ in row) + ROW_GAP * (len(row) - 1) for row in sizes)
    shapes, top = [], 0
    for row, row_sizes in zip(rows, sizes, strict=True):
        row_width = sum(w for w, _ in row_sizes) + ROW_GAP * (len(row) - 1)
        left = (width - row_width) / 2
        for area, (area_width, _) in zip(row, row_sizes, strict=True):
            shapes += _area_shapes(area, left, top)
            left += area_width + ROW_GAP
        top += max(h for _, h in row_sizes) + ROW_GAP
    height = top - ROW_GAP
    return (
        f'<svg class="table-picture" viewBox="-1 -1 {_num(width + 2)} {_num(height + 2)}" aria-hidden="true"'
        f' focusable="false">{"".join(shapes)}</svg>'
    )


def _rows(areas: list[Area]) -> list[list[Area]]:
    """The areas in reading order, small ones that follow each other side by side."""
    rows: list[list[Area]] = []
    for area in areas:
        if rows and len(area.spots) <= SMALL and all(len(other.spots) <= SMALL for other in rows[-1]):
            rows[-1].append(area)
        else:
            rows.append([area])
    return rows


def _spot_size(spot: Spot) -> tuple[int, int]:
    return SHAPES.get(spot.kind, SHAPES["card"])


def _area_size(area: Area) -> tuple[int, int]:
    spot_w, spot_h = _spot_size(area.spots[0])
    columns = min(area.columns, len(area.spots))
    rows = -(-len(area.spots) // columns)
    return columns * (spot_w + GAP) - GAP, rows * (spot_h + GAP) - GAP


def _area_shapes(area: Area, left: float, top: float) -> list[str]:
    columns = min(area.columns, len(area.spots))
    shapes = []
    for index, spot in enumerate(area.spots):
        w, h = _spot_size(spot)
        x, y = left + (index % columns) * (w + GAP), top + (index // columns) * (h + GAP)
        shapes.append(_spot_shape(spot, x, y, w, h))
    return shapes


def _spot_shape(spot: Spot, x: float, y: float, w: int, h: int) -> str:
    if spot.face is None:
        kind = "pic-empty"
    elif spot.face == "down":
        kind = "pic-down"
    else:
        kind = "pic-up"
    round_corner = w / 2 if spot.kind == "coin" else 0.8
    shape = f'<rect class="{kind}" x="{_num(x)}" y="{_num(y)}" width="{w}" height="{h}" rx="{_num(round_corner)}"/>'
    if kind == "pic-up":
        mark = _mark_class(spot.face)
        shape += f'<circle class="{mark}" cx="{_num(x + w / 2)}" cy="{_num(y + h / 2)}" r="1.2"/>'
    return shape


def _mark_class(face: object) -> str:
    """A card's mark is red or black by suit; a coin's or a tile's is the accent colour."""
    if isinstance(face, str) and is_card(face) and suit(face) in ("H", "D"):
        return "pic-red"
    if isinstance(face, str) and is_card(face):
        return "pic-black"
    return "pic-piece"


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")
