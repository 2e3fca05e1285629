"""The picker's pictures: each game's own areas as shapes, one per spot, inside the picture's frame."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest

from game.registry import GAMES
from game.web.pictures import pictured_areas, table_picture


@pytest.mark.parametrize("game", list(GAMES))
def test_every_spot_of_the_table_is_a_shape_inside_the_picture(game):
    svg = ElementTree.fromstring(table_picture(game))
    assert svg.get("aria-hidden") == "true"
    left, top, width, height = (float(value) for value in svg.get("viewBox").split())
    shapes = svg.findall("rect")
    spots = [spot for area in pictured_areas(game) for spot in area.spots]
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
