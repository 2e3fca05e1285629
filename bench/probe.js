// The benchmark's in-page probe, added to every page before its own scripts run (Playwright init script).
// Times are performance.now() values, so they count from the navigation's start (the page's time origin).
//
// - readyAt: when <html data-ready="true"> appeared (time to interactive).
// - longTasks: the page's main-thread tasks over 50 ms, [start, duration] each.
// - clicks: one sample per click. The start is the click event's own timeStamp, which the browser sets when
//   the input arrives (the mouse-up), so time the input spent queued behind other work counts too. The
//   app's handler changes the DOM synchronously, so the first mutation after the click is the click's
//   change; the next animation frame is the one that paints it:
//   - painted: a message posted from that frame's requestAnimationFrame callback runs once the frame's
//     style, layout and paint are done (the "next paint", as the Event Timing API defines it);
//   - nextFrame: the following frame's requestAnimationFrame (the double-rAF bound, up to a frame later).
(() => {
  "use strict";
  const bench = { readyAt: null, clicks: [], measured: "", longTasks: [] };
  window.__bench = bench;

  // Every main-thread task over 50 ms (the Long Tasks API), as [start, duration].
  if (PerformanceObserver.supportedEntryTypes?.includes("longtask")) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: "longtask", buffered: true });
  }

  function noteReady() {
    if (bench.readyAt === null && document.documentElement?.dataset.ready === "true") {
      bench.readyAt = performance.now();
    }
  }
  new MutationObserver(noteReady).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ["data-ready"],
  });

  addEventListener(
    "click",
    (event) => {
      // bench.measured is the selector of the clicks that count (legal cards and action buttons).
      const counts = bench.measured !== "" && event.target.closest?.(bench.measured) !== null;
      const sample = { start: event.timeStamp, counts, mutated: null, painted: null, nextFrame: null };
      bench.clicks.push(sample);
      const observer = new MutationObserver(() => {
        observer.disconnect();
        sample.mutated = performance.now();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            sample.painted = performance.now();
          };
          channel.port2.postMessage(null);
          requestAnimationFrame(() => {
            sample.nextFrame = performance.now();
          });
        });
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    true, // capture on the window: this runs before the app's own click handler on <body>
  );
})();
