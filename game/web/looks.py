"""The looks at one screen: what each seat there is shown for a moment, and when it may see it. No browser.

A look (a private peek, a pair that does not match) is an overlay on the spots it shows, drawn by the play screen
(:mod:`game.web.screen`) until the look time runs out, the player ends it or acts. Who may see it is the point:

- a look the player ends themselves (:meth:`Presenter.held_look`, a peek as a round is dealt) at a device
  passed around waits behind a curtain for its own seat (``curtain_for``);
- a private look for a person who does not hold the device waits for them (``pending``), as does every look
  while an interlude holds the table;
- each seat's memory of looks (:meth:`Presenter.looks`) is its own.
"""

from __future__ import annotations

from .presenter import Presenter
from .render import seat_looks
from .source import SeatSource


class Looks:
    """The looks on show at one screen, the one the player holds, and those kept for a seat until it may see them."""

    def __init__(self):
        self.shown: dict[str, str] = {}  # the cards shown for a moment, by place
        # A look the player ends themselves (Presenter.held_look: the prompt and the button's label).
        self.held: tuple[str, str] | None = None
        self.curtain_for: int | None = None  # the seat a curtain must go to before its held look shows
        self._pending: dict[int, dict[str, str]] = {}
        self._pending_held: dict[int, tuple[str, str]] = {}
        self._memories: dict[int | None, dict] = {}  # each seat's memory of looks, by seat

    @property
    def still(self) -> bool:
        """True while a look is up or waits behind the curtain: the game holds still for it (bots wait)."""
        return bool(self.shown) or self.curtain_for is not None

    def memory(self, seat: int | None) -> dict:
        """``seat``'s memory of looks (Presenter.looks keeps it)."""
        return self._memories.setdefault(seat, {})

    def take(self, presenter: Presenter, source: SeatSource, seen: list[dict], since: int, later: bool) -> dict:
        """Show the looks in ``seen``, the events from index ``since`` as the seat on screen saw them, and keep
        those of the other people at this screen for them; ``later``: an interlude holds the table, so the seat's
        looks wait for it to end. The seat's private looks, by place (for the screen reader)."""
        viewer = source.viewer
        looks, private = seat_looks(presenter, seen, self.memory(viewer))
        self.shown.update(looks)
        held = presenter.held_look(seen) if self.shown else None
        if held and source.shared:
            # Pass-and-play: whoever holds the device may not be the one to look; a curtain goes first.
            self._pending[viewer], self._pending_held[viewer] = self.shown, held
            self.shown, self.curtain_for = {}, viewer
        elif held:
            self.held = held
        if later and self.shown:
            self._pending.setdefault(viewer, {}).update(self.shown)
            if self.held:
                self._pending_held[viewer] = self.held
            self.shown, self.held = {}, None
        # In pass-and-play, a private look for someone not holding the device waits for their turn.
        for seat in source.people():
            if seat != viewer:
                events, memory = source.seat_events(since, seat), self.memory(seat)
                for event in events:
                    shown = presenter.looks(event, memory)
                    if seat in event.get("to", ()):  # a look private to this seat
                        self._pending.setdefault(seat, {}).update(shown)
                if seat in self._pending and presenter.held_look(events):
                    self._pending_held[seat] = presenter.held_look(events)
        return private

    def hand_to(self, seat: int) -> None:
        """``seat`` may see its looks now (it took the device, or the interlude is over): show those kept for it."""
        self.curtain_for = None
        self.shown, self.held = self._pending.pop(seat, {}), self._pending_held.pop(seat, None)

    def end(self) -> None:
        """The looks on show go (their time ran out, or the player ended them or acted)."""
        self.shown, self.held = {}, None

    def drop(self) -> None:
        """An interlude holds the table: the looks before it (at a round that is over) go, shown or kept."""
        self.shown, self.held, self._pending, self._pending_held = {}, None, {}, {}
