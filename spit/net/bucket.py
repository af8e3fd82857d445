"""A token bucket: how the server paces what one connection, one address or one room's
refusals may do — so many a second on average, so many at once. Plain arithmetic on the
times it is given, so the rules that use it are tested without a clock."""

from __future__ import annotations


class Bucket:
    """A token bucket: ``rate`` a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def ready(self, now: float) -> bool:
        """Whether :meth:`take` would succeed now (taking nothing)."""
        return self.tokens + (now - self.at) * self.rate >= 1

    def full(self, now: float) -> bool:
        """Whether it has refilled: keeping it would tell nothing a new one does not."""
        return self.tokens + (now - self.at) * self.rate >= self.burst
