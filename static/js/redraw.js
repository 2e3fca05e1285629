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
(() => {
  "use strict";

  // One change to an area's <section> or a spot's button; false for a kind of change it does not know.
  function changeNode(node, kind, value, name) {
    switch (kind) {
      case "area":
      case "spot":
        node.outerHTML = value;
        break;
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
        return false;
    }
    return true;
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
    return changeNode(area, kind, value, name);
  }

  function apply(table, changes) {
    let board = null;
    const spots = new Map(); // the spots found so far, by place: a spot's changes come one after another
    for (const [kind, at, value, name] of JSON.parse(changes)) {
      if (kind === "table") {
        table.innerHTML = value;
      } else if (kind === "tail") {
        for (const node of table.querySelectorAll(":scope > :not(.board)")) node.remove();
        table.insertAdjacentHTML("beforeend", value);
      } else if (typeof at === "string") {
        if (!spots.has(at)) spots.set(at, table.querySelector(`[data-pos="${CSS.escape(at)}"]`));
        const node = spots.get(at);
        // A dropped spot's place may come back, with a new button, in another area.
        if (kind === "drop-spot") spots.delete(at);
        if (node === null || !changeNode(node, kind, value, name)) return false;
      } else {
        board ??= table.querySelector(":scope > .board");
        if (board === null || !changeArea(board, at, kind, value, name)) return false;
      }
    }
    return true;
  }

  function later(callback, delayMs, afterPaint) {
    let frame = null;
    let timer = null;
    const start = () => {
      frame = null;
      timer = setTimeout(callback, delayMs);
    };
    if (!afterPaint || document.hidden) start();
    else frame = requestAnimationFrame(() => (frame = requestAnimationFrame(start)));
    return {
      cancel() {
        if (frame !== null) cancelAnimationFrame(frame);
        if (timer !== null) clearTimeout(timer);
      },
    };
  }

  window.faceDownRedraw = { apply, later };
})();
