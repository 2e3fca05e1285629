// The page adapter: the only code on the page's thread that acts for the game. It starts the page's worker
// (static/js/worker.mjs), where Python runs the engine, the bots, the screen and the room (game/web/app.py),
// forwards what happens on the page to it as messages, and carries out the effects Python sends back, in
// order, by their kind (EFFECTS below: game/web/screen.py, roomscreen.py and bridge.py say what each means).
// It decides nothing about a game: the controller decides, this obeys.
//
// - The table is drawn by static/js/redraw.js (its one writer), which also waits for painted frames: every
//   timer Python starts runs through its later(), and each that runs goes back to Python by its number.
// - A click on the table names the table it was made on (faceDownRedraw.version()): Python drops one made on a
//   table it has redrawn since. Clicks drawn ahead are made by redraw.js in the click's own task; Python plays
//   them once the frame is painted (a "predicted" message).
// - A room's transport lives here (a worker has no RTCPeerConnection): Python opens and closes it and sends
//   through it with effects, and its events go to Python numbered by the transport they came from.
// - Storage: the page's storage (the "face-down/" keys) goes to Python at boot; every write is Python's, as an
//   effect. A game's save comes a frame after its move; the page keeps it at once if it is put away first.
// - Page chrome that decides nothing (the menu's panels, copying the invite link) is handled here, so it answers
//   while Python is still loading; so is a Start pressed early: Python starts that game once it is ready.
(() => {
  "use strict";
  const root = document.documentElement;
  const byId = (id) => document.getElementById(id);
  const SNAPSHOT_NOTE = "face-down-python"; // static/js/python.mjs: the key of the kept Python snapshot
  const STORAGE_PREFIX = "face-down/";
  const MAX_ANNOUNCED = 30; // the live region's lines kept: removing old ones is not announced, and keeps it small

  let worker = null;
  let booted = false; // the boot message went: Python takes the page's messages from now on
  let pendingSave = null; // {key, text}: the last move's save, not yet due
  const timers = new Map(); // Python's timers due, by number
  const asked = new Map(); // faceDownPython's answers due, by number
  let transport = null; // the room's transport, once open
  let transportGen = null; // the number of the transport Python wants open

  // Python answers every message, in order: for each one sent, whether the table waits for its answer.
  const unanswered = [];
  let held = 0;

  function post(message, onTable = false) {
    if (!booted) return;
    worker.postMessage({ ...message, location: place() });
    unanswered.push(onTable);
    if (onTable && ++held === 1) faceDownRedraw.hold(true);
  }

  function answered() {
    if (unanswered.shift() && --held === 0) faceDownRedraw.hold(false);
    if (unanswered.length === 0) for (const done of whenAnswered.splice(0)) done();
  }

  const whenAnswered = []; // callbacks for when Python has answered every message sent

  function allAnswered() {
    return new Promise((done) => (unanswered.length === 0 ? done() : whenAnswered.push(done)));
  }

  function place() {
    const { origin, pathname, search, hash } = location;
    return { origin, pathname, search, hash, params: Object.fromEntries(new URLSearchParams(search)) };
  }

  function storage() {
    const found = {};
    try {
      for (let index = 0; index < localStorage.length; index += 1) {
        const key = localStorage.key(index);
        if (key.startsWith(STORAGE_PREFIX)) found[key] = localStorage.getItem(key);
      }
    } catch {} // no storage here (a sandboxed frame): nothing was kept
    return found;
  }

  function store(key, text) {
    try {
      if (text === null) localStorage.removeItem(key);
      else localStorage.setItem(key, text);
    } catch (error) {
      console.info("Face Down could not keep this in the browser's storage:", String(error));
    }
  }

  function noted() {
    try {
      return localStorage.getItem(SNAPSHOT_NOTE) !== null;
    } catch {
      return false;
    }
  }

  // --- the picker's fields ----------------------------------------------------------------------------------

  function pickerFields() {
    const form = byId("picker");
    const game = form.elements.namedItem("game").value;
    const params = { game, level: form.elements.namedItem("level").value };
    const names = form.elements.namedItem("names").value.trim();
    if (names) params.names = names;
    for (const field of form.querySelectorAll(`fieldset[data-game="${game}"] [name]`)) {
      params[field.name] = field.type === "checkbox" ? String(field.checked) : field.value;
    }
    return params;
  }

  function settingsFields() {
    const form = byId("settings-form");
    const field = (name) => form.elements.namedItem(name);
    return {
      look: field("look").value,
      speed: field("speed").value,
      suits: field("suits").checked,
      sound: field("sound").value,
      name: field("name").value,
    };
  }

  // --- effects ----------------------------------------------------------------------------------------------

  const EFFECTS = {
    DrawTable: (effect) => faceDownRedraw.apply(byId("table"), effect),
    Predict: ({ key, edit, save, version }) => faceDownRedraw.predictClick(key, { ...edit, save }, version),
    Write: ({ element, text, html }) => {
      if (html) byId(element).innerHTML = text;
      else byId(element).textContent = text;
    },
    Show: ({ element, shown }) => {
      byId(element).hidden = !shown;
    },
    AddLog: ({ items, dropped }) => {
      const listed = byId("log").firstElementChild;
      listed.insertAdjacentHTML("afterbegin", items);
      for (let index = 0; index < dropped; index += 1) listed.lastElementChild.remove();
    },
    // Each line its own node: a screen reader reads every one (a region whose text is replaced is read for its
    // last version only).
    Announce: ({ lines }) => {
      const announcer = byId("announcer");
      for (const line of lines) {
        const paragraph = document.createElement("p");
        paragraph.textContent = line;
        announcer.append(paragraph);
      }
      while (announcer.childElementCount > MAX_ANNOUNCED) announcer.firstElementChild.remove();
    },
    Focus: ({ selector }) => document.querySelector(selector)?.focus(),
    // Web Audio and vibration are the page's: a worker has neither (static/js/sound.js decides what is heard).
    Sound: ({ cue }) => faceDownSound.play(cue),
    // The embed's script reads the result from here to tell the parent page (static/js/embed.js).
    Over: ({ result }) => {
      if (result === null) {
        root.removeAttribute("data-over");
        root.removeAttribute("data-result");
      } else {
        root.dataset.result = result;
        root.dataset.over = "true";
      }
    },
    Say: ({ text, notice }) => {
      const box = byId("message");
      if (!text && box.hidden) return; // nothing to clear: writing it anyway would have the browser restyle it
      box.textContent = text;
      box.hidden = !text;
      box.classList.toggle("notice", Boolean(notice));
    },
    After: (effect) => {
      const run = () => {
        timers.delete(effect.id);
        post({ type: "timer", id: effect.id, status: transport?.status() ?? null });
      };
      timers.set(effect.id, faceDownRedraw.later(run, effect.delay_ms, effect.after_paint));
    },
    Cancel: ({ id }) => {
      timers.get(id)?.cancel();
      timers.delete(id);
    },
    Store: ({ key, text }) => {
      if (pendingSave?.key === key) pendingSave = null;
      store(key, text);
    },
    Unsaved: ({ key, text }) => {
      pendingSave = { key, text };
    },
    Mark: ({ name, value }) => {
      if (value === null) root.removeAttribute(`data-${name}`);
      else root.setAttribute(`data-${name}`, value);
      if (name === "ready") whenIdle(snapshotIfBooted);
    },
    Open: ({ element, open }) => {
      byId(element).open = open;
    },
    Attribute: ({ element, name, value }) => byId(element).setAttribute(name, value),
    Fields: ({ form, values }) => {
      const fields = byId(form).elements;
      for (const [name, value] of Object.entries(values)) {
        const field = fields.namedItem(name);
        if (value === null) continue;
        if (field.type === "checkbox") field.checked = value;
        else field.value = value;
      }
    },
    PickerStatus: ({ text }) => {
      document.querySelector("#picker .picker-status").textContent = text;
      byId("new-game").open = true;
    },
    Query: ({ params }) => history.replaceState(null, "", `${location.pathname}?${new URLSearchParams(params)}${location.hash}`),
    Fragment: ({ text }) => history.replaceState(null, "", location.pathname + location.search + text),
    Reload: () => location.reload(),
    Sprite: ({ html }) => document.body.insertAdjacentHTML("afterbegin", html),
    Download: ({ name, text }) => {
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    },
    // --- the room's transport and panel
    OpenTransport: ({ gen, kind, room, key }) => openTransport(gen, kind, room, key),
    CloseTransport: () => {
      transportGen = null;
      transport?.leave();
      transport = null;
    },
    Send: ({ peer, text }) => transport?.send(peer, text),
    // The link and its QR code show together, once the QR code's generator is loaded.
    ShowInvite: ({ link, html }) =>
      faceDownNet.qrSvg(link).then(
        (svg) => {
          const invite = byId("room-invite");
          invite.innerHTML = html;
          invite.querySelector(".room-qr").innerHTML = svg;
        },
        (error) => console.error("Face Down could not draw the invite's QR code:", error),
      ),
    ShowLobby: ({ html }) => {
      const fold = document.querySelector("#room .room-fold");
      const unfolded = Boolean(fold?.open); // a player who opened the folded lobby keeps it open
      byId("room-lobby").innerHTML = html;
      const folded = document.querySelector("#room .room-fold");
      if (folded) folded.open = unfolded;
    },
  };

  function carryOut(effects) {
    for (const effect of effects) {
      const carry = EFFECTS[effect.effect];
      if (carry) carry(effect);
      else console.error(`Face Down: no page code for the effect ${effect.effect}.`);
    }
  }

  // --- the room's transport ---------------------------------------------------------------------------------

  function openTransport(gen, kind, room, key) {
    transportGen = gen;
    const news =
      (event) =>
      (...args) => {
        if (transportGen === gen) post({ type: "net", gen, event, args });
      };
    const listeners = {
      open: (opened) => {
        if (transportGen !== gen) return;
        transport = opened;
        post({ type: "net", gen, event: "open", args: [opened.selfId] });
      },
      join: news("join"),
      leave: news("leave"),
      message: news("message"),
      path: news("path"),
      resumed: news("resumed"),
      relays: news("relays"),
      error: news("error"),
    };
    faceDownNet.open(kind, room, key, listeners).then(
      (opened) => {
        if (opened?.refused) news("refused")(opened.refused); // the link's network settings are wrong
        else if (transportGen !== gen) opened?.leave(); // the room was left while it opened
      },
      (error) => {
        console.error("Face Down's room network failed:", error);
        news("broke")(String(error));
      },
    );
  }

  // --- events from the page ---------------------------------------------------------------------------------

  // Page chrome: no game decision, so it needs no Python.
  const LOCAL_COMMANDS = {
    new: () => openPanel("new-game"),
    settings: () => openPanel("settings"),
    records: () => openPanel("records"), // Python keeps its list written
    "room-copy": () => {
      const field = byId("room-link");
      if (!field) return;
      field.select();
      // The clipboard may be missing (a page not served over https) or refused: the link is selected anyway.
      navigator.clipboard?.writeText(field.value).catch(() => {});
    },
  };

  // The menu's entries: the panel opens over the table.
  function openPanel(id) {
    const menu = byId("menu"); // the embed has none
    if (menu) menu.open = false;
    const panel = byId(id);
    panel.open = true;
    panel.scrollIntoView();
    panel.querySelector("summary").focus();
  }

  function onClick(event) {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const command = target.closest("[data-command]");
    if (command) {
      const name = command.dataset.command;
      if (LOCAL_COMMANDS[name]) {
        LOCAL_COMMANDS[name]();
        return;
      }
      const seat = command.getAttribute("data-seat");
      const picker = name === "room-create" || name === "room-configure" ? pickerFields() : null;
      post({ type: "command", command: name, seat: seat ? Number(seat) : null, picker }, !name.startsWith("room-"));
      return;
    }
    const action = target.closest("#table [data-action]");
    if (action) {
      post({ type: "action", index: Number(action.dataset.action), version: faceDownRedraw.version() }, true);
      return;
    }
    const spot = target.closest("#table [data-pos]");
    if (spot) post({ type: "spot", pos: spot.dataset.pos, version: faceDownRedraw.version() }, true);
  }

  function onSubmit(event) {
    event.preventDefault();
    if (booted) {
      post({ type: "picker", picker: pickerFields() });
      return;
    }
    root.dataset.startRequested = "true"; // Python starts it once it is ready
    document.querySelector("#picker .picker-status").textContent = "Starting as soon as the engine is ready…";
  }

  function onChange(event) {
    const target = event.target;
    if (target.closest("#picker")) root.dataset.picked = "true";
    if (target.closest("#settings-form")) post({ type: "settings", settings: settingsFields() });
    if (!target.closest("#room")) return;
    if (target.name === "room-name") post({ type: "room-name", value: target.value });
    else if (target.hasAttribute("data-room-import") && target.files.length) {
      target.files[0].text().then((text) => post({ type: "room-import", text }));
    } else if (target.hasAttribute("data-room-assign") && target.value) {
      post({ type: "room-assign", seat: Number(target.dataset.seat), value: target.value });
    }
  }

  // A move's save waits for the frame that shows it; a page put away or closed before then keeps it at once.
  function onHidden() {
    if (pendingSave !== null) store(pendingSave.key, pendingSave.text);
    pendingSave = null;
    post({ type: "hidden" });
  }

  // --- Python's worker --------------------------------------------------------------------------------------

  function whenIdle(callback) {
    (window.requestIdleCallback ?? ((call) => setTimeout(call, 0)))(callback, { timeout: 2000 });
  }

  // A first visit's Python booted: make a snapshot for the next one, once this page is playable and idle (not in
  // the single-file download: a page opened from a file restores none).
  function snapshotIfBooted() {
    if (location.protocol === "file:" || root.dataset.python !== "booted" || root.dataset.snapshot) return;
    worker.postMessage({ type: "snapshot" });
  }

  function onWorkerMessage({ data }) {
    if (typeof data === "string") {
      carryOut(JSON.parse(data));
      answered();
      return;
    }
    if (data.batch) carryOut(JSON.parse(data.batch)); // effects of work Python did on its own (drawing ahead)
    if (data.progress !== undefined) window.faceDownBoot?.progress(data.progress);
    if (data.effects) carryOut(data.effects);
    if (data.snapshot) store(SNAPSHOT_NOTE, data.snapshot);
    if (data.python === "ready") boot();
    if (data.id === undefined && data.error) {
      console.error("Face Down:", data.error); // Python failed on a message: that is its answer
      answered();
    }
    if (data.id !== undefined) {
      const [resolve, reject] = asked.get(data.id);
      asked.delete(data.id);
      if ("error" in data) reject(new Error(data.error));
      else resolve(data.result);
    }
  }

  function boot() {
    booted = true;
    const requested = root.dataset.startRequested === "true";
    post({
      type: "boot",
      storage: storage(),
      rooms: byId("room") !== null,
      menu: byId("menu") !== null, // the embed has none: no picker, no records
      picked: root.dataset.picked === "true",
      start_requested: requested,
      picker: requested ? pickerFields() : null,
    });
  }

  // The single-file download carries the worker's code and the runtime's files in the page (tools/build_single.py).
  function startWorker() {
    const bundled = byId("face-down-worker");
    if (location.protocol === "file:" && !bundled) return; // a multi-file copy: register-sw.js explains
    // A page opened from a file may start a classic worker from a blob: URL, but not a module worker.
    worker = bundled
      ? new Worker(URL.createObjectURL(new Blob([bundled.textContent], { type: "text/javascript" })))
      : new Worker(new URL("static/js/worker.mjs", document.baseURI), { type: "module" });
    worker.onmessage = onWorkerMessage;
    worker.onerror = (event) => console.error("Face Down's worker failed:", event.message);
    const files = byId("face-down-files")?.textContent ?? null;
    worker.postMessage({ type: "start", base: document.baseURI, noted: noted(), files });
  }

  document.addEventListener("click", onClick);
  document.addEventListener("submit", (event) => event.target.id === "picker" && onSubmit(event));
  document.addEventListener("change", onChange);
  window.addEventListener("pagehide", onHidden);
  document.addEventListener("visibilitychange", onHidden);
  // The table's grid gives bigger cards drawn turned a quarter (or back): Python draws it so, if the page still
  // shows the table it was tried on.
  faceDownRedraw.onTurn((turned) => post({ type: "turn", turned, version: faceDownRedraw.version() }, true));
  faceDownRedraw.onPredictedClick(
    (key, version) => post({ type: "predicted", key, version }, true),
    (edit) => {
      pendingSave = edit.save; // the click's move is on the page, and Python has not played it yet
    },
  );

  /**
   * A promise that the page has drawn and saved all of its last move (for tests): Python has answered every
   * message, then the frame showing that is painted and what waited for it (the timers asked for from that
   * answer, such as the one that saves) has run and been answered too.
   */
  /** A promise that Python has answered every message the page sent it (for tests). */
  window.faceDownAnswered = allAnswered;
  window.faceDownSettled = () =>
    allAnswered()
      .then(() => new Promise((done) => faceDownRedraw.later(done, 0, true)))
      .then(allAnswered);

  let lastAsked = 0;
  /** Run Python `code` in the page's interpreter; a promise of its value (for tests and tools/stdlib_record.py). */
  window.faceDownPython = (code) =>
    new Promise((resolve, reject) => {
      lastAsked += 1;
      asked.set(lastAsked, [resolve, reject]);
      worker.postMessage({ type: "python", id: lastAsked, code });
    });
  /** A promise of what this page knows of its room, as JSON (game/web/app.py's debug_state): for tests and bug
   * reports. Asked for only when called: Python sends it with no answer of its own. */
  window.faceDownRoom = () =>
    booted
      ? faceDownPython("import game.web.worker\ngame.web.worker.app.debug_state()")
      : Promise.resolve(JSON.stringify({ role: null }));

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", startWorker);
  else startWorker();
})();
