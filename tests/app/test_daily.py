"""The daily deal in the app: its entry in the start menu deals today's deal against the
daily bot, and its match-over box shows the share line and copies it (docs/daily.md)."""

from __future__ import annotations

from datetime import date

from textual.widgets import Static

from spit.app.dialogs.match_over import MatchOverScreen
from spit.app.game import daily_share
from spit.app.look import Look
from spit.app.menu import MenuScreen
from spit.commands.daily import play_headless
from spit.engine import Outcome, RoundEnd, RoundSettled, Termination, Variant
from spit.game.daily import utc_today
from spit.records.daily import DAILY_LEVEL, daily_seed
from spit.records.figures import MatchStats
from spit.settings.options import Mode

from .factory import game, local, make_app, screen_text
from .test_flow import ScriptedOpponent, opponents

LINE = "Spit daily 2026-12-03 · won in 3 rounds · median reaction 0.31 s · 2 fumbles · ▂▅▇"


async def test_the_menus_daily_deal_is_todays_deal_against_the_daily_bot() -> None:
    made: list[ScriptedOpponent] = []
    app = make_app(3, mode=None, opponents=opponents(made))
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Daily deal (D)" in screen_text(app)
        days = {utc_today().isoformat()}
        await pilot.press("d")
        await pilot.pause()
        days.add(utc_today().isoformat())  # midnight may fall between the two
        screen = game(app)
        assert screen.options.daily in days
        assert (screen.options.mode, screen.options.bot_level) == (Mode.BOT, DAILY_LEVEL)
        day = date.fromisoformat(screen.options.daily)
        assert local(screen).match.seed == daily_seed(day) and made
        # Back in the menu, an ordinary match is no daily and deals no daily's deal.
        app.open_menu(screen.options)
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        assert menu.chosen().daily is None and menu.chosen().seed is None


async def test_a_dailys_match_over_box_shows_the_share_line_and_copies_it() -> None:
    app = make_app(3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = MatchOverScreen(
            outcome=Outcome(Termination.NO_CARDS, 0),
            names=("You", "Bot"),
            stats=MatchStats(),
            variant=Variant.STANDARD,
            look=Look(),
            grace=0.0,
            last_round=RoundSettled(3, (0, 52), (None, 0), RoundEnd.WENT_OUT, 0),
            against_bot=True,
            rematch=False,
            share=LINE,
        )
        await app.push_screen(screen)
        await pilot.pause()
        assert str(screen.query_one("#share", Static).content) == LINE
        assert "won in 3 rounds" in screen_text(app)  # the box wraps it between words
        assert app.clipboard == LINE


async def test_a_dailys_end_reads_its_share_line_from_the_days_record() -> None:
    play_headless("casual", date(2026, 12, 3))  # the day's try, played out
    app = make_app(
        daily_seed(date(2026, 12, 3)),
        mode=Mode.BOT,
        bot_level=DAILY_LEVEL,
        daily="2026-12-03",
        opponents=opponents([]),
    )
    async with app.run_test(size=(80, 24)):
        screen = game(app)
        line = daily_share(screen.options.daily, ascii=screen.look.ascii)
    assert line is not None and line.startswith("Spit daily 2026-12-03 · lost in 3 rounds")
