"""The presenters of the games, one module each; the registry entry of a game names its presenter.

Each module defines an instance of its :class:`~game.web.presenter.Presenter` subclass. Modules are
imported on first use, so a page only loads the game it shows.
"""

from __future__ import annotations

from ...registry import PRESENTERS
from ..presenter import Presenter


def presenter_for(game: str) -> Presenter:
    """The presenter of ``game`` (a game id from the registry)."""
    presenter = PRESENTERS[game]
    assert presenter.game == game, f"{game}'s entry names a presenter of {presenter.game!r}"
    return presenter
