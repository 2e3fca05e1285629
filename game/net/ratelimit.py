"""A per-peer rate cap: a token bucket on a clock the caller supplies, so tests need no waiting."""

from __future__ import annotations

from dataclasses import dataclass, field

BURST = 30
PER_SECOND = 10.0


@dataclass
class TokenBucket:
    """Holds up to ``burst`` tokens, refilled at ``per_second``; each message spends one.

    A person clicks a few times a second at most; a burst of 30 leaves room for a reconnect's
    handshake and a quick run of moves, while a flood runs dry within a second.
    """

    burst: int = BURST
    per_second: float = PER_SECOND
    tokens: float = field(init=False)
    last_ms: int | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)

    def take(self, now_ms: int) -> bool:
        """Spend one token at time ``now_ms``; false if the bucket is empty (the message must be refused)."""
        if self.last_ms is not None and now_ms > self.last_ms:
            self.tokens = min(float(self.burst), self.tokens + (now_ms - self.last_ms) * self.per_second / 1000)
        # A clock that steps back refills nothing, and never lets the next refill count twice.
        self.last_ms = now_ms if self.last_ms is None else max(self.last_ms, now_ms)
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
