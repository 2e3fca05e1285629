"""The link: each message taken once and in order over a path that loses, repeats, reorders and delays; every
message acknowledged end to end and sent again, with a backoff, until it is; and a cheating peer's texts
(forged acknowledgements, probes in a flood, numbers far ahead) cost little and change nothing."""

from __future__ import annotations

import heapq
import random

import pytest

from game.net.channel import ACK, PROBE, Channel, DirectionKeys
from game.net.link import ACK_MS, MAX_BACKLOG, PROBE_MS, RESEND_MAX_MS, RESEND_MS, STALE_MS, WINDOW, Link

A_TO_B = DirectionKeys(bytes(range(32)), bytes(range(32, 64)))
B_TO_A = DirectionKeys(bytes(range(64, 96)), bytes(range(96, 128)))


def pair() -> tuple[Link, Link]:
    """Both ends of one connection."""
    return Link(A_TO_B, B_TO_A), Link(B_TO_A, A_TO_B)


class Wire:
    """Two links on a fake clock, joined by a path that loses, repeats and delays each text at random."""

    def __init__(self, seed: object, loss: float = 0.0, repeat: float = 0.0, delay_ms: tuple[int, int] = (10, 10)):
        self.rng = random.Random(seed)
        self.loss, self.repeat, self.delay_ms = loss, repeat, delay_ms
        self.ends = dict(zip("ab", pair(), strict=True))
        self.got = {"a": [], "b": []}
        self.texts = 0  # texts put on the path, copies included
        self.now = 0
        self.down: set[str] = set()  # ends that hear nothing (asleep): texts to them are lost
        self._queue: list[tuple[int, int, str, str]] = []
        self._order = 0

    def put(self, to: str, texts: list[str]) -> None:
        """Texts from the other end towards ``to``: each lost, delayed, or sent twice, at random."""
        for text in texts:
            self.texts += 1
            for _ in range(2 if self.rng.random() < self.repeat else 1):
                if self.rng.random() >= self.loss:
                    self._order += 1
                    when = self.now + self.rng.randint(*self.delay_ms)
                    heapq.heappush(self._queue, (when, self._order, to, text))

    def send(self, frm: str, body: str) -> None:
        """A body from ``frm``'s application."""
        self.put(self.other(frm), [self.ends[frm].send(body, self.now)])

    @staticmethod
    def other(end: str) -> str:
        return "b" if end == "a" else "a"

    def run(self, until_ms: int) -> None:
        """Deliver and tick until ``until_ms``, or until nothing is left to do."""
        while True:
            times = [self._queue[0][0]] if self._queue else []
            times += [due for name, end in self.ends.items() if name not in self.down and (due := end.next_due())]
            if not times or min(times) > until_ms:
                self.now = max(self.now, until_ms) if times else self.now
                return
            self.now = max(self.now, min(times))
            while self._queue and self._queue[0][0] <= self.now:
                _, _, to, text = heapq.heappop(self._queue)
                if to in self.down:
                    continue
                got = self.ends[to].receive(text, self.now)
                self.got[to] += got.bodies
                self.put(self.other(to), got.replies)
            for name, end in self.ends.items():
                if name not in self.down:
                    self.put(self.other(name), end.tick(self.now))


@pytest.mark.parametrize("seed", range(12))
def test_every_message_is_taken_once_and_in_order_over_a_path_that_loses_repeats_and_reorders(seed):
    """Both ends talk at once over a path that loses a third of the texts, repeats a tenth and delays each by up to
    two seconds (so they overtake each other): each end takes exactly what the other sent, in order."""
    wire = Wire(seed, loss=0.33, repeat=0.1, delay_ms=(5, 2000))
    sent = {"a": [], "b": []}
    for number in range(60):
        end = wire.rng.choice("ab")
        sent[end].append(f"{end} says {number}")
        wire.send(end, sent[end][-1])
        wire.run(wire.now + wire.rng.randint(0, 500))
    wire.run(wire.now + 10 * 60_000)
    assert wire.got["b"] == sent["a"] and wire.got["a"] == sent["b"]
    assert all(end.backlog == 0 and end.next_due() is None for end in wire.ends.values()), "all acknowledged: quiet"
    assert wire.texts < 6 * (len(sent["a"]) + len(sent["b"])), "copies and acknowledgements, but no flood"


def test_without_loss_a_message_costs_one_text_and_a_burst_one_acknowledgement():
    wire = Wire("clean")
    for number in range(5):
        wire.send("a", f"part {number}")
    wire.run(60_000)
    assert wire.got["b"] == [f"part {number}" for number in range(5)]
    assert wire.texts == 6 and wire.ends["a"].resent == 0, "five messages and one acknowledgement, nothing sent again"


def test_an_unacknowledged_message_is_sent_again_later_and_later_up_to_a_limit():
    """The peer sleeps: the message goes again after 3 s, 6 s, 12 s... never more often than every 30 s."""
    a, b = pair()
    first = a.send("are you there?", 0)
    times = []
    now = 0
    while now < 200_000:
        now = a.next_due()
        texts = a.tick(now)
        assert texts == [first], "the same text: the same number, box and acknowledgement"
        times.append(now)
    gaps = [later - earlier for earlier, later in zip([0, *times], times, strict=False)]
    assert gaps[:5] == [RESEND_MS, 2 * RESEND_MS, 4 * RESEND_MS, 8 * RESEND_MS, RESEND_MAX_MS]
    assert set(gaps[5:]) == {RESEND_MAX_MS}
    assert b.receive(first, now).bodies == ["are you there?"]
    assert a.receive(b.tick(now + ACK_MS)[0], now + ACK_MS).genuine and a.backlog == 0 and a.next_due() is None


def test_a_page_that_comes_back_catches_up_at_once_with_a_probe():
    """B slept through A's messages; when it is back it sends a probe, and A sends everything at once (no waiting
    for A's next resend), and B's own message sent while asleep goes too."""
    wire = Wire("sleep")
    wire.down.add("b")
    for number in range(3):
        wire.send("a", f"while you slept {number}")
    wire.ends["b"].send("sent as the page froze", wire.now)  # lost: B's page froze before it went out
    wire.run(5_000)
    assert wire.got["b"] == [] and wire.ends["a"].resent == 3
    wire.down.discard("b")
    waited = wire.ends["a"].next_due() - wire.now
    assert waited > 1000, "A's own next resend is a while off"
    wire.put("a", wire.ends["b"].resume(wire.now))
    wire.run(wire.now + 100)
    assert wire.got["b"] == [f"while you slept {number}" for number in range(3)]
    assert wire.got["a"] == ["sent as the page froze"]


def test_a_copy_already_taken_is_acknowledged_again_and_nothing_else():
    a, b = pair()
    text = a.send("once", 0)
    assert b.receive(text, 0).bodies == ["once"]
    b.tick(ACK_MS)  # this acknowledgement is lost
    again = a.tick(RESEND_MS)
    got = b.receive(again[0], RESEND_MS)
    assert got.genuine and got.bodies == [] and got.replies == []
    (ack,) = b.tick(RESEND_MS + ACK_MS)
    assert ack.startswith(f"~{ACK}~1~")
    a.receive(ack, RESEND_MS + ACK_MS)
    assert a.backlog == 0


def test_messages_ahead_of_a_missing_one_wait_for_it_up_to_a_window():
    a, b = pair()
    texts = [a.send(f"m{number}", 0) for number in range(WINDOW + 5)]
    for text in texts[1:]:
        assert b.receive(text, 0).bodies == []
    assert len(b._early) == WINDOW - 1, "kept: those within the window after the missing one"
    assert b.receive(texts[0], 0).bodies == [f"m{number}" for number in range(WINDOW)]
    assert b.receive(texts[-1], 0).bodies == [], "it was beyond the window: it comes again later"
    for text in texts[WINDOW:]:
        b.receive(text, 0)
    assert b.received == WINDOW + 5


# --- what a cheating peer (or a relay) can do with its texts ------------------------------------------------------


def test_a_forged_or_misdirected_text_is_not_genuine_and_changes_nothing():
    a = pair()[0]
    a.send("real", 0)
    made_up = Channel(DirectionKeys(b"k" * 32, b"k" * 32), DirectionKeys(b"k" * 32, b"k" * 32))
    for text in (
        made_up.seal(0, 0, made_up.box(0, "forged")),
        made_up.seal(ACK, 1),
        made_up.seal(PROBE, 0),
        a.send("for b", 0),  # a's own text, reflected back to it
        "~0~0~" + "0" * 64 + "~",
        "",
        None,
        "~-~99999999999~" + "0" * 64 + "~",
    ):
        got = a.receive(text, 1)
        assert not got.genuine and got.bodies == [] and got.replies == []
    assert a.backlog == 2 and a.acked == 0 and a.received == 0


def test_an_acknowledgement_of_more_than_was_sent_counts_as_all():
    """Only a broken or cheating peer acknowledges messages it was never sent: it only loses its own."""
    a, b = pair()
    a.send("one", 0)
    b.received = 1_000  # b claims to have taken a thousand
    a.receive(b.tick(0) or b._channel.seal(ACK, b.received), 1)
    assert a.acked == 1 and a.backlog == 0
    later = a.send("two", 2)
    assert "~1~" in later[:4], "numbering goes on from what was sent"


def test_a_flood_of_probes_gets_the_backlog_once_per_second():
    """Each probe asks for the whole backlog: a peer sending a thousand in ten seconds gets it about ten times."""
    a, b = pair()
    for number in range(20):
        a.send(f"m{number}", 0)
    answered = 0
    for tick in range(1000):
        got = a.receive(b._channel.seal(PROBE, 0), tick * 10)
        answered += bool(got.replies)
        assert len(got.replies) in (0, 20)
    assert answered == 10_000 // PROBE_MS


def test_a_peer_that_acknowledges_nothing_breaks_the_link_and_a_forgotten_link_goes_stale():
    a = pair()[0]
    for number in range(MAX_BACKLOG):
        a.send(f"m{number}", 0)
    assert not a.broken
    a.send("one more", 0)
    assert a.broken
    quiet = Link(A_TO_B, B_TO_A, 0)
    quiet.send("hello?", 0)
    assert not quiet.stale(STALE_MS - 1) and quiet.stale(STALE_MS)
    assert not Link(A_TO_B, B_TO_A, 0).stale(10 * STALE_MS), "nothing waiting: nothing stale"
