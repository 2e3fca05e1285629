"""The memory snapshot's contents: every engine module, and nothing that needs a browser."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from game.registry import ENTRIES
from game.web import snapshot


def test_the_snapshot_holds_every_rules_bot_and_presenter_module():
    names = set(snapshot.engine_modules())
    for game in ENTRIES.values():
        assert {place.partition(":")[0] for place in (game.rules, game.bot, game.presenter)} <= names
    assert {"game.net.host", "game.net.client", "game.web.render", "game.web.source"} <= names


def test_modules_left_out_exist_and_are_left_out():
    names = set(snapshot.engine_modules())
    for name in snapshot.BROWSER_ONLY | snapshot.HOST_ONLY:
        assert importlib.util.find_spec(name) is not None, f"{name} is left out of the snapshot but does not exist"
        assert name not in names


@pytest.mark.skipif(sys.platform == "emscripten", reason="starts a fresh interpreter (and Pyodide always has js)")
def test_importing_the_engine_touches_no_browser_module():
    # A fresh interpreter, as the snapshot worker has: nothing imported yet that could hide a browser import.
    code = "import sys, game.web.snapshot as s; s.import_engine(); print(sorted({'js', 'pyscript'} & set(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
