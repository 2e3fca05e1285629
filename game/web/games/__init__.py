"""One presenter per game: how its table, events and choices are shown (see :mod:`game.web.presenter`)."""

from __future__ import annotations

from ..presenter import Presenter
from .concentration import ConcentrationPresenter

PRESENTERS: dict[str, Presenter] = {presenter.game: presenter for presenter in (ConcentrationPresenter(),)}


def presenter_for(game: str) -> Presenter:
    """The presenter of ``game``; a game without one is a programming error."""
    return PRESENTERS[game]
