"""Pack the engine for the site: static/vendor/game.zip holds the ``game`` package as bytecode only.

    node tools/pyodide.mjs -m tools.pack_engine      # what tools/build_site.py runs

It runs inside Pyodide because bytecode is read only by the Python version that wrote it (Pyodide's, not
the host's). The page puts the zip on ``sys.path`` as it is (static/js/engine.mjs), so a visit neither
unpacks the engine nor compiles it: a cold boot's imports took 80-115 ms from sources, 35-50 ms from
bytecode (in-page timers, 4 cold visits each), and unpacking 55 files had cost about 30 ms more.

Each module is stored as ``game/<path>.pyc``, the layout Python imports without its source. The
bytecode's file names are the modules' paths in the repo (``game/web/app.py``), so a traceback in the
browser names the file and line; the source lines themselves are not shipped (they would add 0.17 MB).

The bytecode has no docstrings of functions: they are dropped from the syntax tree before compiling,
which leaves every other line where it was, so tracebacks still name the right lines. Module and class
docstrings stay: a dataclass without one computes it from its signature at import time, and the
terminal tools print their module's. The modules only the host runs (``HOST_ONLY``) are not packed.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TARGET = REPO / "static" / "vendor" / "game.zip"
# A fixed date: the same sources and the same Pyodide give a byte-identical zip.
STAMP = (2020, 1, 1, 0, 0, 0)
# Run by `python -m` from the sources, never imported by a page: the terminal game, the bot arena, and the
# writer of index.html's picker.
HOST_ONLY = ("game/__main__.py", "game/bots/arena.py", "game/web/picker.py")


def engine_sources() -> list[Path]:
    """The modules of the ``game`` package a page may import, sorted."""
    return sorted(path for path in (REPO / "game").rglob("*.py") if path.relative_to(REPO).as_posix() not in HOST_ONLY)


def without_function_docstrings(tree: ast.Module) -> ast.Module:
    """``tree`` with each function's docstring dropped (a ``pass`` where it was all the body); no line moves."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and ast.get_docstring(node, clean=False) is not None
        ):
            docstring = node.body.pop(0)
            node.body = node.body or [ast.copy_location(ast.Pass(), docstring)]
    return tree


def bytecode(source: Path, name: str) -> bytes:
    """The ``.pyc`` bytes of ``source``, without function docstrings, its code named ``name`` (for tracebacks).

    An unchecked-hash header holds no date, so the bytes depend on the source alone.
    """
    text = source.read_bytes()
    code = compile(without_function_docstrings(ast.parse(text, name)), name, "exec", dont_inherit=True)
    source_hash = importlib.util.source_hash(text)
    return bytes(importlib._bootstrap_external._code_to_hash_pyc(code, source_hash, checked=False))


def pack(target: Path = TARGET) -> int:
    """Compile every module of the ``game`` package into the zip ``target``; return how many there are."""
    if sys.platform != "emscripten":
        raise SystemExit("tools/pack_engine.py compiles for Pyodide's Python: run it with node tools/pyodide.mjs")
    sources = engine_sources()
    # Stored, not deflated: a host compresses the whole file over the wire, which finds what the modules have
    # in common (their names, say) where per-entry deflate cannot. brotli 344 -> 236 KB, gzip 346 -> 310 KB.
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as archive:
        for source in sources:
            name = source.relative_to(REPO).as_posix()  # game/web/app.py
            archive.writestr(zipfile.ZipInfo(name + "c", date_time=STAMP), bytecode(source, name))
    return len(sources)


if __name__ == "__main__":
    print(f"engine packed: {pack()} modules as bytecode in {TARGET.relative_to(REPO)}")
