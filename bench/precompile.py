"""A warm-boot lever measured by bench/levers.py: the engine zip with its bytecode compiled in advance.

    node tools/pyodide.mjs -m bench.precompile OUT.zip

It must run inside Pyodide, whose Python (3.14) is the one that will load the bytecode. The zip holds
what tools/build_site.py packs (every ``game/**/*.py``) plus, for each module, an unchecked-hash ``.pyc``
in ``__pycache__``: Python then loads the bytecode without compiling the source or checking its date
(the page unpacks the zip with fresh timestamps, so a date check would always fail).
"""

from __future__ import annotations

import importlib.util
import py_compile
import sys
import tempfile
import zipfile
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
# The same fixed timestamp as tools/build_site.py: identical sources give an identical zip.
STAMP = (2020, 1, 1, 0, 0, 0)


def pack(target: Path) -> None:
    """Write every engine module and its bytecode into the zip ``target``."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive, tempfile.TemporaryDirectory() as scratch:
        compiled = Path(scratch) / "module.pyc"
        for path in sorted(GAME.rglob("*.py")):
            name = path.relative_to(GAME).as_posix()
            py_compile.compile(
                str(path),
                cfile=str(compiled),
                dfile=f"game/{name}",
                doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
            )
            for member, data in (
                (name, path.read_bytes()),
                (importlib.util.cache_from_source(name), compiled.read_bytes()),
            ):
                archive.writestr(zipfile.ZipInfo(member, date_time=STAMP), data, zipfile.ZIP_DEFLATED)


def main(argv: list[str] | None = None) -> int:
    """Pack the zip named on the command line."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or sys.platform != "emscripten":
        print("usage (inside Pyodide): node tools/pyodide.mjs -m bench.precompile OUT.zip", file=sys.stderr)
        return 2
    pack(Path(args[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
