"""Concentration on screen: the sentences the log says."""

from __future__ import annotations

from game.web.games import presenter_for


def test_a_pair_is_told_in_the_right_person():
    presenter = presenter_for("concentration")
    assert presenter.describe({"type": "pair", "seat": 0}, ["You", "Ben"]) == "You found a pair and go again."
    assert presenter.describe({"type": "pair", "seat": 1}, ["You", "Ben"]) == "Ben found a pair and goes again."
