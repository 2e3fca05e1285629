// The browser half of a redraw, called from game/web/app.py. Both run on the click's critical path, where a
// call across the Python-to-JavaScript bridge costs more than the work, so each is one call:
//
// - faceDownRedraw.apply(table, changes) makes the list of changes game/web/render.py's table_changes()
//   computes (its Change class says what each kind means), handed over as one JSON string: a turn's change
//   is often 50 or more attribute edits. It returns false if a change found nothing to change (the table
//   was not what was drawn last) or is of a kind it does not know (a bug in render.py, reported on the
//   console); the app then writes the table whole.
// - faceDownRedraw.later(callback, delayMs, afterPaint) runs callback delayMs after the next frame has been
//   painted (or, with afterPaint false or in a hidden page, which paints no frames, after delayMs), unless
//   its cancel() is called first. A bot's choice and move wait this way, so that neither holds back the
//   frame that shows the player's click. The frame wait is two animation frames: a callback asked for from
//   one frame runs at the start of the next, once the first is painted. Waiting here rather than in Python
//   keeps the interpreter out of the painted frame altogether.
// - Clicks drawn ahead (game/web/predict.py): while the person thinks, the app hands over the changes each
//   click would make, with faceDownRedraw.predictClick(key, changes) (keyed as that module says);
//   forgetPredictions() drops them all, predicted() lists their keys, and onPredictedClick(play) names the
//   app's callback. When such a click comes, it is drawn here at once and kept from the app's own click
//   handler; play(key, drawn) plays it once the frame showing it is painted. Until then no later() callback
//   runs (each waits another frame), and the next click or the page being put away plays it at once: the
//   moves stay in the order they were made, and none is lost.
// - faceDownRedraw.fit(anew) sizes the cards so that the whole table fits its box, by width and by height
//   (below). apply() has it run once the frame showing its changes is painted, and a ResizeObserver runs it
//   when the table's box changes size.
(() => {
  "use strict";

  // The element `html` (one element's HTML) makes.
  function element(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    return template.content.firstElementChild;
  }

  // One change to an area's <section> or a spot's button. Returns the node that stands there afterwards (a new
  // one when the change replaced it: the next change at the same place must find it, not the detached old
  // one), or null for a kind of change it does not know.
  function changeNode(node, kind, value, name) {
    switch (kind) {
      case "area":
      case "spot": {
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
      case "inner":
        node.innerHTML = value;
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
  // table, by halving the range: a few layouts of the table alone (it is a box of its own size), done only when
  // the table's box changes size, when spots or areas come or go, or when the rest no longer fits.
  const MIN_CARD = 12; // px; below this nothing can be read, and the table scrolls instead
  const MAX_CARD = 96; // px; larger cards read no better and cost paint time on every click
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

  // Size the cards to the table's box. With `anew` false, only when the table overflows as it is (a change of
  // words or buttons): cards that grow back and shrink again as buttons come and go would be hard to follow.
  function fit(anew) {
    const table = document.getElementById("table");
    if (table === null || table.clientHeight === 0) return; // not on screen: fitted when it shows
    if (!anew && card !== 0 && !overflows(table)) return;
    let [fits, tooBig] = [MIN_CARD, MAX_CARD + 1];
    while (tooBig - fits > 1) {
      const size = (fits + tooBig) >> 1;
      setCard(size);
      if (overflows(table)) tooBig = size;
      else fits = size;
    }
    if (card !== fits) setCard(fits);
  }

  // The kinds of change after which the cards are sized anew: spots or areas came or went.
  const RESHAPING = new Set(["table", "add-area", "drop-area", "area", "first", "after", "drop-spot", "columns"]);

  function watchTableSize() {
    const table = document.getElementById("table");
    if (table !== null) new ResizeObserver(() => fit(true)).observe(table);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watchTableSize);
  else watchTableSize();

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

  function apply(table, changes) {
    const made = applyChanges(table, changes);
    fitAfterPaint(made.reshaped);
    return made.ok;
  }

  function applyChanges(table, changes) {
    let board = null;
    let reshaped = false;
    const spots = new Map(); // the spots found so far, by place: a spot's changes come one after another
    for (const [kind, at, value, name] of JSON.parse(changes)) {
      reshaped ||= RESHAPING.has(kind);
      if (kind === "table") {
        table.innerHTML = value;
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

  const predictions = new Map(); // a click's key to its changes, as JSON
  let pendingClick = null; // a click drawn ahead and not played yet: [its key, whether its changes were made]
  let playPredicted = null;

  // Play the click drawn ahead that waits, if one does.
  function playPending() {
    if (pendingClick === null) return;
    const [key, drawn] = pendingClick;
    pendingClick = null;
    playPredicted(key, drawn);
  }

  // The key game/web/predict.py gives the click on `target`, or null for a click that is no move on the table.
  function clickKey(target) {
    if (target.closest("[data-command]")) return null;
    const button = target.closest("#table [data-action]");
    if (button) return `action:${button.dataset.action}`;
    const spot = target.closest("#table [data-pos]");
    return spot ? `pos:${spot.dataset.pos}` : null;
  }

  function onClick(event) {
    playPending();
    if (predictions.size === 0 || !(event.target instanceof Element)) return;
    // The predictions were worked out for a table whose spots have no keyboard focus (a redraw keeps a focused
    // spot in place, so its changes differ); keyboard play takes the app's own way.
    if (document.activeElement?.closest("#table [data-pos]")) return;
    const key = clickKey(event.target);
    const changes = key === null ? undefined : predictions.get(key);
    if (changes === undefined) return;
    predictions.clear();
    const table = document.getElementById("table");
    pendingClick = [key, apply(table, changes)];
    table.setAttribute("aria-busy", "true"); // until the app has played it, as while a redraw's marks wait
    event.stopPropagation();
    // Played once the frame showing it is painted, or at once if the page is put away first (below).
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(playPending, 0)));
  }

  // Capturing, on the document: this runs before the app's own click handler, on the page's body.
  document.addEventListener("click", onClick, true);
  window.addEventListener("pagehide", playPending); // before the app's handler saves the game
  document.addEventListener("visibilitychange", playPending);

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
      if (pendingClick === null) callback();
      else wait(true);
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
    predictClick: (key, changes) => predictions.set(key, changes),
    forgetPredictions: () => predictions.clear(),
    predicted: () => [...predictions.keys()], // for tests and bug reports: which clicks are drawn ahead
    onPredictedClick: (play) => {
      playPredicted = play;
    },
  };
})();
