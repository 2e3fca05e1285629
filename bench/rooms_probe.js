// The room benchmark's in-page probe (a Playwright init script, on every peer's page; see bench/rooms.py).
// Every time is `performance.timeOrigin + performance.now()`: milliseconds on the machine's clock, so the
// times of different pages (and browser contexts) on one machine can be subtracted from each other.
//
// - clicks: when a counted click (on a legal card or action button) was made, from the event's timeStamp;
// - sends / received: every text the room's transport sent or delivered, with its time;
// - paints: [step, time] when the page's <html data-room-step> (set by game/web/roomscreen.py once the page
//   has drawn a state) changed, timed at the next paint as bench/probe.js times a click's paint.
(() => {
  "use strict";
  const now = () => performance.timeOrigin + performance.now();
  const probe = { clicks: [], sends: [], received: [], paints: [], measured: "" };
  window.__rooms = probe;

  addEventListener(
    "click",
    (event) => {
      if (probe.measured && event.target.closest?.(probe.measured)) {
        probe.clicks.push(performance.timeOrigin + event.timeStamp);
      }
    },
    true, // before the app's own handler, which sends the move
  );

  new MutationObserver(() => {
    const step = Number(document.documentElement.dataset.roomStep);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => probe.paints.push([step, now()]);
      channel.port2.postMessage(null);
    });
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-room-step"] }); // no <html> yet

  // The page opens the room's transport through window.faceDownNet.open (static/js/rooms.js): wrap it on arrival.
  let net;
  Object.defineProperty(window, "faceDownNet", {
    configurable: true,
    get: () => net,
    set(value) {
      const open = value.open;
      value.open = (kind, room, password, listeners) =>
        open(kind, room, password, {
          open(transport) {
            const send = transport.send;
            transport.send = (peer, text) => {
              probe.sends.push([now(), text]);
              return send(peer, text);
            };
            listeners.open(transport);
          },
          news(event, ...args) {
            if (event === "message") probe.received.push([now(), args[1]]);
            listeners.news(event, ...args);
          },
        });
      net = value;
    },
  });
})();
