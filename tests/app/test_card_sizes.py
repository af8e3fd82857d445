"""Cards grow with the terminal: the size follows every resize, every key plays at every size,
and no size ever draws past the table's room."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from spit.app.card_rows import PileRow, StockRow
from spit.app.dialogs.too_small import TooSmallScreen
from spit.app.look import CARD_SIZES, LARGE, MEDIUM, SMALL, CardSize, Look, card_size_for
from spit.app.parts import Banner, KeyLegend, PlayerInfo, PlayerMessage, RoundSummary
from spit.app.table import pile_row_height, row_width
from spit.engine import DECK, Action, Match, Phase, resolve
from spit.settings.keymap import PRESSES, KeyMap

from .factory import game, make_app, played_until

QWERTY = KeyMap.preset("qwerty")


def started(seed: int) -> Match:
    return played_until(seed, lambda m: m.round.phase is not Phase.DEALT)


def test_each_size_is_drawn_from_its_terminal_up_to_the_next() -> None:
    assert card_size_for(80, 24) is SMALL
    assert card_size_for(99, 60) is SMALL  # wide enough only at 100
    assert card_size_for(200, 31) is SMALL  # tall enough only at 32
    assert card_size_for(100, 32) is MEDIUM
    assert card_size_for(139, 80) is MEDIUM
    assert card_size_for(300, 41) is MEDIUM
    assert card_size_for(140, 42) is LARGE
    assert card_size_for(400, 120) is LARGE
    assert card_size_for(60, 20) is SMALL  # the too-small notice covers it


@pytest.mark.parametrize("size", CARD_SIZES, ids=lambda s: s.name)
@pytest.mark.parametrize("look", [Look(), Look(ascii=True, four_colour=True)], ids=["uni", "ascii"])
def test_every_card_at_every_size_is_a_box_of_that_size(size: CardSize, look: Look) -> None:
    """Each picture — every face, with and without notes, a back, an empty place — is
    ``height`` lines of ``width`` cells; in ASCII nothing outside ASCII."""
    pictures = [look.face(card, size=size, note="+4", top_note=look.fits_mark) for card in DECK]
    pictures += [look.back("11", size=size), look.empty("spit", size=size)]
    for picture in pictures:
        assert len(picture) == size.height
        assert {line.cell_len for line in picture} == {size.width}
        if look.ascii:
            assert all(line.plain.isascii() for line in picture)


def test_a_large_card_shows_its_rank_in_tall_letters_and_falls_back_to_the_corners() -> None:
    """A rank whose letters have tall forms gets them; one that has none (a translation's
    own letter) is shown in the corners and the suit in the middle, never cut."""
    from spit.app.look import big_rank

    assert big_rank("10") is not None and big_rank("Q") is not None
    assert big_rank("Ж") is None
    ace = next(card for card in DECK if card.rank == 14)
    lines = [line.plain for line in Look().face(ace, size=LARGE)]
    assert lines[1].startswith("│A♠") and lines[-2].endswith("A♠│")
    assert "╭─╮" in lines[3] and "├─┤" in lines[4]


def stock_height(app) -> int:
    return game(app).query_one("#p1-stocks", StockRow).region.height


async def test_the_size_follows_resizes_across_each_threshold() -> None:
    """Growing past 100x32 draws medium cards, past 140x42 large ones; shrinking back below
    a threshold returns to the size below; below 80x24 the too-small notice stands, and
    the table comes back at the size the terminal has room for."""
    app = make_app(3, match=started(3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        steps = [
            ((100, 32), MEDIUM),
            ((140, 42), LARGE),
            ((140, 41), MEDIUM),
            ((99, 41), SMALL),
            ((160, 50), LARGE),
            ((80, 24), SMALL),
        ]
        for terminal, expected in steps:
            await pilot.resize_terminal(*terminal)
            await pilot.pause()
            assert screen.card_size is expected, terminal
            assert stock_height(app) == expected.height, terminal
            assert screen.query_one(PileRow).state.size is expected
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(150, 45)  # grown while the notice covered the table
        await pilot.pause()
        assert app.screen is screen
        assert screen.card_size is LARGE
        assert stock_height(app) == LARGE.height


@pytest.mark.long  # a sweep: every key at every card size
async def test_every_key_plays_at_every_size() -> None:
    """Each of both players' 32 keys reaches the game as its action at each size, and a
    play is drawn at once at that size."""
    app = make_app(3, match=started(3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        real_act = screen.act
        for size in CARD_SIZES:
            await pilot.resize_terminal(*size.terminal)
            await pilot.pause()
            assert screen.card_size is size
            heard: list[Action] = []
            screen.act = heard.append  # type: ignore[method-assign]
            try:
                for key in QWERTY.bindings.values():
                    await pilot.press(key)
            finally:
                del screen.act  # the screen's own again
            assert heard == [resolve(press, Phase.PLAYING) for press in PRESSES]
        assert screen.act == real_act
        # One real play at the large size: the piles are redrawn with it, large.
        piles = screen.query_one(PileRow)
        before = piles.state
        await pilot.press("o")  # player 2's 5♥ onto the left pile (see the snapshots)
        await pilot.pause()
        assert piles.state != before
        assert piles.state.size is LARGE


def fits_inside(widget: Widget, container: Widget) -> None:
    """``widget`` is drawn whole (nothing clipped) and inside ``container``."""
    geometry = widget.screen.find_widget(widget)
    assert geometry.clip.contains_region(geometry.region), widget
    assert container.region.contains_region(widget.region), (widget, container)


# Sizes just above each threshold, and the roomiest of each size in one direction only.
TERMINALS = [(80, 24), (81, 25), (100, 32), (101, 33), (140, 42), (141, 43), (139, 60), (300, 41)]


@pytest.mark.parametrize(
    "table",
    ["single pile", "summary"],
)
async def test_the_cards_never_overflow_the_table(table: str) -> None:
    """At each size, on the smallest terminals that have room for it, every row of the
    table is drawn whole, inside the table and the screen: both sides' stocks, keys and
    lines, the piles with their captions and last play, and the banner with the longest
    note (a single-pile round) — or the round's summary between rounds."""
    if table == "single pile":
        match = played_until(
            0, lambda m: m.round.spit_piles == 1 and m.round.phase is Phase.PLAYING
        )
        app = make_app(0, match=match)
    else:
        match = played_until(3, lambda m: m.round.phase is Phase.DEALT and len(m.history) >= 1)
        app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        for terminal in TERMINALS:
            await pilot.resize_terminal(*terminal)
            await pilot.pause()
            if table == "single pile":
                screen.press_key("q")  # a refusal by player 1's stocks: its line shows too
                await pilot.pause()
            size = screen.card_size
            assert size is card_size_for(*terminal)
            whole = screen.query_one("#table")
            assert screen.region.contains_region(whole.region)
            widgets: list[Widget] = [
                *screen.query(StockRow),
                *screen.query(KeyLegend),
                *screen.query(PlayerInfo),
                *screen.query(PlayerMessage),
            ]
            for side in screen.query(".side"):
                assert side.region.width == row_width(size)
                fits_inside(side, whole)
            if table == "single pile":
                assert screen.query_one(PlayerMessage).region.height == 1
                widgets += [screen.query_one(Banner), screen.query_one(PileRow)]
                banner = screen.query_one(Banner)
                assert banner.region.height == len(banner.render().plain.splitlines()) == 2
            else:
                widgets.append(screen.query_one(RoundSummary))
            for widget in widgets:
                if widget.display:
                    fits_inside(widget, whole)
            for row in (*screen.query(StockRow), screen.query_one(PileRow)):
                if not row.display:
                    continue
                picture = row.render()
                assert picture.get_optimal_width(row.styles, 0) <= row.region.width
                height = size.height if isinstance(row, StockRow) else pile_row_height(size)
                assert row.region.height == picture.get_height(row.styles, 0) == height
            # The sides and the middle never overlap.
            regions = [screen.query_one(f"#{side}").region for side in ("p2-side", "middle")]
            regions.append(screen.query_one("#p1-side").region)
            assert regions[0].bottom <= regions[1].y and regions[1].bottom <= regions[2].y
