"""The engine's wheel: the ``game`` package as bytecode for Pyodide's Python, which micropip installs.

Its modules and functions carry no docstrings, its code no columns, and every line a traceback can name is
where it is in the source; its metadata is pyproject.toml's, and its RECORD lists every file with its hash.
"""

from __future__ import annotations

import ast
import base64
import csv
import hashlib
import io
import json
import sys
import tomllib
import types
import zipfile
import zipimport

import pytest

from tools.pack_wheel import LEFT_OUT, REPO, engine_sources, pack, project

IN_PYODIDE = sys.platform == "emscripten"
SOURCES = sorted(path.relative_to(REPO).as_posix() for path in (REPO / "game").rglob("*.py"))
MODULES = [path.relative_to(REPO).with_suffix("").as_posix() for path in engine_sources()]


def code_objects(code: types.CodeType):
    """``code`` and every code object nested in it (functions, classes, comprehensions)."""
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from code_objects(constant)


def packed_code(target, module: str) -> types.CodeType:
    """The code object of ``module`` read back from the wheel at ``target`` (a zip Python can import from)."""
    # A package's importer is the zip's folder above it, as Python's import system makes them.
    folder, _, name = module.removesuffix("/__init__").rpartition("/")
    return zipimport.zipimporter(f"{target}/{folder}").get_code(name)


def test_the_modules_left_out_exist():
    for name in LEFT_OUT:  # a module, or a folder of modules (the page's MicroPython)
        assert f"{name}.py" in SOURCES or (REPO / name).is_dir(), name


def test_the_page_and_the_worker_are_left_out_and_the_engine_is_not():
    assert not any(module.startswith(("game/web/page/", "game/web/worker")) for module in MODULES)
    assert {"game/web/app", "game/web/effects", "game/rules/cambio"} <= set(MODULES)


@pytest.mark.skipif(IN_PYODIDE, reason="checks the refusal on the host's Python")
def test_the_engine_is_not_compiled_by_another_python(tmp_path):
    with pytest.raises(SystemExit, match="Pyodide"):
        pack(tmp_path)
    assert not list(tmp_path.iterdir())


@pytest.mark.skipif(not IN_PYODIDE, reason="bytecode for Pyodide's Python is read only by it")
def test_the_wheel_holds_every_module_as_bytecode_only_and_its_metadata(tmp_path):
    target = pack(tmp_path)
    meta = project()
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert target.name == f"face_down-{meta['version']}-{python}-none-any.whl"
    info = f"face_down-{meta['version']}.dist-info"
    names = sorted(zipfile.ZipFile(target).namelist())
    assert names == sorted(
        [f"{module}.pyc" for module in MODULES] + [f"{info}/{n}" for n in ("METADATA", "WHEEL", "RECORD")]
    )
    archive = zipfile.ZipFile(target)
    assert f"Name: {meta['name']}\nVersion: {meta['version']}\n" in archive.read(f"{info}/METADATA").decode()
    assert f"Tag: {python}-none-any" in archive.read(f"{info}/WHEEL").decode()
    for path, digest, size in csv.reader(io.StringIO(archive.read(f"{info}/RECORD").decode())):
        if path == f"{info}/RECORD":
            continue
        data = archive.read(path)
        expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert (digest, size) == (f"sha256={expected}", str(len(data))), path
    for module in MODULES:
        code = packed_code(target, module)  # fails on bytecode of another Python version ("bad magic number")
        assert code.co_filename == f"{module}.py", "tracebacks name the module's file in the repo"
        folder, _, name = module.removesuffix("/__init__").rpartition("/")
        assert zipimport.zipimporter(f"{target}/{folder}").get_source(name) is None


@pytest.mark.skipif(not IN_PYODIDE, reason="bytecode for Pyodide's Python is read only by it")
def test_modules_and_functions_lose_their_docstrings_the_code_its_columns_and_no_line_moves(tmp_path):
    target = pack(tmp_path)
    for module in MODULES:
        source = (REPO / f"{module}.py").read_text()
        tree = ast.parse(source)
        dropped = [
            node for node in ast.walk(tree) if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        docstrings = {ast.get_docstring(node, clean=False) for node in dropped} - {None}
        original = compile(source, f"{module}.py", "exec", dont_inherit=True)
        packed = packed_code(target, module)
        constants = {constant for code in code_objects(packed) for constant in code.co_consts}
        assert not docstrings & constants, f"{module} keeps a docstring"
        columns = {(start, end) for code in code_objects(packed) for *_, start, end in code.co_positions()}
        assert columns - {(0, 0)} == {(None, None)}, f"{module} keeps columns"  # (0, 0): the compiler's own
        # Every function starts on its line, and every instruction sits on a line the source gives it there.
        starts = {(code.co_name, code.co_firstlineno) for code in code_objects(original)}
        assert {(code.co_name, code.co_firstlineno) for code in code_objects(packed)} == starts, module
        lines = {line for code in code_objects(original) for *_, line in code.co_lines()}
        assert {line for code in code_objects(packed) for *_, line in code.co_lines()} <= lines, module


@pytest.mark.skipif(not IN_PYODIDE, reason="bytecode for Pyodide's Python is read only by it")
def test_the_same_sources_pack_to_the_same_bytes(tmp_path):
    # The snapshot key and the service worker's version hash the wheel: a rebuild must not change them.
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    one, two = pack(tmp_path / "one"), pack(tmp_path / "two")
    assert one.read_bytes() == two.read_bytes()


def test_pyscript_toml_installs_the_wheel_the_build_makes():
    # The engine's worker installs what pyscript.toml names: the wheel of pyproject's version, for the Python of the
    # Pyodide that package.json pins (its lock file says which).
    pyodide = json.loads((REPO / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())["info"]["python"]
    major, minor, _ = pyodide.split(".")
    wheel = f"face_down-{project()['version']}-cp{major}{minor}-none-any.whl"
    config = tomllib.loads((REPO / "pyscript.toml").read_text())
    assert config["packages"] == [f"./static/vendor/{wheel}"]
    assert config["interpreter"] == "./static/js/python.mjs" and (REPO / "static" / "js" / "python.mjs").exists()
