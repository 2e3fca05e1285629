// A room's mailbox on its Nostr relays: who is in the room, and the way its messages go when WebRTC cannot
// connect two browsers (both behind NAT routers, or UDP blocked). No server of ours takes part.
//
//   const box = await openMailbox({ appId, roomId, password, relayUrls, selfId }, { onPeer, onGone, onMessage, onBreak });
//   onPeer(peerId)            a peer is in the room (said again with each of its heartbeats)
//   onGone(peerId)            it said goodbye, or has not been heard for GONE_MS
//   onMessage(peerId, text)   a text it sent to this page, in the order it sent them, each once
//   onBreak(peerId)           a message from it was lost for good: what follows cannot be in order
//   box.send(peerId, text)    to one peer;  box.relaysOpen()  how many relays are connected;  box.close()
//
// Everything goes as ephemeral Nostr events (relays forward them and keep none), tagged with a topic that
// only holders of the invitation can compute, each signed by a key made for this page. Their content is
// encrypted with AES-GCM under a key from the room's id and password, so a relay reads nothing; the room's
// own protocol (game/net/channel.py) encrypts each message again for its one recipient, so another guest,
// who has the password too, reads nothing either. A message is sent to every relay: each arrives once per
// relay, and the copies are dropped by their number. Long texts go in parts of at most PART_CHARS.

import { schnorr } from "@noble/secp256k1";

const BEAT_MS = 5000; // a heartbeat to the room this often
const GONE_MS = 16_000; // a peer not heard for this long has left (three heartbeats missed)
const GAP_MS = 4000; // a missing message not come after this long is lost
const PART_CHARS = 16_000; // public relays take events of some tens of kB
const RECONNECT_MS = [500, 1000, 2000, 5000, 10_000];
const FIRST_KIND = 20_000; // Nostr's ephemeral events: kinds 20000 to 29999
const encoder = new TextEncoder();

/** Open the mailbox of one room on `relayUrls`; it greets the room at once. */
export async function openMailbox({ appId, roomId, password, relayUrls, selfId }, listeners) {
  const topic = toHex(await sha256(`face-down/mailbox/topic/${appId}/${roomId}/${password}`));
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
  const relays = relayUrls.map((url) => relayConnection(url, kind, topic, onEvent));
  const peers = new Map(); // peer id → { heard, next, parts: Map(n → pieces), ready: Map(n → text), gapSince }
  const sent = new Map(); // peer id → how many texts went to it
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
    let envelope;
    try {
      const bytes = fromBase64(event.content);
      const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, key, bytes.slice(12));
      envelope = JSON.parse(new TextDecoder().decode(plain));
    } catch {
      return; // not sealed with this room's key: not for us
    }
    const { from, to, type } = envelope ?? {};
    if (closed || typeof from !== "string" || from === selfId || (to != null && to !== selfId)) return;
    if (type === "bye") return gone(from);
    const peer = heard(from);
    if (type === "hello") post({ from: selfId, to: from, type: "here" });
    if (type === "text") take(from, peer, envelope);
  }

  function heard(peerId) {
    let peer = peers.get(peerId);
    if (!peer) {
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
    const whole = [n, part, parts].every(Number.isInteger) && 0 <= part && part < parts && typeof data === "string";
    if (!whole || n < peer.next || peer.ready.has(n)) return; // damaged, or a copy from another relay
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

function toBase64(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const fromBase64 = (text) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
