"""Clicks drawn ahead: how the table would change for each click the person at a local table may make next.

A click's frame must show its card within one frame (16 ms), and the Python click handler (the move, the
render, the diff) takes 2-3 ms of it, more when the machine is busy. While the person thinks, the local table's
seat source (:class:`~game.web.local.LocalSource`) works out, a slice at a time (:class:`ClicksAhead`), what each
click that plays one action at once would change (:func:`predict_click` for each of the :func:`click_targets`)
and hands the changes to ``static/js/redraw.js``, which makes them the moment that click comes, before any
Python runs.
The move itself is played once that frame is painted, and its redraw finds the table already showing it.

Only local tables are drawn ahead: a room's move is the host's to play. What a prediction holds is what this
seat would see after its own move, no more; it stays in the page's memory (where the whole match of a local
table is anyway) and reaches the page only when the click it belongs to comes. No browser here: tested on
CPython.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..core import Action
from .effects import DrawTable, Predict
from .presenter import Presenter
from .render import Change, Frame, Rendered, changes_that_can_wait, render_table, table_changes, targets_by_place
from .table import Table

# How long one slice of drawing clicks ahead may hold the worker: a click that comes meanwhile waits for it.
PREDICTION_SLICE_S = 0.003


@dataclass(frozen=True)
class Prediction:
    """What one click would do: the action it plays, the table it would draw, and the changes to get there,
    split as a redraw splits them (those the click's frame carries, and those that wait for the next); and the
    table's save once it is played (the page keeps it if it is closed before the move reaches Python)."""

    action: Action
    rendered: Rendered
    now: list[Change]
    later: list[Change]
    save: str


def click_targets(presenter: Presenter, legal: list[Action]) -> dict[str, int]:
    """The clicks that play one action at once, each with that action's index in ``legal``.

    A click's key names what was clicked, as ``static/js/redraw.js`` finds it: ``pos:<place>`` for a spot that
    one action can be played on (a spot with several opens a menu instead), ``action:<index>`` for a button.
    """
    by_place, buttons = targets_by_place(presenter, legal)
    targets = {f"pos:{place}": indices[0] for place, indices in by_place.items() if len(indices) == 1}
    targets.update((f"action:{index}", index) for index in buttons)
    return targets


def predict_click(
    table: Table, presenter: Presenter, drawn: Rendered, action: Action, looks: bool, memory: dict
) -> Prediction | None:
    """The redraw that the seat on screen playing ``action`` would make on a table showing ``drawn``.

    It is the redraw the screen makes for its own move (:meth:`game.web.screen.Screen.play`): the cards that
    turn up are drawn face up, and with ``looks`` on, the private looks the move gives are shown (``memory`` is the
    seat's memory of looks, which a prediction reads but leaves as it is); a move that brings an interlude (a round's
    end) draws it. ``None`` when the move would hand the device to another person: the curtain, not the table,
    comes next.
    """
    ahead, events = table.after(action)
    if ahead.needs_curtain():
        return None
    view = ahead.match.view(ahead.viewer)
    # A move that ends a round brings its interlude: every hand turned up, flipping in (Screen.play).
    interlude = presenter.interlude(events, view, ahead.names)
    reveals: dict[str, str] = {}
    if looks and interlude is None:
        memory = dict(memory)
        for event in events:
            reveals.update(presenter.looks(event, memory))
    fresh = interlude is not None
    frame = Frame(view, ahead.names, ahead.legal_actions(), reveals, drawn.faces, fresh, interlude=interlude)
    rendered = render_table(presenter, frame)
    now, later = changes_that_can_wait(table_changes(drawn, rendered))
    return Prediction(action, rendered, now, later, ahead.to_json())


class ClicksAhead:
    """The clicks drawn ahead for the table on the page, by key, and those still to draw."""

    def __init__(self):
        self._drawn: dict[str, Prediction] = {}
        self._left: list[tuple[str, int]] = []

    @property
    def unfinished(self) -> bool:
        """True while some clicks are still to be drawn ahead."""
        return bool(self._left)

    def start(self, targets: list[tuple[str, int]]) -> None:
        """Draw ahead the clicks ``targets`` (each a key and its legal action's index), in place of any before."""
        self._drawn, self._left = {}, list(targets)

    def forget(self) -> None:
        """Drop every click drawn ahead: the table they were drawn for is about to change."""
        self._drawn, self._left = {}, []

    def get(self, key: str) -> Prediction | None:
        """The click ``key`` drawn ahead, if it was."""
        return self._drawn.get(key)

    def draw_slice(
        self, table: Table, presenter: Presenter, drawn: Rendered, legal: list[Action], looks: bool, memory: dict
    ) -> list[Predict]:
        """Draw ahead as many of the clicks left as a few milliseconds allow, on ``table`` showing ``drawn`` (the
        rest as :func:`predict_click` takes them); each one drawn as the page takes it."""
        stop, effects = time.perf_counter() + PREDICTION_SLICE_S, []
        while self._left and time.perf_counter() < stop:
            key, index = self._left.pop()
            prediction = predict_click(table, presenter, drawn, legal[index], looks, memory)
            if prediction is not None:
                self._drawn[key] = prediction
                edit = DrawTable(prediction.now, prediction.later, prediction.rendered.html)
                effects.append(Predict(key, edit, prediction.save))
        return effects
