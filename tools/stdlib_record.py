"""Record which standard library modules the app loads, into tools/stdlib/recorded.txt (committed).

    python tools/stdlib_record.py       # after `make site`; Chromium and Node, about 2 minutes

The site ships a standard library cut to these modules (tools/stdlib_trim.py, run by `make site`). The
list is recorded, not guessed: the built site is served with Pyodide's **whole** standard library put
back in place of the cut one, and every path a player's browser takes is run in Chromium:

- a first visit (Python booted in the engine's worker, with WebAssembly stack switching hidden: static/js/python.mjs),
  micropip installing the engine's wheel (pyscript.toml);
- each game played to its end (the first one booted, the others restored from its snapshot), and the embed;
- errors: a Python exception formatted as a traceback, one handed to JavaScript (Pyodide formats it), one
  raised in a coroutine, and a warning;
- every module of ``game/`` imported (the guard in tests/browser/test_runtime.py imports them all too);
- the snapshot worker's interpreter (static/js/snapshot-worker.mjs), run under Node exactly as the worker
  runs it (tools/stdlib_worker.mjs).

After each path, the page's ``sys.modules`` (read through ``window.faceDownPython``) names the modules that came
from the standard library's zip. What the page only ever imports lazily in rare paths, tools/stdlib_trim.py adds
from its ``EXTRA`` list, and it closes the whole set over every import statement the kept modules contain.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402 (the repo root must be importable first)

from bench.boot import SNAPSHOT_COMING  # noqa: E402
from game import GAMES  # noqa: E402
from tests.browser.driver import open_game, play_to_end  # noqa: E402
from tools.chromium import CHROMIUM, FLAGS  # noqa: E402
from tools.serve import SiteHandler, make_server  # noqa: E402
from tools.stdlib_trim import FULL_SOURCE, RECORDED  # noqa: E402

STDLIB_URL = "static/vendor/pyodide/python_stdlib.zip"
# Run in the page: the names of the loaded modules that came from the standard library's zip.
STDLIB_MODULES = """
import json, sys
_zip = next(path for path in sys.path if path.endswith(".zip") and "python3" in path)
json.dumps(sorted(
    name for name, module in list(sys.modules.items())
    if str(getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith(_zip + "/")
))
"""
# Errors as a player's page meets them: a traceback formatted by Python, one handed to JavaScript (Pyodide formats
# it), one raised in a coroutine, and a warning; each run in the engine's interpreter by window.faceDownPython.
ERRORS = """
async () => {
  await faceDownPython("import traceback\\ntry:\\n    1 / 0\\nexcept ZeroDivisionError:\\n    traceback.format_exc()");
  await faceDownPython("def fail():\\n    raise ValueError('recorded')\\nfail()").catch(String);
  const coroutine = "async def fail():\\n    await asyncio.sleep(0)\\n    raise KeyError('async')\\n";
  await faceDownPython(`import asyncio\\n${coroutine}asyncio.ensure_future(fail())`).catch(String);
  await faceDownPython("import warnings\\nwarnings.warn('recorded')");
}
"""
ALL_ENGINE_MODULES = """
import importlib, pkgutil, game
for module in pkgutil.walk_packages(game.__path__, prefix="game."):
    if module.name != "game.__main__":
        importlib.import_module(module.name)
"""


def full_stdlib_route(context) -> None:
    """Make ``context``'s pages load Pyodide's whole standard library instead of the site's cut one."""
    context.route(f"**/{STDLIB_URL}", lambda route: route.fulfill(path=str(FULL_SOURCE)))


def loaded(page) -> set[str]:
    """The standard library modules the page's Python has loaded so far."""
    return set(json.loads(page.evaluate(f"faceDownPython({json.dumps(STDLIB_MODULES)})")))


def browser_paths(site_url: str) -> set[str]:
    """Every module the pages load on the paths the module docstring lists."""
    found: set[str] = set()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = browser.new_context()
        full_stdlib_route(context)
        page = context.new_page()
        for game in GAMES:
            open_game(page, site_url, game=game, timeout=180_000)
            if page.evaluate(SNAPSHOT_COMING):  # the first page: the later ones start from its snapshot
                page.wait_for_selector("html[data-snapshot='saved']", state="attached", timeout=180_000)
            play_to_end(page, seed=1)
            found |= loaded(page)
            _say(f"{game} played ({len(found)} modules so far)")
        page.goto(f"{site_url}embed.html?speed=instant")  # the default game, in the embed
        page.wait_for_selector("html[data-ready='true']", state="attached", timeout=180_000)
        found |= loaded(page)
        page.evaluate(ERRORS)
        page.evaluate(f"faceDownPython({json.dumps(ALL_ENGINE_MODULES)})")
        found |= loaded(page)
        _say(f"embed, errors, every engine module ({len(found)} so far)")
        context.close()
        browser.close()
    return found


def worker_path() -> set[str]:
    """The modules the snapshot worker's interpreter loads (tools/stdlib_worker.mjs, under Node)."""
    script = ROOT / "tools" / "stdlib_worker.mjs"
    completed = subprocess.run(["node", str(script)], cwd=ROOT, check=True, capture_output=True, text=True)
    return set(json.loads(completed.stdout.splitlines()[-1]))


def record() -> set[str]:
    """Serve the built site, run every path, return the modules seen."""
    if not (ROOT / "static" / "vendor" / "manifest.json").exists():
        sys.exit("The site is not built: run `make site` first.")
    server = make_server(0, ROOT, SiteHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        found = browser_paths(f"http://127.0.0.1:{server.server_address[1]}/")
    finally:
        server.shutdown()
    found |= worker_path()
    return found


def main() -> None:
    """Record, then write the sorted list with a header saying where it comes from."""
    found = record()
    RECORDED.parent.mkdir(exist_ok=True)
    header = (
        "# Standard library modules the app loaded, recorded by tools/stdlib_record.py (do not edit by hand:\n"
        "# add modules a path misses to EXTRA in tools/stdlib_trim.py, with the reason).\n"
    )
    RECORDED.write_text(header + "".join(f"{name}\n" for name in sorted(found)))
    print(f"recorded {len(found)} standard library modules in {RECORDED.relative_to(ROOT)}")


def _say(text: str) -> None:
    print(f"stdlib_record: {text}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
