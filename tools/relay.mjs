// A small Nostr relay (NIP-01) for the room tests: it keeps signaling on 127.0.0.1, so the tests need
// no public relay and can run in a network namespace that holds only loopback.
//
//     node tools/relay.mjs [--port 0] [--host 127.0.0.1] [--hostile]    prints "relay ws://HOST:PORT" once it listens
//
// --host is for the network lab (tools/netlab.py), whose relay listens on its public side's address.
// --hostile makes it a relay that forwards whatever it is sent, signed or not, old or new, as a careless or
// hostile public relay may: the room's pages must check every event themselves (tests/browser/test_transport.py).
//
// It speaks what Trystero uses: EVENT (signature checked, answered with OK, forwarded to every matching
// subscription), REQ (stored matches, then EOSE, then live events), CLOSE. Filters: ids, authors, kinds,
// #<letter> tags, since, until, limit. Like a public relay it forwards ephemeral events (kinds
// 20000–29999, which is all Trystero sends) without storing them, and stores the rest.

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

function onEvent(socket, event) {
  if (!event || typeof event !== "object" || (!hostile && !verifyEvent(event))) {
    send(socket, ["OK", event?.id ?? "", false, "invalid: bad id or signature"]);
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
  subscriptions.get(socket).set(subId, filters);
  for (const filter of filters) {
    const found = stored.filter((event) => matches(filter, event));
    // NIP-01: with a limit, the newest events.
    const replay = filter.limit === undefined ? found : found.slice(-filter.limit);
    for (const event of replay) send(socket, ["EVENT", subId, event]);
  }
  send(socket, ["EOSE", subId]);
}

const server = new WebSocketServer({ host, port, maxPayload: MAX_MESSAGE_BYTES });

server.on("connection", (socket) => {
  subscriptions.set(socket, new Map());
  socket.on("close", () => subscriptions.delete(socket));
  socket.on("message", (data) => {
    let message;
    try {
      message = JSON.parse(data.toString());
    } catch {
      send(socket, ["NOTICE", "invalid: not JSON"]);
      return;
    }
    const [type, ...rest] = Array.isArray(message) ? message : [];
    if (type === "EVENT") onEvent(socket, rest[0]);
    else if (type === "REQ") onReq(socket, rest[0], rest.slice(1));
    // No CLOSED reply: a relay sends CLOSED only when it ends a subscription itself, and Trystero
    // takes a CLOSED as the relay refusing it.
    else if (type === "CLOSE") subscriptions.get(socket).delete(rest[0]);
    else send(socket, ["NOTICE", `invalid: unknown message type ${JSON.stringify(type)}`]);
  });
});

server.on("listening", () => console.log(`relay ws://${host}:${server.address().port}`));
