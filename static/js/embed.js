// The embed's side of its conversation with the page that frames it (embed.html; runs before anything else).
//
// 1. Its own save slot. Unless the URL names one (save=...), the slot is derived from the frame's
//    parameters and its place among the parent page's frames: two embeds on one page never share a saved
//    game, even two of the same game, and each finds its own again when the page is reloaded. The slot is
//    written into the URL before Python reads it, and the app keeps page parameters in the URL.
// 2. Messages to the parent page, each {source: "face-down", type, ...}:
//      ready                               once the game is playable;
//      over    game, names, winners, scores  at the end of each game (from <html data-result>);
//      resize  width, height               whenever the content's size changes, to fit the iframe to it.
//    They go to the parent's origin when the browser says what it is, and hold nothing a player may not
//    see. The embed listens to no messages, so a page can't play moves in it.
(() => {
  "use strict";
  const root = document.documentElement;
  const framed = window.parent !== window;

  function frameIndex() {
    // Cross-origin, a frame may still count its parent's frames and compare them with itself.
    for (let index = 0; index < window.parent.frames.length; index += 1) {
      if (window.parent.frames[index] === window) return index;
    }
    return -1;
  }

  function hash(text) {
    // FNV-1a, 32 bits: short, stable, and good enough to tell a page's few embeds apart.
    let value = 0x811c9dc5;
    for (let index = 0; index < text.length; index += 1) {
      value ^= text.charCodeAt(index);
      value = Math.imul(value, 0x01000193) >>> 0;
    }
    return value.toString(36);
  }

  const params = new URLSearchParams(location.search);
  if (!params.has("save")) {
    const game = [...params].sort().map(([key, value]) => `${key}=${value}`).join("&");
    params.set("save", `embed-${hash(`${game}#${framed ? frameIndex() : -1}`)}`);
    history.replaceState(null, "", `${location.pathname}?${params}${location.hash}`);
  }

  if (!framed) return;
  const parentOrigin = (() => {
    if (location.ancestorOrigins && location.ancestorOrigins.length) return location.ancestorOrigins[0];
    if (document.referrer) return new URL(document.referrer).origin;
    return "*"; // the parent hid its origin; nothing sent is secret
  })();

  function post(type, details = {}) {
    window.parent.postMessage({ source: "face-down", type, ...details }, parentOrigin);
  }

  let readySent = false;
  let lastResult = null;
  function onMarkers() {
    if (!readySent && root.dataset.ready === "true") {
      readySent = true;
      post("ready");
    }
    const result = root.dataset.over === "true" ? root.dataset.result : null;
    if (result && result !== lastResult) post("over", JSON.parse(result));
    lastResult = result;
  }
  new MutationObserver(onMarkers).observe(root, {
    attributes: true,
    attributeFilter: ["data-ready", "data-over", "data-result"],
  });

  let lastSize = "";
  new ResizeObserver(() => {
    const box = root.getBoundingClientRect();
    const size = { width: Math.ceil(box.width), height: Math.ceil(box.height) };
    if (`${size.width}x${size.height}` === lastSize) return;
    lastSize = `${size.width}x${size.height}`;
    post("resize", size);
  }).observe(root);
})();
