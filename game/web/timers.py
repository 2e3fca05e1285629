"""Timers: those a controller has started (:class:`Due`), and the page's, numbered (:class:`Timers`). No browser.

A controller asks for a wait with :class:`~game.web.effects.After` and calls it off with
:class:`~game.web.effects.Cancel`, by a name of its own. The page's timers wait for painted frames
(static/js/redraw.js ``later``), so the app numbers each one it starts (:class:`Timers`): a timer that ran after it
was cancelled or replaced is told apart and ignored, and the one that ran goes back to the controller that asked.
"""

from __future__ import annotations

from .effects import After, Cancel


class Due:
    """The timers one controller has started and not seen run or cancelled, by name."""

    def __init__(self):
        self._names: set[str] = set()

    def __contains__(self, name: str) -> bool:
        return name in self._names

    def after(self, name: str, delay_ms: int, after_paint: bool = True, work: bool = False) -> list[After]:
        """Start (or restart) the timer ``name``; the effect that asks for it."""
        self._names.add(name)
        return [After(name, delay_ms, after_paint, work)]

    def cancel(self, name: str) -> list[Cancel]:
        """Call off the timer ``name`` if it is due; the effect that does."""
        if name not in self._names:
            return []
        self._names.discard(name)
        return [Cancel(name)]

    def cancel_all(self) -> list[Cancel]:
        """Call off every timer due, in the order of their names."""
        return [cancel for name in sorted(self._names) for cancel in self.cancel(name)]

    def ran(self, name: str) -> None:
        """The timer ``name`` ran: it is no longer due."""
        self._names.discard(name)


class Timers:
    """The page's timers, by channel (the screen's, the room's) and name; each started one gets a number of its own.

    A timer of a name already due replaces it (the page cancels the old one). The page names the timer that ran
    by its number, and :meth:`ran` tells which it was and for which controller (``owner``), or that it was cancelled
    or replaced meanwhile. A timer of work (``After.work``) runs in the worker itself (``soon``, given by
    :mod:`game.web.worker`): the page hears nothing of it.
    """

    def __init__(self, soon=None):
        self._numbers: dict[tuple[str, str], int] = {}
        self._due: dict[int, tuple[str, str, object]] = {}
        self._here: set[int] = set()
        self._last = 0
        # soon(number): run the timer ``number`` in the worker, between the page's messages. Given to App; still
        # settable as ``app.timers.soon``, as the page's worker did before.
        self.soon = soon

    def start(self, channel: str, owner: object, effect: After) -> list[dict]:
        """Start ``channel``'s timer as ``effect`` asks, for ``owner`` (whose it is when it runs); the messages."""
        messages = self.cancel(channel, effect.timer)
        self._last += 1
        self._numbers[(channel, effect.timer)] = self._last
        self._due[self._last] = (channel, effect.timer, owner)
        if effect.work and self.soon is not None:
            self._here.add(self._last)
            self.soon(self._last)
            return messages
        after = {"effect": "After", "id": self._last, "delay_ms": effect.delay_ms, "after_paint": effect.after_paint}
        return [*messages, after]

    def cancel(self, channel: str, name: str) -> list[dict]:
        """Forget ``channel``'s timer ``name``, if it is due; the page's messages."""
        number = self._numbers.pop((channel, name), None)
        if number is None:
            return []
        del self._due[number]
        if number in self._here:
            self._here.discard(number)
            return []
        return [{"effect": "Cancel", "id": number}]

    def cancel_all(self, channel: str) -> list[dict]:
        """Forget every timer of ``channel``; the page's messages."""
        names = [name for due_channel, name in self._numbers if due_channel == channel]
        return [message for name in names for message in self.cancel(channel, name)]

    def ran(self, number: int) -> tuple[str, str, object] | None:
        """The timer numbered ``number`` ran: its (channel, name, owner), or ``None`` if it is no longer due."""
        due = self._due.pop(number, None)
        self._here.discard(number)
        if due is not None:
            del self._numbers[due[:2]]
        return due
