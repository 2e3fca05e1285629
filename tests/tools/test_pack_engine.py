"""The engine zip: the ``game`` package as bytecode for Pyodide's Python, imported from the zip as it is.

Its modules and functions carry no docstrings, its code no columns, and every line a traceback can name is
where it is in the source.
"""

from __future__ import annotations

import ast
import sys
import types
import zipfile
import zipimport

import pytest

from tools.pack_engine import HOST_ONLY, REPO, pack

IN_PYODIDE = sys.platform == "emscripten"
SOURCES = sorted(path.relative_to(REPO).as_posix() for path in (REPO / "game").rglob("*.py"))
MODULES = [source.removesuffix(".py") for source in SOURCES if source not in HOST_ONLY]


def code_objects(code: types.CodeType):
    """``code`` and every code object nested in it (functions, classes, comprehensions)."""
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from code_objects(constant)


def packed_code(target, module: str) -> types.CodeType:
    """The code object of ``module`` read back from the engine zip at ``target``."""
    # A package's importer is the zip's folder above it, as Python's import system makes them.
    folder, _, name = module.removesuffix("/__init__").rpartition("/")
    return zipimport.zipimporter(f"{target}/{folder}").get_code(name)


def test_the_host_only_modules_exist():
    assert set(HOST_ONLY) <= set(SOURCES)


@pytest.mark.skipif(IN_PYODIDE, reason="checks the refusal on the host's Python")
def test_the_engine_is_not_compiled_by_another_python(tmp_path):
    with pytest.raises(SystemExit, match="Pyodide"):
        pack(tmp_path / "game.zip")
    assert not (tmp_path / "game.zip").exists()


@pytest.mark.skipif(not IN_PYODIDE, reason="bytecode for Pyodide's Python is read only by it")
def test_the_packed_engine_holds_every_module_as_bytecode_only(tmp_path):
    target = tmp_path / "game.zip"
    assert pack(target) == len(MODULES)
    assert sorted(zipfile.ZipFile(target).namelist()) == [f"{module}.pyc" for module in MODULES]
    for module in MODULES:
        code = packed_code(target, module)  # fails on bytecode of another Python version ("bad magic number")
        assert code.co_filename == f"{module}.py", "tracebacks name the module's file in the repo"
        folder, _, name = module.removesuffix("/__init__").rpartition("/")
        assert zipimport.zipimporter(f"{target}/{folder}").get_source(name) is None


@pytest.mark.skipif(not IN_PYODIDE, reason="bytecode for Pyodide's Python is read only by it")
def test_modules_and_functions_lose_their_docstrings_the_code_its_columns_and_no_line_moves(tmp_path):
    target = tmp_path / "game.zip"
    pack(target)
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
    # The snapshot key and the service worker's version hash the zip: a rebuild must not change them.
    pack(tmp_path / "one.zip")
    pack(tmp_path / "two.zip")
    assert (tmp_path / "one.zip").read_bytes() == (tmp_path / "two.zip").read_bytes()
