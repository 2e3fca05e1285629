"""The picker's pictures: each game's own areas as shapes, one per spot, inside the picture's frame."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest

from game.match import new_match
from game.registry import GAMES
from game.web.config import GameConfig
from game.web.games import presenter_for
from game.web.pictures import MOVES, SEED, table_picture


def spots_shown(game: str) -> list:
    """The spots of the table the picture draws: the first seat's view a few moves into the default game."""
    config = GameConfig(game=game)
    match = new_match(game, config.players, config.options, SEED)
    for _ in range(MOVES):
        seat = match.to_act()[0]
        match.act(seat, match.legal_actions(seat)[0])
    return [spot for area in presenter_for(game).areas(match.view(0), config.seat_names()) for spot in area.spots]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_spot_of_the_table_is_a_shape_inside_the_picture(game):
    svg = ElementTree.fromstring(table_picture(game))
    assert svg.get("aria-hidden") == "true"
    left, top, width, height = (float(value) for value in svg.get("viewBox").split())
    shapes = svg.findall("rect")
    spots = spots_shown(game)
    assert len(shapes) == len(spots)
    for shape in shapes:
        x, y = float(shape.get("x")), float(shape.get("y"))
        assert left <= x and x + float(shape.get("width")) <= left + width
        assert top <= y and y + float(shape.get("height")) <= top + height
    kinds = [shape.get("class") for shape in shapes]
    expected = ["pic-empty" if spot.face is None else "pic-down" if spot.face == "down" else "pic-up" for spot in spots]
    assert kinds == expected


def test_the_pictures_differ_and_are_small():
    pictures = [table_picture(game) for game in GAMES]
    assert len(set(pictures)) == len(GAMES)
    assert all(len(picture) < 8_000 for picture in pictures)
