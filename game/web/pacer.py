"""The computer players' pace on the page: one bot step due at a time, run a delay after the frame showing the
last move is painted (``faceDownRedraw.later``, static/js/redraw.js).

A local table (:mod:`game.web.app`) and a room's host (:mod:`game.web.room`) both pace their bots with it, so
bots wait for the screen alike in both, and for a click drawn ahead that is still to be played.
"""

from __future__ import annotations

from collections.abc import Callable

from pyodide.ffi import create_once_callable
from pyscript import window


class BotPacer:
    """At most one bot step due; :meth:`stop` forgets it."""

    def __init__(self):
        self._due = None

    @property
    def due(self) -> bool:
        """True while a step waits to run."""
        return self._due is not None

    def after(self, delay_ms: int, step: Callable[[], None], after_paint: bool = True) -> None:
        """Run ``step`` ``delay_ms`` after the frame being drawn is painted (at once if ``after_paint`` is False:
        that frame is painted already). Nothing happens while another step is due."""
        if self._due is not None:
            return

        def run(*_):
            self._due = None
            step()

        self._due = window.faceDownRedraw.later(create_once_callable(run), delay_ms, after_paint)

    def stop(self) -> None:
        """Forget the step that is due, if any."""
        if self._due is not None:
            self._due.cancel()
            self._due = None
