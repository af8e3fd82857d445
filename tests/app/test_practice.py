"""The guided practice round: its steps, each done when the engine says so; the bot that
waits for the player; leaving it; and that it is kept out of the records."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.console import Console
from rich.text import Text
from textual.containers import Vertical
from textual.geometry import Region
from textual.widgets import Button, Input

from spit import i18n, words
from spit.app.app import SpitApp
from spit.app.coach import GO_ON_LABEL, STEPS, Coach, Step
from spit.app.dialogs.dialog import KeyLine
from spit.app.dialogs.pause import PauseScreen
from spit.app.dialogs.practice_offer import PracticeOfferScreen
from spit.app.dialogs.practice_pause import PracticePauseScreen
from spit.app.game import GameScreen
from spit.app.look import card_size_for
from spit.app.menu import MenuScreen
from spit.app.practice import PANEL_LINES, CoachPanel, PracticeScreen, band_text
from spit.engine import Action, Fill, OnePile, Phase, Play, Slap, Spit
from spit.i18n import LANGUAGES
from spit.settings.config import load_config
from spit.settings.keymap import PRESET_OF_LANGUAGE, KeyMap
from spit.settings.options import GameOptions, Mode

from .factory import STILL, FakeClock, key_for, local, make_app, screen_text

SIZE = (80, 24)

NEVER = STILL._replace(patience=3600.0)
"""The bot's own timer never fires: the tests say when it moves."""


def practice_app(seed: int = 3, **options: object) -> SpitApp:
    """The app as ``spit practice`` starts it, on a clock that moves only when told."""
    return SpitApp(
        GameOptions(seed=seed, **options),  # type: ignore[arg-type]
        clock=FakeClock(),
        pace=NEVER,
        opponents=None,
        practice=True,
    )


def practice(app: SpitApp) -> PracticeScreen:
    screen = next(s for s in app.screen_stack if isinstance(s, PracticeScreen))
    return screen


def panel(app: SpitApp) -> str:
    """The band's words, as one line."""
    return " ".join(str(practice(app).query_one(CoachPanel).render()).split())


def bot_moves(screen: PracticeScreen) -> None:
    """The patient bot makes the move it would make now (there must be one)."""
    action = screen.driver.choice()
    assert action is not None, "the bot has nothing to do"
    result = screen.act(action)
    assert result is not None and result.ok, result


def press(screen: PracticeScreen, action: Action) -> None:
    """The player presses the key for ``action`` (their seat, the left half's key)."""
    phase = local(screen).match.round.phase
    result = screen.press_key(key_for(screen.keymap, action, phase))
    assert result is not None and result.ok, (action, result)


def next_move(screen: PracticeScreen) -> None:
    """One move of a practice: what the step asks of the player, else the bot's move."""
    view = screen.game.view(0)
    step = screen.step
    if step in (Step.KEYS, Step.STUCK, Step.NEXT):
        if not screen.game.view(1).sides[1].ready:
            bot_moves(screen)  # the bot presses SPIT with the player
        if screen.game.view(0).phase is view.phase:  # not started by the bot's press
            press(screen, Spit(0))
    elif step is Step.SLAP:
        sizes = [pile.size for pile in view.piles]
        press(screen, Slap(0, 0 if sizes[0] <= sizes[1] else 1))
    else:
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        fills = [a for a in view.legal_actions if isinstance(a, Fill)]
        if plays or fills:
            press(screen, (plays or fills)[0])
        else:
            assert screen.bot_may_move()
            bot_moves(screen)


async def test_the_practice_walks_every_step_from_the_stocks_to_what_comes_next() -> None:
    """Each step is shown in turn and is done only by what it asks: Tab after the stocks,
    SPIT to start, a play of the player's, a fill, SPIT when stuck, the slap; then the
    round's end says what the player holds, and Tab ends the practice at the menu."""
    app = practice_app(3)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        assert screen.step is Step.STOCKS
        assert "Practice 1/7" in panel(app) and "five stocks" in panel(app)
        assert "11 spit cards" in panel(app)
        await pilot.press("tab")
        assert screen.step is Step.KEYS
        # The keys are the player's layout's: stock 1's top-row key on both halves.
        assert "(q or y for stock 1)" in panel(app)
        seen = [Step.STOCKS, Step.KEYS]
        for _ in range(200):
            if screen.step is Step.NEXT:
                break
            next_move(screen)
            if screen.step is not seen[-1]:
                seen.append(screen.step)  # type: ignore[arg-type]
            if screen.step is Step.PLAY:
                # A card to play is named only when the engine lists a play of the player's.
                plays = [a for a in screen.game.view(0).legal_actions if isinstance(a, Play)]
                assert ("fits on the" in panel(app)) is bool(plays)
                assert ("None of your cards fits" in panel(app)) is not bool(plays)
        await pilot.pause()
        ordered = [step for step in Step if step is not Step.FREE]
        assert [step for step in seen if step is not Step.FREE][:5] == ordered[:5]
        assert set(ordered[:6]) <= screen.coach.done | {Step.NEXT}
        assert seen[-2:] == [Step.SLAP, Step.NEXT]
        view = screen.game.view(0)
        assert view.between_rounds
        held = view.last_round.held  # type: ignore[union-attr]
        assert f"you hold {held[0]} cards now, the bot {held[1]} cards" in panel(app)
        assert "Round 1 is over" not in screen_text(app)  # the panel has the summary's room
        assert app.focused is None or not isinstance(app.focused, Input)
        await pilot.press("tab")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert not any(isinstance(s, PracticeScreen) for s in app.screen_stack)


async def test_after_the_slap_the_next_round_shows_its_banner_and_piles_as_after_any_deal() -> None:
    """Between rounds the band says what the game's summary would, and the centre shows
    what the game shows once a round is dealt: the call to SPIT for the next round and the
    two empty piles with each player's spit cards, never an empty middle."""
    app = practice_app(3)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await pilot.press("tab")
        while screen.step is not Step.NEXT:
            next_move(screen)
        await pilot.pause()
        view = screen.game.view(0)
        assert view.between_rounds and view.round_number == 2
        text = screen_text(app)
        assert "Round 2: both press SPIT" in text
        spit_cards = [side.spit_cards for side in view.sides]
        assert words.table.spit_cards(spit_cards[0]) in text
        assert words.table.spit_cards(spit_cards[1]) in text
        assert "Round 1 is over" not in text  # the band has the summary's words
        bot_moves(screen)  # the bot presses SPIT first: the banner says it waits for you
        await pilot.pause()
        assert "waiting for you" in screen_text(app)


async def test_the_keys_step_names_the_keys_in_the_order_the_legend_shows_them() -> None:
    """Step 2 says the keys as the screen shows them: side by side under each stock
    (``q a z``), so the first plays on the left pile, the second on the right, the third
    fills; never a top, middle and bottom key the screen does not show."""
    app = practice_app(3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab")
        await pilot.pause()
        said = panel(app)
        assert "three side by side" in said
        assert "the first (q or y for stock 1) plays it onto the left pile" in said
        assert "the second (a or h) onto the right pile" in said
        assert "the third (z or n) into an empty slot" in said
        assert not any(word in said for word in ("top one", "middle one", "bottom one"))
        legend = next(line for line in screen_text(app).splitlines() if "fill" in line)
        stock_one = legend.split()[3:6]  # after the caption "◀ ▶ fill"
        assert stock_one == ["q", "a", "z"], legend


@pytest.mark.parametrize("size", [(80, 24), (100, 32), (140, 42)])
async def test_a_later_single_pile_round_s_note_stands_whole_over_the_piles_or_in_the_band(
    size: tuple[int, int],
) -> None:
    """In round 3 the player has no spit cards left: the note that says so is on the screen,
    whole, once the round is dealt (the round before ended on a banner of one line), over
    the piles where the middle has room for it (100x32), else in the band (80x24, 140x42)."""
    app = practice_app(3)
    async with app.run_test(size=size) as pilot:
        screen = practice(app)
        await pilot.press("tab")
        view = screen.game.view(0)
        while not (view.one_pile is not None and view.phase is Phase.DEALT):
            next_move(screen)
            view = screen.game.view(0)
        await pilot.pause()
        note = words.table.one_pile_note(view, screen.names, against_bot=True, you=0)
        flat = " ".join(screen_text(app).split())
        for line in note.splitlines():
            assert line in flat, (size, line)
        in_band = " ".join(note.split()) in panel(app)
        assert in_band is (size != (100, 32)), size


async def test_the_note_moves_between_the_banner_and_the_band_as_the_terminal_is_resized() -> None:
    """80x26 has room for the note over the piles; down to 80x24 it goes into the band, and
    back up to 80x26 it stands over the piles again."""
    app = practice_app(3)
    async with app.run_test(size=(80, 26)) as pilot:
        screen = practice(app)
        await pilot.press("tab")
        view = screen.game.view(0)
        while not (view.one_pile is not None and view.phase is Phase.PLAYING):
            next_move(screen)
            view = screen.game.view(0)
        await pilot.pause()
        note = words.table.one_pile_note(view, screen.names, against_bot=True, you=0)
        folded = " ".join(note.split())
        for size, in_band in (((80, 26), False), ((80, 24), True), ((80, 26), False)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert (folded in panel(app)) is in_band, size
            flat = " ".join(screen_text(app).split())
            assert all(line in flat for line in note.splitlines()), size


async def test_the_slap_step_names_the_keys_as_the_legend_shows_them() -> None:
    """At the slap the legend reads "slap ◀ ▶" over each stock's keys side by side: the
    first slaps the left pile, the second the right, and so says the band (no keyboard rows
    the screen does not show)."""
    app = practice_app(3)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await pilot.press("tab")
        while screen.step is not Step.SLAP:
            next_move(screen)
        await pilot.pause()
        said = panel(app)
        assert "the first key under any stock (q) slaps the left pile" in said
        assert "the second (a) the right" in said
        assert "row" not in said
        legend = next(line for line in screen_text(app).splitlines() if "slap ◀ ▶" in line)
        assert legend.split()[3:5] == ["q", "a"], legend


async def test_stuck_in_a_single_pile_round_the_band_says_who_spits() -> None:
    """Round 3: the player has no spit cards left, so they count as ready and the bot spits
    alone onto the one pile (RULES B5). When the table is stuck the band says so, not that
    both turn a card onto their own piles."""
    app = practice_app(3)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await pilot.press("tab")
        view = screen.game.view(0)
        while not (view.one_pile is not None and view.phase is Phase.STUCK):
            next_move(screen)
            view = screen.game.view(0)
        await pilot.pause()
        assert view.me.spit_cards == 0 and view.me.ready
        said = panel(app)
        assert "You have no spit cards left" in said and "the bot turns" in said
        assert "you and the bot each" not in said


async def test_before_a_single_pile_round_without_spit_cards_the_band_says_you_are_ready() -> None:
    """Between rounds, when the next round is a single-pile one in which the player has no
    spit cards, they count as ready and the bot turns up the first card alone (RULES B5): the
    band says so, not "SPIT: play on", which would do nothing for them."""
    app = practice_app(3)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await pilot.press("tab")
        for _ in range(3000):
            view = screen.game.view(0)
            if screen.step is Step.NEXT and view.one_pile is not None:
                break
            next_move(screen)
        await pilot.pause()
        assert view.one_pile is not None and view.one_pile.without_spit_cards == 0
        said = panel(app)
        assert "You are ready: the bot spits" in said
        assert "): play on" not in said  # SPIT would do nothing for them


async def test_card_keys_wait_while_the_first_step_is_read() -> None:
    """During the first step a card key or SPIT does nothing but say Tab goes on."""
    app = practice_app(3)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await pilot.press("space", "q")
        await pilot.pause()
        view = screen.game.view(0)
        assert view.phase is Phase.DEALT and not view.sides[0].ready
        assert "Read, then Tab: go on" in screen_text(app)
        await pilot.press("tab", "space")
        assert screen.game.view(0).sides[0].ready


async def test_the_bot_waits_while_the_player_reads_or_has_a_card_to_play() -> None:
    """The bot moves a card only when the engine lists no play for the player, and not
    while the first step is read; it presses SPIT with the player and never slaps."""
    app = practice_app(3)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        assert not screen.bot_may_move()  # reading
        assert isinstance(screen.driver.choice(), Spit)  # but it is ready to start
        await pilot.press("tab")
        bot_moves(screen)
        press(screen, Spit(0))
        for _ in range(200):
            view = screen.game.view(0)
            has_play = any(isinstance(a, Play) for a in view.legal_actions)
            if view.phase is Phase.PLAYING:
                assert screen.bot_may_move() is not has_play
            if view.phase is Phase.SLAP:
                assert screen.driver.choice() is None  # the slap is the player's
                break
            next_move(screen)
        else:
            raise AssertionError("the round never ended")


async def test_escape_pauses_and_the_pause_leaves_the_practice_cleanly() -> None:
    """Esc pauses the practice (its clock stops); the pause says how to leave; Ctrl+L there
    ends it: back at the menu, the game stopped, no text field holding the keys."""
    app = practice_app(3)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await pilot.press("tab", "space")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PracticePauseScreen)
        assert local(screen).paused
        assert "Ctrl+L: leave the practice" in screen_text(app)
        await pilot.press("q", "space")  # card keys do not answer the pause
        assert isinstance(app.screen, PracticePauseScreen)
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert not any(isinstance(s, PracticeScreen) for s in app.screen_stack)
        assert local(screen)._stopped
        assert not isinstance(app.focused, Input)
        await pilot.press("s")  # the menu starts a match as ever
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and not isinstance(app.screen, PracticeScreen)


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_practices_pause_is_the_games_pause_with_one_line_of_keys_more(
    lang: str,
) -> None:
    """The practice's pause looks like the game's: a box the same width, centred, sized to
    its lines, its keys in one line of keys (KeyLine) with leaving the practice under the
    game's pause keys; no button standing apart."""
    i18n.set_language(lang)

    async def pause_box(app: SpitApp, *keys: str) -> tuple[Region, list[str]]:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press(*keys, "escape")
            await pilot.pause()
            assert isinstance(app.screen, PauseScreen)
            assert not app.screen.query(Button)
            keys = [line.render().plain for line in app.screen.query(KeyLine)]
            return app.screen.query_one(Vertical).region, keys

    game_box, game_keys = await pause_box(make_app(3))
    box, keys = await pause_box(practice_app(3), "tab")
    leave = words.practice.practice_leave(web=False)
    assert keys == [game_keys[0] + "\n" + leave]
    assert (box.x, box.width) == (game_box.x, game_box.width)
    assert box.height == game_box.height + 1
    assert box.y == (SIZE[1] - box.height) // 2


async def test_escape_twice_goes_on_with_the_practice_where_it_was() -> None:
    app = practice_app(3)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await pilot.press("tab")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.step is Step.KEYS
        assert not local(screen).paused


async def test_a_practice_is_not_recorded(data_dir: Path) -> None:
    """A practice is not a match of the player's: no record is written, so it is neither
    resumed nor counted in the history."""
    app = practice_app(3)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await pilot.press("tab")
        bot_moves(screen)
        press(screen, Spit(0))
        await pilot.pause()
        assert local(screen).recorder is None
    assert not list(data_dir.rglob("*.jsonl"))


async def test_p_in_the_menu_starts_the_practice_with_the_keys_chosen_there() -> None:
    app = SpitApp(GameOptions(seed=3, keys="azerty"), clock=FakeClock(), pace=NEVER, opponents=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        screen = practice(app)
        assert screen.keymap.name == "azerty"
        await pilot.press("tab")
        assert "(a or y for stock 1)" in panel(app)


async def test_the_menu_offers_the_practice_among_the_players() -> None:
    """The practice is the third choice under Players; Start then starts it."""
    app = SpitApp(GameOptions(seed=3), clock=FakeClock(), pace=NEVER)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "enter", "s")
        await pilot.pause()
        assert practice(app).step is Step.STOCKS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_fits_the_panel_at_80_columns(lang: str) -> None:
    """Each step's words, heading included, wrap into the panel's four lines at 80x24 in
    every language, a key never parted from its word, with the longest keys and cards they
    can name (the language's own layout; Space or Enter; 10♥)."""
    i18n.set_language(lang)
    keymap = KeyMap.preset(PRESET_OF_LANGUAGE.get(lang, "qwerty"))
    coach = Coach(keymap, lambda card: "10♥")

    def keys(control: str) -> str:
        return coach._keys(control)

    spit, ten = keys("spit"), "10♥"
    texts = [
        words.practice.practice_stocks(11, GO_ON_LABEL),
        words.practice.practice_keys(
            keys("stock1.left"), keys("stock1.right"), keys("stock1.fill"), spit
        ),
        words.practice.practice_play(ten, ten, 1, keys("stock5.right")),
        words.practice.practice_no_play(),
        words.practice.practice_fill(ten, 5, keys("stock5.fill")),
        words.practice.practice_fill_later(),
        *(words.practice.practice_stuck(spit, without) for without in (None, 0, 1)),
        *(
            words.practice.practice_slap(who, (17, 18), keys("stock1.left"), keys("stock1.right"))
            for who in (0, 1, None)
        ),
        *(words.practice.practice_next(took, (38, 38), spit, GO_ON_LABEL) for took in (0, 1, None)),
        words.practice.practice_free(),
    ]
    console = Console(width=80 - 2, file=io.StringIO())
    heading = words.practice.practice_step(7, STEPS) + "  "
    for text in texts:
        lines = band_text(Text(heading + text), 80 - 2, console).split()
        assert len(lines) <= PANEL_LINES, (lang, text)
    # In a later round with one spit pile, where the note has no room over the piles, the
    # band says it before the step's words, in one line more, whoever has no spit cards.
    heading = words.practice.practice_step(None, STEPS) + "  "
    for note in _one_pile_notes():
        for text in (*texts[-4:], *texts[6:9]):  # what comes next, free play, stuck
            lines = band_text(Text(heading + note + " " + text), 80 - 2, console).split()
            assert len(lines) <= PANEL_LINES + 1, (lang, note, text)


def test_no_step_speaks_of_keyboard_rows_the_screen_does_not_show() -> None:
    """The legend shows each stock's keys side by side (``q a z``), so the steps name them
    first, second and third, never by a keyboard's top, middle or bottom row."""
    coach = Coach(KeyMap.preset("qwerty"), lambda card: "10♥")
    keys, spit = coach._keys("stock1.left"), coach._keys("spit")
    texts = [
        words.practice.practice_keys(keys, keys, keys, spit),
        words.practice.practice_fill("10♥", 5, keys),
        words.practice.practice_fill_later(),
        *(words.practice.practice_slap(who, (17, 18), "q", "a") for who in (0, 1, None)),
    ]
    for text in texts:
        assert not any(row in text for row in ("row", "top one", "bottom one")), text


def _one_pile_notes() -> list[str]:
    """A single-pile round's note, every way it can be said (as the band says it)."""
    notes = []
    for alone in (0, 1):
        for wins in (True, False):
            view = SimpleNamespace(one_pile=OnePile(alone, wins))
            note = words.table.one_pile_note(view, ("You", "Bot"), against_bot=True)  # type: ignore[arg-type]
            notes.append(" ".join(note.splitlines()))
    return notes


@pytest.mark.parametrize("size", [(80, 24), (99, 40), (100, 32), (139, 60), (140, 42), (200, 60)])
async def test_the_practice_draws_the_cards_at_the_games_size_and_the_band_fits_under_them(
    size: tuple[int, int],
) -> None:
    """At every terminal size the practice's cards are the game's (at 100x32 medium, not
    small), and the table with the band under it fits: the player's line stands above the
    band, whole, and the band's four lines are on the screen."""
    app = practice_app(3)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = practice(app)
        assert screen.card_size == card_size_for(*size), size
        band = screen.query_one(CoachPanel).region
        info = screen.query_one("#p1-info").region
        assert band.height == PANEL_LINES and band.bottom == size[1], (size, band)
        assert info.bottom <= band.y, (size, info, band)
        assert "You  ·  26 cards" in screen_text(app).splitlines()[info.y]


# --- the offer at the first start ---------------------------------------------------------


def first_start(config_file: Path, **options: object) -> SpitApp:
    """The app as ``spit`` starts it: options from the config file at ``config_file``."""
    offered = load_config(config_file).practice_offered
    return SpitApp(
        GameOptions(seed=3, **options),  # type: ignore[arg-type]
        offer_practice=not offered,
        clock=FakeClock(),
        pace=NEVER,
        opponents=None,
        record=False,
        config_file=config_file,
    )


async def test_the_practice_is_offered_once_at_the_first_start(tmp_path: Path) -> None:
    """No config file yet: the menu opens with the offer on top. Declined with Esc, the
    config file says so, the menu is there, and the next start offers it no more."""
    path = tmp_path / "config.toml"
    app = first_start(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PracticeOfferScreen)
        assert "New to Spit?" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
    assert load_config(path).practice_offered
    again = first_start(path)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, MenuScreen)
        assert not any(isinstance(s, PracticeOfferScreen) for s in again.screen_stack)


async def test_taking_the_offer_starts_the_practice_and_it_is_not_offered_again(
    tmp_path: Path,
) -> None:
    path = tmp_path / "config.toml"
    path.write_text("# mine\n[display]\nhints = true  # the cards that fit\n", encoding="utf-8")
    app = first_start(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert practice(app).step is Step.STOCKS
        assert app.focused is None or not isinstance(app.focused, Input)
    config = load_config(path)
    assert config.practice_offered and config.hints
    assert "# the cards that fit" in path.read_text(encoding="utf-8")  # the player's words stay


async def test_a_game_started_from_the_command_line_is_not_interrupted_by_the_offer(
    tmp_path: Path,
) -> None:
    """`spit play` goes straight to the table; the offer waits for a start at the menu."""
    path = tmp_path / "config.toml"
    app = first_start(path, mode=Mode.TWO_PLAYER)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
    assert not load_config(path).practice_offered


async def test_a_practice_started_by_the_player_is_not_offered_any_more(tmp_path: Path) -> None:
    """`spit practice` before the first menu: the player has found it, so it is not offered."""
    path = tmp_path / "config.toml"
    app = SpitApp(
        GameOptions(seed=3),
        offer_practice=True,
        clock=FakeClock(),
        pace=NEVER,
        opponents=None,
        config_file=path,
        practice=True,
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert practice(app).step is Step.STOCKS
    assert load_config(path).practice_offered
