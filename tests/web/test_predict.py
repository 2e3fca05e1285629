"""Clicks drawn ahead: each prediction is exactly the redraw the move makes, and predicting changes nothing."""

from __future__ import annotations

import random

import pytest

from game import GAMES
from game.web.games import presenter_for
from game.web.predict import click_targets, predict_click
from game.web.render import Frame, changes_that_can_wait, render_table, table_changes, targets_by_place
from game.web.table import Table
from tests.support import random_step, table_for


def draw(table: Table, shown: dict, reveals: dict | None = None, flip_in: bool = True):
    presenter = presenter_for(table.config.game)
    view = table.match.view(table.viewer)
    return render_table(presenter, Frame(view, table.names, table.legal_actions(), reveals or {}, shown, flip_in))


@pytest.mark.parametrize("looks", [False, True])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_prediction_is_the_redraw_its_move_makes(game, looks):
    # What App.play draws for the person's own move: the table after it, drawn from the table before it, its
    # cards face up (no flip-in) and, with looks on, the move's private looks shown.
    presenter, rng = presenter_for(game), random.Random(game)
    table = table_for(seed=3, game=game)
    drawn, memory = draw(table, {}), {}
    predicted = 0
    while not table.over and predicted < 40:
        legal = table.legal_actions()
        if not legal:  # the bot's turn
            table.match.act(*random_step(table.match, rng))
            drawn = draw(table, drawn.faces)
            continue
        targets = click_targets(presenter, legal)
        remembered = dict(memory)
        predictions = {
            key: predict_click(table, presenter, drawn, legal[index], looks, memory) for key, index in targets.items()
        }
        assert memory == remembered  # a prediction reads the seat's memory of looks and leaves it as it was
        key = rng.choice(sorted(targets))
        events = table.act(legal[targets[key]])
        reveals = {}
        for event in events if looks else []:
            reveals.update(presenter.looks(event, memory))
        real = draw(table, drawn.faces, reveals, flip_in=False)
        interlude = presenter.interlude(events, table.match.view(table.viewer), table.names)
        if interlude is not None:  # the move ends a round: every hand turned up, flipping in
            view = table.match.view(table.viewer)
            real = render_table(presenter, Frame(view, table.names, [], {}, drawn.faces, True, interlude=interlude))
        prediction = predictions[key]
        assert prediction.rendered == real and prediction.action == legal[targets[key]]
        assert (prediction.now, prediction.later) == changes_that_can_wait(table_changes(drawn, real))
        drawn, predicted = real, predicted + 1
    assert predicted >= 5 or table.over


def test_predicting_changes_nothing_at_the_table():
    table = table_for(game="paved-with-gold")
    presenter = presenter_for("paved-with-gold")
    before, drawn, legal = table.to_json(), draw(table, {}), table.legal_actions()
    for index in click_targets(presenter, legal).values():
        predict_click(table, presenter, drawn, legal[index], False, {})
    assert table.to_json() == before and table.legal_actions() == legal


def test_the_clicks_drawn_ahead_are_the_spots_with_one_action_and_the_buttons():
    presenter = presenter_for("cambio")
    for seed in range(5):
        rng, table = random.Random(seed), table_for(seed=seed, game="cambio")
        while not table.over:
            legal = table.legal_actions()
            # The bot's turn: it plays, unless you snap or call out of turn first (half the time, when you may).
            if table.person_to_act() is None and (not legal or rng.random() < 0.5):
                bot = table.main_actor()
                table.match.act(bot, rng.choice(table.match.legal_actions(bot)))
                continue
            by_place, buttons = targets_by_place(presenter, legal)
            targets = click_targets(presenter, legal)
            for place, indices in by_place.items():
                assert (f"pos:{place}" in targets) == (len(indices) == 1)
            assert {key: index for key, index in targets.items() if key.startswith("action:")} == {
                f"action:{index}": index for index in buttons
            }
            table.act(rng.choice(legal))


def test_a_spot_with_several_actions_opens_a_menu_and_is_not_drawn_ahead():
    presenter = presenter_for("cambio")
    legal = [{"type": "peek", "owner": 1, "slot": 0}, {"type": "select", "owner": 1, "slot": 0}, {"type": "skip"}]
    assert click_targets(presenter, legal) == {"action:2": 2}


def test_a_move_that_hands_the_device_over_is_not_drawn_ahead():
    # Pass-and-play: after a mismatch the curtain comes, not the table.
    table = table_for(seed=4, game="concentration", pairs=8, bots=0, names="Ana,Ben", look=0)
    presenter = presenter_for("concentration")
    table.act({"type": "flip", "pos": 0})
    drawn = draw(table, {})
    mismatch = next(pos for pos in range(1, 16) if table.after({"type": "flip", "pos": pos})[0].needs_curtain())
    assert predict_click(table, presenter, drawn, {"type": "flip", "pos": mismatch}, False, {}) is None
