"""One presenter per game, in a module named after the game id (``deluxe-memory`` → ``deluxe_memory.py``).

Each module defines ``PRESENTER``, an instance of its :class:`~game.web.presenter.Presenter`
subclass. Modules are imported on first use, so a page only loads the game it shows.
"""

from __future__ import annotations

from importlib import import_module

from ..presenter import Presenter


def presenter_for(game: str) -> Presenter:
    """The presenter of ``game`` (a game id from the registry)."""
    presenter = import_module(f"{__name__}.{game.replace('-', '_')}").PRESENTER
    assert presenter.game == game, f"{game}'s module presents {presenter.game!r}"
    return presenter
