"""Bytecode for the site's zips: docstrings of the kinds asked and every column left out, no line moved."""

from __future__ import annotations

import ast
import importlib.util
import marshal
import types

from tools.bytecode import pyc, without_columns, without_docstrings

SOURCE = b'''"""The module's docstring."""


class Card:
    """A class's docstring."""

    def flip(self, count):
        """A function's docstring."""
        total = (count
                 + 1)
        return total * self.side(count)


def only_a_docstring():
    """Nothing else."""
'''


def code_objects(code: types.CodeType):
    """``code`` and every code object nested in it."""
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from code_objects(constant)


def compiled(tree: ast.Module) -> types.CodeType:
    return compile(tree, "cards.py", "exec", dont_inherit=True)


def columns(code: types.CodeType) -> set[tuple[int | None, int | None]]:
    """The column ranges of the instructions in ``code``, but the (0, 0) the compiler gives the ones it adds
    (a function's start, say)."""
    return {(start, end) for each in code_objects(code) for *_, start, end in each.co_positions()} - {(0, 0)}


def lines(code: types.CodeType) -> set[tuple[str, int | None]]:
    return {(each.co_name, line) for each in code_objects(code) for *_, line in each.co_lines()}


def test_columns_are_left_out_and_every_instruction_keeps_its_line():
    original = compiled(ast.parse(SOURCE))
    bare = compiled(without_columns(ast.parse(SOURCE)))
    assert len(columns(original)) > 1
    assert columns(bare) == {(None, None)}
    assert lines(bare) == lines(original)
    assert len(marshal.dumps(bare)) < len(marshal.dumps(original))


def test_docstrings_are_dropped_only_for_the_kinds_asked():
    def docstrings(tree: ast.Module) -> set[str]:
        return {
            ast.get_docstring(node)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        } - {None}

    everything = without_docstrings(ast.parse(SOURCE))
    assert docstrings(everything) == set()
    no_functions = without_docstrings(ast.parse(SOURCE), ast.FunctionDef)
    assert docstrings(no_functions) == {"The module's docstring.", "A class's docstring."}
    namespace: dict = {}
    exec(compiled(everything), namespace)  # a function that was only a docstring still compiles
    assert namespace["only_a_docstring"]() is None


def test_the_pyc_depends_on_the_source_alone_and_loads_without_columns():
    data = pyc(SOURCE, ast.parse(SOURCE), "cards.py")
    assert data == pyc(SOURCE, ast.parse(SOURCE), "cards.py")
    assert data[:4] == importlib.util.MAGIC_NUMBER
    assert data[8:16] == importlib.util.source_hash(SOURCE)
    code = marshal.loads(data[16:])
    assert code.co_filename == "cards.py"
    assert columns(code) == {(None, None)}
