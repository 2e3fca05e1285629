"""The cut standard library (tools/stdlib_trim.py): which imports the closure follows, and the zip it writes.

tests/browser/test_runtime.py is the guard that matters: it boots the built site on the cut zip and
imports everything there. These check the pieces on small examples.
"""

from __future__ import annotations

import ast
import io
import sys
import zipfile

import pytest

from tools.stdlib_trim import (
    NOT_FOLLOWED,
    RECORDED,
    codecs_named,
    imported_by,
    kept_modules,
    module_path,
    recorded,
    trim,
)

IN_PYODIDE = sys.platform == "emscripten"


def imports(source: str, name: str = "pkg.mod", is_package: bool = False) -> set[str]:
    """What ``imported_by`` finds in ``source``, the code of module ``name``."""
    return imported_by(ast.parse(source), name, is_package)


def test_imports_anywhere_are_followed_with_their_parents():
    source = "import a.b\ndef f():\n    from c import d\ntry:\n    import e\nexcept ImportError:\n    pass\n"
    assert imports(source) == {"a", "a.b", "c", "c.d", "e"}


def test_relative_imports_are_resolved_from_the_module_or_the_package():
    assert imports("from . import sibling\nfrom .. import up", name="pkg.sub.mod") >= {"pkg.sub.sibling", "pkg.up"}
    assert "pkg.child" in imports("from .child import x", name="pkg", is_package=True)


def test_blocks_and_functions_that_never_run_in_a_page_are_not_followed():
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    import typed\n"
        "if sys.platform == 'win32':\n    import winonly\nelse:\n    import posixonly\n"
        "def main():\n    import argparse\n"
        "if __name__ == '__main__':\n    import cli\n"
    )
    found = imports(source)
    assert "posixonly" in found
    assert not found & {"typed", "winonly", "argparse", "cli"}


def fake_stdlib(modules: dict[str, str]) -> zipfile.ZipFile:
    """A zip of module sources by path, as npm's python_stdlib.zip lays them out."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        for path, source in modules.items():
            archive.writestr(path, source)
    return zipfile.ZipFile(data)


@pytest.mark.skipif(not IN_PYODIDE, reason="asks Pyodide's interpreter which modules are frozen")
def test_the_closure_stops_at_not_followed_modules_and_leaves_frozen_ones_out():
    stdlib = fake_stdlib(
        {
            "app.py": "import helper\nimport os\n",
            "helper/__init__.py": "def later():\n    import lazy\n    import pdb\n",
            "lazy.py": "",
            "pdb.py": "import never\n",
            "never.py": "",
            "os.py": "import posix_helper\n",  # frozen in the interpreter: followed, not kept
            "posix_helper.py": "",
            "unused.py": "",
        }
    )
    assert "pdb" in NOT_FOLLOWED
    assert kept_modules(stdlib, {"app"}) == {"app", "helper", "lazy", "posix_helper"}


@pytest.mark.skipif(not IN_PYODIDE, reason="parses Pyodide's own standard library")
def test_the_cut_zip_holds_the_recorded_modules_stored_and_is_the_same_each_time(tmp_path):
    count, total = trim(target=tmp_path / "one.zip")
    trim(target=tmp_path / "two.zip")
    assert (tmp_path / "one.zip").read_bytes() == (tmp_path / "two.zip").read_bytes()
    archive = zipfile.ZipFile(tmp_path / "one.zip")
    assert len(archive.namelist()) == count < total / 2
    assert {entry.compress_type for entry in archive.infolist()} == {zipfile.ZIP_STORED}
    # The modules every start loads are bytecode, the others sources.
    names = {name.removesuffix("c") for name in archive.namelist()}
    assert not [name for name in recorded() if module_path(names, name) is None]
    assert {name.endswith(".pyc") for name in archive.namelist()} == {True, False}


def test_the_recorded_list_is_committed():
    assert RECORDED.exists()
    assert "json" in recorded() and "game" not in recorded()


def test_codecs_named_in_codec_calls_are_kept():
    source = "name.decode(self.metadata_encoding or 'cp437')\nopen(path, encoding='latin-1')\nTABLE = ['koi8_r']\n"
    assert codecs_named(ast.parse(source)) == {"encodings.cp437", "encodings.latin_1"}
