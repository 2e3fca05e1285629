"""The page's events, each bound to a Python function here: clicks on spots, action buttons and commands, the picker
and the settings, the room's fields, a press on the table, the page put away, and the table's own news from
static/js/redraw.js (a click drawn ahead shown and painted, a grid that fits bigger cards turned, a resized box).
Each becomes a message for the engine (:mod:`game.web.page.engine`). MicroPython, on the page's thread.

What decides nothing answers here without the engine, even while it loads: the menu's panels, copying the invite
link, a Start pressed early (the engine starts that game once it is ready).
"""

import sys

import js

from game.web.page.dom import REDRAW, ROOT, attr, by_id, document, listen, window
from game.web.page.engine import engine
from game.web.page.forms import picker_fields, settings_fields
from game.web.page.storage import store


def open_panel(name):
    """A menu entry: its panel opens over the table."""
    menu = by_id("menu")  # the embed has none
    if menu is not None:
        menu.open = False
    panel = by_id(name)
    panel.open = True
    panel.scrollIntoView()
    panel.querySelector("summary").focus()


def copy_invite():
    field = by_id("room-link")
    if field is None:
        return
    field.select()
    # The clipboard may be missing (a page not served over https) or refused: the link is selected anyway.
    clipboard = attr(window.navigator, "clipboard")
    if clipboard is not None:
        clipboard.writeText(field.value).catch(lambda _: None)


# Page chrome: no game decision, so it needs no engine.
LOCAL_COMMANDS = {
    "new": lambda: open_panel("new-game"),
    "settings": lambda: open_panel("settings"),
    "records": lambda: open_panel("records"),  # the engine keeps its list written
    "room-copy": copy_invite,
}


def on_click(event):
    """A click: a command, an action button or a spot on the table (drawn ahead by redraw.js where it can).

    Bound capturing, so that a click drawn ahead, or on an action button of the last move's, goes no further: the
    page is the move's already, and nothing else on the page hears of it.
    """
    target = event.target
    if target is None or attr(target, "closest") is None:
        return
    if REDRAW.click(target) is not None:
        event.stopPropagation()
        return
    command = target.closest("[data-command]")
    if command is not None:
        name = command.dataset.command
        if name in LOCAL_COMMANDS:
            LOCAL_COMMANDS[name]()
            return
        seat = command.getAttribute("data-seat")
        picker = picker_fields() if name in ("room-create", "room-configure") else None
        message = {"type": "command", "command": name, "seat": int(seat) if seat else None, "picker": picker}
        engine.post(message, not name.startswith("room-"))
        return
    action = target.closest("#table [data-action]")
    if action is not None:
        engine.post({"type": "action", "index": int(action.dataset.action), "version": REDRAW.version()}, True)
        return
    spot = target.closest("#table [data-pos]")
    if spot is not None:
        engine.post({"type": "spot", "pos": spot.dataset.pos, "version": REDRAW.version()}, True)


def on_submit(event):
    """The picker's Start: the game starts, or, before the engine is ready, once it is."""
    if event.target.id != "picker":
        return
    event.preventDefault()
    if engine.worker is not None:
        engine.post({"type": "picker", "picker": picker_fields()})
        return
    ROOT.dataset.startRequested = "true"
    document.querySelector("#picker .picker-status").textContent = "Starting as soon as the engine is ready…"


def on_change(event):
    """A field changed: the picker's (noted), the settings (sent) or the room's (its name, a file, a seat)."""
    target = event.target
    if target.closest("#picker") is not None:
        ROOT.dataset.picked = "true"
    if target.closest("#settings-form") is not None:
        engine.post({"type": "settings", "settings": settings_fields()})
    if target.closest("#room") is None:
        return
    if target.name == "room-name":
        engine.post({"type": "room-name", "value": target.value})
    elif target.hasAttribute("data-room-import") and target.files.length:
        target.files[0].text().then(lambda text: engine.post({"type": "room-import", "text": text}))
    elif target.hasAttribute("data-room-assign") and target.value:
        engine.post({"type": "room-assign", "seat": int(target.dataset.seat), "value": target.value})


def on_hidden(_event):
    """The page is put away or closed: a click drawn ahead is played first, then the last move's save is kept at
    once, and the sound rests."""
    REDRAW.playPending()
    sounds = sys.modules.get("game.web.page.sound")  # none played yet: nothing to rest
    if document.hidden and sounds is not None:
        sounds.sound.hidden()
    if engine.pending_save is not None:
        store(engine.pending_save[0], engine.pending_save[1])
    engine.pending_save = None
    engine.post({"type": "hidden"})


def on_press(event):
    """A press on one of the table's buttons leaves the focus where it was, as Safari always does.

    Chromium and Firefox would focus the pressed button, and the redraw that follows the click often replaces
    that very button: taking the focus from it makes the browser lay the page out at once, inside the click's
    handler (0.5 ms and more, in a third of Cambio's clicks). Keyboard play keeps its focus as before.
    """
    if event.button == 0 and attr(event.target, "closest") is not None and event.target.closest("#table button"):
        event.preventDefault()


def on_turn(turned):
    """The table's grid gives bigger cards drawn turned a quarter (or back): the engine draws it so, if the page
    still shows the table it was tried on."""
    engine.post({"type": "turn", "turned": turned, "version": REDRAW.version()}, True)


def on_predicted(key, version):
    """A click drawn ahead is on the page, its frame painted: the engine plays it."""
    engine.post({"type": "predicted", "key": key, "version": version}, True)


def on_shown_ahead(edit):
    """A click drawn ahead shows its move, which the engine has not played yet: keep its save if the page goes."""
    save = attr(edit, "save")
    engine.pending_save = (save.key, save.text) if save is not None else None


def bind():
    """Bind the page's events and the table's news to the functions above."""
    listen(document, "click", on_click, True)
    listen(document, "submit", on_submit)
    listen(document, "change", on_change)
    listen(window, "pagehide", on_hidden)
    listen(document, "visibilitychange", on_hidden)
    listen(document, "mousedown", on_press)
    table = by_id("table")
    if table is not None:
        js.ResizeObserver.new(lambda *_: REDRAW.resized()).observe(table)
    REDRAW.onTurn(on_turn)
    REDRAW.onPredictedClick(on_predicted, on_shown_ahead)
