// The progress bar, before Python runs: JavaScript because it runs before any Python can (it heads the deferred
// bundle face-down.js, tools/build_site.py). It shows real bytes: the engine's worker counts each download of
// the runtime as it streams in (static/js/python.mjs) and tells this page on a BroadcastChannel; the total comes
// from static/vendor/manifest.json, written by the build.
//
// A multi-file copy of the page opened from a file ("Save page as") cannot run: browsers refuse module scripts
// and fetch() there, so no Python ever starts. This says so plainly and points to the single-file download,
// instead of leaving the loading bar stuck (the single-file build, which does run from a file, marks itself).
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

  function explainFileCopy() {
    const box = document.getElementById("message");
    const download = document.getElementById("download");
    box.textContent =
      "This copy of Face Down was saved from the web as several files, and browsers don't run it from a file. ";
    if (download) {
      const link = document.createElement("a");
      link.href = download.href;
      link.textContent = "Download Face Down for offline play";
      box.append(link, ": a single file that works with no connection.");
    }
    box.hidden = false;
    document.getElementById("loading").hidden = true;
  }

  // The single-file download carries the total in the page (tools/build_single.py): it has no manifest to fetch.
  function start() {
    const carried = document.getElementById("face-down-manifest");
    if (location.protocol === "file:" && !carried) {
      explainFileCopy();
      return;
    }
    const manifest = carried
      ? Promise.resolve(JSON.parse(carried.textContent))
      : fetch("static/vendor/manifest.json").then((response) => response.json());
    manifest
      .then(({ runtime_bytes }) => {
        total = runtime_bytes;
        show();
      })
      .catch(() => {}); // Without the manifest the bar stays put; the game still loads.
    if (carried) return; // the worker of a page opened from a file has no channel to it
    const channel = new BroadcastChannel("face-down-boot");
    channel.onmessage = ({ data }) => {
      loaded = data.loaded;
      show();
    };
  }
  start(); // a deferred script: the document is parsed
})();
