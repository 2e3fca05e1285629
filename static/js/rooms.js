// Rooms load their network code only when a room opens: the transport bundle (Trystero) and the QR code
// generator stay out of a solo visit. game/web/room.py calls these two through PyScript's `window`.
// The bundles are built from static/js/net/ into static/vendor/net/ by tools/build_transport.mjs. Their
// URLs are resolved against the page, not this script, so they also match an import map's page-relative keys.
window.faceDownNet = {
  /**
   * Open the room's transport ("nostr" or "tabs"; its config reads the ?relay= and ?ice= overrides itself).
   * `onOpen(transport)` runs first, then the four listeners go on, all in the task the transport opened in:
   * Python's own `await` resumes later, when a peer's first answer may already have come and gone.
   */
  async open(kind, roomId, password, onOpen, onPeerJoin, onPeerLeave, onMessage, onError) {
    const { openTransport } = await import(new URL("static/vendor/net/transport.js", document.baseURI).href);
    const transport = await openTransport(kind, roomId, { password });
    onOpen(transport);
    transport.onPeerJoin(onPeerJoin);
    transport.onPeerLeave(onPeerLeave);
    transport.onMessage(onMessage);
    transport.onError(onError);
  },
  /** The invite link as an SVG QR code (a string). */
  async qrSvg(text) {
    const { qrSvg } = await import(new URL("static/vendor/net/qr.js", document.baseURI).href);
    return qrSvg(text, { title: "Invite link" });
  },
};
