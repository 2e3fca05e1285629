"""The page's own Python (game/web/page/) is MicroPython's: each module compiles in the very MicroPython the page
runs, and the page's config has PyScript put every one of them beside its main script.

The page's modules run only in a browser (tests/browser drives them); this catches, without one, the syntax
MicroPython lacks (``[*items, item]``, say), which CPython's lint passes and which would stop the whole page.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
PAGE = ROOT / "game" / "web" / "page"
MAIN = PAGE / "main.py"
SCRIPT = re.compile(r"""<script type="mpy" src="\./game/web/page/main\.py" config='([^']*)'></script>""")
# PyScript runs the page's main script as a coroutine, so its last line may await; MicroPython's compile() takes a
# module's statements, so that line is compiled inside a coroutine.
COMPILE = """
import { loadMicroPython } from %(module)s;
const mp = await loadMicroPython({ url: %(wasm)s, stdout: (line) => console.log(line) });
mp.globals.set("sources", %(sources)s);
try {
  mp.runPython(`import json
for name, source in json.loads(sources).items():
    compile(source, name, 'exec')
print('compiled')`);
} catch (error) {
  console.log(`${error.type}: ${error.message}`);
}
"""


def compile_in_micropython(sources: dict[str, str]) -> subprocess.CompletedProcess:
    """Compile each of ``sources`` (name: text) with npm's MicroPython for PyScript, under Node."""
    script = COMPILE % {
        "module": json.dumps((MICROPYTHON / "micropython.mjs").as_uri()),
        "wasm": json.dumps(str(MICROPYTHON / "micropython.wasm")),
        "sources": json.dumps(json.dumps(sources)),
    }
    return subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=False)


def page_sources() -> dict[str, str]:
    """Every module of the page, main.py with its last line, ``await start()``, inside a coroutine."""
    sources = {path.name: path.read_text() for path in sorted(PAGE.glob("*.py"))}
    *lines, last = sources["main.py"].rstrip().splitlines()
    assert last.startswith("await start()")
    sources["main.py"] = "\n".join([*lines, "async def _run():", f"    {last}"])
    return sources


def test_the_page_compiles_in_micropython():
    result = compile_in_micropython(page_sources())
    assert result.stdout.strip().endswith("compiled"), result.stdout


def test_syntax_micropython_lacks_fails_the_check():
    sources = page_sources()
    sources["keys.py"] += "\nitems = [*[1], 2]\n"
    result = compile_in_micropython(sources)
    assert "SyntaxError" in result.stdout and "compiled" not in result.stdout


@pytest.mark.parametrize("page", ["index.html", "embed.html"])
def test_the_pages_config_carries_every_module_of_the_page(page):
    config = json.loads(html.unescape(SCRIPT.search((ROOT / page).read_text()).group(1)))
    folder = config["files"]["{PAGE}"]
    carried = {url.replace("{PAGE}", folder) for url, to in config["files"].items() if url != "{PAGE}" and url == to}
    modules = {f"./{path.relative_to(ROOT).as_posix()}" for path in PAGE.glob("*.py") if path != MAIN}
    assert carried == modules
