"""The site's standard library is cut to what the app loads (tools/stdlib_trim.py): nothing it needs is missing.

A module missing from the cut zip would be a crash on a player's phone, on whatever path first imports
it. So a first visit to the built site, with that zip, imports in the page every module that Python may
load there: the modules recorded on every path (tools/stdlib/recorded.txt) and kept by hand, every
module of the engine's installed wheel and every module the cut zip holds; and it
formats an engine error's traceback. Its snapshot worker, which boots its own interpreter on the same
zip, must keep a snapshot too.
"""

from __future__ import annotations

import json
import zipfile

from tools.serve import ROOT
from tools.stdlib_trim import EXTRA, FULL_SOURCE, recorded

from .driver import open_game

# Run in the engine's Python: import each module named, then every module of the engine's wheel (as micropip
# installed it) and of the cut standard library; return the ones that failed, with why, and what a traceback from
# the engine says.
IMPORT_EVERYTHING = """
import importlib, importlib.metadata, sys, traceback, zipfile

def engine_modules():
    names = [str(path) for path in importlib.metadata.files("face-down") if str(path).endswith(".pyc")]
    return [name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".") for name in names]

def stdlib_zip():
    return next(path for path in sys.path if path.endswith(".zip") and "python3" in path)

def stdlib_modules():
    entries = zipfile.ZipFile(stdlib_zip()).namelist()
    names = [name.removesuffix(".pyc").removesuffix(".py").removesuffix("/__init__") for name in entries]
    return [name.replace("/", ".") for name in names]

failed = {}
every = [*named, *engine_modules(), *stdlib_modules()]
for name in every:
    try:
        importlib.import_module(name)
    except BaseException as error:
        failed[name] = f"{type(error).__name__}: {error}"

from game.match import Match
try:
    Match.from_json("not a save")
except Exception:
    shown = traceback.format_exc()
result = {"failed": failed, "imported": len(every), "stdlib_entries": len(zipfile.ZipFile(stdlib_zip()).namelist()),
 "traceback": shown}
"""


NOT_JSON = 'raise ValueError(f"This save is not valid JSON'


def line_of(path: str, text: str) -> int:
    """The number of the line of ``path`` (in the repo) that holds ``text``."""
    lines = (ROOT / path).read_text().splitlines()
    return next(number for number, line in enumerate(lines, start=1) if text in line)


def import_everything(page, named: list[str]) -> dict:
    """Run IMPORT_EVERYTHING in the engine's Python with ``named`` first; its result."""
    script = f"named = {json.dumps(named)}\n{IMPORT_EVERYTHING}"
    # Asked for in a call of its own: the call that first imports the whole standard library sometimes answered
    # None (the value is plain data; why it was lost was not found).
    page.evaluate(f"faceDownPython({json.dumps(script)})")
    return page.evaluate("faceDownPython('result')")


def test_every_module_the_app_can_load_is_in_the_cut_standard_library(new_context, site_url):
    page = new_context().new_page()
    open_game(page, site_url, timeout=180_000, game="concentration")
    result = import_everything(page, sorted(recorded() | set(EXTRA)))
    assert result["failed"] == {}
    # Not a vacuous pass: the page ran on the cut zip, and imported well over a hundred modules.
    assert result["stdlib_entries"] < len(zipfile.ZipFile(FULL_SOURCE).namelist()) / 2
    assert result["imported"] > 200
    # A traceback from the engine names its file and the line that raised (its bytecode has no function
    # docstrings, and they must not have moved a line).
    assert f'File "game/match.py", line {line_of("game/match.py", NOT_JSON)}, in read_save' in result["traceback"]
    page.wait_for_selector("html[data-snapshot='saved']", state="attached", timeout=180_000)
