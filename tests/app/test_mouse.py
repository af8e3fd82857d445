"""The mouse on the table: a click or a drag is the key press it stands for, judged by the
engine as the key would be; with two players here it acts for the card's owner."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from spit.app.card_rows import PileRow, StockRow, tile_at
from spit.app.dialogs.match_over import MatchOverScreen
from spit.app.dialogs.pause import PauseScreen
from spit.app.look import COMPACT
from spit.app.menu import MenuScreen
from spit.app.parts import PlayerInfo, TopBar
from spit.app.replay_screen import ReplayBar, ReplayScreen
from spit.engine import Fill, Match, Phase, Play, Reason
from spit.game import bot_driver
from spit.records.record import read_record
from spit.settings.options import Mode
from tests.records.played import play_recorded

from .factory import STEP, FakeClock, drive, game, local, make_app, played_until, screen_text


def column(row: StockRow | PileRow, index: int) -> int:
    """A column on the ``index``-th card of ``row`` (its middle)."""
    columns = [x for x in range(row.size.width) if tile_at(row, x) == index]
    return columns[len(columns) // 2]


async def click_stock(pilot: Pilot, side: str, stock: int) -> None:
    row = pilot.app.screen.query_one(f"#{side}-stocks", StockRow)
    await pilot.click(row, offset=(column(row, stock), 1))


async def click_pile(pilot: Pilot, place: int) -> None:
    """Click the pile row's ``place``: 0 the near spit cards, 1 and 2 the piles, 3 the far
    spit cards."""
    row = pilot.app.screen.query_one(PileRow)
    await pilot.click(row, offset=(column(row, place), 1))


def playing_with(seed: int, fits: int) -> Match:
    """A match of ``seed`` played on until player 1 has a card that fits ``fits`` piles."""

    def found(match: Match) -> bool:
        if match.round.phase is not Phase.PLAYING:
            return False
        plays = [a for a in match.legal_actions(0) if isinstance(a, Play)]
        return any(sum(p.stock == play.stock for p in plays) == fits for play in plays)

    return played_until(seed, found)


def first_fitting(match: Match, fits: int) -> int:
    plays = [a for a in match.legal_actions(0) if isinstance(a, Play)]
    return next(p.stock for p in plays if sum(q.stock == p.stock for q in plays) == fits)


async def test_a_click_on_a_card_that_fits_one_pile_plays_it_there() -> None:
    match = playing_with(3, fits=1)
    stock = first_fitting(match, 1)
    play = next(a for a in match.legal_actions(0) if isinstance(a, Play) and a.stock == stock)
    card = match.view(0).sides[0].stocks[stock].top
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await click_stock(pilot, "p1", stock)
        await pilot.pause()
        assert local(game(app)).match.view(0).piles[play.pile].top == card


async def test_a_card_that_fits_both_piles_goes_to_the_pile_aimed_at_last() -> None:
    match = playing_with(3, fits=2)
    stock = first_fitting(match, 2)
    card = match.view(0).sides[0].stocks[stock].top
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        piles = match.view(0).piles
        await click_pile(pilot, 2)  # aim at the right pile (not slap time: nothing else)
        assert local(game(app)).match.view(0).piles == piles
        await click_stock(pilot, "p1", stock)
        await pilot.pause()
        assert local(game(app)).match.view(0).piles[1].top == card


async def test_a_card_dragged_onto_a_pile_is_aimed_at_it() -> None:
    match = playing_with(3, fits=2)
    stock = first_fitting(match, 2)
    card = match.view(0).sides[0].stocks[stock].top
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        stocks, piles = app.screen.query_one("#p1-stocks", StockRow), app.screen.query_one(PileRow)
        await pilot.mouse_down(stocks, offset=(column(stocks, stock), 1))
        await pilot.mouse_up(piles, offset=(column(piles, 2), 1))
        await pilot.pause()
        assert local(game(app)).match.view(0).piles[1].top == card


async def test_a_click_on_a_card_that_fits_nowhere_is_a_fumble_as_its_key() -> None:
    app = make_app(3, match=played_until(3, lambda m: m.round.phase is not Phase.DEALT))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        refused = []
        real = screen.act
        screen.act = lambda action: refused.append(real(action)) or refused[-1]  # type: ignore[method-assign]
        await click_stock(pilot, "p1", 0)  # 2♥ on 6♣ and 4♥
        await pilot.pause()
        assert [r.refusal.reason for r in refused if r and r.refusal] == [Reason.DOES_NOT_FIT]
        assert "does not go on" in screen_text(app)


async def test_a_card_clicked_then_an_empty_slot_fills_it() -> None:
    def slot_and_no_play(match: Match) -> bool:
        legal = match.legal_actions(0) if match.round.phase is Phase.PLAYING else ()
        return any(isinstance(a, Fill) for a in legal) and not any(
            isinstance(a, Play) for a in legal
        )

    match = played_until(3, slot_and_no_play)
    view = match.view(0)
    fill = next(a for a in match.legal_actions(0) if isinstance(a, Fill))
    empty = next(i for i, s in enumerate(view.sides[0].stocks) if s.top is None)
    card = view.sides[0].stocks[fill.stock].top
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await click_stock(pilot, "p1", fill.stock)  # chosen: it fits no pile, it can fill
        assert local(game(app)).match.view(0).sides[0].stocks[empty].top is None
        await click_stock(pilot, "p1", empty)
        await pilot.pause()
        assert local(game(app)).match.view(0).sides[0].stocks[empty].top == card


async def test_a_click_on_a_player_s_spit_cards_or_line_presses_their_spit_key() -> None:
    app = make_app(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await click_pile(pilot, 3)  # player 2's spit cards, on the right
        await pilot.pause()
        view = local(game(app)).match.view(0)
        assert view.sides[1].ready and not view.sides[0].ready
        await pilot.click("#p1-info")
        await pilot.pause()
        assert local(game(app)).match.round.phase is Phase.PLAYING


async def test_a_click_on_player_2_s_card_plays_for_player_2() -> None:
    def p2_plays(match: Match) -> bool:
        return match.round.phase is Phase.PLAYING and any(
            isinstance(a, Play) for a in match.legal_actions(1)
        )

    match = played_until(5, p2_plays)
    play = next(a for a in match.legal_actions(1) if isinstance(a, Play))
    held = match.view(1).sides[1].cards
    app = make_app(5, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await click_stock(pilot, "p2", play.stock)
        await pilot.pause()
        assert local(game(app)).match.view(1).sides[1].cards == held - 1


async def test_a_click_on_a_pile_at_slap_time_slaps_it() -> None:
    match = played_until(3, lambda m: m.round.phase is Phase.SLAP)
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await click_pile(pilot, 1)
        await pilot.pause()
        settled = local(game(app)).match.view(0).last_round
        assert settled is not None and settled.took[0] == 0


async def test_the_compact_table_answers_clicks() -> None:
    match = playing_with(3, fits=1)
    stock = first_fitting(match, 1)
    held = match.view(0).sides[0].cards
    app = make_app(3, match=match)
    async with app.run_test(size=(46, 48)) as pilot:
        screen = game(app)
        assert screen.card_size is COMPACT
        await click_stock(pilot, "p1", stock)
        await pilot.pause()
        assert local(screen).match.view(0).sides[0].cards == held - 1


def click_for(match: Match) -> tuple[str, int] | None:
    """Where a player who has only a mouse clicks next, as seat 1 (None: nothing to do)."""
    view = match.view(0)
    if view.phase in (Phase.DEALT, Phase.STUCK):
        return None if view.sides[0].ready else ("spit", 0)
    if view.phase is Phase.SLAP:
        return ("pile", 1 if view.piles[0].size <= view.piles[1].size else 2)
    if view.phase is not Phase.PLAYING:
        return None
    legal = match.legal_actions(0)
    play = next((a for a in legal if isinstance(a, Play)), None)
    if play is not None:
        return ("p1", play.stock)
    fill = next((a for a in legal if isinstance(a, Fill)), None)
    if fill is not None:
        return ("fill", fill.stock)
    return None


@pytest.mark.long  # a whole match against the bot, clicked
async def test_a_whole_match_against_the_bot_by_mouse_alone() -> None:
    """Every action of seat 1 is a click (spit cards, stock cards, empty slots, piles); the
    bot plays seat 2; the match ends and its box answers a click too."""
    clock = FakeClock()
    app = make_app(3, mode=Mode.BOT, opponents=bot_driver, bot_level="expert", clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        clicks = 0
        while not local(screen).match.is_over:
            assert clicks < 3000, screen_text(app)
            match = local(screen).match
            where = click_for(match)
            clock.advance(STEP)
            if where is None:
                await pilot.pause(0.02)  # the bot's turn to spit or move
                continue
            clicks += 1
            kind, index = where
            if kind == "spit":
                await pilot.click(screen.query_one("#p1-info", PlayerInfo))
            elif kind == "pile":
                await click_pile(pilot, index)
            elif kind == "fill":
                await click_stock(pilot, "p1", index)
                empty = [i for i, s in enumerate(match.view(0).sides[0].stocks) if s.top is None]
                await click_stock(pilot, "p1", empty[0])
            else:
                await click_stock(pilot, kind, index)
        await pilot.pause()
        assert isinstance(app.screen, MatchOverScreen)
        await pilot.click("#menu")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_the_replay_bar_answers_clicks(data_dir: Path) -> None:
    """The status line plays or stops; on the keys' line each key name does what its key
    does (→ a step forward, ← one back, Home the first deal)."""
    path, _ = play_recorded(data_dir / "records", seed=7)
    app = make_app(mode=None)
    app._replay = read_record(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        replay = app.screen.game
        bar = app.screen.query_one(ReplayBar)
        await pilot.click(bar, offset=(3, 0))
        assert not replay.playing
        keys = str(bar.content).splitlines()[1]
        await pilot.click(bar, offset=(keys.index("Home") + 1, 1))
        assert replay.playback.position == 0
        for _ in range(3):
            await pilot.click(bar, offset=(keys.index("→") + 1, 1))
        await pilot.click(bar, offset=(keys.index("←") + 1, 1))
        assert replay.playback.position == 2


async def test_the_menu_and_the_match_over_box_answer_clicks() -> None:
    clock = FakeClock()
    app = make_app(3, mode=None, clock=clock, opponents=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#start")
        await pilot.pause()
        screen = game(app)
        drive(app, clock, lambda m: m.is_over)
        await pilot.pause()
        assert isinstance(app.screen, MatchOverScreen)
        await pilot.click("#menu")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and screen is not app.screen


async def test_a_click_on_the_top_line_pauses_and_the_pause_box_answers_clicks() -> None:
    app = make_app(3, match=played_until(3, lambda m: m.round.phase is not Phase.DEALT))
    async with app.run_test(size=(46, 40)) as pilot:  # a phone has no Esc
        await pilot.click(TopBar)
        await pilot.pause()
        assert isinstance(app.screen, PauseScreen)
        await pilot.click(offset=(1, 1))  # anywhere on it: play on, as Esc
        await pilot.pause()
        assert app.screen is game(app)
