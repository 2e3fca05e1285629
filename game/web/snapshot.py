"""What the Python memory snapshot holds: every engine module a page may import that needs no browser.

static/js/snapshot-worker.mjs calls :func:`import_engine` in an interpreter of its own, off the page,
and keeps a snapshot of its memory; a returning visit starts its engine worker from that snapshot
(static/js/python.mjs), so it imports only the module of :data:`BROWSER_ONLY` that it runs. The rest is found by
walking the package, so a new module is in the snapshot without anyone remembering to add it.
"""

from __future__ import annotations

import importlib
import pkgutil

import game

# What PyScript runs from its source (index.html): the engine's worker (it imports ``js`` and holds the running app)
# and the page's own MicroPython, the modules of game/web/page/ (a folder of modules for MicroPython, with no
# __init__.py: no walk of the package finds them). Neither is in the wheel nor the snapshot.
BROWSER_ONLY = frozenset({"game.web.worker", "game.web.page"})
HOST_ONLY = frozenset({"game.__main__", "game.bots.arena", "game.web.pages", "game.web.picker", "game.web.pictures"})
"""Run by ``python -m`` on the host, never imported by a page: the terminal game, the bot arena, and the writer
of the pages' generated parts with the picker and its pictures. tools/pack_wheel.py leaves them out of the site."""


def engine_modules() -> list[str]:
    """The names of every module of the ``game`` package that the snapshot holds, sorted (this one is imported
    already)."""
    found = pkgutil.walk_packages(game.__path__, prefix="game.")
    left_out = BROWSER_ONLY | HOST_ONLY | {__name__}
    return sorted(module.name for module in found if module.name not in left_out)


def import_engine() -> None:
    """Import every module :func:`engine_modules` names."""
    for name in engine_modules():
        importlib.import_module(name)
