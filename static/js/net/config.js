// The one network config of peer-to-peer rooms: the app id, the Nostr relays that carry signaling,
// and the ICE servers (STUN, plus TURN if a deploy has one). It is bundled into
// static/vendor/net/transport.js, so a change here needs `make site`.
//
// Two URL parameters override it for one visit (the tests use them to stay on 127.0.0.1):
//   ?relay=ws://127.0.0.1:PORT   the relays to use instead (repeat it, or separate URLs with commas);
//   ?ice=none                    no ICE servers at all (loopback and LAN only);
//   ?ice=stun:host:port,...      these STUN/TURN URLs instead (TURN credentials only come from this file).

export const NET_CONFIG = Object.freeze({
  // Trystero hashes the app id into every room topic, so rooms of other apps on the same relays never meet ours.
  appId: "face-down-cards",
  // Picked from Trystero's own default list (relays known to accept its ephemeral events); five, as
  // Trystero's default redundancy, so one or two being down does not matter.
  relayUrls: [
    "wss://nos.lol",
    "wss://purplerelay.com",
    "wss://relay.mostr.pub",
    "wss://nostr.data.haus",
    "wss://relay.sigit.io",
  ],
  // Always an explicit list: without one, Trystero falls back to Google's and Cloudflare's STUN servers.
  // A TURN server relays the game's traffic when two networks block direct connections; add one as
  // { urls: "turn:turn.example.org:3478", username: "...", credential: "..." }.
  iceServers: [{ urls: "stun:stun.cloudflare.com:3478" }, { urls: "stun:stun.l.google.com:19302" }],
});

const RELAY_SCHEMES = ["ws:", "wss:"];
const ICE_SCHEMES = ["stun:", "stuns:", "turn:", "turns:"];

/** The config for this visit: NET_CONFIG with the `relay` and `ice` URL parameters of `search` applied. */
export function netConfig(search = globalThis.location?.search ?? "") {
  const params = new URLSearchParams(search);
  const relays = listParam(params, "relay");
  const ice = listParam(params, "ice");
  return {
    appId: NET_CONFIG.appId,
    relayUrls: relays.length ? relays.map(checkRelay) : [...NET_CONFIG.relayUrls],
    iceServers: !ice.length
      ? NET_CONFIG.iceServers.map((server) => ({ ...server }))
      : ice.length === 1 && ice[0] === "none"
        ? []
        : ice.map((url) => ({ urls: checkIce(url) })),
  };
}

function listParam(params, name) {
  return params
    .getAll(name)
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean);
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
