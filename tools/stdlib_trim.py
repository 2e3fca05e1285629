"""Cut Pyodide's standard library zip down to the modules the app can load, for the site.

    node tools/pyodide.mjs -m tools.stdlib_trim      # what tools/build_site.py runs

npm's ``python_stdlib.zip`` holds 614 entries (2.5 MB, deflated); a page loads 133 of them. The
site's zip (``static/vendor/pyodide/python_stdlib.zip``) holds:

1. the modules recorded on every path the app takes (tools/stdlib/recorded.txt, written by
   tools/stdlib_record.py), and ``EXTRA`` below;
2. closed over every import statement in them, wherever it stands (in a function, under ``try``), so
   that a standard library function that imports another module the first time it runs finds it. Only
   imports that cannot run in a page are not followed: those under ``if TYPE_CHECKING:``, ``if __name__ ==
   "__main__":`` and ``if sys.platform == "win32":``, those in a module's command line (a function
   ``main`` or ``_test...``), and the modules of ``NOT_FOLLOWED`` (each says why). A codec is imported by
   its name the first time text is encoded or decoded with it, so any string in a kept module that names a
   codec (``"cp437"`` in zipfile, say) keeps that codec;
3. minus the modules compiled into Pyodide's interpreter (frozen: ``os``, ``codecs``, ``importlib._bootstrap``
   ...), which never load from the zip. Their imports are followed all the same.

The modules every start loads (the recorded ones) are stored as bytecode (``.pyc``) compiled here by
Pyodide's Python, without columns nor docstrings (tools/bytecode.py; Pyodide's own packages keep their
docstrings, they read some of them): npm's zip
holds sources, which Python compiles at every start, and under a phone's CPU that compiling was most of
Python's start-up (bench/README.md: 12.6 -> 8.0 s to interactive). Bytecode is bigger over the wire than
sources. A traceback through them names the file and line, without the line's text. Entries are stored, not
deflated: the host compresses the whole file over the wire (brotli or gzip), which finds the redundancy
across modules that per-entry deflate cannot.

It runs inside Pyodide, so that the sources are parsed by the Python that will run them (3.14).
tests/browser/test_runtime.py boots the site with this zip and imports every module the app and the
runtime can load; a module missing here would be a crash on a player's phone.
"""

from __future__ import annotations

import _imp
import ast
import encodings
import encodings.aliases
import sys
import zipfile
from pathlib import Path

from tools.bytecode import pyc, without_docstrings

REPO = Path(__file__).resolve().parent.parent
FULL_SOURCE = REPO / "node_modules" / "pyodide" / "python_stdlib.zip"
TARGET = REPO / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
RECORDED = REPO / "tools" / "stdlib" / "recorded.txt"
# A fixed date: the same list and the same Pyodide give a byte-identical zip (the snapshot key hashes it).
STAMP = (2020, 1, 1, 0, 0, 0)

# Modules no recorded path loads, kept all the same.
EXTRA = {
    # Codecs are imported by name the first time a text is encoded or decoded with them.
    "encodings.ascii": "bytes.decode('ascii') and str.encode('ascii')",
    "encodings.latin_1": "latin-1, the fallback of many text APIs",
    "encodings.utf_8_sig": "text with a byte order mark",
    "encodings.idna": "str.encode('idna') for host names (urllib.parse)",
    "encodings.punycode": "imported by encodings.idna",
}

# Imports the closure does not follow: modules that only run where a browser page never goes.
NOT_FOLLOWED = {
    "_pyrepl": "the interactive console (site's readline hook)",
    "pdb": "the debugger (breakpoint(), asyncio's debug mode)",
    "pydoc": "help() in a console",
    "doctest": "only its own tests",
    "unittest": "only tests",
    "tkinter": "no display toolkit in the browser",
    "idlelib": "the IDLE editor",
    "turtle": "a display toolkit",
    "multiprocessing": "Pyodide cannot start processes",
    "concurrent.futures.process": "Pyodide cannot start processes",
    "concurrent.futures.interpreter": "Pyodide cannot start threads, nor subinterpreters",
    "concurrent.interpreters": "Pyodide cannot start threads, nor subinterpreters",
    "rlcompleter": "tab completion in a console",
    "urllib.request": "fetching URLs over sockets, which Pyodide has not: the page fetches through JavaScript",
    "venv": "virtual environments are a host's",
    "ensurepip": "pip is a host's",
}


def module_path(names: set[str], name: str) -> str | None:
    """The zip entry holding module ``name`` (``json`` -> ``json/__init__.py``), or None if it is not in the zip."""
    base = name.replace(".", "/")
    for path in (f"{base}/__init__.py", f"{base}.py"):
        if path in names:
            return path
    return None


def imported_by(tree: ast.Module, name: str, is_package: bool) -> set[str]:
    """Every module the source of module ``name`` imports, anywhere but in the blocks that never run here."""
    found = set()
    package = name if is_package else name.rpartition(".")[0]
    for node in _walk_runnable(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parent = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{parent}.{base}" if base else parent
            found.add(base)
            # ``from package import name`` may import a submodule.
            found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    # Importing a.b.c imports a and a.b first.
    return {
        ".".join(parts[:end])
        for item in found
        if item
        for parts in [item.split(".")]
        for end in range(1, len(parts) + 1)
    }


# Conditions under which a block never runs in a page, and functions that only a command line calls.
NEVER_HERE = {
    "TYPE_CHECKING",
    "typing.TYPE_CHECKING",
    "__name__ == '__main__'",
    "sys.platform == 'win32'",
    "os.name == 'nt'",
}
COMMAND_LINE = ("main", "_main", "_test")


# Calls that look a codec up by a name given as an argument, and the keyword that names one.
CODEC_CALLS = {"encode", "decode", "lookup", "getencoder", "getdecoder", "getincrementaldecoder", "getreader"}
CODEC_KEYWORD = "encoding"


def codecs_named(tree: ast.Module) -> set[str]:
    """The codec modules (``encodings.cp437``) named by strings in ``tree``'s codec calls and ``encoding=``."""
    named = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            function = node.func.attr if isinstance(node.func, ast.Attribute) else None
            if function in CODEC_CALLS:
                named += node.args
            named += [keyword.value for keyword in node.keywords if keyword.arg == CODEC_KEYWORD]
    found = set()
    for argument in named:
        for node in ast.walk(argument):  # ``self.metadata_encoding or 'cp437'``
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                name = encodings.normalize_encoding(node.value).lower()
                found.add("encodings." + encodings.aliases.aliases.get(name, name))
    return found


def _walk_runnable(tree: ast.AST):
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and ast.unparse(child.test) in NEVER_HERE:
                stack.extend(child.orelse)
            elif isinstance(child, ast.FunctionDef) and child.name.startswith(COMMAND_LINE):
                continue
            else:
                stack.append(child)


def _not_followed(name: str) -> bool:
    return any(name == blocked or name.startswith(blocked + ".") for blocked in NOT_FOLLOWED)


def kept_modules(archive: zipfile.ZipFile, roots: set[str]) -> set[str]:
    """``roots`` closed over their imports (within the zip, minus NOT_FOLLOWED), minus the frozen modules."""
    names = set(archive.namelist())
    reached: set[str] = set()
    todo = sorted(roots)
    while todo:
        name = todo.pop()
        path = module_path(names, name)
        if name in reached or path is None or _not_followed(name):
            continue
        reached.add(name)
        tree = ast.parse(archive.read(path), filename=path)
        todo.extend((imported_by(tree, name, path.endswith("/__init__.py")) | codecs_named(tree)) - reached)
    return {name for name in reached if not _imp.is_frozen(name)}


# Pyodide reads the docstrings of some of its own modules at start-up, and email's policies build theirs from their
# bases' (email._policybase, which micropip's metadata parser loads); the rest of CPython's standard library runs
# without any (python -OO).
KEEP_DOCSTRINGS = ("pyodide", "_pyodide", "email")


def bytecode(source: bytes, name: str, filename: str) -> bytes:
    """The ``.pyc`` bytes of module ``name``'s ``source``, without docstrings (but Pyodide's own), its code
    named ``filename`` (for tracebacks)."""
    tree = ast.parse(source, filename)
    if name.split(".")[0] not in KEEP_DOCSTRINGS:
        tree = without_docstrings(tree)
    return pyc(source, tree, filename)


def recorded() -> set[str]:
    """The modules of tools/stdlib/recorded.txt (comments and blank lines skipped)."""
    lines = RECORDED.read_text().splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def trim(
    source: Path = FULL_SOURCE, target: Path = TARGET, roots: set[str] | None = None, compiled: set[str] | None = None
) -> tuple[int, int]:
    """Write the cut zip ``target`` from ``source``: ``roots`` (by default the recorded modules and EXTRA)
    and their closure, ``compiled`` (by default the recorded ones) as bytecode.
    Return (modules kept, modules in the source)."""
    if sys.platform != "emscripten":
        raise SystemExit("tools/stdlib_trim.py parses Pyodide's Python sources: run it with node tools/pyodide.mjs")
    roots = recorded() | set(EXTRA) if roots is None else roots
    # Where Pyodide puts the zip on sys.path (/lib/python314.zip): the modules' file names start with it.
    mounted = next(path for path in sys.path if path.endswith(".zip"))
    with zipfile.ZipFile(source) as archive:
        at_start = recorded() if compiled is None else compiled
        names = set(archive.namelist())
        kept = kept_modules(archive, roots)
        total = sum(1 for name in names if name.endswith(".py"))
        with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as cut:
            for name in sorted(kept):
                path = module_path(names, name)
                data = archive.read(path)
                if name in at_start:
                    path, data = path + "c", bytecode(data, name, f"{mounted}/{path}")
                cut.writestr(zipfile.ZipInfo(path, date_time=STAMP), data)
    return len(kept), total


if __name__ == "__main__":
    count, total = trim()
    print(f"standard library cut: {count} of {total} modules in {TARGET.relative_to(REPO)}")
