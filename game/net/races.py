"""Racing actions over a network (``Rules.racing``): which state ids saw the moment open now.

Every action quotes the state id (``match.step``) its sender saw, and anything quoting an old one is
refused as stale. Racing actions (the action types a game's rules list in ``Rules.racing``) are the
exception: they come out of turn while the turn goes on, so the host takes them in arrival order. One
quoting an older state id still counts if the moment its sender saw is the one open now (the turn
player's deck draw, say, does not spoil it). If that moment has passed since (someone else was first,
say), the action is "too late". ``net/`` names no game and no action type.

The rules name the moment (``Match.race_window``, an opaque string: a game's rules choose what it holds),
and the host observes that name after every action: a new name, or one that comes back after a pause
(a power being resolved), is a new moment.
"""

from __future__ import annotations

from dataclasses import dataclass

from .messages import integer, optional, record, text


@dataclass
class RaceWindow:
    """The moment racing actions are open in, if any: the state id it began at and the rules' name for it.

    ``name`` is that name (an opaque string: ``net/`` knows no game).
    """

    opened_at: int | None = None
    name: str | None = None

    def observe(self, step: int, window: str | None) -> None:
        """Take in the rules' name for the open moment (``Match.race_window``) after the action that made ``step``."""
        if window is None:
            self.opened_at = self.name = None
        elif self.opened_at is None or window != self.name:
            self.opened_at, self.name = step, window

    def saw_open_window(self, state_id: int) -> bool:
        """True if a sender that saw state ``state_id`` saw the moment that is still open now."""
        return self.opened_at is not None and self.opened_at <= state_id

    def to_json(self) -> dict:
        """The window for the host's save."""
        return {"opened_at": self.opened_at, "name": self.name}

    @classmethod
    def from_json(cls, data: object) -> RaceWindow:
        """Rebuild from :meth:`to_json`; damage raises ``ValueError``."""
        record({"opened_at": optional(integer()), "name": optional(text(80))})("races", data)
        return cls(data["opened_at"], data["name"])
