"""The dialogs over the table answer only keys no player uses in play, and say which.

Found by a new player: on the match-over screen Enter (player 2's spit key, and a spit key
against the bot) started a rematch at once and the results were gone; the quit dialog
confirmed with ``y``, player 2's first stock. And F1 did nothing on the pause screen,
though the pause screen offers it.
"""

from __future__ import annotations

import pytest
from textual.containers import Vertical, VerticalScroll
from textual.widgets._toast import ToastRack

from spit.app.dialogs.help import HelpScreen
from spit.app.dialogs.host import HostScreen
from spit.app.dialogs.join import JoinScreen
from spit.app.dialogs.match_over import MatchOverScreen
from spit.app.dialogs.pause import PauseScreen
from spit.app.dialogs.practice_offer import PracticeOfferScreen
from spit.app.dialogs.quit import QuitScreen
from spit.app.dialogs.standstill import StandstillScreen
from spit.app.menu import MenuScreen
from spit.engine import Variant
from spit.settings.keymap import KeyMap
from spit.settings.options import Mode

from .factory import FakeClock, drive, game, local, make_app, screen_text
from .test_flow import opponents

QWERTY = KeyMap.preset("qwerty")
GAME_KEYS = list(QWERTY.bindings.values())
"""Every key either player uses in play, on the default layout."""


async def over(pilot, clock: FakeClock) -> None:
    drive(pilot.app, clock, lambda m: m.is_over)
    await pilot.pause()


@pytest.mark.long  # a sweep: every game key of both players
async def test_no_game_key_answers_the_match_over_screen() -> None:
    clock = FakeClock()
    app = make_app(3, variant=Variant.POINTS, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await over(pilot, clock)
        assert isinstance(app.screen, MatchOverScreen)
        before = screen_text(app)
        await pilot.press(*GAME_KEYS, "enter", "space", "tab", "enter", "left", "enter")
        assert isinstance(app.screen, MatchOverScreen)
        assert screen_text(app) == before  # the results are still there, unchanged


async def test_the_match_over_screen_says_its_keys_and_answers_them() -> None:
    clock = FakeClock()
    app = make_app(3, variant=Variant.POINTS, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await over(pilot, clock)
        text = screen_text(app)
        for said in ("Rematch", "Ctrl+R", "Menu", "Esc", "Quit", "Ctrl+Q"):
            assert said in text
        screen = game(app)
        await pilot.press("ctrl+r")
        assert app.screen is screen and not local(screen).match.history
        await over(pilot, clock)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_the_match_over_screen_quits_with_ctrl_q() -> None:
    clock = FakeClock()
    app = make_app(3, variant=Variant.POINTS, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await over(pilot, clock)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_during_the_grace_not_even_the_dialogs_own_keys_answer() -> None:
    clock = FakeClock()
    app = make_app(3, variant=Variant.POINTS, clock=clock)
    app.pace = type(app.pace)(flash=0.0, message=60.0, grace=30.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await over(pilot, clock)
        await pilot.press("ctrl+r", "escape")
        assert isinstance(app.screen, MatchOverScreen)


@pytest.mark.long  # a sweep: every game key of both players
async def test_no_game_key_answers_the_quit_dialog() -> None:
    app = make_app(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press(*GAME_KEYS, "y", "n", "enter", "tab", "enter")
        assert isinstance(app.screen, QuitScreen)
        assert local(game(app)).match.view(0).sides[0].ready is False
        text = screen_text(app)
        assert "Ctrl+Q" in text and "Esc" in text
        await pilot.press("escape")
        assert app.screen is game(app)
        await pilot.press("ctrl+q", "ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.long  # a sweep: every game key of both players
async def test_no_game_key_ends_the_pause() -> None:
    app = make_app(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
        await pilot.press(*GAME_KEYS)
        assert isinstance(app.screen, PauseScreen)
        await pilot.press("escape")
        assert app.screen is game(app)
        assert not local(game(app)).match.view(0).sides[0].ready


@pytest.mark.parametrize("mode", [Mode.TWO_PLAYER, Mode.BOT])
async def test_f1_on_the_pause_screen_opens_the_help(mode: Mode) -> None:
    app = make_app(3, mode=mode, opponents=opponents([]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
        assert "F1: help" in screen_text(app)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, PauseScreen)
        await pilot.press("f1", "escape")
        assert isinstance(app.screen, PauseScreen)
        await pilot.press("escape")
        assert app.screen is game(app) and game(app).running


@pytest.mark.parametrize("variant", list(Variant))
async def test_behind_the_results_each_line_shows_the_cards_held_at_the_end(
    variant: Variant,
) -> None:
    """Behind the match-over dialog the players' lines showed the last round's counts
    (``Player 1 · 32 cards`` while the table held 52). Thirty rows: at 24 the box, with the
    coach, covers the top line."""
    clock = FakeClock()
    app = make_app(3, variant=variant, clock=clock)
    async with app.run_test(size=(80, 30)) as pilot:
        await over(pilot, clock)
        held = local(game(app)).match.history[-1].held
        assert sum(held) == 52
        text = screen_text(app)
        assert f"Player 2  ·  {held[1]} cards" in text.splitlines()[1]
        assert f"Player 1  ·  {held[0]} card" in text


def test_an_address_dialog_keeps_the_players_name_apart_from_its_own() -> None:
    # A Textual node's name is its _name: the player's name once overwrote it.
    assert HostScreen("Ann").name is None
    assert JoinScreen("Ann").name is None


def _beside_the_box(app) -> list[str]:
    """What the screen shows left and right of the dialog's box, on the rows it spans."""
    box = next(c for c in app.screen.children if isinstance(c, Vertical | VerticalScroll))
    region = box.region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return [(row[: region.x] + row[region.right :]).strip() for row in rows]


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
@pytest.mark.parametrize(
    "box", ["pause", "match over", "waiting", "quit", "host", "join", "practice offer"]
)
async def test_nothing_of_the_screen_beneath_shows_beside_a_dialogs_box(
    size: tuple[int, int], box: str
) -> None:
    """Issue 29, item 13: the dimmed table showed beside the box as fragments its edges cut
    mid-word (``n│  Fastest play…│s``, ``11 │ … │rds``, ``6 spit│``); the rows above and
    below the box still show the table (the cards held at the end, behind the results)."""
    clock = FakeClock()
    app = make_app(
        3,
        variant=Variant.POINTS,
        clock=clock,
        mode=None if box in ("host", "join") else Mode.TWO_PLAYER,
    )
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if box == "pause":
            await pilot.press("escape")
        elif box == "match over":
            await over(pilot, clock)
        elif box == "waiting":
            app.push_screen(StandstillScreen("Waiting for your friend.\n\nspit join 127.0.0.1 AB"))
        elif box == "quit":
            await pilot.press("ctrl+q")
        elif box == "practice offer":
            # In a terminal (not under the pilot) Textual mounts its toasts' rack and its
            # tooltip first on every screen: the band once took the rack for the box.
            offer = PracticeOfferScreen()
            app.push_screen(offer)
            await pilot.pause()
            await offer.mount(ToastRack(), before=0)
            offer.fit_band()
        else:
            app.push_screen(HostScreen("Ann") if box == "host" else JoinScreen("Ann"))
        await pilot.pause()
        await pilot.pause()
        assert _beside_the_box(app) == [""] * len(_beside_the_box(app)), screen_text(app)
        if isinstance(app.screen, StandstillScreen):  # a longer reason: the band grows with it
            app.screen.say("The server is away.\n\nIt may come back.\n\nWait here.\n\nOr not.")
            await pilot.pause()
            await pilot.pause()
            assert set(_beside_the_box(app)) == {""}, screen_text(app)
