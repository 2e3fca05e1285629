// Arrow keys move the focus between table positions ([data-pos]) by where they are on screen, so the
// same code works for a grid, a row of hands or a scatter of coins. Enter and Space pick, as on any button.
//
// A press of the mouse (or a finger) on one of the table's buttons leaves the focus where it was, as
// Safari always does. Chromium and Firefox would focus the pressed button, and the redraw that follows the
// click often replaces or removes that very button: taking the focus from it makes the browser restyle and
// lay out the page at once, inside the click's handler (measured: 0.5 ms and more, in a third of Cambio's
// clicks). Keyboard play keeps its focus as before.
(() => {
  "use strict";
  const STEP = {
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
  };

  function centre(element) {
    const box = element.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  }

  // The nearest position in the arrow's direction, preferring ones straight ahead over diagonal ones.
  function next(from, [dx, dy]) {
    const [x0, y0] = centre(from);
    let best = null;
    let bestScore = Infinity;
    for (const candidate of document.querySelectorAll("#table [data-pos]")) {
      if (candidate === from) continue;
      const [x, y] = centre(candidate);
      const along = (x - x0) * dx + (y - y0) * dy;
      if (along <= 1) continue;
      const across = Math.abs((x - x0) * dy) + Math.abs((y - y0) * dx);
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = candidate;
      }
    }
    return best;
  }

  document.addEventListener("keydown", (event) => {
    const step = STEP[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    const current = document.activeElement;
    const positions = document.querySelectorAll("#table [data-pos]");
    if (!positions.length) return;
    const inTable = current && current.matches && current.matches("#table [data-pos]");
    const target = inTable ? next(current, step) : document.querySelector("#table [data-pos][data-legal]") || positions[0];
    if (target) {
      event.preventDefault();
      target.focus();
    }
  });

  document.addEventListener("mousedown", (event) => {
    if (event.button === 0 && event.target.closest?.("#table button")) event.preventDefault();
  });
})();
