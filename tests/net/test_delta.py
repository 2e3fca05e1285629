"""A view's changes: small, exact, carrying nothing the new view does not, and refused when they do not fit."""

from __future__ import annotations

import json
import random

import pytest

from game import GAMES, new_match
from game.net.delta import MAX_PATH, diff, patch
from tests.support import advance_randomly


def exact(value: object) -> str:
    """``value`` as JSON: equal texts are equal JSON values, types included (``1`` is not ``true``)."""
    return json.dumps(value, sort_keys=True)


def values_at_paths(changes: list[list], new: dict) -> bool:
    """True if each change's value is the new value's own at that path, and each removed key is gone from it."""
    for change in changes:
        parent = new
        for step in change[0][:-1]:
            parent = parent[step]
        last = change[0][-1]
        if len(change) == 1:
            if last in parent:
                return False
        elif exact(parent[last]) != exact(change[1]):
            return False
    return True


@pytest.mark.parametrize("game", list(GAMES))
def test_each_seats_views_move_by_move_are_rebuilt_exactly_from_their_changes(game):
    """Every seat's view at every step of random games, rebuilt from the first by changes alone; each change holds
    the new view's own value at its path (so changes show nothing the whole view would not), and they are shorter."""
    rng = random.Random(game)
    players = max(GAMES[game].player_counts[:2])
    for seed in range(3):
        match = new_match(game, players, seed=seed)
        kept = {seat: match.view(seat) for seat in [*range(players), None]}
        whole = sent = 0
        while match.result() is None:
            advance_randomly(match, rng, 1)
            for seat, before in kept.items():
                after = match.view(seat)
                changes = diff(before, after)
                assert values_at_paths(changes, after)
                rebuilt = patch(before, changes)
                assert exact(rebuilt) == exact(after), (game, seat, match.step)
                assert exact(before) == exact(kept[seat]), "the old view is left as it was"
                kept[seat] = rebuilt
                whole, sent = whole + len(json.dumps(after)), sent + len(json.dumps(changes))
        assert sent < whole / 3, f"{game}: the changes are {sent / whole:.0%} of the whole views"


def test_types_count_and_lists_that_change_length_go_whole():
    """``1`` and ``true`` differ in JSON; a list that grows or shrinks is put whole; removed keys are named."""
    old = {"a": 1, "b": [1, 2], "c": {"d": 1, "e": 2}, "f": [[1, 2], [3]]}
    new = {"a": True, "b": [1, 2, 3], "c": {"d": 1}, "f": [[1, 5], [3]], "g": None}
    changes = diff(old, new)
    assert changes == [[["a"], True], [["b"], [1, 2, 3]], [["c", "e"]], [["f", 0, 1], 5], [["g"], None]]
    assert exact(patch(old, changes)) == exact(new)
    assert diff(new, new) == [] and patch(new, []) == new


def test_changes_that_do_not_fit_the_view_are_refused():
    """Each bad change is a ValueError with a sentence, and the view it was applied to is left as it was."""
    view = {"cells": ["down", "7H"], "score": {"a": 1}}
    before = exact(view)
    for changes in (
        [[["nothing", "here"], 1]],
        [[["cells", 2], "AS"]],
        [[["cells", -1], "AS"]],
        [[["cells", True], "AS"]],
        [[["cells", "0"], "AS"]],
        [[["cells", 0, "x"], "AS"]],
        [[["cells", 0]]],
        [[["score", "b"]]],
        [[[], 1]],
        [[["x"] * (MAX_PATH + 1), 1]],
        [["score", 1]],
        [[["score"], 1, 2]],
        ["not a change"],
    ):
        with pytest.raises(ValueError):
            patch(view, changes)
        assert exact(view) == before, changes
    with pytest.raises(ValueError, match="two objects"):
        diff([1], [2])


def test_a_path_deeper_than_the_limit_is_put_whole():
    """The host never makes a path longer than a change may have: deeper differences are put whole higher up."""
    old, new = {}, {}
    inner_old, inner_new = old, new
    for _ in range(MAX_PATH + 3):
        inner_old["x"], inner_new["x"] = {}, {}
        inner_old, inner_new = inner_old["x"], inner_new["x"]
    inner_new["y"] = 1
    changes = diff(old, new)
    assert all(len(change[0]) <= MAX_PATH for change in changes)
    assert exact(patch(old, changes)) == exact(new)
