// The only writer of the page's table. game/web/screen.py computes every edit of the table; this file makes
// it. A call across the Python-to-JavaScript bridge costs more than the work on a click's critical path, so
// each edit is one call with one JSON string:
//
// - faceDownRedraw.apply(table, edit) makes an edit, {now, later, html, busy, version} (or that as JSON): the
//   changes `now` at once (the
//   kinds game/web/render.py's Change class lists), and `later` once the frame showing them is painted, or
//   before the next edit or later() callback, whichever comes first. If a change finds nothing to change (the
//   table is not what the edit was computed for) or is of a kind it does not know (a bug in render.py,
//   reported on the console), the table is written whole from `html`; apply() then returns false. `busy`:
//   the choices on the table are stale until the next edit (a room's move is on its way to the host). The
//   table is aria-busy while changes wait, while a click drawn ahead waits to be played, or while `busy`.
//   A spot that has the keyboard focus is changed in place rather than replaced, and a focused spot that an
//   edit replaced gets the focus back. `version` numbers the tables Python drew (game/web/app.py):
//   faceDownRedraw.version() is the one on the page, which each click on the table names.
// - faceDownRedraw.later(callback, delayMs, afterPaint) runs callback delayMs after the next frame has been
//   painted (or, with afterPaint false or in a hidden page, which paints no frames, after delayMs), unless
//   its cancel() is called first. The changes that wait are made first. A bot's choice and move wait this
//   way, so that neither holds back the frame that shows the player's click. The frame wait is two animation
//   frames: a callback asked for from one frame runs at the start of the next, once the first is painted.
//   Waiting here rather than in Python keeps the interpreter out of the painted frame altogether.
// - Clicks drawn ahead (game/web/predict.py): while the person thinks, the screen hands over the edit each
//   click would make, with faceDownRedraw.predictClick(key, edit, version) (keyed as that module says, drawn
//   ahead from table `version`: kept only if that table is the one on the page); every edit of the table, and
//   forgetPredictions(), drops them all; predicted() lists their keys, and onPredictedClick(play, shown) names
//   the app's callbacks. When such a click comes, its edit is made here at once and the click is kept from the
//   app's own click handler; the page then shows the table that follows `version`, shown(edit) is called, and
//   play(key, version) plays it once the frame showing it is painted. Until then no later() callback runs
//   (each waits another frame), and the next click or the page being put away plays it at once: the moves
//   stay in the order they were made, and none is lost.
// - hold(true) keeps the table busy while the page waits for Python to answer a click on it; hold(false) ends it.
// - A click on an action button while the table's changes wait is dropped: the buttons on screen are the last
//   move's, numbered by its legal actions.
// - faceDownRedraw.fit(anew) sizes the cards so that the whole table fits its box, by width and by height
//   (below). apply() has it run once the frame showing its changes is painted, and a ResizeObserver runs it
//   when the table's box changes size. A grid that may be drawn turned a quarter is tried the other way then,
//   and onTurn(ask) names the app's callback that asks the screen to draw it so (below).
(() => {
  "use strict";

  // The element `html` (one element's HTML) makes.
  function element(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    return template.content.firstElementChild;
  }

  // Make `node` (a spot's button) look like `model`, keeping the node itself.
  function morph(node, model) {
    for (const { name } of [...node.attributes]) if (!model.hasAttribute(name)) node.removeAttribute(name);
    for (const { name, value } of model.attributes) node.setAttribute(name, value);
    node.innerHTML = model.innerHTML;
  }

  // One change to an area's <section> or a spot's button. Returns the node that stands there afterwards (a new
  // one when the change replaced it: the next change at the same place must find it, not the detached old
  // one), or null for a kind of change it does not know.
  function changeNode(node, kind, value, name) {
    switch (kind) {
      case "spot":
        if (node === document.activeElement) {
          // A new button would lose the focus, and giving it back makes the browser lay the page out at once.
          morph(node, element(value));
          break;
        }
      // falls through: any other spot is replaced whole
      case "area": {
        const replacement = element(value);
        node.replaceWith(replacement);
        return replacement;
      }
      case "attribute":
        node.setAttribute(name, value);
        break;
      case "remove":
        node.removeAttribute(name);
        break;
      case "drop-spot":
        node.remove();
        break;
      case "after":
        node.insertAdjacentHTML("afterend", value);
        break;
      case "first": // the section's last child is its grid of spots
        node.lastElementChild.insertAdjacentHTML("afterbegin", value);
        break;
      case "columns":
        node.lastElementChild.setAttribute("style", `--columns:${value}`);
        break;
      case "head": // the section's title, note and chips, before its spots
        for (const child of node.querySelectorAll(":scope > :not(.spots)")) child.remove();
        node.insertAdjacentHTML("afterbegin", value);
        break;
      default:
        console.error(`Face Down: unknown table change "${kind}"; the table is drawn whole instead.`);
        return null;
    }
    return node;
  }

  // One change to the board's section number `index`; false if there is no such section or no such kind.
  function changeArea(board, index, kind, value, name) {
    const area = board.children.item(index);
    if (kind === "add-area") {
      if (area === null) board.insertAdjacentHTML("beforeend", value); // after the last one
      else area.insertAdjacentHTML("beforebegin", value);
      return true;
    }
    if (area === null) return false;
    if (kind === "drop-area") {
      area.remove();
      return true;
    }
    return changeNode(area, kind, value, name) !== null;
  }

  // --- Fitting the table to its box ---------------------------------------------------------------------------
  // The play screen never scrolls (static/css/app.css): the table takes the height the page leaves it, and
  // every grid of spots is `--columns` cards of `--card` wide (times its own `--scale`: opponents' hands are
  // smaller), capped by the width it has. fit() finds the largest `--card` with which nothing overflows the
  // table, from the content's height at the sizes tried (largest()): a few layouts of the table alone (it is a box
  // of its own size), done only when the table's box changes size, when spots or areas come or go, or when the
  // rest no longer fits.
  const MIN_CARD = 12; // px; below this nothing can be read, and the table scrolls instead
  const MAX_CARD = 96; // px; larger cards read no better and cost paint time on every click
  const FIRST_CARD = 64; // px: --card's initial value (static/css/app.css), in force before any fit
  let cardRule = null; // one rule that gives every grid of spots the card size, added to the page's stylesheet
  let card = 0; // the card size set last, in px (0: none yet)

  function setCard(px) {
    card = px;
    // Through the CSSOM: the site's Content-Security-Policy (style-src 'self') refuses a <style> element.
    if (cardRule === null) {
      const sheet = [...document.styleSheets].findLast((candidate) => {
        try {
          return candidate.cssRules !== null;
        } catch {
          return false; // another origin's sheet
        }
      });
      cardRule = sheet.cssRules[sheet.insertRule("#table .spots {}", sheet.cssRules.length)];
    }
    cardRule.style.setProperty("--card", `${px}px`);
  }

  function overflows(table) {
    return table.scrollHeight > table.clientHeight + 1 || table.scrollWidth > table.clientWidth + 1;
  }

  // The height of the table's content with the card size set now, where the layout shows it: the board at its
  // own height (the `fitting` class on the table stops it stretching to the box, static/css/app.css), then what
  // follows it. null where the table lays its areas out itself (a grid of its own, whose items stretch to the
  // box): only a content taller than the box says its height there (scrollHeight).
  function contentHeight(table) {
    const last = table.lastElementChild;
    const height = last === null ? 0 : last.offsetTop + last.offsetHeight;
    return height > 0 ? height : null;
  }

  // The largest card size in [fits, tooBig) with which nothing overflows the table. Each try is a layout, so each
  // size tried is where the content's height, interpolated from the sizes tried so far (it grows with the card,
  // by parts), meets the box's, when they said their heights; else the range is halved. Two or three tries
  // where halving alone took seven.
  function largest(table, fits, tooBig) {
    table.classList.add("fitting");
    const room = table.clientHeight + 1;
    const tried = []; // [size, content height] of the tries that said their height, the latest last
    let guess = card || FIRST_CARD;
    while (tooBig - fits > 1) {
      if (guess <= fits || guess >= tooBig) guess = (fits + tooBig) >> 1;
      setCard(guess);
      const natural = contentHeight(table);
      const height = Math.max(natural ?? 0, table.scrollHeight);
      const said = natural !== null || height > room;
      if (height <= room && table.scrollWidth <= table.clientWidth + 1) fits = guess;
      else tooBig = guess;
      if (said) tried.push([guess, height]);
      const [last, before] = [tried.at(-1), tried.at(-2)];
      if (!said || last === undefined) {
        guess = (fits + tooBig) >> 1;
        continue;
      }
      const slope = before === undefined ? last[1] / last[0] : (last[1] - before[1]) / (last[0] - before[0]);
      const meets = slope > 0 ? last[0] + (room - last[1]) / slope : tooBig;
      // Rounded toward the side not yet known.
      guess = meets >= last[0] ? Math.max(Math.floor(meets), fits + 1) : Math.min(Math.ceil(meets), tooBig - 1);
    }
    table.classList.remove("fitting");
    return fits;
  }

  // Size the cards to the table's box. With `anew` false, only when the table overflows as it is (a change of
  // words or buttons): cards that grow back and shrink again as buttons come and go would be hard to follow.
  function fit(anew) {
    const table = document.getElementById("table");
    if (table === null || table.clientHeight === 0) return; // not on screen: fitted when it shows
    let [fits, tooBig] = [MIN_CARD, MAX_CARD + 1];
    if (card !== 0) {
      // The size set last is the likeliest answer (a move changes a few spots, not the table's shape): each
      // try is a layout of the whole table, so try it, and then one size up, before searching the range.
      if (overflows(table)) tooBig = card;
      else if (!anew) return;
      else fits = card;
      if (fits === card && card < MAX_CARD) {
        setCard(card + 1);
        if (overflows(table)) tooBig = card;
        else fits = card;
      }
    }
    const best = largest(table, fits, tooBig);
    setCard(best);
    if (anew && turnDue && !turnTry) {
      // In a task of its own: trying the other way lays the table out as often again, and a first table drawn
      // then tried in one task held the page's thread 260 ms in Lighthouse's phone.
      turnTry = setTimeout(() => {
        turnTry = null;
        const shown = document.getElementById("table");
        if (turnDue && card !== 0 && shown?.clientHeight) considerTurning(shown, card);
      }, 0);
    }
  }

  // --- Turning the grid -----------------------------------------------------------------------------------------
  // A grid game's grid (the area marked data-turned) may be drawn turned a quarter, the rules' rows as columns
  // (game/web/presenter.py's Presenter.turned): whichever way gives the bigger cards in the table's box. When the
  // box changes size or a new table is written, the other way is tried here (the grid given as many columns as
  // it has rows, and the cards fitted to that), and if its cards would be bigger by more than TURN_GAIN, the
  // screen is asked to draw the grid the other way (onTurn), which it does with its labels ("row 2, column 3")
  // counted as drawn. The gain keeps a box near the balance from turning the grid back and forth.
  const TURN_GAIN = 1.06;
  let askTurn = null; // the app's callback: askTurn(turned)
  let turnDue = true; // the box changed size, or a new table was written, since the last try
  let turnAsked = null; // the way the grid was asked to be drawn (true: turned), until a table drawn so comes
  let turnTry = null; // the timer of the try to come

  // A table with its grid drawn as asked is fitted before its frame is painted: the grid turned, its cards still
  // the size of the other way, would show for a frame (and its answer comes from Python a while after the ask).
  function fitIfTurned(table) {
    const area = table.querySelector(":scope > .board > [data-turned]");
    if (turnAsked === null || area === null || area.dataset.turned !== String(turnAsked)) return;
    turnAsked = null;
    fit(true);
  }

  // The width a grid's cards are drawn at: --card, or less where the grid's width is the limit.
  function drawnWidth(grid) {
    return grid.firstElementChild?.getBoundingClientRect().width ?? 0;
  }

  function considerTurning(table, fitted) {
    turnDue = false;
    const area = table.querySelector(":scope > .board > [data-turned]");
    if (area === null || askTurn === null) return;
    const grid = area.lastElementChild;
    const columns = Number(grid.style.getPropertyValue("--columns"));
    const rows = Math.ceil(grid.childElementCount / columns);
    if (rows === columns) return;
    const now = drawnWidth(grid);
    const style = grid.getAttribute("style"); // put back as it was written (game/web/render.py's)
    grid.setAttribute("style", `--columns:${rows}`);
    setCard(largest(table, MIN_CARD, MAX_CARD + 1));
    const other = overflows(table) ? 0 : drawnWidth(grid); // no gain where nothing fits
    grid.setAttribute("style", style);
    setCard(fitted);
    if (other > now * TURN_GAIN) {
      turnAsked = area.dataset.turned !== "true";
      const turned = turnAsked;
      queueMicrotask(() => askTurn(turned)); // after this task's fitting
    }
  }

  // The kinds of change after which the cards are sized anew: spots or areas came or went.
  const RESHAPING = new Set(["table", "add-area", "drop-area", "area", "first", "after", "drop-spot", "columns"]);

  // The table's box changed size (game/web/page/events.py's ResizeObserver): fit anew, and try the grid the other way.
  function resized() {
    turnDue = true;
    fit(true);
  }

  // Fit once the frame showing the changes is painted: a fit lays the table out (several times when spots came or
  // went), which in the click's own frame would hold its paint back. The table may overflow for that one frame;
  // it scrolls rather than hiding anything.
  let fitDue = null; // null, or whether the fit due is anew
  function fitAfterPaint(anew) {
    if (fitDue !== null) {
      fitDue ||= anew;
      return;
    }
    fitDue = anew;
    requestAnimationFrame(() =>
      setTimeout(() => {
        const again = fitDue;
        fitDue = null;
        fit(again);
      }, 0),
    );
  }

  let waiting = []; // the changes of the last edit that wait for its frame to be painted
  let whole = ""; // the table the last edit leads to: written whole if its changes cannot be made
  let staleChoices = false; // the last edit's `busy`
  let flushDue = null; // the later() that makes the waiting changes
  const predictions = new Map(); // a click's key to its edit
  let pendingClick = null; // the key of a click drawn ahead and not played yet
  let pendingVersion = 0; // the table it was drawn ahead from
  let playPredicted = null;
  let shownAhead = null;
  let version = 0; // the table on the page: the version of the last edit that named one
  let holding = false; // hold()

  // The spot that has the keyboard focus, if one has.
  function focusedPlace() {
    return document.activeElement?.closest?.("#table [data-pos]")?.dataset.pos ?? null;
  }

  // Make `changes`, or write the table whole; true if they could be made.
  function make(table, changes) {
    const place = focusedPlace();
    const made = applyChanges(table, changes);
    if (!made.ok) table.innerHTML = whole;
    turnDue ||= !made.ok;
    fitIfTurned(table);
    fitAfterPaint(made.reshaped || !made.ok);
    if (place !== null && focusedPlace() !== place) {
      table.querySelector(`[data-pos="${CSS.escape(place)}"]`)?.focus();
    }
    return made.ok;
  }

  function markBusy(table) {
    const busy = waiting.length > 0 || pendingClick !== null || staleChoices || holding;
    if (busy) table.setAttribute("aria-busy", "true");
    else table.removeAttribute("aria-busy");
  }

  function apply(table, edit) {
    const { now, later: next, html, busy, version: drawn } = typeof edit === "string" ? JSON.parse(edit) : edit;
    if (drawn !== undefined) version = drawn;
    predictions.clear();
    whole = html;
    const ok = make(table, waiting.length > 0 ? [...waiting, ...now] : now);
    waiting = ok ? next : [];
    staleChoices = busy;
    if (waiting.length > 0 && flushDue === null) flushDue = later(() => {}, 0, true); // later() makes them first
    markBusy(table);
    return ok;
  }

  // Make the changes that wait, if any do.
  function flush() {
    if (flushDue !== null) {
      flushDue.cancel();
      flushDue = null;
    }
    if (waiting.length === 0) return;
    const table = document.getElementById("table");
    const changes = waiting;
    waiting = [];
    make(table, changes);
    markBusy(table);
  }

  function applyChanges(table, changes) {
    let board = null;
    let reshaped = false;
    const spots = new Map(); // the spots found so far, by place: a spot's changes come one after another
    for (const [kind, at, value, name] of changes) {
      reshaped ||= RESHAPING.has(kind);
      if (kind === "table") {
        table.innerHTML = value;
        turnDue = true;
      } else if (kind === "tail") {
        for (const node of table.querySelectorAll(":scope > :not(.board)")) node.remove();
        table.insertAdjacentHTML("beforeend", value);
      } else if (typeof at === "string") {
        if (!spots.has(at)) spots.set(at, table.querySelector(`[data-pos="${CSS.escape(at)}"]`));
        const node = spots.get(at);
        if (node === null) return { ok: false, reshaped: true };
        const now = changeNode(node, kind, value, name);
        if (now === null) return { ok: false, reshaped: true };
        // A dropped spot's place may come back, with a new button, in another area; a replaced one is the new node.
        if (kind === "drop-spot") spots.delete(at);
        else spots.set(at, now);
      } else {
        board ??= table.querySelector(":scope > .board");
        if (board === null || !changeArea(board, at, kind, value, name)) return { ok: false, reshaped: true };
      }
    }
    return { ok: true, reshaped };
  }

  // Play the click drawn ahead that waits, if one does.
  function playPending() {
    if (pendingClick === null) return;
    const key = pendingClick;
    pendingClick = null;
    playPredicted(key, pendingVersion);
  }

  // The key game/web/predict.py gives the click on `target`, or null for a click that is no move on the table.
  function clickKey(target) {
    if (target.closest("[data-command]")) return null;
    const button = target.closest("#table [data-action]");
    if (button) return `action:${button.dataset.action}`;
    const spot = target.closest("#table [data-pos]");
    return spot ? `pos:${spot.dataset.pos}` : null;
  }

  // A click on `target` (game/web/page/events.py's click handler asks first): "stale" for an action button of the last
  // move's (dropped), "drawn" for a click drawn ahead (made here, and played once its frame is painted), or null
  // for a click the page hands to Python.
  function click(target) {
    playPending();
    const button = target.closest("#table [data-action]");
    if (button && (!button.isConnected || waiting.some(([kind]) => kind === "tail" || kind === "table"))) {
      return "stale";
    }
    const key = clickKey(target);
    const edit = key === null ? undefined : predictions.get(key);
    if (edit === undefined) return null;
    pendingClick = key;
    pendingVersion = version;
    apply(document.getElementById("table"), edit);
    shownAhead?.(edit);
    version = pendingVersion + 1; // the table Python draws when it plays this click
    // Played once the frame showing it is painted, or at once if the page is put away first (playPending).
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(playPending, 0)));
    return "drawn";
  }

  function later(callback, delayMs, afterPaint) {
    let frame = null;
    let timer = null;
    const wait = (paint) => {
      if (paint && !document.hidden) {
        frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => wait(false))));
      } else {
        frame = null;
        timer = setTimeout(run, delayMs);
      }
    };
    // While a click drawn ahead waits to be played (once its frame is painted), nothing else runs: the
    // callback waits for the next frame, and so on.
    const run = () => {
      timer = null;
      if (pendingClick !== null) {
        wait(true);
        return;
      }
      flush();
      callback();
    };
    wait(afterPaint);
    return {
      cancel() {
        if (frame !== null) cancelAnimationFrame(frame);
        if (timer !== null) clearTimeout(timer);
      },
    };
  }

  window.faceDownRedraw = {
    apply,
    later,
    fit,
    click,
    playPending,
    resized,
    predictClick: (key, edit, from) => {
      if (from === undefined || from === version) predictions.set(key, edit);
    },
    version: () => version,
    forgetPredictions: () => predictions.clear(),
    predicted: () => [...predictions.keys()], // for tests and bug reports: which clicks are drawn ahead
    onPredictedClick: (play, shown) => {
      playPredicted = play;
      shownAhead = shown;
    },
    // Hold the table busy (aria-busy) while the page waits for Python's answer to a click on it.
    hold: (held) => {
      holding = held;
      markBusy(document.getElementById("table"));
    },
    onTurn: (ask) => {
      askTurn = ask;
    },
  };
})();
