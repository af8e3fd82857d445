"""Every screen fits at 80×24 in every language: nothing cut off, nothing to scroll.

German and Greek run long; each screen is checked for an ellipsis (Textual's mark for cut
text), for a box that would need scrolling, and for its key sentences appearing whole.
"""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from textual.containers import ScrollableContainer
from textual.widgets import Button

from spit import i18n, words
from spit.app.look import Look
from spit.app.menu import level_label
from spit.engine import Phase, PilePress, Variant
from spit.i18n import _
from spit.settings.keymap import character_key

from .factory import FakeClock, drive, make_app, played_until, screen_text

LANGUAGES = ("en", "el", "de", "ka", "lv")
SIZE = (80, 24)


def _flat(text: str) -> str:
    """Screen text without box lines and line breaks, so a wrapped sentence reads whole."""
    return " ".join(re.sub(r"[│╭╮╰╯─▔▁▐▌●▊▎]", " ", text).split())


def assert_fits(app, *sentences: str) -> None:
    text = screen_text(app)
    assert "…" not in text, f"something is cut off:\n{text}"
    for widget in app.screen.query(ScrollableContainer):
        assert widget.max_scroll_y == 0 and widget.max_scroll_x == 0, (
            f"{widget} would need scrolling:\n{text}"
        )
    flat = _flat(text)
    for sentence in sentences:
        assert " ".join(sentence.split()) in flat, f"{sentence!r} is not whole in:\n{text}"


def assert_buttons_whole(app) -> None:
    """Every button on the screen shows its whole label on one line, inside the terminal.

    A label that does not fit its button is cut short without an ellipsis, so the screen
    text alone cannot tell: the button's room for its label is measured, and the label is
    looked for on a line of the screen.
    """
    text = screen_text(app)
    lines = text.splitlines()
    width, _height = app.size
    buttons = [b for b in app.screen.query(Button) if b.display]
    assert buttons, f"no button on the screen:\n{text}"
    for button in buttons:
        label = button.label.plain if hasattr(button.label, "plain") else str(button.label)
        region = button.content_region
        assert region.right <= width, f"{label!r} runs off the terminal:\n{text}"
        assert cell_len(label) <= region.width, f"{label!r} is cut to {region.width}:\n{text}"
        assert any(label in line for line in lines), f"{label!r} is not whole in:\n{text}"


def started(seed: int):
    return played_until(seed, lambda m: m.round.phase is not Phase.DEALT)


@pytest.fixture(params=LANGUAGES)
def lang(request: pytest.FixtureRequest) -> str:
    i18n.set_language(request.param)
    return request.param


async def test_the_menu_fits(lang: str) -> None:
    async with make_app(3, mode=None).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert_fits(
            pilot.app,
            _("Against the bot"),
            level_label("very-fast"),
            words.labels.adaptive_label(),
            _("Points (to 100)"),
            i18n.LANGUAGE_NAMES[lang],
        )


async def test_the_table_fits_with_a_refusal_and_every_caption(lang: str) -> None:
    async with make_app(3, match=started(3)).run_test(size=SIZE) as pilot:
        await pilot.press("o", "q")
        left, right = "◀", "▶"
        assert_fits(
            pilot.app,
            _("{left} {right} fill").format(left=left, right=right),
            _("SPIT: {key}").format(key=words.labels.key_name("space")),
            _("F1 help · Esc pause · Ctrl+Q quit"),
        )


async def test_the_slap_call_fits(lang: str) -> None:
    match = played_until(3, lambda m: m.round.phase is Phase.SLAP)
    async with make_app(3, match=match).run_test(size=SIZE) as pilot:
        await pilot.pause()
        names = (words.labels.player_name(0), words.labels.player_name(1))
        assert_fits(pilot.app, words.table.slap(match.round.went_out, names))


async def test_the_help_fits_without_scrolling(lang: str) -> None:
    async with make_app(3, match=started(3)).run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert_fits(pilot.app, *words.dialogs.rules_in_brief(), words.dialogs.keys_row("right"))


async def test_the_round_summary_fits(lang: str) -> None:
    match = played_until(3, lambda m: m.round.phase is Phase.DEALT and len(m.history) >= 1)
    async with make_app(3, match=match).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert_fits(pilot.app, words.table.round_start(2), _("holds now"))


async def test_the_single_pile_note_fits(lang: str) -> None:
    match = played_until(0, lambda m: m.round.spit_piles == 1 and m.round.phase is Phase.PLAYING)
    async with make_app(0, match=match).run_test(size=SIZE) as pilot:
        await pilot.pause()
        names = (words.labels.player_name(0), words.labels.player_name(1))
        note = words.table.one_pile_note(match.view(0), names, against_bot=False)
        assert_fits(pilot.app, *note.splitlines())


async def test_pause_and_quit_fit(lang: str) -> None:
    async with make_app(3, match=started(3)).run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert_fits(pilot.app, words.dialogs.dialog_text("paused"))
        await pilot.press("escape", "ctrl+q")
        await pilot.pause()
        assert_fits(pilot.app, words.dialogs.button("play on"), words.dialogs.button("give up"))


async def test_the_match_over_screen_fits(lang: str) -> None:
    clock = FakeClock()
    app = make_app(3, variant=Variant.POINTS, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        drive(pilot.app, clock, lambda m: m.is_over)  # type: ignore[arg-type]
        await pilot.pause()
        assert_fits(
            pilot.app, words.dialogs.match_figure("points"), words.dialogs.match_figure("held")
        )


async def test_the_names_dialog_fits(lang: str) -> None:
    async with make_app(3, mode=None).run_test(size=SIZE) as pilot:
        await pilot.press(character_key(words.menu.shortcut("names").lower()))
        await pilot.pause()
        assert_fits(pilot.app, _("Player 2 (the right half)"))


def test_card_faces_keep_their_width_in_every_language(lang: str) -> None:
    """A court card's letter is one character, so every card box stays 7 columns."""
    from spit.engine import DECK

    look = Look()
    assert {len(look.face(card)[1].plain) for card in DECK} == {7}


async def test_the_press_your_keys_screen_fits(lang: str) -> None:
    async with make_app(3, mode=None).run_test(size=SIZE) as pilot:
        await pilot.press(character_key(words.menu.shortcut("keys").lower()), "1", "1")
        await pilot.pause()
        assert_fits(
            pilot.app,
            words.keys.press_key_for(PilePress(0, 1, 0)),  # stock 2 onto the left pile
            _("Tab: keep the key it has · Esc: cancel, keys as they were"),
        )


async def test_the_resume_offer_s_buttons_are_whole(lang: str, data_dir) -> None:
    from spit.app.dialogs.resume import ResumeScreen
    from tests.records.played import play_recorded

    play_recorded(data_dir / "records", seed=5, stop_after=60)
    async with make_app(mode=None).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, ResumeScreen)
        assert_fits(pilot.app, words.dialogs.dialog_text("resume keys"))
        assert_buttons_whole(pilot.app)


async def test_the_quit_question_s_buttons_are_whole(lang: str, data_dir) -> None:
    clock = FakeClock()
    app = make_app(3, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        drive(app, clock, lambda m: m.round.phase is Phase.PLAYING)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.screen.keepable  # type: ignore[attr-defined]
        assert_buttons_whole(app)


async def test_the_match_over_screen_s_buttons_are_whole(lang: str) -> None:
    clock = FakeClock()
    app = make_app(3, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        drive(app, clock, lambda m: m.is_over)  # type: ignore[arg-type]
        await pilot.pause()
        assert_buttons_whole(app)


async def test_the_names_dialog_s_buttons_are_whole(lang: str) -> None:
    async with make_app(3, mode=None).run_test(size=SIZE) as pilot:
        await pilot.press(character_key(words.menu.shortcut("names").lower()))
        await pilot.pause()
        assert_buttons_whole(pilot.app)
