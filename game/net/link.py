"""Delivery you can count on over paths that lose, repeat, reorder and delay: one connection's messages, each
taken once and in order, acknowledged end to end and sent again until they are.

A room's messages cross a direct WebRTC channel, or public Nostr relays that keep nothing (an event missed
while a page sleeps or reconnects is gone), and a connection may change path in the middle of a game. The link
sits on the sealed channel (``channel.py``), whose numbers it already has, so none of that reaches the room's
protocol and no path change, sleep or relay reconnect needs a new handshake:

- every sealed text carries an acknowledgement: how many of the peer's messages this end has taken in order.
  A message received is acknowledged within :data:`ACK_MS`, by the next message sent or by an acknowledgement
  alone;
- a message stays in the *backlog* until the peer acknowledges it, and is sent again (the same box, the same
  number) :data:`RESEND_MS` after it went, then after twice as long, and so on up to :data:`RESEND_MAX_MS`,
  so a peer that sleeps gets it when it wakes without a storm of copies meanwhile;
- messages that come ahead of a missing one are kept (up to :data:`WINDOW`) and taken once it comes; a number
  taken already is dropped, and acknowledged again, since its sender evidently missed the acknowledgement;
- a page that comes back (unfrozen, online again, its relays reconnected, or the peer heard again) calls
  :meth:`Link.resume`: it sends its whole backlog and a *probe*, which the peer answers by sending its own
  backlog at once (at most once per :data:`PROBE_MS`, so probes cannot make it send without end).

The caller gives the time in milliseconds and sends what the methods return; :meth:`Link.next_due` says when to
call :meth:`Link.tick` again.

    link = Link(keys.host_to_guest, keys.guest_to_host)
    text = link.send(body, now_ms)                 # sealed, numbered, kept until acknowledged
    got = link.receive(text, now_ms)               # got.bodies: taken in order; got.replies: send them back
    texts = link.tick(now_ms)                      # resends and acknowledgements that are due
    texts = link.resume(now_ms)                    # the path came back: the backlog and a probe
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .channel import ACK, PROBE, Channel, DirectionKeys

ACK_MS = 400  # a burst of messages (an update in parts, a lobby and an update) gets one acknowledgement
RESEND_MS = 3000  # a relay's round trip is well under a second, even on a phone
RESEND_MAX_MS = 30_000
PROBE_MS = 1000
WINDOW = 256  # messages taken ahead of a missing one, at most
RESEND_BATCH = 64  # messages sent again at once, at most; the rest follow at the next resend
MAX_BACKLOG = 2048  # messages the peer has not acknowledged; past this the link is broken (its peer is gone)
STALE_MS = 30_000  # a backlog this old, with nothing genuine heard meanwhile: the peer no longer has this link


@dataclass
class Delivery:
    """What one received text gave: the bodies now taken (in order), the texts to send back at once, and whether
    the text was genuine (sealed by the peer: a forgery or a stranger's text gives nothing)."""

    bodies: list[str] = field(default_factory=list)
    replies: list[str] = field(default_factory=list)
    genuine: bool = False


class Link:
    """One end of a connection's reliable delivery, over the channel keyed by its handshake."""

    def __init__(self, send: DirectionKeys, receive: DirectionKeys, now_ms: int = 0):
        self._channel = Channel(send, receive)
        self.sent = 0  # messages sent (the next one's number)
        self.received = 0  # the peer's messages taken in order: the acknowledgement this end sends
        self.acked = 0  # this end's messages the peer has acknowledged
        self.resent = 0  # copies sent again, in all (for the benchmark and the tests)
        self.heard_at = now_ms  # when the last genuine text came
        self._backlog: dict[int, str] = {}  # number -> box, until acknowledged
        self._early: dict[int, str] = {}  # number -> body, taken ahead of a missing one
        self._ack_due: int | None = None  # when an acknowledgement is owed by
        self._resend_at: int | None = None
        self._resend_ms = RESEND_MS
        self._waiting_since: int | None = None  # when the backlog last went from empty to not, or moved
        self._probe_answered: int | None = None

    # --- sending --------------------------------------------------------------------------------------------

    def send(self, body: str, now_ms: int) -> str:
        """``body`` sealed as the next message, with this end's acknowledgement; kept until the peer acknowledges it."""
        seq = self.sent
        self.sent += 1
        self._backlog[seq] = self._channel.box(seq, body)
        if self._resend_at is None:
            self._resend_at = now_ms + self._resend_ms
        if self._waiting_since is None:
            self._waiting_since = now_ms
        self._ack_due = None  # it travels with this message
        return self._channel.seal(seq, self.received, self._backlog[seq])

    @property
    def backlog(self) -> int:
        """How many sent messages the peer has not acknowledged yet."""
        return len(self._backlog)

    @property
    def broken(self) -> bool:
        """True once the backlog is past :data:`MAX_BACKLOG`: the peer has not acknowledged anything for too long."""
        return len(self._backlog) > MAX_BACKLOG

    def stale(self, now_ms: int) -> bool:
        """True if messages have waited :data:`STALE_MS` for an acknowledgement and nothing genuine came meanwhile:
        the peer, though reachable, no longer has this link (its page forgot it), and a new handshake is due."""
        waiting = self._waiting_since is not None and now_ms - self._waiting_since >= STALE_MS
        return waiting and now_ms - self.heard_at >= STALE_MS

    def tick(self, now_ms: int) -> list[str]:
        """The texts due at ``now_ms``: the backlog again once its time has come, and an acknowledgement owed."""
        texts = []
        if self._resend_at is not None and now_ms >= self._resend_at:
            texts = self._resend()
            self._resend_ms = min(self._resend_ms * 2, RESEND_MAX_MS)
            self._resend_at = now_ms + self._resend_ms
        if self._ack_due is not None and now_ms >= self._ack_due:
            texts.append(self._channel.seal(ACK, self.received))
            self._ack_due = None
        return texts

    def resume(self, now_ms: int) -> list[str]:
        """The path to the peer came back: the whole backlog at once, and a probe so that the peer sends its own."""
        texts = [self._channel.seal(PROBE, self.received), *self._resend()]
        self._ack_due = None
        self._restart_resends(now_ms)
        return texts

    def next_due(self) -> int | None:
        """When :meth:`tick` has something to send (ms), or ``None`` while nothing waits."""
        due = [when for when in (self._resend_at, self._ack_due) if when is not None]
        return min(due) if due else None

    def _resend(self) -> list[str]:
        numbers = sorted(self._backlog)[:RESEND_BATCH]
        self.resent += len(numbers)
        self._ack_due = None
        return [self._channel.seal(seq, self.received, self._backlog[seq]) for seq in numbers]

    def _restart_resends(self, now_ms: int) -> None:
        self._resend_ms = RESEND_MS
        self._resend_at = now_ms + RESEND_MS if self._backlog else None

    # --- receiving ------------------------------------------------------------------------------------------

    def receive(self, raw: object, now_ms: int) -> Delivery:
        """Take one text from the peer: the bodies it completes, in order, and any texts to send back at once."""
        opened = self._channel.open(raw)
        if opened is None:
            return Delivery()
        self.heard_at = now_ms
        self._acknowledged(opened.ack, now_ms)
        got = Delivery(genuine=True)
        if opened.probe:
            got.replies = self._answer_probe(now_ms)
        elif opened.seq is not None:
            self._take(opened, now_ms)
        while self.received in self._early:
            got.bodies.append(self._early.pop(self.received))
            self.received += 1
        return got

    def _acknowledged(self, ack: int, now_ms: int) -> None:
        # Only what was sent can be acknowledged: a larger number (which only a broken peer sends) counts as all.
        ack = min(ack, self.sent)
        if ack <= self.acked:
            return
        for seq in range(self.acked, ack):
            self._backlog.pop(seq, None)
        self.acked = ack
        self._waiting_since = now_ms if self._backlog else None
        self._restart_resends(now_ms)

    def _take(self, opened, now_ms: int) -> None:
        seq = opened.seq
        if seq >= self.received + WINDOW:
            return  # too far ahead to keep: it comes again after the missing ones
        if seq >= self.received and seq not in self._early:
            body = self._channel.body(opened)
            if body is None:
                return
            self._early[seq] = body
        # New or a copy (its sender missed the acknowledgement): acknowledged either way, soon.
        if self._ack_due is None:
            self._ack_due = now_ms + ACK_MS

    def _answer_probe(self, now_ms: int) -> list[str]:
        if self._probe_answered is not None and now_ms - self._probe_answered < PROBE_MS:
            if self._ack_due is None:
                self._ack_due = now_ms + ACK_MS
            return []
        self._probe_answered = now_ms
        texts = self._resend() or [self._channel.seal(ACK, self.received)]
        self._restart_resends(now_ms)
        return texts
