"""The page's timers: one callback due at a time, run a delay after the frame being drawn is painted
(``faceDownRedraw.later``, static/js/redraw.js).

Every wait on the page goes through it: the screen's timers (the look time, the bots' pace, the clock, the
draw around the table, the clicks drawn ahead: :mod:`game.web.app`) and a room's host's bots
(:mod:`game.web.room`). So nothing runs in the frame that shows a click, and nothing runs while a click drawn
ahead is still to be played.
"""

from __future__ import annotations

from collections.abc import Callable

from pyodide.ffi import create_once_callable
from pyscript import window


class Timer:
    """At most one callback due; :meth:`after` replaces the one due, :meth:`cancel` forgets it."""

    def __init__(self):
        self._due = None

    @property
    def due(self) -> bool:
        """True while a callback waits to run."""
        return self._due is not None

    def after(self, delay_ms: int, callback: Callable[[], None], after_paint: bool = True) -> None:
        """Run ``callback`` ``delay_ms`` after the frame being drawn is painted (``delay_ms`` from now if
        ``after_paint`` is False: that frame is painted already)."""
        self.cancel()

        def run(*_):
            self._due = None
            callback()

        self._due = window.faceDownRedraw.later(create_once_callable(run), delay_ms, after_paint)

    def cancel(self) -> None:
        """Forget the callback that is due, if any."""
        if self._due is not None:
            self._due.cancel()
            self._due = None
