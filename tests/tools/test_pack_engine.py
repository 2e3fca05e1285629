"""The engine zip: the ``game`` package as bytecode for Pyodide's Python, imported from the zip as it is."""

from __future__ import annotations

import sys
import zipfile
import zipimport

import pytest

from tools.pack_engine import REPO, pack

IN_PYODIDE = sys.platform == "emscripten"
MODULES = sorted(path.relative_to(REPO).with_suffix("").as_posix() for path in (REPO / "game").rglob("*.py"))


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
        # A package's importer is the zip's folder above it, as Python's import system makes them.
        folder, _, name = module.removesuffix("/__init__").rpartition("/")
        importer = zipimport.zipimporter(f"{target}/{folder}")
        code = importer.get_code(name)  # fails on bytecode of another Python version ("bad magic number")
        assert code.co_filename == f"{module}.py", "tracebacks name the module's file in the repo"
        assert importer.get_source(name) is None


@pytest.mark.skipif(not IN_PYODIDE, reason="bytecode for Pyodide's Python is read only by it")
def test_the_same_sources_pack_to_the_same_bytes(tmp_path):
    # The snapshot key and the service worker's version hash the zip: a rebuild must not change them.
    pack(tmp_path / "one.zip")
    pack(tmp_path / "two.zip")
    assert (tmp_path / "one.zip").read_bytes() == (tmp_path / "two.zip").read_bytes()
