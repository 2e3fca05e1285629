"""What crosses between the page and its Python: effects as JSON, the page's own effects, and the timers.

The page's Python runs in a Web Worker (static/js/worker.mjs), so it never holds the page's thread: the engine,
the bots, the screen controller (:mod:`game.web.screen`) and the room controller (:mod:`game.web.roomscreen`)
all run there. The page's thread runs static/js/page.js, which forwards what happens on the page as messages
(a click, a timer that ran, a transport's news, each a JSON object with a ``type``) and carries out the effects
it gets back, a list per message. An effect crosses as ``{"effect": <its class name>, <its fields>...}``: so an
effect added to a controller reaches the page with no change here, and page.js carries it out by its kind.

The page's own effects, which only :mod:`game.web.app` and :mod:`game.web.room` return, are below. Timers are
the page's (it waits for painted frames: static/js/redraw.js ``later``): :class:`Timers` numbers each one, so
that a timer that ran after it was cancelled or replaced is told apart and ignored.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, fields, is_dataclass


def now_ms() -> int:
    """The wall clock in milliseconds: the time the room protocol's rate caps and grace periods run on."""
    return int(time.time() * 1000)


# --- the page's own effects -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """Set the page's ``<html data-NAME>`` to ``value`` (``None``: take it away)."""

    name: str
    value: str | None


@dataclass(frozen=True)
class Open:
    """Open or close the ``<details>`` element ``element``."""

    element: str
    open: bool


@dataclass(frozen=True)
class Attribute:
    """Set the attribute ``name`` of the element ``element`` to ``value``."""

    element: str
    name: str
    value: str


@dataclass(frozen=True)
class Fields:
    """Set the named fields of the form ``form``: a checkbox is checked by a bool; ``None`` leaves a field as it is."""

    form: str
    values: dict


@dataclass(frozen=True)
class PickerStatus:
    """Say ``text`` beside the picker's Start button, with the picker open."""

    text: str


@dataclass(frozen=True)
class Query:
    """Make the page's URL query ``params`` (the fragment stays), without a new history entry."""

    params: dict


@dataclass(frozen=True)
class Sprite:
    """Put the cards' SVG symbols (``html``) at the start of the page's body."""

    html: str


@dataclass(frozen=True)
class Unsaved:
    """The local table's save, made but not yet due (:class:`~game.web.screen.Save` follows): the page keeps it
    under ``key`` at once if it is closed first."""

    key: str
    text: str


@dataclass(frozen=True)
class Download:
    """Offer ``text`` as a file named ``name`` (a room's save)."""

    name: str
    text: str


@dataclass(frozen=True)
class RoomState:
    """What this page knows of its room, as JSON, for ``window.faceDownRoom()`` (tests and the curious)."""

    json: str


def message(effect) -> dict:
    """``effect`` as the page takes it: its kind (the class name) and its fields, nested effects likewise."""
    found = {"effect": type(effect).__name__}
    for item in fields(effect):
        value = getattr(effect, item.name)
        found[item.name] = message(value) if is_dataclass(value) else value
    return found


class Timers:
    """The page's timers, by channel (the screen's, the room's) and name; each started one gets a number of its own.

    A timer of a name already due replaces it (page.js cancels the old one). The page names the timer that ran
    by its number, and :meth:`ran` tells which it was, or that it was cancelled or replaced meanwhile. A timer
    started with ``here`` runs in the worker itself (``soon``, given by :mod:`game.web.worker`): the page hears
    nothing of it.
    """

    def __init__(self, soon=None):
        self._numbers: dict[tuple[str, str], int] = {}
        self._due: dict[int, tuple[str, str, object]] = {}
        self._here: set[int] = set()
        self._last = 0
        self.soon = soon  # soon(number): run the timer ``number`` in the worker, between the page's messages

    def start(
        self, channel: str, name: str, owner: object, delay_ms: int, after_paint: bool, here: bool = False
    ) -> list[dict]:
        """Start ``channel``'s timer ``name`` for ``owner`` (whose it is when it runs); the page's effects."""
        effects = self.cancel(channel, name)
        self._last += 1
        self._numbers[(channel, name)] = self._last
        self._due[self._last] = (channel, name, owner)
        if here and self.soon is not None:
            self._here.add(self._last)
            self.soon(self._last)
            return effects
        return [*effects, {"effect": "After", "id": self._last, "delay_ms": delay_ms, "after_paint": after_paint}]

    def cancel(self, channel: str, name: str) -> list[dict]:
        """Forget ``channel``'s timer ``name``, if it is due; the page's effects."""
        number = self._numbers.pop((channel, name), None)
        if number is None:
            return []
        del self._due[number]
        if number in self._here:
            self._here.discard(number)
            return []
        return [{"effect": "Cancel", "id": number}]

    def cancel_all(self, channel: str) -> list[dict]:
        """Forget every timer of ``channel``; the page's effects."""
        names = [name for due_channel, name in self._numbers if due_channel == channel]
        return [effect for name in names for effect in self.cancel(channel, name)]

    def ran(self, number: int) -> tuple[str, str, object] | None:
        """The timer numbered ``number`` ran: its (channel, name, owner), or ``None`` if it is no longer due."""
        due = self._due.pop(number, None)
        self._here.discard(number)
        if due is not None:
            del self._numbers[due[:2]]
        return due
