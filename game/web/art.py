"""Our own SVG art for playing cards and piecepack pieces, as HTML strings the web UI sets into the DOM.

``SPRITE`` is one hidden ``<svg>`` of ``<symbol>`` definitions that the page holds once; every card, coin and
tile refers to those symbols with ``<use href="#fd-...">``, so a grid of 56 cards stays small and the art needs
no image files (it works in the single-file offline build). Colours are never written here: each piece carries
a suit class (``fd-hearts``, ``fd-moons``, ...) and ``static/css/art.css`` maps classes to colours, which is what
makes the four-colour deck, the dark theme and high contrast a matter of CSS alone.

The art is decoration (``aria-hidden``); the app labels the button that holds it.
This module is pure Python and imports neither ``js`` nor ``pyscript``, so it is tested on CPython.
"""

from __future__ import annotations

import math

from ..cards import PIECE_SUITS, PIECE_VALUES, is_card, rank, suit

CARD_W, CARD_H = 50, 70  # the 5:7 card shape art.css gives every card
PIECE_SIZE = 60  # coins and tiles are square
PIECE_HALF = PIECE_SIZE // 2

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
COURT = ("J", "Q", "K")
JOKER_CLASSES = {"RJ": "fd-joker-red", "BJ": "fd-joker-black"}
# Piecepack values: ace is written "A" as on the pieces; null has no numeral, so it gets its own glyph.
VALUE_TEXT = {"ace": "A", "2": "2", "3": "3", "4": "4", "5": "5"}


def _num(value: float) -> str:
    """A coordinate with at most one decimal and no trailing zeros, to keep generated paths short."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _star_path(cx: float, cy: float, outer: float, inner: float, points: int) -> str:
    """A closed star path: ``points`` tips on a circle of radius ``outer``, notches at ``inner``."""
    corners = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2  # first tip straight up
        corners.append(f"{_num(cx + radius * math.cos(angle))} {_num(cy + radius * math.sin(angle))}")
    return "M" + " L".join(corners) + "Z"


def _lattice_path() -> str:
    """The card back's pattern: staggered diamonds that stay inside the back's inner border.

    Drawn as plain subpaths because patterns and clip paths defined in a ``display:none`` sprite do not
    render in browsers, while plain shapes inside a ``<symbol>`` do.
    """
    parts = []
    for row in range(11):
        cy = 9 + row * 5.2
        shift = 0 if row % 2 == 0 else 4
        for col in range(5 if row % 2 == 0 else 4):
            cx = 9 + shift + col * 8
            parts.append(f"M{_num(cx)} {_num(cy - 2.6)}l3 2.6-3 2.6-3-2.6z")
    return "".join(parts)


# The symbols, each drawn on a 100 x 100 box unless it says otherwise. fill="currentColor" lets the
# <use> element's CSS colour (set by the suit class) flow into the shape.
_SYMBOLS = {
    "fd-spades": (
        '<path d="M50 4C36 24 6 40 6 60c0 14 11 22 23 22 9 0 16-5 19-10-1 10-6 18-14 24h32'
        'c-8-6-13-14-14-24 3 5 10 10 19 10 12 0 23-8 23-22 0-20-30-36-44-56z"/>'
    ),
    "fd-hearts": (
        '<path d="M50 92C20 68 4 50 4 30 4 15 15 6 28 6c10 0 18 6 22 16 4-10 12-16 22-16 13 0 24 9 24 24'
        ' 0 20-16 38-46 62z"/>'
    ),
    "fd-diamonds": '<path d="M50 3l38 47-38 47-38-47z"/>',
    "fd-clubs": (
        '<circle cx="50" cy="27" r="21"/><circle cx="27" cy="57" r="21"/><circle cx="73" cy="57" r="21"/>'
        '<circle cx="50" cy="52" r="12"/><path d="M45 58c0 16-5 28-13 38h36c-8-10-13-22-13-38z"/>'
    ),
    # A disc inside a ring of rays; the ring's hole leaves a gap so it reads as a sun, not a cog.
    "fd-suns": (
        f'<circle cx="50" cy="50" r="24"/><path fill-rule="evenodd" d="{_star_path(50, 50, 49, 31, 10)}'
        'M50 20a30 30 0 1 0 .1 0z"/>'
    ),
    "fd-moons": '<path d="M80 10A44 44 0 1 0 80 90 48 48 0 0 1 80 10z"/>',
    "fd-crowns": (
        '<path d="M8 78l4-50 20 24 18-36 18 36 20-24 4 50z"/><rect x="8" y="83" width="84" height="11" rx="2"/>'
        '<circle cx="12" cy="24" r="7"/><circle cx="50" cy="12" r="7"/><circle cx="88" cy="24" r="7"/>'
    ),
    # "Arms" as in a coat of arms: a heater shield with a chevron cut out.
    "fd-arms": (
        '<path fill-rule="evenodd" d="M10 6h80v38c0 26-18 42-40 52C28 86 10 70 10 44z'
        'M22 58l28-22 28 22v-13L50 23 22 45z"/>'
    ),
    "fd-null": '<path fill-rule="evenodd" d="M50 14a36 36 0 1 0 .1 0zm0 12a24 24 0 1 1-.1 0z"/>'
    '<path d="M77 13l9 7-63 67-9-7z"/>',
    "fd-star": f'<path d="{_star_path(50, 53, 48, 20, 5)}"/>',
    "fd-check": '<path d="M12 52l12-12 16 16 38-38 12 12-50 50z"/>',
}


def _sprite() -> str:
    """Build the hidden sprite: every symbol, plus the card back's lattice on the card's own box."""
    symbols = [
        f'<symbol id="{sid}" viewBox="0 0 100 100" fill="currentColor">{body}</symbol>'
        for sid, body in _SYMBOLS.items()
    ]
    symbols.append(
        f'<symbol id="fd-back" viewBox="0 0 {CARD_W} {CARD_H}" fill="currentColor">'
        f'<path d="{_lattice_path()}"/></symbol>'
    )
    return f'<svg style="display:none" aria-hidden="true">{"".join(symbols)}</svg>'


SPRITE: str = _sprite()


def _svg(classes: str, width: int, height: int, body: str) -> str:
    """The outer element every piece shares: it scales to its container and hides from screen readers."""
    return f'<svg class="fd-card {classes}" viewBox="0 0 {width} {height}" aria-hidden="true">{body}</svg>'


def _use(symbol: str, x: float, y: float, width: float, height: float | None = None) -> str:
    """Place a sprite symbol in a box with its top-left corner at ``x, y`` (a square unless ``height`` is given)."""
    box_height = width if height is None else height
    return f'<use href="#{symbol}" x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" height="{_num(box_height)}"/>'


def _text(label: str, x: float, y: float, size: float, css_class: str = "") -> str:
    """Centred text whose baseline is at ``y``; art.css chooses the font and its weight."""
    class_attr = f' class="{css_class}"' if css_class else ""
    return f'<text{class_attr} x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" text-anchor="middle">{label}</text>'


# The card body; art.css gives it the theme's background and edge colours.
_CARD_BG = f'<rect class="fd-card-bg" x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="4"/>'


def _card_corner(label: str) -> str:
    """The big rank in the top-left corner; "10" is squeezed so its two digits fit the corner of one."""
    squeeze = ' textLength="19" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else ""
    return f'<text x="3" y="19" font-size="20"{squeeze}>{label}</text>'


def card_face(card: str) -> str:
    """A face-up card: its rank large in the corner, a small suit below it and a large suit in the middle.

    Court cards show the suit inside a frame, so they read apart from the numbers at a glance;
    jokers show a star. Raises ``ValueError`` for anything that is not a card id.
    """
    if not is_card(card):
        raise ValueError(f"{card!r} is not a card id such as 'AS', '10H' or 'RJ'.")
    if card in JOKER_CLASSES:
        body = _use("fd-star", 3, 3, 15) + _use("fd-star", 11, 21, 32) + _text("JOKER", 27, 64, 8.5, "fd-small")
        return _svg(f"fd-face {JOKER_CLASSES[card]}", CARD_W, CARD_H, _CARD_BG + body)
    card_rank, suit_name = rank(card), SUIT_NAMES[suit(card)]
    symbol = f"fd-{suit_name}"
    body = _card_corner(card_rank) + _use(symbol, 4, 22, 11)
    if card_rank in COURT:
        # The rank is written once, in the corner: a button's visible text must be part of its name (WCAG 2.5.3),
        # and "K K" is not part of "king of spades" where "K" is.
        body += '<rect class="fd-court" x="17" y="25" width="28" height="40" rx="3"/>' + _use(symbol, 20, 33, 22)
    else:
        size = 32 if card_rank == "A" else 27
        body += _use(symbol, 31 - size / 2, 46 - size / 2, size)
    return _svg(f"fd-face fd-{suit_name}", CARD_W, CARD_H, _CARD_BG + body)


def card_back() -> str:
    """The face-down card: the same back for every card, so it gives nothing away."""
    border = f'<rect class="fd-back-line" x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="2"/>'
    return _svg("fd-back", CARD_W, CARD_H, _CARD_BG + border + _use("fd-back", 0, 0, CARD_W, CARD_H))


def _check_suit(piece_suit: object) -> str:
    """Return a piecepack suit name, or raise ``ValueError`` naming the four."""
    if piece_suit not in PIECE_SUITS:
        raise ValueError(f"{piece_suit!r} is not a piecepack suit ({', '.join(PIECE_SUITS)}).")
    return piece_suit


def _check_value(value: object) -> str:
    """Return a piecepack value, or raise ``ValueError`` naming the six."""
    if value not in PIECE_VALUES:
        raise ValueError(f"{value!r} is not a piecepack value ({', '.join(PIECE_VALUES)}).")
    return value


def _value_mark(value: str, cx: float, cy: float, size: float) -> str:
    """A piecepack value centred on ``cx, cy``: the numeral (or "A"), or the null glyph."""
    if value == "null":
        return _use("fd-null", cx - size / 2, cy - size / 2, size)
    return _text(VALUE_TEXT[value], cx, cy + size * 0.36, size)


def coin(face: dict) -> str:
    """A piecepack coin's up face as a view gives it; a value face shows no suit, as on real coins.

    ``face`` is ``{"face": "value", "value": "null" | "ace" | "2".."5"}`` or ``{"face": "suit", "suit": ...}``.
    Raises ``ValueError`` for anything else.
    """
    disc = (
        f'<circle class="fd-coin-bg" cx="{PIECE_HALF}" cy="{PIECE_HALF}" r="{PIECE_HALF - 1}"/>'
        f'<circle class="fd-coin-rim" cx="{PIECE_HALF}" cy="{PIECE_HALF}" r="{PIECE_HALF - 6}"/>'
    )
    kind = face.get("face") if isinstance(face, dict) else None
    if kind == "value":
        value = _check_value(face.get("value"))
        return _svg(
            "fd-coin fd-coin-value", PIECE_SIZE, PIECE_SIZE, disc + _value_mark(value, PIECE_HALF, PIECE_HALF, 30)
        )
    if kind == "suit":
        piece_suit = _check_suit(face.get("suit"))
        return _svg(
            f"fd-coin fd-coin-suit fd-{piece_suit}", PIECE_SIZE, PIECE_SIZE, disc + _use(f"fd-{piece_suit}", 13, 13, 34)
        )
    raise ValueError(f"{face!r} is not a coin face such as {{'face': 'suit', 'suit': 'moons'}}.")


def tile(piece_id: str, marked: bool = False) -> str:
    """A piecepack tile ``"<value>-<suit>"``: its suit on the left, its value on the right, in the suit's colour.

    ``marked`` lays a coin with a check mark over it, the way a matched coin covers its tile.
    Raises ``ValueError`` for anything that is not a piece id.
    """
    value, _, piece_suit = str(piece_id).partition("-")
    _check_value(value)
    _check_suit(piece_suit)
    body = (
        f'<rect class="fd-tile-bg" x="0.5" y="0.5" width="{PIECE_SIZE - 1}" height="{PIECE_SIZE - 1}" rx="4"/>'
        f'<rect class="fd-tile-edge" x="3.5" y="3.5" width="{PIECE_SIZE - 7}" height="{PIECE_SIZE - 7}" rx="2"/>'
        + _use(f"fd-{piece_suit}", 5, 16, 27)
        + _value_mark(value, 44, 30, 28)
    )
    if marked:
        body += (
            f'<rect class="fd-veil" x="0.5" y="0.5" width="{PIECE_SIZE - 1}" height="{PIECE_SIZE - 1}" rx="4"/>'
            f'<circle class="fd-mark" cx="{PIECE_HALF}" cy="{PIECE_HALF}" r="17"/>'
            + _use("fd-check", PIECE_HALF - 11, PIECE_HALF - 11, 22)
        )
    classes = f"fd-tile fd-{piece_suit}" + (" fd-marked" if marked else "")
    return _svg(classes, PIECE_SIZE, PIECE_SIZE, body)


def empty(shape: str = "card") -> str:
    """An empty table spot, such as the place of a pair already taken: a faint dashed outline.

    ``shape`` is ``"card"`` (the default) or ``"coin"`` for a free spot among piecepack coins.
    """
    if shape == "coin":
        outline = f'<circle class="fd-empty-line" cx="{PIECE_HALF}" cy="{PIECE_HALF}" r="{PIECE_HALF - 1.5}"/>'
        return _svg("fd-empty fd-coin", PIECE_SIZE, PIECE_SIZE, outline)
    if shape != "card":
        raise ValueError(f"{shape!r} is not an empty spot's shape ('card' or 'coin').")
    outline = f'<rect class="fd-empty-line" x="1.5" y="1.5" width="{CARD_W - 3}" height="{CARD_H - 3}" rx="4"/>'
    return _svg("fd-empty", CARD_W, CARD_H, outline)
