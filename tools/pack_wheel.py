"""Pack the engine for the site as a wheel: the ``game`` package as bytecode, installed by micropip in the page's
Python (pyscript.toml names it in ``packages``).

    node tools/pyodide.mjs -m tools.pack_wheel      # what tools/build_site.py runs

The wheel is the Python ecosystem's unit: its name and version come from pyproject.toml, and its tag is the
Python that compiled it (``cp314-none-any``), since bytecode is read only by the Python version that wrote it.
So it runs inside Pyodide (Pyodide's Python, not the host's). A visit neither compiles the engine nor reads its
sources: a cold boot's imports took 80-115 ms from sources, 35-50 ms from bytecode (in-page timers, 4 cold
visits each).

Each module is stored as ``game/<path>.pyc``, the layout Python imports without its source. The bytecode's file
names are the modules' paths in the repo (``game/web/app.py``), so a traceback in the browser names the file and
line; the source lines themselves are not shipped (they would add 0.17 MB).

The bytecode has no docstrings of modules and functions, nor columns (tools/bytecode.py); every line stays
where it was, so tracebacks still name the right lines. Left out: the modules only the host runs (``HOST_ONLY``:
the terminal tools print their own docstring) and what PyScript runs from its source, the engine's worker and the
page's MicroPython (``BROWSER_ONLY``); game.web.snapshot lists both.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import sys
import tomllib
import zipfile
from pathlib import Path

from game.web import snapshot
from tools.bytecode import pyc, without_docstrings

REPO = Path(__file__).resolve().parent.parent
VENDOR = REPO / "static" / "vendor"
# A fixed date: the same sources and the same Pyodide give a byte-identical wheel.
STAMP = (2020, 1, 1, 0, 0, 0)
# The modules a page never imports from the wheel, as paths in the repo.
LEFT_OUT = tuple(name.replace(".", "/") for name in snapshot.HOST_ONLY | snapshot.BROWSER_ONLY)


def project() -> dict:
    """pyproject.toml's ``[project]`` table: the wheel's name and version."""
    return tomllib.loads((REPO / "pyproject.toml").read_text())["project"]


def wheel_parts() -> tuple[str, str, str]:
    """The wheel's distribution name, version and tag (``cp<XY>-none-any``, for the Python running this)."""
    meta = project()
    return (
        meta["name"].replace("-", "_"),
        meta["version"],
        f"cp{sys.version_info.major}{sys.version_info.minor}-none-any",
    )


def wheel_name() -> str:
    """The wheel's file name: ``face_down-<version>-cp<XY>-none-any.whl``."""
    return "-".join(wheel_parts()) + ".whl"


def engine_sources() -> list[Path]:
    """The modules of the ``game`` package a page imports from the wheel, sorted."""
    return sorted(
        path for path in (REPO / "game").rglob("*.py") if not left_out(path.relative_to(REPO).with_suffix(""))
    )


def left_out(module: Path) -> bool:
    """Whether ``module`` (its path in the repo, no suffix) is left out of the wheel: named in ``LEFT_OUT``, or in a
    folder named there."""
    return any(module == Path(name) or Path(name) in module.parents for name in LEFT_OUT)


# Class docstrings stay: a dataclass without one computes it from its signature at import time.
DROPPED_DOCSTRINGS = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef


def bytecode(source: Path, name: str) -> bytes:
    """The ``.pyc`` bytes of ``source``, without module and function docstrings, its code named ``name``."""
    text = source.read_bytes()
    return pyc(text, without_docstrings(ast.parse(text, name), DROPPED_DOCSTRINGS), name)


def record_line(name: str, data: bytes) -> str:
    """The wheel's RECORD line for the file ``name`` holding ``data`` (PEP 376: urlsafe base64 SHA-256, no padding)."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def metadata_files(tag: str) -> dict[str, bytes]:
    """The ``.dist-info`` files besides RECORD: the project's name, version and summary, and the wheel's tag."""
    meta = project()
    return {
        "METADATA": (
            f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {meta['version']}\n"
            f"Summary: {meta['description']}\nRequires-Python: {meta['requires-python']}\n"
        ).encode(),
        "WHEEL": f"Wheel-Version: 1.0\nGenerator: tools/pack_wheel.py\nRoot-Is-Purelib: true\nTag: {tag}\n".encode(),
    }


def pack(folder: Path = VENDOR) -> Path:
    """Compile every module of the ``game`` package a page imports into the wheel in ``folder``; return its path."""
    if sys.platform != "emscripten":
        raise SystemExit("tools/pack_wheel.py compiles for Pyodide's Python: run it with node tools/pyodide.mjs")
    distribution, version, tag = wheel_parts()
    info = f"{distribution}-{version}.dist-info"
    files = {}
    for source in engine_sources():
        module = source.relative_to(REPO).as_posix()  # game/web/app.py
        files[module + "c"] = bytecode(source, module)
    files |= {f"{info}/{file}": data for file, data in metadata_files(tag).items()}
    record = [record_line(path, data) for path, data in files.items()] + [f"{info}/RECORD,,"]
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    for stale in folder.glob(f"{distribution}-*.whl"):
        stale.unlink()
    target = folder / wheel_name()
    # Stored, not deflated: a host compresses the whole file over the wire, which finds what the modules have
    # in common (their names, say) where per-entry deflate cannot. brotli 344 -> 236 KB, gzip 346 -> 310 KB.
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as archive:
        for path, data in files.items():
            archive.writestr(zipfile.ZipInfo(path, date_time=STAMP), data)
    return target


if __name__ == "__main__":
    packed = pack()
    print(f"engine packed: {len(engine_sources())} modules as bytecode in {packed.relative_to(REPO)}")
