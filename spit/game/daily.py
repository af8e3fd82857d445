"""The daily deal as a game the shells start: today's date (the shell's clock, UTC) and the
options that play it (``docs/daily.md``)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from msgspec.structs import replace

from spit.engine import Settings, Variant
from spit.records.daily import DAILY_LEVEL, daily_seed
from spit.settings.options import GameOptions, Mode


def utc_today() -> date:
    """The day whose deal is dealt now: the date in UTC, the same everywhere at once."""
    return datetime.now(UTC).date()


def daily_options(options: GameOptions, day: date) -> GameOptions:
    """``options`` (the keys and look) playing ``day``'s daily: its deal, the daily bot,
    standard rules."""
    return replace(
        options,
        mode=Mode.BOT,
        bot_level=DAILY_LEVEL,
        variant=Variant.STANDARD,
        seed=daily_seed(day),
        lockout=Settings().lockout,
        daily=day.isoformat(),
    )
