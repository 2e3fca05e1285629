"""Arrow keys move the focus between the table's positions (``[data-pos]``) by where they are on screen, so the same
code works for a grid, a row of hands or a scatter of coins; Enter and Space pick, as on any button. MicroPython, on
the page's thread."""

from game.web.page.dom import attr, document, listen

STEPS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def centre(element):
    box = element.getBoundingClientRect()
    return box.left + box.width / 2, box.top + box.height / 2


def next_position(start, step):
    """The nearest position in the arrow's direction from ``start``, preferring ones straight ahead."""
    dx, dy = step
    x0, y0 = centre(start)
    best, best_score = None, None
    candidates = document.querySelectorAll("#table [data-pos]")
    for index in range(candidates.length):
        candidate = candidates[index]
        if candidate == start:
            continue
        x, y = centre(candidate)
        along = (x - x0) * dx + (y - y0) * dy
        if along <= 1:
            continue
        score = along + 2 * (abs((x - x0) * dy) + abs((y - y0) * dx))
        if best_score is None or score < best_score:
            best, best_score = candidate, score
    return best


def on_key(event):
    """An arrow key: the focus moves to the next position that way (from outside the table: the first choice)."""
    step = STEPS.get(event.key)
    if step is None or event.altKey or event.ctrlKey or event.metaKey:
        return
    positions = document.querySelectorAll("#table [data-pos]")
    if not positions.length:
        return
    current = document.activeElement
    if current is not None and attr(current, "matches") is not None and current.matches("#table [data-pos]"):
        target = next_position(current, step)
    else:
        target = document.querySelector("#table [data-pos][data-legal]") or positions[0]
    if target is not None:
        event.preventDefault()
        target.focus()


def bind():
    """Bind the arrow keys."""
    listen(document, "keydown", on_key)
