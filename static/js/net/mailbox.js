// A room's mailbox on its Nostr relays: who is in the room, the signals that set up direct channels between
// its browsers (direct.js), and the way their messages go when no direct channel opens (both behind NAT
// routers, or UDP blocked). No server of ours takes part.
//
//   const box = await openMailbox({ appId, roomId, password, relayUrls }, listeners);
//   box.selfId                this page's peer id: the start of its signing key, so nobody can speak for it
//   listeners.onPeer(peerId)            a peer is in the room (said again with each of its heartbeats)
//   listeners.onGone(peerId)            it said goodbye, or has not been heard for GONE_MS
//   listeners.onSignal(peerId, data)    it signalled this page (an offer or an answer for a direct channel)
//   listeners.onMessage(peerId, text)   a text it sent to this page, once complete (copies dropped)
//   listeners.onResume()                this page is back (unfrozen, online again, its relays reachable again):
//                                       whatever was sent to it meanwhile is lost, so the room catches up
//   listeners.onRelays(usable, refused) how many relays may carry this page's events, and how many turned it away
//   listeners.onForeign()               others are in the room, and none of them has this page's password
//   box.send(peerId, text); box.signal(peerId, data); box.heard(); box.status(); box.wake(); await box.close()
//
// Everything goes as ephemeral Nostr events (relays forward them and keep none), tagged with the room's topic,
// each signed by a key made for this page; a peer id is the start of that key, checked on every event, so a
// relay or another guest cannot send in anyone's name. The content is encrypted with AES-GCM under a key from
// the room's id and password, so a relay reads nothing; the room's own protocol (game/net/channel.py) encrypts
// each message again for its one recipient, so another guest, who has the password too, reads nothing either.
//
// An event goes to every relay that carries the room (relay.js says how each is judged), and its copies are
// dropped by their id. A text longer than one event takes goes in parts, each fitted to the smallest limit among
// the relays in use; a part every relay refused is sent again, split for what they take now. Order, loss and
// repeats are the room protocol's business (game/net/link.py: every message is acknowledged and sent again until
// it is), so a text is handed on as soon as its parts are all in.

import { schnorr } from "@noble/secp256k1";
import { DEFAULT_CONTENT, openRelay } from "./relay.js";

const BEAT_MS = 5000; // a heartbeat to the room this often
const GONE_MS = 16_000; // a peer not heard for this long has left (three heartbeats missed)
const SLEPT_MS = 4000; // the once-a-second sweep ran this late: the page was frozen, or its timers were
const PARTS_KEPT_MS = 30_000; // the parts of a text not complete by then are dropped: it comes again whole
const MAX_PARTS = 48; // a room message is at most about 88 kB (game/net/channel.py), in parts of 2 kB or more
const MAX_PARTIAL = 64; // texts in parts kept per peer, at most
const TEXT_MAX_CHARS = 90_000; // the longest room message (game/net/channel.py's MAX_SEALED_CHARS, 87,812)
const MAX_PEERS = 16; // peers a page keeps track of: a room seats six, the rest may watch
const FRESH_S = 60; // an event stamped further than this from now is stale (a replay), or from a wrong clock
const FIRST_KIND = 20_000; // Nostr's ephemeral events: kinds 20000 to 29999
const PEER_ID_CHARS = 32; // of the signing key's hex: 128 bits nobody can match with a key of their own
const FOREIGN_EVENTS = 3; // events of the room that this page cannot open, none it can: its password is wrong
const SEALING = 28; // AES-GCM's 12-byte IV and 16-byte tag, before base64
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
  const peers = new Map(); // peer id → { heard, parts: Map(n → { pieces, since }) }
  const sent = new Map(); // peer id → how many texts went to it
  const seen = new Map(); // event id → its time: taken already (every relay sends its copy; a replay is refused)
  let opened = 0; // events from others this page could open
  let foreign = 0; // events of the room it could not
  let closed = false;
  let told = ""; // the relays' last counts given to onRelays
  let carried = false; // some relay carried this page's events when last looked
  const relays = relayUrls.map((url) => openRelay(url, { kind, topic, onEvent, onChange: relaysChanged }));

  /** Sign one envelope as an event and give it to every relay that carries the room; `tracker` hears their OKs. */
  async function publish(envelope, tracker) {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(JSON.stringify(envelope)));
    const event = { pubkey: author, created_at: nowSeconds(), kind, tags: [["x", topic]] };
    event.content = toBase64(concat(iv, new Uint8Array(sealed)));
    const id = await sha256(JSON.stringify([0, event.pubkey, event.created_at, event.kind, event.tags, event.content]));
    const signed = { ...event, id: toHex(id), sig: toHex(await schnorr.signAsync(id, signer.secretKey)) };
    const frame = JSON.stringify(["EVENT", signed]);
    const took = relays.filter((relay) => relay.send(frame, signed.id, event.content.length, tracker?.answered));
    tracker?.sentTo(took.length);
  }

  // Envelopes go out in the order they were made: each waits for the one before it to be signed.
  let queue = Promise.resolve();
  const post = (envelope, tracker) => {
    queue = queue.then(() => (closed ? undefined : publish(envelope, tracker))).catch(reportError);
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
      peer = { heard: 0, parts: new Map() };
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
    const fits = [n, part, parts].every(Number.isInteger) && n >= 0 && 0 <= part && part < parts && parts <= MAX_PARTS;
    if (!fits || typeof data !== "string" || data.length > TEXT_MAX_CHARS) return; // not a part we could have sent
    if (parts === 1) return listeners.onMessage(peerId, data);
    const partial = peer.parts.get(n) ?? { pieces: new Array(parts).fill(null), size: 0, since: Date.now() };
    if (partial.pieces.length !== parts || partial.pieces[part] !== null) return;
    partial.size += data.length;
    if (partial.size > TEXT_MAX_CHARS) return peer.parts.delete(n); // longer than any room message
    if (!peer.parts.has(n)) {
      if (peer.parts.size >= MAX_PARTIAL) peer.parts.delete(peer.parts.keys().next().value);
      peer.parts.set(n, partial);
    }
    partial.pieces[part] = data;
    if (partial.pieces.includes(null)) return;
    peer.parts.delete(n);
    listeners.onMessage(peerId, partial.pieces.join(""));
  }

  /** Send `text` to one peer, in as many parts as the relays in use need; if they all refuse a part, the whole
   * text goes once more, split for what they take now. */
  function send(peerId, text, again = false) {
    const n = sent.get(peerId) ?? 0;
    sent.set(peerId, n + 1);
    const pieces = split(text, partChars(n));
    const refusedEverywhere = () => {
      if (again) return;
      again = true;
      send(peerId, text, true);
    };
    pieces.forEach((data, part) => {
      post({ from: selfId, to: peerId, type: "text", n, part, parts: pieces.length, data }, tracker(refusedEverywhere));
    });
  }

  /** How many characters of text one part may hold, so that its event fits every relay in use. */
  function partChars(n) {
    const limits = relays.filter((relay) => relay.usable()).map((relay) => relay.limit());
    const content = Math.min(...limits, limits.length ? Infinity : DEFAULT_CONTENT);
    const envelope = JSON.stringify({ from: selfId, to: selfId, type: "text", n, part: 99, parts: 99, data: "" });
    return Math.floor(content / 4) * 3 - SEALING - envelope.length;
  }

  function relaysChanged() {
    const usable = relays.filter((relay) => relay.usable()).length;
    const counts = `${usable}/${relays.length - usable}`;
    if (counts !== told) {
      told = counts;
      listeners.onRelays(usable, relays.length - usable);
    }
    const carries = relays.some((relay) => relay.carries());
    if (carries && !carried && opened) listeners.onResume(); // no relay carried the room a moment ago
    carried = carries;
  }

  let swept = Date.now();
  function sweep() {
    const now = Date.now();
    if (now - swept > SLEPT_MS) wake(); // this page's timers stood still: it was frozen
    swept = now;
    for (const [id, at] of seen) if (nowSeconds() - at > 2 * FRESH_S) seen.delete(id); // stale by now anyway
    for (const [peerId, peer] of peers) {
      if (now - peer.heard > GONE_MS) gone(peerId);
      for (const [n, partial] of peer.parts) if (now - partial.since > PARTS_KEPT_MS) peer.parts.delete(n);
    }
  }

  /** This page is back: reconnect the relays at once, give every peer its full time again (the silence was this
   * page's), greet the room so that it hears this page again, and let the room catch up. */
  function wake() {
    if (closed) return;
    swept = Date.now();
    for (const peer of peers.values()) peer.heard = swept;
    relays.forEach((relay) => relay.wake());
    post({ from: selfId, to: null, type: "hello" });
    listeners.onResume();
  }

  const beat = setInterval(() => post({ from: selfId, to: null, type: "beat" }), BEAT_MS);
  const sweeper = setInterval(sweep, 1000);
  const bye = () => post({ from: selfId, to: null, type: "bye" });
  const back = (event) => (event.type !== "pageshow" || event.persisted) && wake();
  const visible = () => document.visibilityState === "visible" && Date.now() - swept > SLEPT_MS && wake();
  addEventListener("pagehide", bye);
  addEventListener("pageshow", back);
  addEventListener("online", back);
  document.addEventListener("resume", back);
  document.addEventListener("visibilitychange", visible);
  post({ from: selfId, to: null, type: "hello" });

  return {
    selfId,
    send: (peerId, text) => send(peerId, text),
    signal: (peerId, data) => post({ from: selfId, to: peerId, type: "signal", data }),
    heard: () => [...peers.keys()],
    status: () => ({
      relays: relays.filter((relay) => relay.carries()).length,
      refused: relays.filter((relay) => relay.aside()).length,
      refusals: relays.reduce((sum, relay) => sum + relay.refusals(), 0),
      partChars: partChars(0),
    }),
    wake,
    async close() {
      clearInterval(beat);
      clearInterval(sweeper);
      removeEventListener("pagehide", bye);
      removeEventListener("pageshow", back);
      removeEventListener("online", back);
      document.removeEventListener("resume", back);
      document.removeEventListener("visibilitychange", visible);
      await bye();
      closed = true;
      relays.forEach((relay) => relay.close());
    },
  };
}

/** What the relays answered about one event: `refusedEverywhere()` runs once every relay it went to refused it. */
function tracker(refusedEverywhere) {
  let pending = 0;
  let taken = false;
  return {
    sentTo(count) {
      pending = count;
    },
    answered(accepted) {
      taken ||= accepted;
      if (--pending === 0 && !taken) refusedEverywhere();
    },
  };
}

/** `text` cut into pieces of at most `chars` characters once written as a JSON string (quotes and controls take
 * more than one). */
function split(text, chars) {
  const pieces = [];
  let start = 0;
  let size = 0;
  for (let index = 0; index < text.length; index++) {
    const width = JSON.stringify(text[index]).length - 2;
    if (size + width > chars && index > start) {
      pieces.push(text.slice(start, index));
      start = index;
      size = 0;
    }
    size += width;
  }
  pieces.push(text.slice(start));
  return pieces;
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
