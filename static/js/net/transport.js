// Peer-to-peer transports for rooms: one small interface, three ways to reach the other players.
//
//   const t = await openTransport(kind, roomId, { password, config });
//   t.kind, t.selfId                this page's peer id (random per page)
//   t.onPeerJoin(cb(peerId))        a peer connected (once per peer until it leaves); each on… returns an unsubscribe
//   t.onPeerLeave(cb(peerId))
//   t.onMessage(cb(peerId, text))   a text message from a connected peer
//   t.onError(cb(message))          something to tell the player (a wrong room password, a link that failed)
//   t.send(peerId, text)            true if handed to that peer's connection, false if it is not connected
//   t.broadcast(text)               to every connected peer
//   t.peers()                       the connected peer ids
//   await t.leave()                 no events after it
//
// Kinds:
//   "nostr"  WebRTC signaled through Nostr relays (Trystero); the password encrypts the signaling;
//   "tabs"   BroadcastChannel: the tabs of one browser profile;
//   "link"   WebRTC with no third party: the offer and the answer travel by hand as links or QR codes.
//            Extra methods: createOffer() / createOfferLink(base) on the inviting side, acceptOffer(text)
//            → answer text on the invited side, acceptAnswer(text) → peer id back on the inviting side.
//            roomId and password are not used: the invitation itself is the room.
//
// Only text travels. The room protocol (game/net/) parses and checks every message itself; a transport
// only promises that a message came over the connection of the peer id it is reported with.
//
// This file is source: tools/build_transport.mjs bundles it with Trystero into static/vendor/net/.

import { joinRoom, selfId as trysteroSelfId } from "trystero/nostr";
import { netConfig } from "./config.js";

export { NET_CONFIG, netConfig } from "./config.js";

/** Open a transport of `kind` ("nostr", "tabs" or "link") for `roomId`; config defaults to netConfig(). */
export async function openTransport(kind, roomId, { password = "", config = netConfig() } = {}) {
  if (kind === "link") return openLink(config);
  if (typeof roomId !== "string" || !roomId) throw new Error("A room needs a room id.");
  if (kind === "nostr") return openNostr(roomId, password, config);
  if (kind === "tabs") return openTabs(roomId, password, config);
  throw new Error(`Unknown transport "${kind}": use "nostr", "tabs" or "link".`);
}

// ---- what every kind shares: listeners, the set of connected peers, the public object

function makeHub() {
  const listeners = { join: new Set(), leave: new Set(), message: new Set(), error: new Set() };
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
    error(message) {
      emit("error", message);
    },
    close() {
      closed = true;
      connected.clear();
    },
  };
}

function makeTransport(kind, selfId, hub, { send, broadcast, leave, ...extra }) {
  let leaving = null;
  return {
    kind,
    selfId,
    onPeerJoin: (callback) => hub.on("join", callback),
    onPeerLeave: (callback) => hub.on("leave", callback),
    onMessage: (callback) => hub.on("message", callback),
    onError: (callback) => hub.on("error", callback),
    peers: () => [...hub.connected],
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
    ...extra,
  };
}

function checkText(text) {
  if (typeof text !== "string") throw new TypeError("A transport carries text only: send JSON as a string.");
}

function randomId() {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(15)));
}

// ---- "nostr": Trystero

// A message to a peer that is dropping right now is lost, as on any network; onPeerLeave tells the app.
const dropped = () => {};

function openNostr(roomId, password, config) {
  const hub = makeHub();
  const room = joinRoom(
    {
      appId: config.appId,
      password,
      relayConfig: { urls: config.relayUrls },
      // Always given, even empty: Trystero's own default is a list of public STUN servers.
      rtcConfig: { iceServers: config.iceServers },
    },
    roomId,
    { onJoinError: (details) => hub.error(details.error) },
  );
  const text = room.makeAction("text");
  text.onMessage = (data, { peerId }) => hub.message(peerId, data);
  room.onPeerJoin = (peerId) => hub.join(peerId);
  room.onPeerLeave = (peerId) => hub.leave(peerId);
  return makeTransport("nostr", trysteroSelfId, hub, {
    send: (peerId, message) => text.send(message, { target: peerId }).catch(dropped),
    broadcast: (message) => text.send(message).catch(dropped),
    leave: () => room.leave(),
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
      post({ type: "here", to: data.from });
    } else if (data.type === "here") {
      hub.join(data.from);
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
    broadcast: (text) => post({ type: "text", to: null, text }),
    leave() {
      removeEventListener("pagehide", bye);
      removeEventListener("pageshow", hello);
      bye();
      channel.close();
    },
  });
}

// ---- "link": RTCPeerConnection, the SDP passed by hand

// Without a limit, a STUN server that never answers keeps ICE gathering going for many seconds; the
// candidates found by then are the ones that matter.
const GATHER_LIMIT_MS = 3000;
const DISCONNECT_GRACE_MS = 5000;
// A real token inflates to about 2 KB; the cap stops a pasted "zip bomb".
const MAX_TOKEN_BYTES = 32 * 1024;

function openLink(config) {
  const selfId = randomId();
  const hub = makeHub();
  const offers = new Map(); // offer id → { pc, channel } waiting for the answer
  const channels = new Map(); // peer id → its open data channel
  const connections = new Set();

  function connection() {
    const pc = new RTCPeerConnection({ iceServers: config.iceServers });
    connections.add(pc);
    return pc;
  }

  function attach(peerId, channel, pc) {
    let grace = null;
    const drop = () => {
      clearTimeout(grace);
      // A peer that reconnected through a new invitation already has a newer channel: keep that one.
      if (channels.get(peerId) === channel) {
        channels.delete(peerId);
        hub.leave(peerId);
      }
      pc.close();
      connections.delete(pc);
    };
    channel.onopen = () => {
      channels.set(peerId, channel);
      hub.join(peerId);
    };
    channel.onmessage = ({ data }) => hub.message(peerId, data);
    channel.onclose = drop;
    pc.onconnectionstatechange = () => {
      clearTimeout(grace);
      if (pc.connectionState === "failed") {
        hub.error("The direct connection failed: the two devices could not reach each other.");
        drop();
      } else if (pc.connectionState === "disconnected") {
        // A peer whose browser vanished closes nothing: measured here, its channel stayed open and no
        // "failed" came within a minute, only "disconnected". That may also be a network hiccup that heals,
        // hence a grace period, as long as Trystero's, before the peer counts as gone.
        grace = setTimeout(drop, DISCONNECT_GRACE_MS);
      }
    };
  }

  async function createOffer() {
    const id = randomId();
    const pc = connection();
    const channel = pc.createDataChannel("text");
    await pc.setLocalDescription();
    await gathered(pc);
    offers.set(id, { pc, channel });
    return encodeToken({ v: 1, type: "offer", id, from: selfId, sdp: pc.localDescription.sdp });
  }

  async function acceptOffer(text) {
    const offer = await decodeToken(text, "offer");
    if (offer.from === selfId) throw new Error("This is your own invitation: send it to the other player.");
    const pc = connection();
    pc.ondatachannel = ({ channel }) => attach(offer.from, channel, pc);
    await pc.setRemoteDescription({ type: "offer", sdp: offer.sdp });
    await pc.setLocalDescription();
    await gathered(pc);
    return encodeToken({ v: 1, type: "answer", id: offer.id, from: selfId, sdp: pc.localDescription.sdp });
  }

  async function acceptAnswer(text) {
    const answer = await decodeToken(text, "answer");
    const pending = offers.get(answer.id);
    if (!pending) throw new Error("This answer is not for an invitation from this page, or it was used already.");
    offers.delete(answer.id);
    attach(answer.from, pending.channel, pending.pc);
    await pending.pc.setRemoteDescription({ type: "answer", sdp: answer.sdp });
    return answer.from;
  }

  return makeTransport("link", selfId, hub, {
    send: (peerId, text) => sendOn(channels.get(peerId), text),
    broadcast: (text) => channels.forEach((channel) => sendOn(channel, text)),
    leave() {
      connections.forEach((pc) => pc.close());
      connections.clear();
      offers.clear();
      channels.clear();
    },
    createOffer,
    /** The invitation as a link: `base` (this page without its fragment by default) with #offer=… */
    createOfferLink: async (base = location.href.split("#")[0]) => `${base}#offer=${await createOffer()}`,
    acceptOffer,
    acceptAnswer,
  });
}

function sendOn(channel, text) {
  // A channel that is closing right now loses the message, as any network would; onPeerLeave follows.
  if (channel?.readyState === "open") channel.send(text);
}

function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => pc.iceGatheringState === "complete" && done();
    const timer = setTimeout(done, GATHER_LIMIT_MS);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

async function encodeToken(value) {
  const stream = new Blob([JSON.stringify(value)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** The `type` ("offer" or "answer") in `text`: a bare token, or a link or message holding `type=token`. */
async function decodeToken(text, type) {
  const found = String(text).match(new RegExp(`(?:^|[#&?\\s])${type}=([\\w-]+)`)) ?? String(text).trim().match(/^([\w-]+)$/);
  const problem = new Error(`This is not a Face Down ${type === "offer" ? "invitation" : "answer"}: copy it again.`);
  if (!found) throw problem;
  let value;
  try {
    value = JSON.parse(await inflate(fromBase64Url(found[1])));
  } catch {
    throw problem;
  }
  const fields = [value?.id, value?.from, value?.sdp];
  if (value?.v !== 1 || value.type !== type || !fields.every((field) => typeof field === "string")) throw problem;
  return value;
}

async function inflate(bytes) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_TOKEN_BYTES) {
      await reader.cancel();
      throw new Error("token too large");
    }
    chunks.push(value);
  }
  return new Blob(chunks).text();
}

function toBase64Url(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
