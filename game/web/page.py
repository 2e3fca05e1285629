"""The page's own Python: every event handler of the page, and the one executor of the engine's effects.

PyScript runs this module in MicroPython on the page's thread (index.html's ``<script type="mpy">``), in a few
milliseconds; the engine runs in Pyodide in PyScript's named worker ``engine`` (:mod:`game.web.worker`), which
this page reaches through ``pyscript.workers``. Here:

- every listener of the page is bound: clicks on spots, action buttons and commands, the picker and the
  settings, the keys, the menu's panels, the room's fields, the page being put away, the service worker's news
  and the room transport's news. Each becomes a message for the engine (:meth:`game.web.app.App.handle` says
  which), a JSON object with a ``type``, sent in order; the engine answers each with its effects;
- :data:`EFFECTS` carries the effects out, in order, by their class name (game/web/screen.py, roomscreen.py and
  bridge.py say what each means). The table's edits go to static/js/redraw.js, the table's one writer (a small
  JavaScript module: bench/README.md has the click-to-paint figures that kept it); every timer the engine starts
  runs through its ``later()``, and each that runs goes back to the engine by its number;
- what decides nothing answers here while the engine loads: the menu's panels, copying the invite link, a Start
  pressed early (the engine starts that game once it is ready).

MicroPython has no ``__future__`` module, so this module alone has no ``from __future__ import annotations``; it
uses no annotations that would need one, and no module of CPython's standard library beyond ``json``.
"""

import json
import math

import js
from pyscript import document, when, workers
from pyscript.ffi import to_js

# The page's window itself (pyscript's ``window`` on the page's thread is the global scope, the ``js`` module, which
# an event listener cannot be bound on).
window = js.window
ROOT = document.documentElement
STORAGE_PREFIX = "face-down/"
MAX_ANNOUNCED = 30  # the live region's lines kept: removing old ones is not announced, and keeps it small
EMBEDDED = document.querySelector('meta[name="face-down-embed"]') is not None
REDRAW = js.faceDownRedraw


def attr(thing, name):
    """``thing.name``, or ``None`` where JavaScript has none (MicroPython raises AttributeError for undefined)."""
    return getattr(thing, name, None)


def by_id(name):
    """The element whose id is ``name`` (``None`` if the page has none: the embed has no menu)."""
    return document.getElementById(name)


class Engine:
    """The engine's worker as this page talks to it: messages in order, one answer each, counted for the tests."""

    def __init__(self):
        self.worker = None  # the worker's exports, once it is ready
        self.unanswered = []  # for each message sent and not answered: whether the table waits for its answer
        self.held = 0
        self.when_answered = []  # resolvers of faceDownAnswered() promises
        self.pending_save = None  # (key, text): the last move's save, not yet due
        self.kept = []  # the promises handed to JavaScript last (handed)

    def post(self, message, on_table=False):
        """Send ``message`` (a dict) to the engine; with ``on_table``, the table is busy until it answers."""
        if self.worker is None:
            return
        message["location"] = place()
        self.unanswered.append(on_table)
        if on_table:
            self.held += 1
            if self.held == 1:
                REDRAW.hold(True)
        self.worker.handle(json.dumps(message)).then(self.answered, self.failed)

    def answered(self, effects):
        """The engine's answer to the oldest message: carry its effects out."""
        if effects is None:
            # Seen about once in 300 calls of the worker's exports (bench/README.md, issue 37): PyScript's channel
            # handed back no value. Said, and counted, so that the page goes on.
            js.console.error("Face Down: the engine's answer was lost on its way to the page.")
        else:
            carry_out(effects)
        self.count_answer()

    def failed(self, error):
        """The engine failed on a message: that is its answer, said on the console."""
        js.console.error("Face Down:", error)
        self.count_answer()

    def count_answer(self):
        if self.unanswered.pop(0):
            self.held -= 1
            if self.held == 0:
                REDRAW.hold(False)
        if not self.unanswered:
            for resolve in self.when_answered:
                resolve(None)
            self.when_answered = []

    def all_answered(self, *_):
        """A promise that the engine has answered every message sent."""

        def wait(resolve, _reject):
            if self.unanswered:
                self.when_answered.append(resolve)
            else:
                resolve(None)

        return self.handed(js.Promise.new(wait))

    def handed(self, promise):
        """``promise``, kept here a while: MicroPython may otherwise free a JavaScript object that a Python function
        returns to JavaScript before the caller has it (measured: 36 of 3,000 calls came back undefined)."""
        self.kept = self.kept[-15:]  # (MicroPython has no [*list, item])
        self.kept.append(promise)
        return promise

    def settled(self, *_):
        """A promise that the page has drawn and saved its last move: every message answered, then the frame
        showing that painted and what waited for it (the timers asked for then, such as the save) answered too."""

        def painted(*_):
            return self.handed(js.Promise.new(lambda resolve, _reject: REDRAW.later(resolve, 0, True)))

        return self.handed(self.all_answered().then(painted).then(self.all_answered))


engine = Engine()


def listed(array):
    """A JavaScript array's items, as a Python list."""
    return [array[index] for index in range(array.length)]


def query_pairs(search):
    """The (name, value) pairs of the URL query ``search``, in order."""
    return [(pair[0], pair[1]) for pair in listed(getattr(js.Array, "from")(js.URLSearchParams.new(search)))]


def place():
    """The page's URL, as the engine reads it: its parts, and its query as a dict."""
    location = window.location
    params = dict(query_pairs(location.search))
    return {
        "origin": location.origin,
        "pathname": location.pathname,
        "search": location.search,
        "hash": location.hash,
        "params": params,
    }


# --- storage ------------------------------------------------------------------------------------------------


def storage():
    """This browser's storage of the page's own keys (``face-down/...``); empty where there is none (a sandbox)."""
    found = {}
    try:
        local = window.localStorage
        for index in range(local.length):
            key = local.key(index)
            if key.startswith(STORAGE_PREFIX):
                found[key] = local.getItem(key)
    except Exception:  # no storage here: nothing was kept
        pass
    return found


def store(key, text):
    """Keep ``text`` under ``key`` (``None``: forget it); a browser that refuses is said on the console."""
    try:
        if text is None:
            window.localStorage.removeItem(key)
        else:
            window.localStorage.setItem(key, text)
    except Exception as error:
        js.console.info("Face Down could not keep this in the browser's storage:", str(error))


# --- the forms ----------------------------------------------------------------------------------------------


def picker_fields():
    """The picker's choice as URL parameters: the game, the level, the names and the game's own fields."""
    form = by_id("picker")
    game = form.elements.namedItem("game").value
    params = {"game": game, "level": form.elements.namedItem("level").value}
    names = form.elements.namedItem("names").value.strip()
    if names:
        params["names"] = names
    fields = form.querySelectorAll('fieldset[data-game="' + game + '"] [name]')
    for index in range(fields.length):
        field = fields[index]
        params[field.name] = str(field.checked).lower() if field.type == "checkbox" else field.value
    return params


def settings_fields():
    """The settings form's values."""
    fields = by_id("settings-form").elements
    return {
        "look": fields.namedItem("look").value,
        "speed": fields.namedItem("speed").value,
        "suits": bool(fields.namedItem("suits").checked),
        "sound": fields.namedItem("sound").value,
        "name": fields.namedItem("name").value,
    }


# --- the effects ----------------------------------------------------------------------------------------------

timers = {}  # the engine's timers due, by number


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
    # The embed tells the parent page from these (watch_markers).
    if effect.result is None:
        ROOT.removeAttribute("data-over")
        ROOT.removeAttribute("data-result")
    else:
        ROOT.dataset.result = effect.result
        ROOT.dataset.over = "true"


def say(effect):
    say_text(effect.text, effect.notice)


def say_text(text, notice=False):
    """Show ``text`` in the message line (``""`` clears it): an error, or with ``notice`` news that is none."""
    box = by_id("message")
    if not text and box.hidden:
        return  # nothing to clear: writing it anyway would have the browser restyle it
    box.textContent = text
    box.hidden = not text
    box.classList.toggle("notice", bool(notice))


def after(effect):
    number = effect.id

    def run():
        timers.pop(number, None)
        engine.post({"type": "timer", "id": number, "status": transport.status()})

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
        when_idle(after_ready)


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
    search = js.URLSearchParams.new(effect.params)
    window.history.replaceState(None, "", window.location.pathname + "?" + search.toString() + window.location.hash)


def fragment(effect):
    window.history.replaceState(None, "", window.location.pathname + window.location.search + effect.text)


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


EFFECTS = {
    "DrawTable": lambda effect: REDRAW.apply(by_id("table"), effect),
    "Predict": lambda effect: REDRAW.predictClick(effect.key, predicted_edit(effect), effect.version),
    "Write": write,
    "Show": show,
    "AddLog": add_log,
    "Announce": announce,
    "Focus": focus,
    "Sound": lambda effect: sound.play(effect.cue),
    "Over": over,
    "Say": say,
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
    "Fragment": fragment,
    "Reload": lambda _: window.location.reload(),
    "Sprite": lambda effect: document.body.insertAdjacentHTML("afterbegin", effect.html),
    "Download": download,
    "OpenTransport": lambda effect: transport.open(effect.gen, effect.kind, effect.room, effect.key),
    "CloseTransport": lambda _: transport.close(),
    "Send": lambda effect: transport.send(effect.peer, effect.text),
    "ShowInvite": show_invite,
    "ShowLobby": show_lobby,
}
"""Each effect the engine sends, by its class name: what the page does with it (the one executor)."""


def predicted_edit(effect):
    """A Predict's edit as redraw.js keeps it: the edit, with the move's save for a page put away first."""
    edit = js.Object.assign(js.Object.new(), effect.edit)
    edit.save = effect.save
    return edit


def carry_out(effects):
    """Carry out ``effects`` (a JavaScript array of effects as the engine sends them), in order."""
    for index in range(effects.length):
        effect = effects[index]
        carry = EFFECTS.get(effect.effect)
        if carry is None:
            js.console.error("Face Down: no page code for the effect " + str(effect.effect) + ".")
        else:
            carry(effect)


# --- the room's transport -------------------------------------------------------------------------------------


class Transport:
    """The room's transport (static/js/rooms.js loads it): opened and closed by the engine's effects, its news
    sent to the engine numbered by the transport it came from (``gen``), whatever kind of news it is."""

    def __init__(self):
        self.opened = None
        self.gen = None  # the number of the transport the engine wants open

    def open(self, gen, kind, room, key):
        self.gen = gen
        listeners = js.Object.new()
        listeners.open = lambda opened: self.on_open(gen, opened)
        listeners.news = lambda event, *args: self.news(gen, event, list(args))

        def done(opened):
            if opened is not None and attr(opened, "refused") is not None:
                self.news(gen, "refused", [opened.refused])  # the link's network settings are wrong
            elif self.gen != gen and opened is not None:
                opened.leave()  # the room was left while it opened

        def broke(error):
            js.console.error("Face Down's room network failed:", error)
            self.news(gen, "broke", [str(error)])

        js.faceDownNet.open(kind, room, key, listeners).then(done, broke)

    def on_open(self, gen, opened):
        if self.gen != gen:
            return
        self.opened = opened
        self.news(gen, "open", [opened.selfId])

    def news(self, gen, event, args):
        if self.gen == gen:
            engine.post({"type": "net", "gen": gen, "event": event, "args": [plain(arg) for arg in args]})

    def close(self):
        self.gen = None
        if self.opened is not None:
            self.opened.leave()
        self.opened = None

    def send(self, peer, text):
        if self.opened is not None:
            self.opened.send(peer, text)

    def status(self):
        """The transport's status for a timer's message (how many relays, which peers heard), or ``None``."""
        if self.opened is None:
            return None
        status = self.opened.status()
        return {"relays": status.relays, "heard": [plain(peer) for peer in listed(status.heard)]}


def plain(value):
    """``value`` from JavaScript as JSON takes it: a string, number, bool or ``None`` as it is, else its text."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


transport = Transport()


# --- sounds ---------------------------------------------------------------------------------------------------


# Each tone: (frequency in Hz, length in s, wave); a cue's tones follow one another.
TONES = {
    "flip": ((880, 0.04, "triangle"),),
    "pair": ((523, 0.07, "sine"), (784, 0.12, "sine")),
    "snap": ((1046, 0.06, "square"),),
    "snap-wrong": ((196, 0.09, "sawtooth"), (147, 0.14, "sawtooth")),
    "call": ((392, 0.08, "triangle"), (523, 0.08, "triangle"), (659, 0.16, "triangle")),
    "win": ((523, 0.09, "sine"), (659, 0.09, "sine"), (784, 0.09, "sine"), (1046, 0.25, "sine")),
}
VOLUME = 0.12
BUZZES = {"snap": [35], "snap-wrong": [30, 50, 30], "turn": [20]}  # in ms: on, off, on...


class Sound:
    """The table's sounds and vibrations: short tones made with the Web Audio API (no audio file to download) and
    ``navigator.vibrate`` where the device has it, on the page's thread (a worker has neither).

    The screen says which cue a move makes (its Sound effect); this decides whether it is heard and how it
    sounds. The player's setting is ``<html data-sound>``: "on", "off", or "auto" (also before the engine set
    it), which is on in the page and off in the embed: a blog's reader does not expect a sound from a post.
    Nothing plays while the page is hidden, nor before the player has touched the page: browsers refuse sound
    and vibration until then.
    """

    def __init__(self):
        self.context = None

    def allowed(self):
        setting = attr(ROOT.dataset, "sound") or "auto"
        return setting == "on" or (setting == "auto" and not EMBEDDED)

    def play(self, cue):
        """Play ``cue``'s tones and vibration, where the setting, the page and the device allow."""
        if not self.allowed():
            if self.context is not None:
                self.context.suspend()  # turned off: the audio device rests
            return
        activation = attr(window.navigator, "userActivation")
        if document.hidden or activation is None or not activation.hasBeenActive:
            return
        if cue in BUZZES and attr(window.navigator, "vibrate") is not None:
            window.navigator.vibrate(BUZZES[cue])
        if cue not in TONES or self.audio() is None:
            return
        at = self.context.currentTime
        for note in TONES[cue]:
            self.tone(at, note)
            at += note[1]

    def audio(self):
        if self.context is None and attr(window, "AudioContext") is not None:
            self.context = window.AudioContext.new()
        if self.context is not None and self.context.state == "suspended":
            self.context.resume()
        return self.context

    def tone(self, at, note):
        frequency, length, wave = note
        oscillator = self.context.createOscillator()
        gain = self.context.createGain()
        oscillator.type = wave
        oscillator.frequency.value = frequency
        # A quick rise and a fall to silence: a tone that stops at full volume clicks.
        gain.gain.setValueAtTime(0.0001, at)
        gain.gain.exponentialRampToValueAtTime(VOLUME, at + 0.01)
        gain.gain.exponentialRampToValueAtTime(0.0001, at + length)
        oscillator.connect(gain).connect(self.context.destination)
        oscillator.start(at)
        oscillator.stop(at + length + 0.02)

    def hidden(self):
        if self.context is not None:
            self.context.suspend()


sound = Sound()


# --- the page's events ------------------------------------------------------------------------------------------


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


@when("click", document, capture=True)
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


@when("submit", document)
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


@when("change", document)
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


@when("pagehide", window)
@when("visibilitychange", document)
def on_hidden(_event):
    """The page is put away or closed: a click drawn ahead is played first, then the last move's save is kept at
    once, and the sound rests."""
    REDRAW.playPending()
    if document.hidden:
        sound.hidden()
    if engine.pending_save is not None:
        store(engine.pending_save[0], engine.pending_save[1])
    engine.pending_save = None
    engine.post({"type": "hidden"})


# Arrow keys move the focus between table positions ([data-pos]) by where they are on screen, so the same code works
# for a grid, a row of hands or a scatter of coins. Enter and Space pick, as on any button.
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


@when("keydown", document)
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


@when("mousedown", document)
def on_press(event):
    """A press on one of the table's buttons leaves the focus where it was, as Safari always does.

    Chromium and Firefox would focus the pressed button, and the redraw that follows the click often replaces
    that very button: taking the focus from it makes the browser lay the page out at once, inside the click's
    handler (0.5 ms and more, in a third of Cambio's clicks). Keyboard play keeps its focus as before.
    """
    if event.button == 0 and attr(event.target, "closest") is not None and event.target.closest("#table button"):
        event.preventDefault()


def on_table_resized(*_):
    REDRAW.resized()


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


# --- the embed: its own save slot, and what it tells the page that frames it ---------------------------------------


def utf16(text):
    """``text``'s UTF-16 code units, as JavaScript counts a string's characters."""
    for char in text:
        code = ord(char)
        if code > 0xFFFF:
            yield 0xD800 | ((code - 0x10000) >> 10)
            yield 0xDC00 | ((code - 0x10000) & 0x3FF)
        else:
            yield code


def fnv1a(text):
    """FNV-1a, 32 bits, over UTF-16 units, in base 36: short, stable, and good enough to tell a page's few embeds
    apart (the slots kept by the embed's earlier JavaScript are found again)."""
    value = 0x811C9DC5
    for unit in utf16(text):
        value ^= unit
        value = (value * 0x01000193) & 0xFFFFFFFF
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        value, digit = divmod(value, 36)
        text = digits[digit] + text
        if value == 0:
            return text


def frame_index():
    """This frame's place among its parent's frames (cross-origin, a frame may still count them), or -1."""
    frames = window.parent.frames
    for index in range(frames.length):
        if frames[index] == window:
            return index
    return -1


class Embed:
    """The embed's side of its conversation with the page that frames it (embed.html).

    1. Its own save slot. Unless the URL names one (``save=...``), the slot is derived from the frame's parameters
       and its place among the parent page's frames: two embeds on one page never share a saved game, and each
       finds its own again when the page is reloaded. It is written into the URL before the engine reads it.
    2. Messages to the parent page, each ``{source: "face-down", type, ...}``: ``ready`` once the game is playable;
       ``over`` with ``game``, ``names``, ``winners``, ``scores`` at the end of each game (``<html data-result>``);
       ``resize`` with ``width``, ``height`` whenever the content's size changes. They go to the parent's origin
       when the browser says what it is, and hold nothing a player may not see. The embed listens to no
       messages, so a page can't play moves in it.
    """

    def __init__(self):
        self.framed = window.parent != window
        self.ready_sent = False
        self.last_result = None
        self.last_size = ""
        self.parent_origin = "*"

    def start(self):
        params = js.URLSearchParams.new(window.location.search)
        if not params.has("save"):
            # Sorted as JavaScript sorts [name, value] pairs: by "name,value".
            pairs = sorted(query_pairs(window.location.search), key=lambda pair: pair[0] + "," + pair[1])
            slot = (
                "&".join(name + "=" + value for name, value in pairs) + "#" + str(frame_index() if self.framed else -1)
            )
            params.set("save", "embed-" + fnv1a(slot))
            location = window.location
            window.history.replaceState(None, "", location.pathname + "?" + params.toString() + location.hash)
        if not self.framed:
            return
        ancestors = attr(window.location, "ancestorOrigins")
        if ancestors is not None and ancestors.length:
            self.parent_origin = ancestors[0]
        elif document.referrer:
            self.parent_origin = js.URL.new(document.referrer).origin  # else "*": nothing sent is secret
        options = js.Object.new()
        options.attributes = True
        options.attributeFilter = ["data-ready", "data-over", "data-result"]
        js.MutationObserver.new(self.on_markers).observe(ROOT, options)
        js.ResizeObserver.new(self.on_resize).observe(ROOT)

    def post(self, kind, details):
        message = js.Object.assign(js.Object.new(), details)
        message.source = "face-down"
        message.type = kind
        window.parent.postMessage(message, self.parent_origin)

    def on_markers(self, *_):
        if not self.ready_sent and attr(ROOT.dataset, "ready") == "true":
            self.ready_sent = True
            self.post("ready", js.Object.new())
        result = attr(ROOT.dataset, "result") if attr(ROOT.dataset, "over") == "true" else None
        if result and result != self.last_result:
            self.post("over", js.JSON.parse(result))
        self.last_result = result

    def on_resize(self, *_):
        box = ROOT.getBoundingClientRect()
        width, height = math.ceil(box.width), math.ceil(box.height)
        size = str(width) + "x" + str(height)
        if size == self.last_size:
            return
        self.last_size = size
        details = js.Object.new()
        details.width = width
        details.height = height
        self.post("resize", details)


# --- offline play: the service worker ----------------------------------------------------------------------------


class Offline:
    """Offline play for the hosted site: the service worker (static/js/sw.js) and its news.

    1. Once the app is interactive, register the service worker for the current version of the site, named in
       static/vendor/manifest.json. Waiting for data-ready means its downloads find the files the page has just
       loaded in the HTTP cache instead of competing with them.
    2. When a newer version has been installed beside the running one, offer "Update available — reload". The
       button lets the new worker take over, and every open tab of the site reloads at once, so no page goes on
       with old files while the worker serves new ones. A reload resumes the game from its save.
    Offline play is an extra: without it (a server that doesn't allow the worker's scope, private browsing, no
    network) the game plays on, so a failure is information on the console, not an error.
    """

    def __init__(self):
        self.workers = attr(window.navigator, "serviceWorker")
        self.registration = None
        self.begun = False

    def begin(self):
        """Register the worker (once), and reload the page when a new version takes it over."""
        if self.begun or self.workers is None or window.location.protocol == "file:":
            return
        self.begun = True
        if self.workers.controller is not None:
            when("controllerchange", self.workers)(lambda _event: window.location.reload())
        window.Promise.resolve(self.register())

    async def register(self):
        # The worker lives in static/js/ but serves the whole site, which the server must allow with a
        # Service-Worker-Allowed header (netlify.toml sends it). Asking first keeps a plain static server, where
        # registering would fail with a console error, quiet. A page the worker serves was allowed.
        try:
            if self.workers.controller is None:
                probe = await window.fetch("static/js/sw.js", to_js({"method": "HEAD", "cache": "no-cache"}))
                if not probe.headers.has("Service-Worker-Allowed"):
                    raise ValueError(
                        "the server does not let the worker serve the whole site (no Service-Worker-Allowed header)."
                    )
            # The worker answers this from the network when it can, and from its cache when offline.
            response = await window.fetch("static/vendor/manifest.json", to_js({"cache": "no-cache"}))
            manifest = await response.json()
            options = js.Object.new()
            options.scope = "./"
            self.registration = await self.workers.register("static/js/sw.js?v=" + manifest.version, options)
        except Exception as error:
            js.console.info("Offline play is not available here: " + str(error))
            return
        self.watch()

    def watch(self):
        """Only a worker that arrives while another controls the page is an update; the first one just installs.

        A worker may be installing already: register() resolves, and Chromium may have fired "updatefound" before
        this runs (seen on a busy machine: no offer, a new worker waiting). Watch it, and any later one.
        """
        registration = self.registration
        if registration.waiting is not None and self.workers.controller is not None:
            self.offer()
        self.watch_worker(registration.installing)
        when("updatefound", registration)(lambda _event: self.watch_worker(registration.installing))

    def watch_worker(self, worker):
        if worker is None:
            return

        def changed(_event):
            if worker.state == "installed" and self.workers.controller is not None:
                self.offer()

        when("statechange", worker)(changed)

    def offer(self):
        if by_id("update") is not None:
            return
        banner = document.createElement("div")
        banner.id = "update"
        banner.className = "panel update"
        banner.setAttribute("role", "status")
        button = document.createElement("button")
        button.type = "button"
        button.textContent = "Reload"
        when("click", button)(lambda event: self.take_update(event))  # (PyScript's when() takes no bound method)
        banner.append("Update available — reload to play the new version. ", button)
        document.querySelector("main").prepend(banner)

    def take_update(self, _event):
        waiting = self.registration.waiting
        if waiting is not None:
            waiting.postMessage("skip-waiting")


offline = Offline()


# --- start-up -------------------------------------------------------------------------------------------------------


def when_idle(callback):
    if attr(window, "requestIdleCallback") is not None:
        window.requestIdleCallback(lambda *_: callback(), to_js({"timeout": 2000}))
    else:
        js.setTimeout(callback, 0)


def after_ready():
    """The page is playable and idle: register the service worker, and on a first visit whose Python booted, have
    a snapshot made for the next one (neither in the single-file download: a page opened from a file has no
    Cache Storage nor service worker)."""
    offline.begin()
    if (
        window.location.protocol == "file:"
        or attr(ROOT.dataset, "python") != "booted"
        or attr(ROOT.dataset, "snapshot")
    ):
        return

    def kept(key):
        if key is not None:
            ROOT.dataset.snapshot = "saved"

    engine.worker.snapshot().then(kept)


def expose_for_tests():
    """What tests and bug reports read: the engine's answers, the room it knows of, its Python."""
    window.faceDownAnswered = engine.all_answered
    window.faceDownSettled = engine.settled
    window.faceDownRoom = engine.worker.debug_state
    window.faceDownPython = engine.worker.python


async def start():
    """Bind the table's own watchers, then wait for the engine's worker and hand it the page."""
    if EMBEDDED:
        Embed().start()
    table = by_id("table")
    if table is not None:
        js.ResizeObserver.new(on_table_resized).observe(table)
    REDRAW.onTurn(on_turn)
    REDRAW.onPredictedClick(on_predicted, on_shown_ahead)
    try:
        worker = await workers["engine"]
    except Exception as error:  # its runtime or the engine's wheel did not download, say
        js.console.error("Face Down could not start its engine:", error)
        say_text("The game could not load. Check the connection, then reload the page to try again.")
        return
    ROOT.dataset.python = await worker.started()
    worker.batch = carry_out  # effects of work the engine did on its own, between messages (drawing ahead)
    engine.worker = worker
    expose_for_tests()
    requested = attr(ROOT.dataset, "startRequested") == "true"
    engine.post(
        {
            "type": "boot",
            "storage": storage(),
            "rooms": by_id("room") is not None,
            "menu": by_id("menu") is not None,  # the embed has none: no picker, no records
            "picked": attr(ROOT.dataset, "picked") == "true",
            "start_requested": requested,
            "picker": picker_fields() if requested else None,
        }
    )


await start()  # noqa: F704 (PyScript runs the page's script as a coroutine)
