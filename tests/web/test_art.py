"""The SVG art: every card and piece renders, well-formed and distinct, from symbols the sprite defines."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.cards import PIECE_SUITS, PIECE_VALUES, all_pieces, standard_deck
from game.web.art import SPRITE, card_back, card_face, coin, empty, tile

CSS = (Path(__file__).resolve().parents[2] / "static" / "css" / "art.css").read_text(encoding="utf-8")
CARDS = standard_deck(jokers=True)
COIN_FACES = [{"face": "value", "value": v} for v in PIECE_VALUES] + [{"face": "suit", "suit": s} for s in PIECE_SUITS]


def every_piece() -> list[str]:
    """The markup of everything art.py can draw."""
    return (
        [card_face(card) for card in CARDS]
        + [card_back(), empty(), empty("coin")]
        + [coin(face) for face in COIN_FACES]
        + [tile(piece, marked) for piece in all_pieces() for marked in (False, True)]
    )


def sprite_ids() -> set[str]:
    return {symbol.get("id") for symbol in ET.fromstring(SPRITE).iter("symbol")}


def used_ids(markup: str) -> set[str]:
    return {use.get("href").removeprefix("#") for use in ET.fromstring(markup).iter("use")}


def test_the_sprite_is_hidden_well_formed_and_its_ids_are_unique():
    root = ET.fromstring(SPRITE)
    assert root.tag == "svg" and root.get("style") == "display:none" and root.get("aria-hidden") == "true"
    ids = [symbol.get("id") for symbol in root.iter("symbol")]
    assert len(ids) == len(set(ids)) and all(i.startswith("fd-") for i in ids)
    assert {"fd-spades", "fd-hearts", "fd-diamonds", "fd-clubs", "fd-back"} <= set(ids)
    assert {f"fd-{s}" for s in PIECE_SUITS} <= set(ids)


def test_every_piece_is_well_formed_hidden_art_that_uses_only_sprite_symbols():
    defined = sprite_ids()
    for markup in every_piece():
        root = ET.fromstring(markup)
        assert root.tag == "svg" and root.get("aria-hidden") == "true"
        assert root.get("class").split()[0] == "fd-card"
        assert used_ids(markup) <= defined, markup
        assert all(use.get("href", "").startswith("#") for use in root.iter("use"))


def test_every_sprite_symbol_is_used_by_some_piece():
    used = set().union(*(used_ids(markup) for markup in every_piece()))
    assert sprite_ids() == used


def test_each_card_has_its_own_markup_and_shows_its_rank_and_suit():
    faces = [card_face(card) for card in CARDS]
    assert len(set(faces)) == 54
    ten = ET.fromstring(card_face("10H"))
    assert [t.text for t in ten.iter("text")] == ["10"]
    assert used_ids(card_face("10H")) == {"fd-hearts"}
    assert "fd-clubs" in ET.fromstring(card_face("QC")).get("class").split()
    assert {t.text for t in ET.fromstring(card_face("QC")).iter("text")} == {"Q"}
    assert used_ids(card_face("RJ")) == {"fd-star"} and card_face("RJ") != card_face("BJ")


def test_cards_are_5_by_7_and_coins_and_tiles_square():
    def ratio(markup: str) -> float:
        _, _, width, height = map(float, ET.fromstring(markup).get("viewBox").split())
        return width / height

    assert ratio(card_face("AS")) == ratio(card_back()) == ratio(empty()) == pytest.approx(5 / 7)
    assert ratio(coin(COIN_FACES[0])) == ratio(tile("ace-arms")) == ratio(empty("coin")) == 1


def test_the_back_gives_nothing_away():
    back = card_back()
    root = ET.fromstring(back)
    assert list(root.iter("text")) == []
    assert used_ids(back) == {"fd-back"}
    for card in CARDS:
        assert not re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", back), card
    assert not any(name in back for name in ("spades", "hearts", "diamonds", "clubs", "joker"))


def test_every_piece_renders_distinct_and_marking_changes_a_tile():
    plain = [tile(piece) for piece in all_pieces()]
    marked = [tile(piece, marked=True) for piece in all_pieces()]
    assert len(set(plain)) == 24 and len(set(marked)) == 24 and not set(plain) & set(marked)
    assert all("fd-marked" in ET.fromstring(m).get("class").split() for m in marked)
    assert used_ids(tile("3-moons")) == {"fd-moons"}
    assert [t.text for t in ET.fromstring(tile("3-moons")).iter("text")] == ["3"]
    assert used_ids(tile("null-crowns")) == {"fd-crowns", "fd-null"}


def test_coin_faces_are_distinct_and_value_faces_show_no_suit():
    faces = [coin(face) for face in COIN_FACES]
    assert len(set(faces)) == 10
    for face in COIN_FACES[:6]:
        markup = coin(face)
        assert not used_ids(markup) & {f"fd-{s}" for s in PIECE_SUITS}
        assert not any(s in markup for s in PIECE_SUITS)
    assert [t.text for t in ET.fromstring(coin({"face": "value", "value": "ace"})).iter("text")] == ["A"]
    assert used_ids(coin({"face": "suit", "suit": "arms"})) == {"fd-arms"}


@pytest.mark.parametrize(
    ("draw", "bad"),
    [
        (card_face, "1S"),
        (card_face, "as"),
        (card_face, "<b>"),
        (tile, "6-suns"),
        (tile, "ace-stars"),
        (tile, "acesuns"),
        (coin, {"face": "value", "value": "6"}),
        (coin, {"face": "suit", "suit": "hearts"}),
        (coin, {"face": "edge"}),
        (coin, "value"),
        (empty, "hex"),
    ],
)
def test_bad_ids_are_a_clear_value_error(draw, bad):
    with pytest.raises(ValueError, match="is not"):
        draw(bad)


def css_rule(selector: str) -> str:
    """The declarations of the first rule whose selector is exactly ``selector``."""
    match = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS)
    assert match, f"art.css has no rule for {selector}"
    return match.group(1)


def test_four_colour_mode_recolours_diamonds_and_clubs_only_when_asked():
    default, four = css_rule(":root"), css_rule(':root[data-suits="four"]')
    assert "--fd-diamonds: var(--fd-red)" in default and "--fd-clubs: var(--fd-black)" in default
    assert "--fd-diamonds: var(--fd-blue)" in four and "--fd-clubs: var(--fd-green)" in four
    for suit_name in ("spades", "hearts", "diamonds", "clubs", *PIECE_SUITS):
        assert f"var(--fd-{suit_name})" in css_rule(f".fd-{suit_name}")


def test_the_flip_animation_is_off_under_reduced_motion():
    assert "animation: fd-flip-in" in css_rule(".fd-flip-in")
    assert re.search(r"@keyframes fd-flip-in\s*\{\s*from\s*\{\s*transform:[^}]*rotateY\(90deg\)", CSS)
    reduced = re.search(r"prefers-reduced-motion: reduce\)\s*\{\s*\.fd-flip-in\s*\{([^}]*)\}", CSS)
    assert reduced and "animation: none" in reduced.group(1)


def theme_colours(dark: bool) -> dict[str, str]:
    """The hex custom properties of the light theme, with the dark theme's overrides if asked."""
    colours = dict(re.findall(r"(--fd-[\w-]+):\s*(#[0-9a-fA-F]{6})", css_rule(":root")))
    if dark:
        block = re.search(r"prefers-color-scheme: dark\)\s*\{\s*:root\s*\{([^}]*)\}", CSS)
        assert block, "art.css has no dark theme"
        colours.update(re.findall(r"(--fd-[\w-]+):\s*(#[0-9a-fA-F]{6})", block.group(1)))
    return colours


def contrast(first: str, second: str) -> float:
    """The WCAG 2 contrast ratio of two #rrggbb colours."""

    def luminance(hex_colour: str) -> float:
        channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_ratio_is_computed_as_wcag_defines_it():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_every_ink_meets_wcag_aa_on_the_face_it_is_drawn_on(dark):
    colours = theme_colours(dark)
    pairs = [(ink, "--fd-card-bg") for ink in ("--fd-black", "--fd-red", "--fd-blue", "--fd-green")]
    pairs += [(f"--fd-{s}", bg) for s in PIECE_SUITS for bg in ("--fd-tile-bg", "--fd-coin-bg")]
    pairs += [("--fd-coin-ink", "--fd-coin-bg"), ("--fd-mark-ink", "--fd-mark-bg")]
    low = {(ink, bg): round(contrast(colours[ink], colours[bg]), 2) for ink, bg in pairs}
    assert {pair: ratio for pair, ratio in low.items() if ratio < 4.5} == {}
