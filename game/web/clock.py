"""The countdown of a timed choice (Jokin' Around's rearranging), as one play screen shows it. No browser."""

from __future__ import annotations

import json

from ..core import Action
from .effects import Effect, Show, Write
from .presenter import Presenter
from .timers import Due

TICK_MS = 1000


class Clock:
    """The timed choice a screen's clock runs for, and the seconds left; its ``"clock"`` timer ticks each second."""

    def __init__(self):
        self._running: tuple[str, int] | None = None  # the choice's key and the seconds left
        self._due = Due()

    def update(self, presenter: Presenter, view: dict, acting: bool) -> list[Effect]:
        """Start, keep or stop the countdown for ``view`` (``acting``: the seat on screen is to choose)."""
        deadline = presenter.deadline(view) if acting else None
        # The same timed choice keeps its clock across the moves made within it (its phases may alternate).
        key = json.dumps([view.get("turn"), deadline[1]]) if deadline else None
        if key == (self._running[0] if self._running else None):
            return []
        effects = self._due.cancel("clock") + ([Show("clock", False)] if self._running else [])
        self._running = None
        if deadline is None:
            return effects
        self._running = (key, deadline[0])
        return effects + self._show()

    def tick(self, presenter: Presenter, view: dict) -> tuple[list[Effect], Action | None]:
        """A second went by: the effects, and the action to play for the seat if its time is up."""
        self._due.ran("clock")
        key, left = self._running
        self._running = (key, left - 1)
        if left > 1:
            return self._show(), None
        self._running = None
        deadline = presenter.deadline(view)
        return [Show("clock", False)], deadline[1] if deadline is not None else None

    def _show(self) -> list[Effect]:
        clock = [Write("clock", f"{self._running[1]} s left", html=False), Show("clock", True)]
        return clock + self._due.after("clock", TICK_MS, after_paint=False)
