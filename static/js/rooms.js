// Rooms load their network code only when a room opens: the transport bundle (Nostr, WebRTC) and the QR code
// generator stay out of a solo visit. static/js/page.js calls these two when Python opens a room.
// The bundles are built from static/js/net/ into static/vendor/net/ by tools/build_transport.mjs. Their
// URLs are resolved against the page, not this script, so they also match an import map's page-relative keys.
window.faceDownNet = {
  /**
   * Open the room's transport ("nostr" or "tabs"; its config reads the ?relay=, ?ice= and ?via= overrides
   * itself). `listeners.open(transport)` runs first, then the others go on (join, leave, message, path, resumed,
   * relays, error: transport.js says what each gets), all in the task the transport opened in: Python's own `await`
   * resumes later, when a peer's first answer may already have come and gone. Returns the transport, or
   * `{ refused }` with a sentence when the link's network settings are wrong.
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
    transport.onPeerJoin(listeners.join);
    transport.onPeerLeave(listeners.leave);
    transport.onMessage(listeners.message);
    transport.onPath(listeners.path);
    transport.onResume(listeners.resumed);
    transport.onRelays(listeners.relays);
    transport.onError(listeners.error);
    return transport;
  },
  /** The invite link as an SVG QR code (a string). */
  async qrSvg(text) {
    const { qrSvg } = await import(new URL("static/vendor/net/qr.js", document.baseURI).href);
    return qrSvg(text, { title: "Invite link" });
  },
};
