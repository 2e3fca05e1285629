"""Bytecode for the site's two zips, the engine's (tools/pack_engine.py) and the standard library's
(tools/stdlib_trim.py): a module's source compiled to ``.pyc`` bytes with less to download.

Two things are left out of the syntax tree before it is compiled, and no line moves:

- docstrings, of the kinds of definition the caller names;
- the columns of each instruction (PEP 657), which only the ``^^^^`` under a traceback's line uses. They were
  a fifth of the bytecode and compress badly: both zips' gzip -9 went from 1.71 to 1.32 MB without them
  (bench/README.md). A traceback still names each file and line.

Run by Pyodide's Python for the site, since bytecode is read only by the Python version that wrote it.
"""

from __future__ import annotations

import ast
import importlib._bootstrap_external
import importlib.util

DEFINITIONS = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef


def without_docstrings(tree: ast.Module, kinds: type | tuple[type, ...] = DEFINITIONS) -> ast.Module:
    """``tree`` with the docstrings of its definitions of ``kinds`` dropped (a ``pass`` where one was the whole
    body); no line moves."""
    for node in ast.walk(tree):
        if isinstance(node, kinds) and ast.get_docstring(node, clean=False) is not None:
            docstring = node.body.pop(0)
            node.body = node.body or [ast.copy_location(ast.Pass(), docstring)]
    return tree


def without_columns(tree: ast.Module) -> ast.Module:
    """``tree`` with every node's columns unset and its end on its first line, so that the compiler writes
    the short "line only" entry for each instruction."""
    for node in ast.walk(tree):
        if "col_offset" in node._attributes:
            node.col_offset = node.end_col_offset = -1
            node.end_lineno = node.lineno
    return tree


def pyc(source: bytes, tree: ast.Module, filename: str) -> bytes:
    """The ``.pyc`` bytes of ``tree`` (parsed from ``source``), its columns left out, its code named
    ``filename`` for tracebacks. An unchecked-hash header holds no date: the bytes depend on the source alone."""
    code = compile(without_columns(tree), filename, "exec", dont_inherit=True)
    source_hash = importlib.util.source_hash(source)
    return bytes(importlib._bootstrap_external._code_to_hash_pyc(code, source_hash, checked=False))
