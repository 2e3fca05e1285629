"""What one play screen tells its players: the log, and what the screen reader reads out. No browser.

Every line of the log is read out too. What the seat on screen saw in private (a look, a hint's reason) is read
out only, and never to the next person at a device passed around: a curtain coming down drops it unread.
"""

from __future__ import annotations

from .effects import Announce, Effect


class Narration:
    """The log's lines, and the lines not read out yet (each with whether it is private to the seat on screen)."""

    def __init__(self, note: str = ""):
        self.lines: list[str] = [note] if note else []
        self._unread: list[tuple[str, bool]] = [(note, False)] if note else []

    def log(self, line: str) -> None:
        """Put ``line`` in the log, and have it read out."""
        self.lines.append(line)
        self._unread.append((line, False))

    def say(self, lines: list[str], private: bool = False) -> None:
        """Have ``lines`` read out, not logged; ``private``: for the seat on screen only."""
        self._unread += [(line, private) for line in lines]

    def read_out(self, private_too: bool = True) -> list[Effect]:
        """The lines not read out yet. ``private_too`` False: a curtain is coming down, and what the last person
        saw in private is not for the next one."""
        lines = [line for line, private in self._unread if private_too or not private]
        self._unread = []
        return [Announce(lines)] if lines else []
