// Peer-to-peer transports for rooms: one small interface, two ways to reach the other players.
//
//   const t = await openTransport(kind, roomId, { password, config });
//   t.kind, t.selfId                this page's peer id (random per page)
//   t.onPeerJoin(cb(peerId))        a peer connected (once per peer until it leaves); each on… returns an unsubscribe
//   t.onPeerLeave(cb(peerId))
//   t.onMessage(cb(peerId, text))   a text message from a connected peer
//   t.onPath(cb(peerId, path))      how a connected peer is reached: "direct", "turn" (WebRTC through a TURN
//                                   server) or "relay" (through the Nostr relays); said once known, and at each change
//   t.onResume(cb())                this page is back (unfrozen, online again, its relays reachable again): what was
//                                   sent to it meanwhile may be lost
//   t.onRelays(cb(usable, refused)) how many of the room's relays may carry this page's messages, and how many
//                                   turned it away (mailbox.js, relay.js)
//   t.onError(cb(message))          a sentence for the player (a room password that does not match)
//   t.send(peerId, text)            true if handed to that peer's connection, false if it is not connected
//   t.broadcast(text)               to every connected peer
//   t.peers()                       the connected peer ids
//   t.status()                      { relays: how many relays carry messages now, refused: how many turned this
//                                   page away, refusals: events they refused in all, partChars: the most text
//                                   one event carries now, heard: peer ids heard in the room }
//   await t.leave()                 no events after it
//
// Kinds:
//   "nostr"  the room's mailbox on Nostr relays (mailbox.js) says who is in the room and carries the offers and
//            answers of a direct WebRTC channel to each (direct.js), all encrypted with the room's password. A
//            peer with no direct channel within DIRECT_WAIT_MS is reached through the relays instead; so is a
//            peer whose channel broke, or that writes through them a while after its channel opened (it has no
//            channel, even if this side believes it has). A peer reached through the relays is offered a direct
//            channel again now and then (DIRECT_RETRY_MS, and whenever this page comes back), and moves to it once
//            it opens. A path change is only a "path" event: the peer stays connected, and the room's protocol
//            sends again whatever the old path lost (game/net/link.py). config.via === "relay" skips WebRTC.
//   "tabs"   BroadcastChannel: the tabs of one browser profile.
//
// Only text travels. The room protocol (game/net/) parses and checks every message itself, and encrypts it
// for its recipient; a transport only promises that a message came from the peer id it is reported with.
//
// This file is source: tools/build_transport.mjs bundles it into static/vendor/net/.

import { netConfig } from "./config.js";
import { openDirect } from "./direct.js";
import { openMailbox } from "./mailbox.js";

export { NET_CONFIG, netConfig } from "./config.js";

// How long a peer heard in the room gets to open a direct channel before its messages go through the relays.
// Direct channels opened within about a second in the network lab (bench/README.md); the rest is the margin.
export const DIRECT_WAIT_MS = 4000;
// A peer on the relays is offered a direct channel again soon (a channel often breaks as a network changes, or as a
// page sleeps), then after DIRECT_RETRY_MS, and twice as long each time after that, up to DIRECT_RETRY_MAX_MS.
const DIRECT_RETRY_FIRST_MS = 3000;
const DIRECT_RETRY_MS = 15_000;
const DIRECT_RETRY_MAX_MS = 120_000;
// A peer that writes through the relays this long after its direct channel opened has no channel to this page.
const DIRECT_SETTLE_MS = 3000;
const PASSWORD_REFUSED = "This invitation's room password does not match the room: ask the host for the link again.";

/** Open a transport of `kind` ("nostr" or "tabs") for `roomId`; config defaults to netConfig(). */
export async function openTransport(kind, roomId, { password = "", config = netConfig() } = {}) {
  if (typeof roomId !== "string" || !roomId) throw new Error("A room needs a room id.");
  if (kind === "nostr") return openNostr(roomId, password, config);
  if (kind === "tabs") return openTabs(roomId, password, config);
  throw new Error(`Unknown transport "${kind}": use "nostr" or "tabs".`);
}

// ---- what every kind shares: listeners, the set of connected peers, the public object

function makeHub() {
  const listeners = {
    join: new Set(),
    leave: new Set(),
    message: new Set(),
    path: new Set(),
    resumed: new Set(),
    relays: new Set(),
    error: new Set(),
  };
  const connected = new Set();
  let closed = false;

  function emit(name, ...args) {
    if (closed) return;
    for (const callback of listeners[name]) {
      // One failing callback must not stop the others or leave the peer set half updated.
      try {
        callback(...args);
      } catch (error) {
        reportError(error);
      }
    }
  }

  return {
    connected,
    on(name, callback) {
      listeners[name].add(callback);
      return () => listeners[name].delete(callback);
    },
    join(peerId) {
      if (closed || connected.has(peerId)) return;
      connected.add(peerId);
      emit("join", peerId);
    },
    leave(peerId) {
      if (connected.delete(peerId)) emit("leave", peerId);
    },
    message(peerId, text) {
      // A peer that bypasses our code could send binary data or write before it joined: neither reaches the app.
      if (connected.has(peerId) && typeof text === "string") emit("message", peerId, text);
    },
    path(peerId, path) {
      if (connected.has(peerId)) emit("path", peerId, path);
    },
    resumed() {
      emit("resumed");
    },
    relays(usable, refused) {
      emit("relays", usable, refused);
    },
    error(message) {
      emit("error", message);
    },
    close() {
      closed = true;
      connected.clear();
    },
  };
}

function makeTransport(kind, selfId, hub, { send, broadcast, leave, status }) {
  let leaving = null;
  return {
    kind,
    selfId,
    onPeerJoin: (callback) => hub.on("join", callback),
    onPeerLeave: (callback) => hub.on("leave", callback),
    onMessage: (callback) => hub.on("message", callback),
    onPath: (callback) => hub.on("path", callback),
    onResume: (callback) => hub.on("resumed", callback),
    onRelays: (callback) => hub.on("relays", callback),
    onError: (callback) => hub.on("error", callback),
    peers: () => [...hub.connected],
    status,
    send(peerId, text) {
      checkText(text);
      if (!hub.connected.has(peerId)) return false;
      send(peerId, text);
      return true;
    },
    broadcast(text) {
      checkText(text);
      if (hub.connected.size) broadcast(text);
    },
    leave() {
      hub.close();
      leaving ??= Promise.resolve(leave());
      return leaving;
    },
  };
}

function checkText(text) {
  if (typeof text !== "string") throw new TypeError("A transport carries text only: send JSON as a string.");
}

function randomId() {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(15)));
}

// ---- "nostr": the room's mailbox on its Nostr relays, and direct WebRTC channels it sets up

async function openNostr(roomId, password, config) {
  const hub = makeHub();
  const direct = config.via !== "relay";
  const paths = new Map(); // connected peer id → "direct" or "relay": how this page sends to it
  const links = new Map(); // peer id → its direct link, being set up or open
  const opened = new Map(); // peer id → when its direct link opened
  const waiting = new Map(); // peer id → the timer of its direct link's last chance
  const retries = new Map(); // peer id on the relays → { timer, delay } of its next direct attempt

  const mailbox = await openMailbox(
    { appId: config.appId, roomId, password, relayUrls: config.relayUrls },
    {
      onPeer: heard,
      onGone(peerId) {
        stopWaiting(peerId);
        stopRetrying(peerId);
        closeLink(peerId);
        if (paths.has(peerId)) drop(peerId);
      },
      onSignal(peerId, data) {
        if (!direct) return;
        if (data?.kind === "offer") {
          closeLink(peerId); // the peer starts afresh: whatever this page had with it is gone
          if (paths.get(peerId) === "direct") toRelays(peerId, true); // until the new channel opens
          links.set(peerId, link(peerId, false));
        }
        links.get(peerId)?.take(data);
      },
      onMessage(peerId, message) {
        // It writes through the relays: a while after its channel opened, that means it has none to this page
        // (whatever this side believes), so it is answered through them too.
        const since = opened.get(peerId);
        if (paths.get(peerId) === "direct" && since !== undefined && Date.now() - since > DIRECT_SETTLE_MS) {
          closeLink(peerId);
          toRelays(peerId);
        }
        if (!paths.has(peerId)) toRelays(peerId);
        hub.message(peerId, message);
      },
      onResume() {
        // A new network may let a direct channel through. (A copy of the keys: retry() puts each back in the map.)
        for (const peerId of [...retries.keys()]) retry(peerId, 0);
        hub.resumed();
      },
      onRelays: (usable, refused) => hub.relays(usable, refused),
      onForeign: () => hub.error(PASSWORD_REFUSED),
    },
  );

  /** A peer is in the room: give a direct channel DIRECT_WAIT_MS to open, then go through the relays. */
  function heard(peerId) {
    if (paths.has(peerId) || waiting.has(peerId)) return;
    waiting.set(peerId, setTimeout(() => toRelays(peerId), direct ? DIRECT_WAIT_MS : 0));
    offer(peerId);
  }

  /** One side of each pair makes the offer: the one whose id sorts first. */
  function offer(peerId) {
    if (direct && mailbox.selfId < peerId && !links.has(peerId)) links.set(peerId, link(peerId, true));
  }

  function link(peerId, initiator) {
    const made = openDirect(config.iceServers, initiator, {
      signal: (data) => mailbox.signal(peerId, data),
      async onOpen() {
        if (links.get(peerId) !== made) return;
        stopWaiting(peerId);
        stopRetrying(peerId);
        opened.set(peerId, Date.now());
        paths.set(peerId, "direct");
        hub.join(peerId);
        hub.path(peerId, await made.path());
      },
      onMessage: (message) => hub.message(peerId, message),
      onClose() {
        if (links.get(peerId) !== made) return;
        links.delete(peerId);
        opened.delete(peerId);
        // The channel broke, or never opened: the relays carry this peer's messages from now on, if it is still in
        // the room (a peer that is leaving closes its channels as its goodbye travels through the relays).
        if (paths.get(peerId) === "direct") toRelays(peerId, true);
      },
    });
    return made;
  }

  /** Send to `peerId` through the relays (`broke`: its direct channel just closed), and try direct again later. */
  function toRelays(peerId, broke = false) {
    stopWaiting(peerId);
    if (paths.get(peerId) === "relay") return;
    if (!broke) closeLink(peerId);
    paths.set(peerId, "relay");
    hub.join(peerId);
    hub.path(peerId, "relay");
    if (direct && mailbox.selfId < peerId) retry(peerId, DIRECT_RETRY_FIRST_MS);
  }

  /** Offer `peerId` a direct channel again after `delay` ms (if it is still on the relays), then less often. */
  function retry(peerId, delay) {
    stopRetrying(peerId);
    const timer = setTimeout(() => {
      if (paths.get(peerId) !== "relay" || !mailbox.heard().includes(peerId)) return stopRetrying(peerId);
      closeLink(peerId); // an attempt that never opened
      offer(peerId);
      retry(peerId, Math.min(Math.max(2 * delay, DIRECT_RETRY_MS), DIRECT_RETRY_MAX_MS));
    }, delay);
    retries.set(peerId, { timer, delay });
  }

  function stopWaiting(peerId) {
    clearTimeout(waiting.get(peerId));
    waiting.delete(peerId);
  }

  function stopRetrying(peerId) {
    clearTimeout(retries.get(peerId)?.timer);
    retries.delete(peerId);
  }

  function closeLink(peerId) {
    const made = links.get(peerId);
    links.delete(peerId);
    opened.delete(peerId);
    made?.close();
  }

  function drop(peerId) {
    paths.delete(peerId);
    hub.leave(peerId);
  }

  const send = (peerId, message) =>
    paths.get(peerId) === "relay" ? mailbox.send(peerId, message) : links.get(peerId)?.send(message);
  return makeTransport("nostr", mailbox.selfId, hub, {
    send,
    broadcast: (message) => hub.connected.forEach((peerId) => send(peerId, message)),
    status: () => ({ ...mailbox.status(), heard: mailbox.heard() }),
    async leave() {
      waiting.forEach((timer) => clearTimeout(timer));
      retries.forEach(({ timer }) => clearTimeout(timer));
      await mailbox.close(); // the goodbye goes first: the peers then take the channels' end as a leave
      [...links.keys()].forEach(closeLink);
    },
  });
}

// ---- "tabs": BroadcastChannel, with a hello/here/bye handshake so each tab knows who is there

function openTabs(roomId, password, config) {
  const selfId = randomId();
  const hub = makeHub();
  // The password is part of the channel's name, so tabs with another password are in another room, as on Nostr.
  const channel = new BroadcastChannel(`${config.appId}/${roomId}/${password}`);
  const post = (message) => channel.postMessage({ ...message, from: selfId });

  channel.onmessage = ({ data }) => {
    if (typeof data?.from !== "string" || data.from === selfId) return;
    if (data.to != null && data.to !== selfId) return;
    if (data.type === "hello") {
      hub.join(data.from);
      hub.path(data.from, "direct");
      post({ type: "here", to: data.from });
    } else if (data.type === "here") {
      hub.join(data.from);
      hub.path(data.from, "direct");
    } else if (data.type === "bye") {
      hub.leave(data.from);
    } else if (data.type === "text") {
      hub.message(data.from, data.text);
    }
  };
  const bye = () => post({ type: "bye" });
  // A page restored from the back/forward cache said bye when it was hidden: it greets the room again.
  const hello = (event) => event.persisted && post({ type: "hello" });
  addEventListener("pagehide", bye);
  addEventListener("pageshow", hello);
  post({ type: "hello" });

  return makeTransport("tabs", selfId, hub, {
    send: (peerId, text) => post({ type: "text", to: peerId, text }),
    status: () => ({ relays: 0, refused: 0, heard: [...hub.connected] }),
    broadcast: (text) => post({ type: "text", to: null, text }),
    leave() {
      removeEventListener("pagehide", bye);
      removeEventListener("pageshow", hello);
      bye();
      channel.close();
    },
  });
}

function toBase64Url(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
