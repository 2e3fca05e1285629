"""What one play screen last told the page to show, so that the next edit holds only what differs. No browser."""

from __future__ import annotations

from dataclasses import dataclass, field

from .effects import AddLog, Effect, Show, Write
from .render import Rendered, log_changes, render_log


@dataclass
class OnScreen:
    """The table, the texts, the log and the elements shown or hidden, as the page shows them now."""

    table: Rendered | None = None  # None: the table holds something else (nothing yet, the curtain)
    # The faces of the table each seat was shown last, by seat: a card flips in for the person on screen only if
    # it turned up since they last saw the table, not every card each time the device changes hands. By seat,
    # so that whether a card flips says nothing about what the last person was shown.
    faces: dict[int | None, dict[str, object]] = field(default_factory=dict)
    log_lines: int | None = None  # how many log lines the page shows; None: write it whole
    texts: dict[str, str] = field(default_factory=dict)  # by element id
    shown: dict[str, bool] = field(default_factory=dict)  # whether each element shown or hidden by id is shown
    curtain: bool = False

    def drew(self, table: Rendered, seat: int | None) -> None:
        """The page's table is now ``table``, drawn for ``seat``."""
        self.table, self.faces[seat] = table, table.faces

    def drew_ahead(self, table: Rendered) -> None:
        """The page made a click drawn ahead: its table is ``table`` now (the faces its seat was shown stay those
        before the click until the move's redraw, which draws what turned up as the prediction did)."""
        self.table = table

    def lost(self) -> None:
        """The page's table is not what was drawn last (a click drawn ahead on an older one): the next is whole."""
        self.table = None

    def curtain_down(self) -> list[Effect]:
        """The curtain covers the table: the next table is drawn whole."""
        self.table, self.curtain = None, True
        return [Show("curtain", True)]

    def curtain_up(self) -> list[Effect]:
        """The curtain goes, if it is down."""
        if not self.curtain:
            return []
        self.curtain = False
        return [Show("curtain", False)]

    def write(self, element: str, text: str, html: bool = True) -> list[Effect]:
        """Write ``text`` into ``element`` (as HTML, or as text), unless it holds it already."""
        if self.texts.get(element) == text:
            return []
        self.texts[element] = text
        return [Write(element, text, html)]

    def show(self, element: str, shown: bool) -> list[Effect]:
        """Show or hide ``element``, unless it is so already."""
        if self.shown.get(element) == shown:
            return []
        self.shown[element] = shown
        return [Show(element, shown)]

    def log(self, lines: list[str]) -> list[Effect]:
        """Bring the log to ``lines``: the new ones on top (dropping the oldest past its length), or the log whole."""
        update = log_changes(self.log_lines, lines)
        self.log_lines = len(lines)
        if update is None:
            return [Write("log", render_log(lines))]
        items, dropped = update
        return [AddLog(items, dropped)] if items else []
