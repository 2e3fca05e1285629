"""The one executor of the engine's effects: each effect the engine sends, by its class name, and what the page does
with it (game/web/effects.py says what each means). MicroPython, on the page's thread.

The table's edits go to static/js/redraw.js, the table's one writer (a small JavaScript module: bench/README.md has
the click-to-paint figures that kept it); every timer the engine starts runs through its ``later()``, and each that
runs goes back to the engine by its number. The room's transport and the sounds are imported when the first effect
that needs them comes: a solo game never loads the first, a silent one never the second.
"""

import sys

import js
from pyscript.ffi import to_js

from game.web.page.dom import REDRAW, ROOT, by_id, document, replace_url, window
from game.web.page.engine import engine
from game.web.page.storage import store

MAX_ANNOUNCED = 30  # the live region's lines kept: removing old ones is not announced, and keeps it small
timers = {}  # the engine's timers due, by number


def carry_out(effects):
    """Carry out ``effects`` (a JavaScript array of effects as the engine sends them), in order."""
    for index in range(effects.length):
        effect = effects[index]
        carry = EFFECTS.get(effect.effect)
        if carry is None:
            js.console.error("Face Down: no page code for the effect " + str(effect.effect) + ".")
        else:
            carry(effect)


def say_text(text, notice=False):
    """Show ``text`` in the message line (``""`` clears it): an error, or with ``notice`` news that is none."""
    box = by_id("message")
    if not text and box.hidden:
        return  # nothing to clear: writing it anyway would have the browser restyle it
    box.textContent = text
    box.hidden = not text
    box.classList.toggle("notice", bool(notice))


def write(effect):
    element = by_id(effect.element)
    if effect.html:
        element.innerHTML = effect.text
    else:
        element.textContent = effect.text


def show(effect):
    by_id(effect.element).hidden = not effect.shown


def add_log(effect):
    listed = by_id("log").firstElementChild
    listed.insertAdjacentHTML("afterbegin", effect.items)
    for _ in range(effect.dropped):
        listed.lastElementChild.remove()


def announce(effect):
    # Each line its own node: a screen reader reads every one (a region whose text is replaced is read for its
    # last version only).
    announcer = by_id("announcer")
    for index in range(effect.lines.length):
        paragraph = document.createElement("p")
        paragraph.textContent = effect.lines[index]
        announcer.append(paragraph)
    while announcer.childElementCount > MAX_ANNOUNCED:
        announcer.firstElementChild.remove()


def focus(effect):
    element = document.querySelector(effect.selector)
    if element is not None:
        element.focus()


def over(effect):
    # The embed tells the parent page from these (game.web.page.embed).
    if effect.result is None:
        ROOT.removeAttribute("data-over")
        ROOT.removeAttribute("data-result")
    else:
        ROOT.dataset.result = effect.result
        ROOT.dataset.over = "true"


def after(effect):
    number = effect.id

    def run():
        timers.pop(number, None)
        engine.post({"type": "timer", "id": number, "status": room_status()})

    timers[number] = REDRAW.later(run, effect.delay_ms, effect.after_paint)


def cancel(effect):
    due = timers.pop(effect.id, None)
    if due is not None:
        due.cancel()


def store_effect(effect):
    if engine.pending_save is not None and engine.pending_save[0] == effect.key:
        engine.pending_save = None
    store(effect.key, effect.text)


def unsaved(effect):
    engine.pending_save = (effect.key, effect.text)


def mark(effect):
    if effect.value is None:
        ROOT.removeAttribute("data-" + effect.name)
    else:
        ROOT.setAttribute("data-" + effect.name, effect.value)
    if effect.name == "ready":
        from game.web.page.offline import when_idle_after_ready

        when_idle_after_ready()


def open_effect(effect):
    by_id(effect.element).open = effect.open


def attribute(effect):
    by_id(effect.element).setAttribute(effect.name, effect.value)


def fields_effect(effect):
    fields = by_id(effect.form).elements
    names = js.Object.keys(effect.values)
    for index in range(names.length):
        name = names[index]
        value = effect.values[name]
        if value is None:
            continue
        field = fields.namedItem(name)
        if field.type == "checkbox":
            field.checked = value
        else:
            field.value = value


def picker_status(effect):
    document.querySelector("#picker .picker-status").textContent = effect.text
    by_id("new-game").open = True


def query(effect):
    replace_url("?" + js.URLSearchParams.new(effect.params).toString(), window.location.hash)


def download(effect):
    link = document.createElement("a")
    link.href = js.URL.createObjectURL(js.Blob.new(to_js([effect.text]), to_js({"type": "application/json"})))
    link.download = effect.name
    link.click()
    js.setTimeout(lambda: js.URL.revokeObjectURL(link.href), 0)


def show_invite(effect):
    # The link and its QR code show together, once the QR code's generator is loaded.
    def drawn(svg):
        invite = by_id("room-invite")
        invite.innerHTML = effect.html
        invite.querySelector(".room-qr").innerHTML = svg

    def failed(error):
        js.console.error("Face Down could not draw the invite's QR code:", error)

    js.faceDownNet.qrSvg(effect.link).then(drawn, failed)


def show_lobby(effect):
    fold = document.querySelector("#room .room-fold")
    unfolded = fold is not None and fold.open  # a player who opened the folded lobby keeps it open
    by_id("room-lobby").innerHTML = effect.html
    folded = document.querySelector("#room .room-fold")
    if folded is not None:
        folded.open = unfolded


def predicted_edit(effect):
    """A Predict's edit as redraw.js keeps it: the edit, with the move's save for a page put away first."""
    edit = js.Object.assign(js.Object.new(), effect.edit)
    edit.save = effect.save
    return edit


def transport():
    """The room's transport (imported with the first room effect or timer)."""
    from game.web.page.transport import transport

    return transport


def room_status():
    """The room transport's status for a timer's message, or ``None`` outside a room (its module not loaded)."""
    loaded = sys.modules.get("game.web.page.transport")
    return None if loaded is None else loaded.transport.status()


def sound():
    """The table's sounds (imported with the first Sound effect)."""
    from game.web.page.sound import sound

    return sound


EFFECTS = {
    "DrawTable": lambda effect: REDRAW.apply(by_id("table"), effect),
    "Predict": lambda effect: REDRAW.predictClick(effect.key, predicted_edit(effect), effect.version),
    "Write": write,
    "Show": show,
    "AddLog": add_log,
    "Announce": announce,
    "Focus": focus,
    "Sound": lambda effect: sound().play(effect.cue),
    "Over": over,
    "Say": lambda effect: say_text(effect.text, effect.notice),
    "After": after,
    "Cancel": cancel,
    "Store": store_effect,
    "Unsaved": unsaved,
    "Mark": mark,
    "Open": open_effect,
    "Attribute": attribute,
    "Fields": fields_effect,
    "PickerStatus": picker_status,
    "Query": query,
    "Fragment": lambda effect: replace_url(window.location.search, effect.text),
    "Reload": lambda _: window.location.reload(),
    "Sprite": lambda effect: document.body.insertAdjacentHTML("afterbegin", effect.html),
    "Download": download,
    "OpenTransport": lambda effect: transport().open(effect.gen, effect.kind, effect.room, effect.key),
    "CloseTransport": lambda _: transport().close(),
    "Send": lambda effect: transport().send(effect.peer, effect.text),
    "ShowInvite": show_invite,
    "ShowLobby": show_lobby,
}
"""Each effect the engine sends, by its class name: what the page does with it."""
