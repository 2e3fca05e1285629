// The room's transport, loaded when a room opens: JavaScript because the transport is (a worker has no WebRTC,
// and Nostr's and WebRTC's libraries are JavaScript). The transport bundle (Nostr, WebRTC) and the QR code
// generator stay out of a solo visit. game/web/page/transport.py and executor.py call these two when Python opens a room.
// The bundles are built from static/js/net/ into static/vendor/net/ by tools/build_transport.mjs. Their
// URLs are resolved against the page, not this script, so they also match an import map's page-relative keys.
window.faceDownNet = {
  /**
   * Open the room's transport ("nostr" or "tabs"; its config reads the ?relay=, ?ice= and ?via= overrides
   * itself). `listeners.open(transport)` runs first; then every kind of news the transport has (each of its
   * `on…` methods: onPeerJoin is "join", onMessage "message"...) goes to `listeners.news(event, ...args)`, all
   * subscribed in the task the transport opened in, so that no news comes before its listener. Returns the
   * transport, or `{ refused }` with a sentence when the link's network settings are wrong.
   */
  async open(kind, roomId, password, listeners) {
    const { netConfig, openTransport } = await import(new URL("static/vendor/net/transport.js", document.baseURI).href);
    let config;
    try {
      config = netConfig(); // the ?relay=, ?ice= and ?via= of this visit
    } catch (error) {
      return { refused: error.message }; // a sentence about the link's network settings, for the player
    }
    const transport = await openTransport(kind, roomId, { password, config });
    listeners.open(transport);
    for (const method of Object.keys(transport).filter((name) => /^on[A-Z]/.test(name))) {
      const event = method.slice(2).replace(/^Peer/, "");
      transport[method]((...args) => listeners.news(event[0].toLowerCase() + event.slice(1), ...args));
    }
    return transport;
  },
  /** The invite link as an SVG QR code (a string). */
  async qrSvg(text) {
    const { qrSvg } = await import(new URL("static/vendor/net/qr.js", document.baseURI).href);
    return qrSvg(text, { title: "Invite link" });
  },
};
