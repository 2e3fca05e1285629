"""The page's own Python (game/web/page.py) is MicroPython's: it compiles in the very MicroPython the page runs.

The page's module runs only in a browser (tests/browser drives it); this catches, without one, the syntax
MicroPython lacks (``[*items, item]``, say), which CPython's lint passes and which would stop the whole page.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
PAGE = ROOT / "game" / "web" / "page.py"
# PyScript runs the page's module as a coroutine, so its last line may await; MicroPython's compile() takes a
# module's statements, so that line is compiled inside a coroutine.
COMPILE = """
import { loadMicroPython } from %(module)s;
const mp = await loadMicroPython({ url: %(wasm)s, stdout: (line) => console.log(line) });
mp.globals.set("source", %(source)s);
try {
  mp.runPython("compile(source, 'page.py', 'exec')\\nprint('compiled')");
} catch (error) {
  console.log(`${error.type}: ${error.message}`);
}
"""


def compile_in_micropython(source: str) -> subprocess.CompletedProcess:
    """Compile ``source`` with npm's MicroPython for PyScript, under Node."""
    script = COMPILE % {
        "module": json.dumps((MICROPYTHON / "micropython.mjs").as_uri()),
        "wasm": json.dumps(str(MICROPYTHON / "micropython.wasm")),
        "source": json.dumps(source),
    }
    return subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=False)


def page_source() -> str:
    """page.py with its last line, ``await start()``, inside a coroutine."""
    *lines, last = PAGE.read_text().rstrip().splitlines()
    assert last.startswith("await start()")
    return "\n".join([*lines, "async def _run():", f"    {last}"])


def test_the_page_compiles_in_micropython():
    result = compile_in_micropython(page_source())
    assert result.stdout.strip().endswith("compiled"), result.stdout


def test_syntax_micropython_lacks_fails_the_check():
    result = compile_in_micropython(page_source() + "\nitems = [*[1], 2]\n")
    assert "SyntaxError" in result.stdout and "compiled" not in result.stdout
