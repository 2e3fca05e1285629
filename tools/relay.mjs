// A small Nostr relay (NIP-01) for the room tests: it keeps signaling on 127.0.0.1, so the tests need
// no public relay and can run in a network namespace that holds only loopback.
//
//     node tools/relay.mjs [--port 0] [--host 127.0.0.1] [--hostile] [--max-content N] [--publish-limits]
//                          [--rate N] [--drop SHARE] [--auth] [--seed N]
//     prints "relay ws://HOST:PORT" once it listens
//
// --host is for the network lab (tools/netlab.py), whose relay listens on its public side's address.
// --hostile makes it a relay that forwards whatever it is sent, signed or not, old or new, as a careless or
// hostile public relay may: the room's pages must check every event themselves (tests/browser/test_transport.py).
// The others make it behave like relays other people run (the relay lab, bench/relays.py):
// --max-content N   refuses an event whose content is over N characters, as nostr-relay does by default (4,096):
//                   ["OK", "", false, "invalid: ..."], the id left out as nostr-relay leaves it; and like it, delays
//                   every later message on that connection, 2 s after the first refusal, doubling after each;
// --publish-limits  says its limit in its NIP-11 document (limitation.max_content_length); without it, it says
//                   nothing of it, as nostr-relay does;
// --rate N          takes at most N events a second from a connection; the rest: "rate-limited: slow down";
// --drop SHARE      answers OK but forwards nothing of a share (0 to 1) of the events, picked at random (--seed);
// --auth            asks for NIP-42 auth and takes nothing without it: "auth-required:" to every event, and a
//                   CLOSED "auth-required:" to every subscription.
// Its NIP-11 document (GET on its URL with Accept: application/nostr+json) is served with CORS, as relays do.
//
// It speaks what Trystero uses: EVENT (signature checked, answered with OK, forwarded to every matching
// subscription), REQ (stored matches, then EOSE, then live events), CLOSE. Filters: ids, authors, kinds,
// #<letter> tags, since, until, limit. Like a public relay it forwards ephemeral events (kinds
// 20000–29999, which is all Trystero sends) without storing them, and stores the rest.

import { createServer } from "node:http";
import { verifyEvent } from "nostr-tools/pure";
import { WebSocketServer } from "ws";

const STORED_LIMIT = 10_000;
// Trystero's signals are a few kB; a cap keeps a runaway test from filling memory.
const MAX_MESSAGE_BYTES = 256 * 1024;

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const port = Number(flag("--port", 0));
const host = flag("--host", "127.0.0.1");
const hostile = process.argv.includes("--hostile");
const maxContent = Number(flag("--max-content", Infinity));
const publishLimits = process.argv.includes("--publish-limits");
const rate = Number(flag("--rate", Infinity));
const dropShare = Number(flag("--drop", 0));
const auth = process.argv.includes("--auth");
let seed = Number(flag("--seed", 1));
const random = () => {
  // A small seeded generator (mulberry32), so a lab run drops the same events each time.
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const stored = [];
const storedIds = new Set();
const subscriptions = new Map(); // socket → Map(subscription id → filters)

const isEphemeral = (event) => event.kind >= 20000 && event.kind < 30000;

function matches(filter, event) {
  if (filter.ids && !filter.ids.includes(event.id)) return false;
  if (filter.authors && !filter.authors.includes(event.pubkey)) return false;
  if (filter.kinds && !filter.kinds.includes(event.kind)) return false;
  // A hostile relay sends old events too: a page must refuse a replay itself.
  if (!hostile && filter.since !== undefined && event.created_at < filter.since) return false;
  if (!hostile && filter.until !== undefined && event.created_at > filter.until) return false;
  for (const [key, values] of Object.entries(filter)) {
    if (!/^#[a-zA-Z]$/.test(key)) continue;
    const name = key.slice(1);
    if (!event.tags.some((tag) => tag[0] === name && values.includes(tag[1]))) return false;
  }
  return true;
}

function send(socket, message) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function onEvent(socket, event, state) {
  if (!event || typeof event !== "object" || (!hostile && !verifyEvent(event))) {
    send(socket, ["OK", event?.id ?? "", false, "invalid: bad id or signature"]);
    return;
  }
  if (auth) {
    send(socket, ["OK", event.id, false, "auth-required: this relay takes events from its members only"]);
    return;
  }
  const now = Date.now();
  state.recent = state.recent.filter((at) => now - at < 1000);
  if (state.recent.length >= rate) {
    send(socket, ["OK", event.id, false, "rate-limited: slow down"]);
    return;
  }
  state.recent.push(now);
  if (typeof event.content === "string" && event.content.length > maxContent) {
    state.throttle = Math.max(state.throttle, 1000) * 2;
    send(socket, ["OK", "", false, "invalid: 280 characters should be enough for anybody"]);
    return;
  }
  if (dropShare && random() < dropShare) {
    send(socket, ["OK", event.id, true, ""]);
    return;
  }
  if (storedIds.has(event.id)) {
    send(socket, ["OK", event.id, true, "duplicate: already have this event"]);
    return;
  }
  if (!isEphemeral(event)) {
    stored.push(event);
    storedIds.add(event.id);
    if (stored.length > STORED_LIMIT) storedIds.delete(stored.shift().id);
  }
  send(socket, ["OK", event.id, true, ""]);
  for (const [peer, subs] of subscriptions) {
    for (const [subId, filters] of subs) {
      if (filters.some((filter) => matches(filter, event))) send(peer, ["EVENT", subId, event]);
    }
  }
}

function onReq(socket, subId, filters) {
  if (typeof subId !== "string" || !filters.every((filter) => filter && typeof filter === "object")) {
    send(socket, ["NOTICE", "invalid: REQ needs a subscription id and filter objects"]);
    return;
  }
  if (auth) {
    send(socket, ["CLOSED", subId, "auth-required: this relay serves its members only"]);
    return;
  }
  subscriptions.get(socket).set(subId, filters);
  for (const filter of filters) {
    const found = stored.filter((event) => matches(filter, event));
    // NIP-01: with a limit, the newest events.
    const replay = filter.limit === undefined ? found : found.slice(-filter.limit);
    for (const event of replay) send(socket, ["EVENT", subId, event]);
  }
  send(socket, ["EOSE", subId]);
}

// NIP-11: what the relay says of itself, to a GET that asks for it; anything else gets a line of text.
const info = {
  name: "Face Down test relay",
  supported_nips: auth ? [1, 11, 42] : [1, 11],
  software: "tools/relay.mjs",
  limitation: {
    max_message_length: MAX_MESSAGE_BYTES,
    ...(publishLimits && Number.isFinite(maxContent) ? { max_content_length: maxContent } : {}),
  },
};
const http = createServer((request, response) => {
  const headers = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "*" };
  if (request.headers.accept === "application/nostr+json") {
    response.writeHead(200, { ...headers, "Content-Type": "application/nostr+json" });
    response.end(JSON.stringify(info));
  } else {
    response.writeHead(200, { ...headers, "Content-Type": "text/plain" });
    response.end("A Nostr relay: connect with a WebSocket.");
  }
});
const server = new WebSocketServer({ server: http, maxPayload: MAX_MESSAGE_BYTES });

server.on("connection", (socket) => {
  subscriptions.set(socket, new Map());
  if (auth) send(socket, ["AUTH", Math.random().toString(36).slice(2)]);
  socket.on("close", () => subscriptions.delete(socket));
  // A connection's messages are handled one after another, each after the delay its refusals earned it.
  const state = { recent: [], throttle: 0, chain: Promise.resolve() };
  socket.on("message", (data) => {
    state.chain = state.chain.then(async () => {
      if (state.throttle) await sleep(state.throttle);
      let message;
      try {
        message = JSON.parse(data.toString());
      } catch {
        send(socket, ["NOTICE", "invalid: not JSON"]);
        return;
      }
      const [type, ...rest] = Array.isArray(message) ? message : [];
      if (type === "EVENT") onEvent(socket, rest[0], state);
      else if (type === "REQ") onReq(socket, rest[0], rest.slice(1));
      // No CLOSED reply: a relay sends CLOSED only when it ends a subscription itself, and a client takes a
      // CLOSED as the relay refusing it.
      else if (type === "CLOSE") subscriptions.get(socket)?.delete(rest[0]);
      else send(socket, ["NOTICE", `invalid: unknown message type ${JSON.stringify(type)}`]);
    });
  });
});

http.listen(port, host, () => console.log(`relay ws://${host}:${http.address().port}`));
