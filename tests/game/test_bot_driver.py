"""The bot driving a seat: it plans on every change, acts when its hand lands, and lets go.

No Textual here: the seat is a fake on a virtual clock, as a server or a headless client
would offer one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from spit.engine import Action, Match, Phase, PlayerView, Result, Spit
from spit.game import BotDriver, bot_driver


@dataclass
class _Timer:
    at: float
    callback: Callable[[], None]
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


@dataclass
class FakeSeat:
    """Seat 2 on a virtual clock: timers run only when the test says."""

    match: Match
    opponent: BotDriver | None = None
    clock: float = 0.0
    timers: list[_Timer] = field(default_factory=list)
    player: int = 1

    def view(self) -> PlayerView:
        return self.match.view(self.player)

    def now(self) -> float:
        return self.clock

    def act(self, action: Action) -> Result:
        return self.apply(action)

    def apply(self, action: Action) -> Result:
        """Anyone's action, as the game screen applies it: then the opponent hears of it."""
        result = self.match.apply(action, at=self.clock)
        if result.ok and self.opponent is not None:
            self.opponent.table_changed(result.events)
        return result

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Timer:
        timer = _Timer(self.clock + delay, callback)
        self.timers.append(timer)
        return timer

    def pending(self) -> list[_Timer]:
        return [t for t in self.timers if not t.cancelled]

    def run_next(self) -> None:
        timer = min(self.pending(), key=lambda t: t.at)
        self.timers.remove(timer)
        self.clock = max(self.clock, timer.at)
        timer.callback()


def seated(level: str = "expert") -> tuple[FakeSeat, BotDriver]:
    seat = FakeSeat(Match.new(3))
    opponent = bot_driver(level, 7)
    assert isinstance(opponent, BotDriver)
    seat.opponent = opponent
    opponent.start(seat)
    return seat, opponent


def test_the_bot_presses_spit_for_the_first_deal_after_a_moment() -> None:
    seat, _ = seated()
    assert len(seat.pending()) == 1
    seat.run_next()
    assert seat.clock > 0
    assert seat.match.view(1).sides[1].ready


def test_once_the_round_runs_the_bot_plays_cards_through_its_seat() -> None:
    seat, _ = seated()
    seat.apply(Spit(0))
    for _ in range(20):
        if not seat.pending():
            break
        seat.run_next()
    view = seat.match.view(1)
    assert view.phase is not Phase.DEALT
    assert view.sides[1].stock_cards < 15  # it moved cards off its own stocks


def test_stopping_cancels_the_hand_in_motion() -> None:
    seat, opponent = seated()
    assert seat.pending()
    opponent.stop()
    assert not seat.pending()


def test_a_rematch_drops_the_plan_for_the_old_match() -> None:
    seat, opponent = seated()
    old = seat.pending()[0]
    seat.match = Match.new(4)
    opponent.table_changed(())
    assert old.cancelled
    assert len(seat.pending()) == 1
