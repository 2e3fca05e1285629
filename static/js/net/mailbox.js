// A room's mailbox on its Nostr relays: who is in the room, the signals that set up direct channels between
// its browsers (direct.js), and the way their messages go when no direct channel opens (both behind NAT
// routers, or UDP blocked). No server of ours takes part.
//
//   const box = await openMailbox({ appId, roomId, password, relayUrls }, listeners);
//   box.selfId                this page's peer id: the start of its signing key, so nobody can speak for it
//   listeners.onPeer(peerId)            a peer is in the room (said again with each of its heartbeats)
//   listeners.onGone(peerId)            it said goodbye, or has not been heard for GONE_MS
//   listeners.onSignal(peerId, data)    it signalled this page (an offer or an answer for a direct channel)
//   listeners.onMessage(peerId, text)   a text it sent to this page, in the order it sent them, each once
//   listeners.onBreak(peerId)           a message from it was lost for good: what follows cannot be in order
//   listeners.onForeign()               others are in the room, and none of them has this page's password
//   box.send(peerId, text); box.signal(peerId, data); box.relaysOpen(); box.heard(); await box.close()
//
// Everything goes as ephemeral Nostr events (relays forward them and keep none), tagged with the room's topic,
// each signed by a key made for this page; a peer id is the start of that key, checked on every event, so a
// relay or another guest cannot send in anyone's name. The content is encrypted with AES-GCM under a key from
// the room's id and password, so a relay reads nothing; the room's own protocol (game/net/channel.py) encrypts
// each message again for its one recipient, so another guest, who has the password too, reads nothing either.
// A message is sent to every relay: each arrives once per relay, and the copies are dropped by their number.
// Long texts go in parts of at most PART_CHARS.

import { schnorr } from "@noble/secp256k1";

const BEAT_MS = 5000; // a heartbeat to the room this often
const GONE_MS = 16_000; // a peer not heard for this long has left (three heartbeats missed)
const GAP_MS = 4000; // a missing message not come after this long is lost
const PART_CHARS = 16_000; // public relays take events of some tens of kB
const MAX_PARTS = 8; // a room message is at most about 88 kB (game/net/channel.py)
const MAX_AHEAD = 64; // messages kept waiting for one that is missing, at most
const MAX_PEERS = 16; // peers a page keeps track of: a room seats six, the rest may watch
const FRESH_S = 60; // an event stamped further than this from now is stale (a replay), or from a wrong clock
const RECONNECT_MS = [500, 1000, 2000, 5000, 10_000];
const FIRST_KIND = 20_000; // Nostr's ephemeral events: kinds 20000 to 29999
const PEER_ID_CHARS = 32; // of the signing key's hex: 128 bits nobody can match with a key of their own
const FOREIGN_EVENTS = 3; // events of the room that this page cannot open, none it can: its password is wrong
const encoder = new TextEncoder();

/** Open the mailbox of one room on `relayUrls`; it greets the room at once. */
export async function openMailbox({ appId, roomId, password, relayUrls }, listeners) {
  // The topic does not depend on the password, so a page with a wrong one sees the room's events and can say so.
  const topic = toHex(await sha256(`face-down/mailbox/topic/${appId}/${roomId}`));
  const kind = FIRST_KIND + (parseInt(topic.slice(0, 8), 16) % 10_000);
  const key = await crypto.subtle.importKey(
    "raw",
    await sha256(`face-down/mailbox/key/${appId}/${roomId}/${password}`),
    "AES-GCM",
    false,
    ["encrypt", "decrypt"],
  );
  const signer = schnorr.keygen();
  const author = toHex(signer.publicKey);
  const selfId = author.slice(0, PEER_ID_CHARS);
  const relays = relayUrls.map((url) => relayConnection(url, kind, topic, onEvent));
  const peers = new Map(); // peer id → { heard, next, parts: Map(n → pieces), ready: Map(n → text), gapSince }
  const sent = new Map(); // peer id → how many texts went to it
  const seen = new Map(); // event id → its time: taken already (every relay sends its copy; a replay is refused)
  let opened = 0; // events from others this page could open
  let foreign = 0; // events of the room it could not
  let closed = false;

  async function publish(envelope) {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(JSON.stringify(envelope)));
    const event = { pubkey: author, created_at: Math.floor(Date.now() / 1000), kind, tags: [["x", topic]] };
    event.content = toBase64(concat(iv, new Uint8Array(sealed)));
    const id = await sha256(JSON.stringify([0, event.pubkey, event.created_at, event.kind, event.tags, event.content]));
    const signed = { ...event, id: toHex(id), sig: toHex(await schnorr.signAsync(id, signer.secretKey)) };
    const text = JSON.stringify(["EVENT", signed]);
    for (const relay of relays) relay.send(text);
  }

  // Envelopes go out in the order they were made: each waits for the one before it to be signed.
  let queue = Promise.resolve();
  const post = (envelope) => {
    queue = queue.then(() => (closed ? undefined : publish(envelope))).catch(reportError);
    return queue;
  };

  async function onEvent(event) {
    const fresh = Math.abs(nowSeconds() - event.created_at) <= FRESH_S;
    if (closed || !fresh || event.pubkey === author || seen.has(event.id) || !(await genuine(event))) return;
    seen.set(event.id, event.created_at);
    let envelope;
    try {
      const bytes = fromBase64(event.content);
      const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, key, bytes.slice(12));
      envelope = JSON.parse(new TextDecoder().decode(plain));
    } catch {
      // Sealed with another password for this room: a page that can open nothing has the wrong one.
      if (++foreign === FOREIGN_EVENTS && !opened) listeners.onForeign();
      return;
    }
    opened += 1;
    const { from, to, type } = envelope ?? {};
    if (closed || from !== event.pubkey.slice(0, PEER_ID_CHARS) || (to != null && to !== selfId)) return;
    if (type === "bye") return gone(from);
    const peer = heard(from);
    if (!peer) return;
    if (type === "hello") post({ from: selfId, to: from, type: "here" });
    else if (type === "signal") listeners.onSignal(from, envelope.data);
    else if (type === "text") take(from, peer, envelope);
  }

  function heard(peerId) {
    let peer = peers.get(peerId);
    if (!peer) {
      if (peers.size >= MAX_PEERS) return null; // a flood of made-up peers would cost a WebRTC attempt each
      peer = { heard: 0, next: 0, parts: new Map(), ready: new Map(), gapSince: null };
      peers.set(peerId, peer);
    }
    peer.heard = Date.now();
    listeners.onPeer(peerId);
    return peer;
  }

  function gone(peerId) {
    if (peers.delete(peerId)) listeners.onGone(peerId);
  }

  function take(peerId, peer, { n, part, parts, data }) {
    const fits = [n, part, parts].every(Number.isInteger) && 0 <= part && part < parts && parts <= MAX_PARTS;
    if (!fits || typeof data !== "string" || data.length > PART_CHARS) return; // not a part we could have sent
    if (n < peer.next || n >= peer.next + MAX_AHEAD || peer.ready.has(n)) return; // a copy, or too far ahead
    const pieces = peer.parts.get(n) ?? new Array(parts).fill(null);
    if (pieces.length !== parts) return;
    pieces[part] = data;
    peer.parts.set(n, pieces);
    if (pieces.includes(null)) return;
    peer.parts.delete(n);
    peer.ready.set(n, pieces.join(""));
    while (peer.ready.has(peer.next)) {
      const text = peer.ready.get(peer.next);
      peer.ready.delete(peer.next);
      peer.next += 1;
      listeners.onMessage(peerId, text);
    }
    peer.gapSince = peer.ready.size || peer.parts.size ? (peer.gapSince ?? Date.now()) : null;
  }

  function sweep() {
    for (const [id, at] of seen) if (nowSeconds() - at > 2 * FRESH_S) seen.delete(id); // stale by now anyway
    const now = Date.now();
    for (const [peerId, peer] of peers) {
      if (now - peer.heard > GONE_MS) {
        gone(peerId);
      } else if (peer.gapSince !== null && now - peer.gapSince > GAP_MS) {
        // Start again after the gap: the room's protocol makes a new handshake when a peer breaks.
        peer.next = Math.min(...peer.ready.keys(), ...peer.parts.keys());
        peer.gapSince = null;
        listeners.onBreak(peerId);
      }
    }
  }

  const beat = setInterval(() => post({ from: selfId, to: null, type: "beat" }), BEAT_MS);
  const sweeper = setInterval(sweep, 1000);
  const bye = () => post({ from: selfId, to: null, type: "bye" });
  addEventListener("pagehide", bye);
  post({ from: selfId, to: null, type: "hello" });

  return {
    selfId,
    signal: (peerId, data) => post({ from: selfId, to: peerId, type: "signal", data }),
    heard: () => [...peers.keys()],
    send(peerId, text) {
      const n = sent.get(peerId) ?? 0;
      sent.set(peerId, n + 1);
      const parts = Math.max(1, Math.ceil(text.length / PART_CHARS));
      for (let part = 0; part < parts; part++) {
        const data = text.slice(part * PART_CHARS, (part + 1) * PART_CHARS);
        post({ from: selfId, to: peerId, type: "text", n, part, parts, data });
      }
    },
    relaysOpen: () => relays.filter((relay) => relay.open()).length,
    async close() {
      clearInterval(beat);
      clearInterval(sweeper);
      removeEventListener("pagehide", bye);
      await bye();
      closed = true;
      relays.forEach((relay) => relay.close());
    },
  };
}

/** One relay: a WebSocket that subscribes to the topic, reconnects when dropped, and holds what waits for it. */
function relayConnection(url, kind, topic, onEvent) {
  const subscription = `fd-${Math.random().toString(36).slice(2, 10)}`;
  let socket = null;
  let attempts = 0;
  let stopped = false;
  const waiting = []; // texts sent while this relay was not connected

  function connect() {
    socket = new WebSocket(url);
    socket.onopen = () => {
      attempts = 0;
      socket.send(JSON.stringify(["REQ", subscription, { kinds: [kind], "#x": [topic], since: nowSeconds() - 5 }]));
      waiting.splice(0).forEach((text) => socket.send(text));
    };
    socket.onmessage = ({ data }) => {
      let message;
      try {
        message = JSON.parse(data);
      } catch {
        return;
      }
      if (Array.isArray(message) && message[0] === "EVENT" && message[1] === subscription && message[2]) {
        onEvent(message[2]);
      }
    };
    socket.onclose = () => {
      if (stopped) return;
      setTimeout(connect, RECONNECT_MS[Math.min(attempts++, RECONNECT_MS.length - 1)]);
    };
    socket.onerror = () => {}; // onclose follows, and retries
  }
  connect();

  return {
    open: () => socket?.readyState === WebSocket.OPEN,
    send(text) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(text);
      else if (waiting.length < 200) waiting.push(text);
    },
    close() {
      stopped = true;
      socket?.close();
    },
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** True if `event` is what its signer signed: its id is the hash of its fields, and the signature is good. */
async function genuine(event) {
  try {
    const fields = [0, event.pubkey, event.created_at, event.kind, event.tags, event.content];
    const id = await sha256(JSON.stringify(fields));
    return toHex(id) === event.id && (await schnorr.verifyAsync(fromHex(event.sig), id, fromHex(event.pubkey)));
  } catch {
    return false;
  }
}

async function sha256(text) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

function concat(first, second) {
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first);
  joined.set(second, first.length);
  return joined;
}

const toHex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
const fromHex = (hex) => Uint8Array.from(hex.match(/../g), (pair) => parseInt(pair, 16));

function toBase64(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const fromBase64 = (text) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
