// Runs before the rest of the page's scripts: it heads the deferred bundle face-down.js (tools/build_site.py),
// and deferred scripts run before PyScript's module, so it sees every download of the runtime.
//
// 1. The progress bar shows real bytes: it wraps fetch() to count each response body as it streams in,
//    and watches other downloads (the interpreter's JS module) through resource timing. The total comes
//    from static/vendor/manifest.json, written by the build.
// 2. Choices made in the picker while Python loads are kept: the form is plain HTML, and a Start pressed
//    early is remembered on <html data-start-requested> for Python to honour when it is ready.
(() => {
  "use strict";
  const root = document.documentElement;
  let loaded = 0;
  let total = 0;
  const counted = new Set();

  let shownSoon = false;

  // Bytes arrive in hundreds of chunks a second: the bar is drawn at most once a frame, or
  // every chunk would cost the page a style, layout and paint while the runtime downloads.
  function show() {
    if (shownSoon) return;
    shownSoon = true;
    requestAnimationFrame(() => {
      shownSoon = false;
      draw();
    });
  }

  function draw() {
    const bar = document.getElementById("boot-progress");
    const percent = document.getElementById("boot-percent");
    if (!bar || !total) return;
    const fraction = Math.min(loaded / total, 1);
    bar.value = fraction;
    percent.textContent = `${Math.round(fraction * 100)}% of ${(total / 1e6).toFixed(1)} MB`;
  }

  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    // Pyodide passes URL objects, PyScript strings, others Request objects.
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    if (!response.body || counted.has(url) || !url.includes("/static/vendor/")) return response;
    counted.add(url);
    // Count a clone and hand back the original: Chromium keeps the compiled wasm beside the cached
    // response it was streamed from, and a rebuilt Response would make every visit recompile it.
    const reader = response.clone().body.getReader();
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        loaded += value.byteLength;
        show();
      }
    })().catch(() => {}); // a cancelled download just stops counting
    return response;
  };

  // Modules imported by the runtime are not fetched through fetch(); count them when they finish.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.initiatorType !== "fetch" && entry.name.includes("/static/vendor/") && !counted.has(entry.name)) {
        counted.add(entry.name);
        loaded += entry.decodedBodySize;
        show();
      }
    }
  }).observe({ type: "resource", buffered: true });

  realFetch("static/vendor/manifest.json")
    .then((response) => response.json())
    .then((manifest) => {
      total = manifest.runtime_bytes;
      show();
    })
    .catch(() => {}); // Without the manifest the bar stays put; the game still loads.

  document.addEventListener("DOMContentLoaded", () => {
    const picker = document.getElementById("picker");
    if (!picker) return;
    picker.addEventListener("change", () => {
      root.dataset.picked = "true";
    });
    picker.addEventListener("submit", (event) => {
      if (root.dataset.ready === "true") return; // Python handles it from now on
      event.preventDefault();
      root.dataset.startRequested = "true";
      picker.querySelector(".picker-status").textContent = "Starting as soon as the engine is ready…";
    });
  });
})();
