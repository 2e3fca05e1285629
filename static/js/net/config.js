// The one network config of peer-to-peer rooms: the app id, the Nostr relays that carry signaling (and a
// room's messages when WebRTC cannot connect), and the ICE servers (STUN, plus TURN if a deploy has one).
// It is bundled into static/vendor/net/transport.js, so a change here needs `make site`.
//
// A deploy adds TURN servers at build time: `FACE_DOWN_TURN="turn:USER:PASSWORD@turn.example.org:3478" make site`
// (several separated by commas; USER and PASSWORD percent-encoded; `?transport=tcp` for TURN over TCP).
// tools/build_transport.mjs puts the variable's value in the bundle as __FACE_DOWN_TURN__.
//
// URL parameters override it for one visit (the tests use them to stay on 127.0.0.1 or in the network lab):
//   ?relay=ws://127.0.0.1:PORT   the relays to use instead (repeat it, or separate URLs with commas);
//   ?ice=none                    no ICE servers at all (loopback and LAN only);
//   ?ice=stun:host:port,...      these STUN/TURN URLs instead, in the form FACE_DOWN_TURN takes;
//   ?via=relay                   no WebRTC: every message goes through the relays (for a network known to
//                                block it, and to measure that path).

export const NET_CONFIG = Object.freeze({
  // The app id goes into every room's topic (mailbox.js), so rooms of other apps on the same relays never meet ours.
  appId: "face-down-cards",
  // Picked from the relays the Trystero library lists as accepting ephemeral events; five, so one or two
  // being down does not matter (every event goes to each).
  relayUrls: [
    "wss://nos.lol",
    "wss://purplerelay.com",
    "wss://relay.mostr.pub",
    "wss://nostr.data.haus",
    "wss://relay.sigit.io",
  ],
  // STUN servers find this device's public address, for direct channels across home routers.
  // A TURN server relays the game's traffic when two networks block direct connections; add one as
  // { urls: "turn:turn.example.org:3478", username: "...", credential: "..." }.
  iceServers: [
    { urls: "stun:stun.cloudflare.com:3478" },
    { urls: "stun:stun.l.google.com:19302" },
    ...listOf(typeof __FACE_DOWN_TURN__ === "string" ? __FACE_DOWN_TURN__ : "").map(iceServer),
  ],
});
const VIA = ["any", "relay"];

const RELAY_SCHEMES = ["ws:", "wss:"];
const ICE_SCHEMES = ["stun:", "stuns:", "turn:", "turns:"];

/** The config for this visit: NET_CONFIG with the `relay` and `ice` URL parameters of `search` applied. */
export function netConfig(search = globalThis.location?.search ?? "") {
  const params = new URLSearchParams(search);
  const relays = listParam(params, "relay");
  const ice = listParam(params, "ice");
  const via = params.get("via") ?? "any";
  if (!VIA.includes(via)) throw new Error(`The setting via=${via.slice(0, 20)} must be "any" or "relay".`);
  return {
    via,
    appId: NET_CONFIG.appId,
    relayUrls: relays.length ? relays.map(checkRelay) : [...NET_CONFIG.relayUrls],
    iceServers: !ice.length
      ? NET_CONFIG.iceServers.map((server) => ({ ...server }))
      : ice.length === 1 && ice[0] === "none"
        ? []
        : ice.map(iceServer),
  };
}

function listParam(params, name) {
  return params.getAll(name).flatMap(listOf);
}

function listOf(text) {
  return text
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
}

/** An ICE server from `stun:host:port` or `turn:USER:PASSWORD@host:port` (browsers take TURN credentials apart). */
function iceServer(url) {
  checkIce(url);
  const found = url.match(/^(turns?):([^:@/]*):([^@/]*)@(.+)$/);
  if (!found) return { urls: url };
  const [, scheme, username, credential, rest] = found;
  return { urls: `${scheme}:${rest}`, username: decodeURIComponent(username), credential: decodeURIComponent(credential) };
}

// A bad override fails loudly: silently falling back to the public relays would take a test (or a
// player who typed the link by hand) off the network they asked for.
function checkRelay(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`The relay "${url}" is not a URL.`);
  }
  if (!RELAY_SCHEMES.includes(parsed.protocol)) throw new Error(`The relay "${url}" must start with ws:// or wss://.`);
  return url;
}

function checkIce(url) {
  if (!ICE_SCHEMES.some((scheme) => url.startsWith(scheme))) {
    throw new Error(`The ICE server "${url}" must start with stun:, stuns:, turn: or turns:.`);
  }
  return url;
}
