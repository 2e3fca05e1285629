// One Nostr relay of a room's mailbox (mailbox.js): a WebSocket that subscribes to the room's topic, reconnects
// when dropped, and listens to what the relay answers, since relays are run by other people, each with its rules.
//
//   const relay = openRelay(url, { kind, topic, onEvent, onChange });
//   relay.send(frame, id, content, answered)   the EVENT frame of event `id`, whose content has `content` characters;
//                                    false if the relay takes nothing now; answered(accepted, reason) once it says
//                                    (NIP-01's "OK")
//   relay.carries()                  open, and neither set aside nor paused: events sent now go out
//   relay.usable()                   not set aside (it may still be connecting, or paused for a while)
//   relay.aside()                    why it was set aside for this room ("" while it is not)
//   relay.limit()                    the longest event content it takes, as far as this page knows
//   relay.refusals()                 how many of this page's events it refused, in all
//   relay.wake()                     reconnect now if it is not connected (the page came back)
//   relay.close()
//
// What it learns, and what it does about it:
// - its NIP-11 document (GET on its URL with Accept: application/nostr+json), where it has one: the longest
//   content (limitation.max_content_length, or max_message_length less an event's other fields) sets limit(); a
//   relay that wants auth (NIP-42), proof of work (NIP-13) or payment is set aside at once, since this app does
//   none of them. A relay that says nothing is taken to accept DEFAULT_CONTENT characters, the smallest limit
//   common among public relays (nostr-relay's own default);
// - every OK (matched to its event by id, or else by order: nostr-relay leaves the id out of a refusal, and answers
//   a connection's events in turn): "duplicate:" counts as taken. "rate-limited:" pauses the relay, 5 s then doubling up to 2 min, with
//   nothing sent to it meanwhile (no retry storm: the other relays carry the room, and the room's links send what
//   was lost again). "auth-required:", "pow:", "restricted:", "blocked:" and "payment" set it aside for the room.
//   Any other refusal of a long event lowers limit() (the reason rarely says it was the size: nostr-relay answers
//   "invalid: 280 characters should be enough for anybody"), and, since such a relay slows every later message on
//   the same connection after a refusal, the relay is paused for that long and then reconnected afresh. A relay
//   that refuses REFUSALS events in a row, or a short one, is set aside;
// - every NOTICE (one that says it limits the rate pauses it) and CLOSED (a subscription it ended: it is asked
//   again after a pause, or set aside if it wants auth);
// - and it never sends a relay more than PACE_BURST events at once, PACE_PER_S a second after that: the rest wait.
//
// onChange() is called whenever carries(), usable() or limit() may have changed.

const RECONNECT_MS = [500, 1000, 2000, 5000, 10_000, 30_000];
export const DEFAULT_CONTENT = 4096;
const MIN_CONTENT = 1024; // a relay that takes less than this cannot carry a room's messages
const FRAME_CHARS = 600; // an EVENT frame's characters besides the content: its id, key, signature, tags...
const INFO_WAIT_MS = 3000;
const PAUSE_MS = [5000, 10_000, 20_000, 40_000, 120_000];
const SIZE_PAUSE_MS = 2000; // after a refusal nostr-relay delays the connection's next message by 2 s, then 4, 8...
const REFUSALS = 3;
const PACE_BURST = 20;
const PACE_PER_S = 10;
const WAITING = 200; // events kept for a relay that is connecting, at most
const KEPT_MS = 30_000; // an event that waited longer is not sent: the room's links have sent it again since
const UNANSWERED = 500; // events sent and not answered yet, remembered at most (some relays never answer)
const SET_ASIDE = /^(auth-required|pow|restricted|blocked|payment)/i;
const RATE = /^rate-limited|rate.?limit|slow down|too (many|fast)/i;

export function openRelay(url, { kind, topic, onEvent, onChange }) {
  const subscription = `fd-${Math.random().toString(36).slice(2, 10)}`;
  const waiting = []; // events waiting for the connection, or for their turn: { frame, id, content, answered }
  let unanswered = []; // events sent on this connection that the relay has not answered yet, in order
  let socket = null;
  let attempts = 0;
  let reconnect = null;
  let stopped = false;
  let limit = DEFAULT_CONTENT;
  let aside = "";
  let pausedUntil = 0;
  let pauses = 0;
  let refusals = 0; // in a row
  let refused = 0; // in all
  let tokens = PACE_BURST;
  let refilled = Date.now();
  let drain = null;

  const isOpen = () => socket?.readyState === WebSocket.OPEN;
  const usable = () => !aside && !stopped;
  const paused = () => Date.now() < pausedUntil;

  function setAside(reason) {
    if (aside) return;
    aside = reason.slice(0, 200);
    waiting.length = 0;
    socket?.close();
    onChange();
  }

  function pause(ms) {
    pausedUntil = Math.max(pausedUntil, Date.now() + ms);
    onChange();
    setTimeout(() => {
      flush();
      onChange();
    }, ms + 10);
  }

  function connect() {
    reconnect = null;
    if (stopped || aside) return;
    const opened = new WebSocket(url);
    socket = opened;
    unanswered = [];
    opened.onopen = () => {
      attempts = 0;
      opened.send(JSON.stringify(["REQ", subscription, { kinds: [kind], "#x": [topic], since: nowSeconds() - 5 }]));
      flush();
      onChange();
    };
    opened.onmessage = ({ data }) => heard(data);
    opened.onclose = () => {
      if (socket !== opened) return; // an older connection, replaced on purpose
      onChange();
      if (!stopped && !aside) reconnect = setTimeout(connect, RECONNECT_MS[Math.min(attempts++, RECONNECT_MS.length - 1)]);
    };
    opened.onerror = () => {}; // onclose follows, and retries
  }

  function renew() {
    // A fresh connection: the relay's own delays on the old one go with it.
    const old = socket;
    socket = null;
    old?.close();
    clearTimeout(reconnect);
    connect();
  }

  function heard(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (!Array.isArray(message)) return;
    const [type, first, second, third] = message;
    if (type === "EVENT" && first === subscription && second) onEvent(second);
    else if (type === "OK") answered(String(first ?? ""), second === true, String(third ?? ""));
    else if (type === "NOTICE" && RATE.test(String(first))) pause(nextPause());
    else if (type === "CLOSED" && first === subscription) closed(String(second ?? ""));
  }

  function answered(id, accepted, reason) {
    const at = unanswered.findIndex((event) => event.id === id);
    const [event] = unanswered.splice(at >= 0 ? at : 0, 1);
    const taken = accepted || reason.startsWith("duplicate:");
    refused += taken ? 0 : 1;
    if (taken) {
      refusals = 0;
      pauses = Math.max(0, pauses - 1);
    } else if (SET_ASIDE.test(reason)) {
      setAside(reason);
    } else if (RATE.test(reason)) {
      pause(nextPause());
    } else {
      tooLong(event?.content ?? 0);
    }
    event?.answered?.(taken, reason);
  }

  function tooLong(content) {
    refusals += 1;
    if (refusals >= REFUSALS || content <= MIN_CONTENT) {
      setAside("it refuses this room's events");
      return;
    }
    limit = Math.max(MIN_CONTENT, Math.min(limit, Math.floor(content * 0.6)));
    pause(SIZE_PAUSE_MS);
    setTimeout(renew, SIZE_PAUSE_MS);
  }

  function closed(reason) {
    if (SET_ASIDE.test(reason)) return setAside(reason);
    refusals += 1;
    if (refusals >= REFUSALS) return setAside(reason || "it ends this room's subscription");
    setTimeout(renew, nextPause());
  }

  function nextPause() {
    return PAUSE_MS[Math.min(pauses++, PAUSE_MS.length - 1)];
  }

  function flush() {
    clearTimeout(drain);
    drain = null;
    const now = Date.now();
    tokens = Math.min(PACE_BURST, tokens + ((now - refilled) / 1000) * PACE_PER_S);
    refilled = now;
    while (waiting.length && isOpen() && !paused() && tokens >= 1) {
      const event = waiting.shift();
      if (now - event.at > KEPT_MS) continue;
      tokens -= 1;
      socket.send(event.frame);
      unanswered.push(event);
      if (unanswered.length > UNANSWERED) unanswered.shift();
    }
    if (waiting.length && isOpen() && !paused()) drain = setTimeout(flush, 1000 / PACE_PER_S);
  }

  info(url).then((document) => {
    const limitation = document?.limitation ?? {};
    if (limitation.auth_required || limitation.payment_required || limitation.min_pow_difficulty > 0) {
      setAside("it asks for a login, a payment or proof of work");
      return;
    }
    const bounds = [limitation.max_content_length, limitation.max_message_length - FRAME_CHARS].filter(
      (value) => Number.isFinite(value) && value > 0,
    );
    if (bounds.length) {
      limit = Math.min(...bounds);
      if (limit < MIN_CONTENT) setAside("it takes events too short for a room");
      onChange();
    }
  });
  connect();

  return {
    url,
    carries: () => usable() && isOpen() && !paused(),
    usable,
    aside: () => aside,
    limit: () => limit,
    refusals: () => refused,
    send(frame, id, content, answered) {
      if (!usable() || paused()) return false;
      if (waiting.length >= WAITING) waiting.shift();
      waiting.push({ frame, id, content, answered, at: Date.now() });
      flush();
      return true;
    },
    wake() {
      if (stopped || aside || isOpen() || socket?.readyState === WebSocket.CONNECTING) return;
      clearTimeout(reconnect);
      attempts = 0;
      connect();
    },
    close() {
      stopped = true;
      clearTimeout(reconnect);
      clearTimeout(drain);
      socket?.close();
    },
  };
}

/** The relay's NIP-11 document, or null (none, not JSON, or no answer within INFO_WAIT_MS). */
async function info(url) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), INFO_WAIT_MS);
  try {
    const response = await fetch(url.replace(/^ws/, "http"), {
      headers: { Accept: "application/nostr+json" },
      signal: controller.signal,
      credentials: "omit",
    });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
