"""Cambio snaps over a network: which state ids saw the snap window that is open now.

Every action quotes the state id (``match.step``) its sender saw, and anything quoting an old one is
refused as stale. Snaps are the exception: they race, out of turn, while the turn goes on, so the
host takes them in arrival order. A snap quoting an older state id still counts if the window that
sender saw is the one open now (the turn player's peek, say, does not spoil it). If that window has
closed since (someone snapped first, or the card was drawn), the snap is "too late".

A window is read from the public (spectator) view: ``snap_open`` and the ``graveyard`` top card.
Every card a turn puts on the graveyard opens a new window, and card ids are unique, so while the
window stays open, the same top card means the same window.
"""

from __future__ import annotations

from dataclasses import dataclass

from .messages import integer, optional, record, text


@dataclass
class SnapWindow:
    """The open snap window, if any: the state id it opened at and the card it is open on."""

    opened_at: int | None = None
    top: str | None = None

    def observe(self, step: int, public_view: dict) -> None:
        """Take in the public view after the action that made state ``step``."""
        if not public_view.get("snap_open"):
            self.opened_at = self.top = None
        elif self.opened_at is None or public_view.get("graveyard") != self.top:
            self.opened_at, self.top = step, public_view.get("graveyard")

    def saw_open_window(self, state_id: int) -> bool:
        """True if a sender that saw state ``state_id`` saw the window that is still open now."""
        return self.opened_at is not None and self.opened_at <= state_id

    def to_json(self) -> dict:
        """The window for the host's save."""
        return {"opened_at": self.opened_at, "top": self.top}

    @classmethod
    def from_json(cls, data: object) -> SnapWindow:
        """Rebuild from :meth:`to_json`; damage raises ``ValueError``."""
        record({"opened_at": optional(integer()), "top": optional(text(40))})("snaps", data)
        return cls(data["opened_at"], data["top"])
