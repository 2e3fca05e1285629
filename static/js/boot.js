// The progress bar: it heads the deferred bundle face-down.js (tools/build_site.py). It shows real bytes: the
// page's worker (static/js/worker.mjs) counts each download of the runtime as it streams in and page.js hands
// the count to faceDownBoot.progress(); the total comes from static/vendor/manifest.json, written by the build.
(() => {
  "use strict";
  let loaded = 0;
  let total = 0;
  let shownSoon = false;

  // The bar is drawn at most once a frame.
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

  // The single-file download carries the total in the page (tools/build_single.py): it has no manifest to fetch.
  function readTotal() {
    const carried = document.getElementById("face-down-manifest");
    const manifest = carried
      ? Promise.resolve(JSON.parse(carried.textContent))
      : fetch("static/vendor/manifest.json").then((response) => response.json());
    manifest
      .then(({ runtime_bytes }) => {
        total = runtime_bytes;
        show();
      })
      .catch(() => {}); // Without the manifest the bar stays put; the game still loads.
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", readTotal);
  else readTotal();

  window.faceDownBoot = {
    /** The runtime's bytes downloaded so far. */
    progress(bytes) {
      loaded = bytes;
      show();
    },
  };
})();
