"""What changed between two JSON values, as a short list of changes, and those changes applied again.

A seat's view is mostly the same from one move to the next (a card turned, a score, whose turn), so the host
sends a connection only the view's changes once it has sent it a whole view (``update``'s ``changes``). A change
is ``[path, value]`` (put ``value`` at ``path``) or ``[path]`` (remove the object key at ``path``); ``path`` is a
list of object keys and list indexes, never empty. Lists of the same length change item by item; a list whose
length changed is put whole. Every value in the changes comes from the new value, so a change carries nothing
the whole new view would not.

    changes = diff(old, new)
    assert patch(old, changes) == new          # old itself is left as it was
"""

from __future__ import annotations

import copy

MAX_PATH = 16  # a view nests a few levels deep; a longer path is not one the host could have made


def diff(old: dict, new: dict) -> list[list]:
    """The changes that turn the object ``old`` into the object ``new`` (JSON values); ``[]`` if they are equal."""
    if not isinstance(old, dict) or not isinstance(new, dict):
        raise ValueError("Changes are made between two objects.")
    changes: list[list] = []
    _diff_object(old, new, [], changes)
    return changes


def _same(old: object, new: object) -> bool:
    # 1 == True and 1 == 1.0 in Python, but not in JSON: the type must match too.
    return type(old) is type(new) and old == new


def _diff_object(old: dict, new: dict, path: list, changes: list[list]) -> None:
    changes.extend([[*path, key]] for key in old if key not in new)
    for key, value in new.items():
        if key in old:
            _diff(old[key], value, [*path, key], changes)
        else:
            changes.append([[*path, key], value])


def _diff(old: object, new: object, path: list, changes: list[list]) -> None:
    if _same(old, new):
        return
    if len(path) < MAX_PATH:
        if isinstance(old, dict) and isinstance(new, dict):
            _diff_object(old, new, path, changes)
            return
        if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
            for index, (before, after) in enumerate(zip(old, new, strict=True)):
                _diff(before, after, [*path, index], changes)
            return
    changes.append([path, new])


def patch(value: object, changes: list) -> object:
    """``value`` with ``changes`` applied (a deep copy: ``value`` is left as it was); ``ValueError`` for a change
    that does not fit it (a path through something that is not there)."""
    result = copy.deepcopy(value)
    for change in changes:
        if not isinstance(change, list) or len(change) not in (1, 2):
            raise ValueError("A change is [path, value] or [path].")
        path = change[0]
        if not isinstance(path, list) or not 0 < len(path) <= MAX_PATH:
            raise ValueError(f"A change's path is a list of 1 to {MAX_PATH} keys and indexes.")
        parent = result
        for step in path[:-1]:
            parent = _child(parent, step)
        _put(parent, path[-1], change[1] if len(change) == 2 else _REMOVE)
    return result


_REMOVE = object()


def _child(parent: object, step: object) -> object:
    if isinstance(parent, dict) and isinstance(step, str) and step in parent:
        return parent[step]
    if isinstance(parent, list) and _is_index(step) and step < len(parent):
        return parent[step]
    raise ValueError(f"A change's path goes through {str(step)[:20]!r}, which is not there.")


def _put(parent: object, step: object, value: object) -> None:
    if isinstance(parent, dict) and isinstance(step, str):
        if value is not _REMOVE:
            parent[step] = value
        elif parent.pop(step, _REMOVE) is _REMOVE:
            raise ValueError(f"A change removes {step[:20]!r}, which is not there.")
        return
    if isinstance(parent, list) and _is_index(step) and step < len(parent) and value is not _REMOVE:
        parent[step] = value
        return
    raise ValueError(f"A change's path ends at {str(step)[:20]!r}, which is not there.")


def _is_index(step: object) -> bool:
    return isinstance(step, int) and not isinstance(step, bool) and step >= 0
