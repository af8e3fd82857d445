"""The match around the table: the start menu, the bot's seat, match over and rematch, time."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spit.app.dialogs.match_over import MatchOverScreen
from spit.app.menu import MenuScreen
from spit.engine import (
    Card,
    CardPlayed,
    CardSpat,
    Event,
    Phase,
    Rank,
    RoundDealt,
    Spit,
    Suit,
    Variant,
)
from spit.game import Driver, GameClock, Seat
from spit.records.figures import MatchStats
from spit.settings.options import Mode

from .factory import FakeClock, drive, game, local, make_app, screen_text


class ScriptedOpponent:
    """An opponent that records what the screen tells it and acts only when a test says."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.events: list[tuple[Event, ...]] = []
        self.seat: Seat | None = None

    def start(self, seat: Seat) -> None:
        self.calls.append("start")
        self.seat = seat

    def table_changed(self, events: tuple[Event, ...]) -> None:
        self.calls.append("changed")
        self.events.append(events)

    def pause(self) -> None:
        self.calls.append("pause")

    def resume(self) -> None:
        self.calls.append("resume")

    def stop(self) -> None:
        self.calls.append("stop")

    def spit_later(self, delay: float) -> None:
        assert self.seat is not None
        seat = self.seat
        seat.call_later(delay, lambda: seat.act(Spit(seat.player)))


def opponents(made: list[ScriptedOpponent]) -> Callable[[str, int | None], Driver]:
    def factory(level: str, seed: int | None) -> Driver:
        opponent = ScriptedOpponent()
        made.append(opponent)
        return opponent

    return factory


def test_the_scripted_opponent_fits_the_protocol() -> None:
    assert isinstance(ScriptedOpponent(), Driver)


# -- the start menu ----------------------------------------------------------------------


async def test_the_menu_starts_the_game_chosen_with_the_keyboard_alone() -> None:
    app = make_app(3, mode=None)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        # Players has the focus; Tab goes on through the choices in order.
        await pilot.press("tab")  # Game (the bot level is off)
        await pilot.press("down", "enter")  # Points
        await pilot.press("tab", "enter")  # Keyboard, a drop-down: open it
        await pilot.pause()
        await pilot.press("down", "enter")  # QWERTZ
        await pilot.pause()
        await pilot.press("s")
        screen = game(app)
        assert app.screen is screen
        assert local(screen).match.variant is Variant.POINTS
        assert screen.keymap.name == "qwertz"
        assert local(screen).driver is None
        assert "Points:" in screen_text(app)


async def test_without_a_bot_the_menu_offers_it_disabled() -> None:
    app = make_app(3, mode=None, opponents=None)
    async with app.run_test(size=(80, 24)):
        bot = app.screen.query_one("#bot")
        assert bot.disabled
        assert "(not available)" in screen_text(app)


async def test_the_menu_starts_a_game_against_the_bot_at_the_level_chosen() -> None:
    made: list[ScriptedOpponent] = []
    app = make_app(3, mode=None, opponents=opponents(made))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter")  # Players: against the bot
        await pilot.press("tab", "down", "enter")  # Bot level: from casual to regular
        await pilot.press("s")
        screen = game(app)
        assert local(screen).driver is made[0]
        assert app.options.bot_level == "regular"
        assert "You" in screen_text(app) and "Bot" in screen_text(app)


# -- the bot's seat ----------------------------------------------------------------------


async def test_against_the_bot_both_halves_of_the_keyboard_play_for_the_person() -> None:
    made: list[ScriptedOpponent] = []
    app = make_app(3, mode=Mode.BOT, opponents=opponents(made))
    async with app.run_test(size=(80, 24)) as pilot:
        bot = made[0]
        assert bot.calls == ["start"]
        await pilot.press("enter")  # player 2's spit key in a two-player game
        screen = game(app)
        assert local(screen).match.view(0).sides[0].ready
        assert bot.calls[-1] == "changed"
        bot.spit_later(0)
        await pilot.pause(0.05)
        assert local(screen).match.round.phase is not Phase.DEALT


async def test_the_seat_acts_only_for_its_own_player() -> None:
    made: list[ScriptedOpponent] = []
    app = make_app(3, mode=Mode.BOT, opponents=opponents(made))
    async with app.run_test(size=(80, 24)):
        seat = made[0].seat
        assert seat is not None and seat.player == 1
        with pytest.raises(ValueError):
            seat.act(Spit(0))


async def test_a_paused_game_holds_the_bots_timers_until_it_resumes() -> None:
    made: list[ScriptedOpponent] = []
    app = make_app(3, mode=Mode.BOT, opponents=opponents(made))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        bot = made[0]
        await pilot.press("space", "escape")
        assert bot.calls[-1] == "pause"
        bot.spit_later(0.05)
        await pilot.pause(0.3)
        assert local(screen).match.round.phase is Phase.DEALT
        paused_at = len(bot.calls)
        await pilot.press("escape")
        assert bot.calls[paused_at] == "resume"
        await pilot.pause(0.3)
        assert local(screen).match.round.phase is not Phase.DEALT


async def test_leaving_the_game_stops_the_bot() -> None:
    made: list[ScriptedOpponent] = []
    app = make_app(3, mode=Mode.BOT, opponents=opponents(made))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+q", "ctrl+q")
        await pilot.pause()
    assert made[0].calls[-1] == "stop"


# -- match over --------------------------------------------------------------------------


async def test_match_over_shows_the_winner_and_figures_then_rematch_deals_afresh() -> None:
    clock = FakeClock()
    app = make_app(3, variant=Variant.POINTS, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        drive(app, clock, lambda m: m.is_over)
        await pilot.pause()
        assert isinstance(app.screen, MatchOverScreen)
        outcome = local(screen).match.outcome
        assert outcome is not None and outcome.winner is not None
        text = screen_text(app)
        assert f"Player {outcome.winner + 1} wins the match!" in text
        assert f"{len(local(screen).match.history)} rounds" in text
        assert "cards played" in text and "Fastest play" in text
        await pilot.press("ctrl+r")  # Rematch
        assert app.screen is screen
        assert local(screen).match.round.number == 1 and not local(screen).match.history
        assert screen.stats.played == [0, 0]


async def test_the_last_keys_of_a_match_cannot_choose_for_the_players() -> None:
    """For a moment after the match ends, the match-over screen swallows keys."""
    clock = FakeClock()
    app = make_app(3, variant=Variant.POINTS, clock=clock)
    app.pace = type(app.pace)(flash=0.0, message=60.0, grace=30.0)
    async with app.run_test(size=(80, 24)) as pilot:
        drive(app, clock, lambda m: m.is_over)
        await pilot.pause()
        await pilot.press("enter", "space", "tab", "enter")
        assert isinstance(app.screen, MatchOverScreen)


async def test_match_over_can_go_back_to_the_menu() -> None:
    clock = FakeClock()
    app = make_app(3, variant=Variant.POINTS, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        drive(app, clock, lambda m: m.is_over)
        await pilot.pause()
        await pilot.press("escape")  # Menu
        assert isinstance(app.screen, MenuScreen)


# -- time --------------------------------------------------------------------------------


def test_the_game_clock_does_not_run_while_paused() -> None:
    source = FakeClock(50.0)
    clock = GameClock(source)
    source.advance(2)
    clock.pause()
    source.advance(10)
    assert clock() == 52.0
    clock.resume()
    source.advance(1)
    assert clock() == 53.0


def test_pausing_twice_needs_only_one_resume() -> None:
    source = FakeClock(0.0)
    clock = GameClock(source)
    clock.pause()
    clock.pause()
    source.advance(5)
    clock.resume()
    assert not clock.paused and clock() == 0.0


def test_fastest_play_is_the_shortest_time_from_a_pile_changing_to_a_card_on_it() -> None:
    stats = MatchStats()
    seven, eight, nine = (Card(Rank(n), Suit.HEARTS) for n in (7, 8, 9))
    stats.record([CardSpat(0, 0, seven)], at=10.0)
    stats.record([CardPlayed(1, 2, 0, eight)], at=11.5)
    stats.record([CardPlayed(0, 0, 0, nine)], at=12.0)
    assert stats.played == [1, 1]
    assert stats.fastest is not None
    assert (stats.fastest.player, stats.fastest.card, stats.fastest.seconds) == (0, nine, 0.5)
    stats.record([RoundDealt(2, 2), CardPlayed(1, 0, 0, eight)], at=12.1)
    assert stats.fastest.seconds == 0.5  # no pile had changed yet in the new round
