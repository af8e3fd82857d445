"""Every text on every screen reads: its colour against the colour behind it meets WCAG AA
(a contrast ratio of at least 4.5:1; 3:1 for the large cards' tall ranks), in every theme
the menu offers, with either deck's colours and in ASCII.

The check reads the cells Textual composes for the terminal (the segments a snapshot SVG is
printed from), not the SVGs: those hold one theme only, while the segments give each
cell's own colours, blended and dimmed as the terminal gets them, in any theme, one app
run a screen; each colour is taken too as a terminal of 256 colours gets it. Left out, as
WCAG leaves them out: lines and blocks (box drawing, a button's edges), the dimmed screen
under a dialog, a disabled control, and the unlit mark of a toggle that is off.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import NamedTuple

import pytest
from rich.color import ColorSystem
from textual.color import Color
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets._toggle_button import ToggleButton

from spit.app.app import SpitApp
from spit.app.dialogs.match_over import MatchOverScreen
from spit.app.look import CARD_FACE, Look
from spit.app.themes import THEMES
from spit.engine import (
    Card,
    Outcome,
    Phase,
    Rank,
    RoundEnd,
    RoundSettled,
    Suit,
    Termination,
    Variant,
)
from spit.records.figures import FastPlay, MatchStats
from spit.records.record import read_record
from spit.settings.options import Mode
from tests.records.played import play_recorded

from .factory import FakeClock, drive, make_app, played_until, screen_text
from .test_practice import practice_app
from .test_snapshots import _Idle, started

AA = 4.5
"""The least contrast ratio of text (WCAG 2 AA, 1.4.3)."""
AA_LARGE = 3.0
"""The least for large text and for lines a player must see (WCAG 1.4.11): the large cards'
tall ranks, and cards' edges."""

_ASCII_LINES = frozenset("+-_|=#")


def drawn(letters: str) -> bool:
    """Whether ``letters`` are lines or fills, not letters: box drawing, blocks (a button's
    edges), and the ASCII they are drawn with under ``--ascii``."""
    return all(0x2500 <= ord(c) < 0x25A0 or c in _ASCII_LINES for c in letters)


FACE = Color.parse(CARD_FACE)

SYSTEMS = (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT)
"""Each colour as a terminal of millions of colours shows it, and as one of 256 does (tmux,
unless told otherwise): Textual sends the nearest of the 256, which may stand nearer the
colour behind it."""


def luminance(colour: Color) -> float:
    """WCAG's relative luminance of ``colour``."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b)


def contrast(one: Color, other: Color) -> float:
    """WCAG's contrast ratio of two colours, 1 to 21."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


class Unreadable(NamedTuple):
    line: int
    column: int
    text: str
    ratio: float
    ink: str
    ground: str


def unreadable(app: SpitApp) -> list[Unreadable]:
    """Each run of text on the screen whose contrast is below AA."""
    screen = app.screen
    update = screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    found: list[Unreadable] = []
    for y, line in enumerate(update.strips):  # type: ignore[union-attr]
        x = 0
        for segment in (s for strip in line for s in strip):
            text, style = segment.text, segment.style
            x += len(text)
            letters = "".join(text.split())
            if not letters or style is None or segment.control:
                continue
            at = x - len(text)
            widget, _ = screen.get_widget_at(at, y)
            if widget.is_disabled or (widget is screen and isinstance(screen, ModalScreen)):
                continue
            mark = isinstance(widget, ToggleButton) and len(letters) == 1 and not drawn(letters)
            if mark and not widget.value:  # type: ignore[attr-defined]
                continue  # an unlit mark: the toggle is off (its label is checked)
            ink, ground = style.color, style.bgcolor
            if style.reverse:
                ink, ground = ground, ink
            assert ink is not None and ground is not None, (text, style)
            ground_colour = Color.from_rich_color(ground)
            ratio = min(
                contrast(*(Color.from_rich_color(c.downgrade(system)) for c in (ink, ground)))
                for system in SYSTEMS
            )
            if mark or (drawn(letters) and ground_colour == FACE):
                least = AA_LARGE  # a lit mark; a card's edge, or its rank in tall letters
            elif not drawn(letters):
                least = AA
            else:
                continue  # a box round a dialog or a button
            if ratio < least:
                found.append(Unreadable(y, at, text, round(ratio, 2), ink.name, ground.name))
    return found


Before = Callable[[Pilot], Awaitable[None]]


class Screen(NamedTuple):
    """A screen as a player meets it: the app, keys pressed, and what happens first."""

    app: Callable[..., SpitApp]
    """The app, given options (the look, the theme)."""
    keys: tuple[str, ...] = ()
    before: Before | None = None
    size: tuple[int, int] = (80, 24)


def _to_the_end(clock: FakeClock) -> Before:
    async def before(pilot: Pilot) -> None:
        drive(pilot.app, clock, lambda m: m.is_over)  # type: ignore[arg-type]
        await pilot.pause()

    return before


def _match_over(**look: object) -> Screen:
    clock = FakeClock()
    return Screen(
        lambda **o: make_app(3, variant=Variant.POINTS, clock=clock, **o),
        before=_to_the_end(clock),
    )


TABLES = {
    "dealt": Screen(lambda **o: make_app(3, **o), ("space",)),
    "a play and a refusal": Screen(lambda **o: make_app(3, match=started(3), **o), ("o", "q")),
    "hints": Screen(lambda **o: make_app(3, match=started(3), hints=True, **o)),
    "stuck": Screen(
        lambda **o: make_app(5, match=played_until(5, lambda m: m.round.phase is Phase.STUCK), **o)
    ),
    "slap": Screen(
        lambda **o: make_app(3, match=played_until(3, lambda m: m.round.phase is Phase.SLAP), **o)
    ),
    "summary": Screen(
        lambda **o: make_app(3, match=played_until(3, lambda m: m.round.phase is Phase.SLAP), **o),
        ("h",),
    ),
    "one pile": Screen(
        lambda **o: make_app(
            0,
            match=played_until(
                0, lambda m: m.round.spit_piles == 1 and m.round.phase is Phase.PLAYING
            ),
            **o,
        )
    ),
    "points": Screen(
        lambda **o: make_app(
            3,
            match=played_until(3, lambda m: len(m.history) == 1, variant=Variant.POINTS),
            variant=Variant.POINTS,
            **o,
        )
    ),
    "medium cards": Screen(
        lambda **o: make_app(3, match=started(3), **o), ("o", "q"), size=(100, 32)
    ),
    "large cards": Screen(
        lambda **o: make_app(3, match=started(3), **o), ("o", "q"), size=(140, 42)
    ),
    "against the bot": Screen(
        lambda **o: make_app(3, mode=Mode.BOT, opponents=lambda level, seed: _Idle(), **o)  # type: ignore[arg-type,return-value]
    ),
    "match over": _match_over(),
    "practice": Screen(lambda **o: practice_app(3, **o), ("tab", "tab")),
    "quit asked": Screen(lambda **o: make_app(3, match=started(3), **o), ("o", "ctrl+q")),
}
"""Screens that show cards: each is checked with both decks' colours."""

OTHERS = {
    "menu": Screen(lambda **o: make_app(3, mode=None, **o)),
    "help": Screen(lambda **o: make_app(3, **o), ("f1",)),
    "pause": Screen(lambda **o: make_app(3, match=started(3), **o), ("escape",)),
    "too small": Screen(lambda **o: make_app(3, **o), size=(60, 20)),
    "host": Screen(lambda **o: make_app(3, mode=None, **o), ("h",)),
    "options": Screen(lambda **o: make_app(3, mode=None, **o), ("o",)),
    "names": Screen(lambda **o: make_app(3, mode=None, **o), ("n",)),
    "keys": Screen(lambda **o: make_app(3, mode=None, **o), ("k",)),
    "join refused": Screen(
        lambda **o: make_app(3, mode=None, **o),
        ("j", *"127.0.0.1:7748", "enter", *"ABCD", "enter"),
    ),
}
"""Screens without cards."""

LOOKS = {"two colours": {}, "four colours in ASCII": {"four_colour": True, "ascii": True}}


async def unreadable_on(screen: Screen, **options: object) -> list[Unreadable]:
    """What is unreadable on ``screen`` in an app started with ``options``."""
    app = screen.app(**options)
    async with app.run_test(size=screen.size) as pilot:
        await pilot.pause()
        if screen.keys:
            await pilot.press(*screen.keys)
        if screen.before is not None:
            await screen.before(pilot)
        return unreadable(app)


THEME_NAMES = [
    pytest.param(name, marks=() if i == 0 else pytest.mark.long) for i, name in enumerate(THEMES)
]
"""Every theme; the quick run checks the default one."""


@pytest.mark.parametrize("theme", THEME_NAMES)
@pytest.mark.parametrize("look", LOOKS)
@pytest.mark.parametrize("name", TABLES)
async def test_every_text_on_the_table_reads(name: str, look: str, theme: str) -> None:
    assert await unreadable_on(TABLES[name], theme=theme, **LOOKS[look]) == []


@pytest.mark.parametrize("theme", THEME_NAMES)
@pytest.mark.parametrize("name", OTHERS)
async def test_every_text_of_the_menu_and_dialogs_reads(name: str, theme: str) -> None:
    assert await unreadable_on(OTHERS[name], theme=theme) == []


@pytest.mark.parametrize("theme", THEME_NAMES)
@pytest.mark.parametrize("look", LOOKS)
async def test_a_black_card_named_in_the_match_over_box_reads(look: str, theme: str) -> None:
    """The fastest play's K♣ stands on a card's face, as on the table: black on the box's
    dark ground it could not be seen (colour 233 on 234)."""
    stats = MatchStats()
    stats.fastest = FastPlay(0.31, 1, Card(Rank.KING, Suit.CLUBS), 1)
    app = make_app(3, theme=theme, **LOOKS[look])
    async with app.run_test(size=(80, 24)) as pilot:
        box = MatchOverScreen(
            outcome=Outcome(Termination.NO_CARDS, 1),
            names=("Player 1", "Player 2"),
            stats=stats,
            variant=Variant.STANDARD,
            look=Look(**LOOKS[look]),  # type: ignore[arg-type]
            grace=0.0,
            last_round=RoundSettled(1, (52, 0), (None, 0), RoundEnd.WENT_OUT, 1),
        )
        await app.push_screen(box)
        await pilot.pause()
        assert "K" in screen_text(app).split("Fastest play: Player 2 ")[1]
        assert unreadable(app) == []


@pytest.mark.parametrize("theme", THEME_NAMES)
async def test_every_text_of_a_replay_reads(data_dir: Path, theme: str) -> None:
    path, _ = play_recorded(data_dir / "records", seed=7)

    async def stopped_at_25(pilot: Pilot) -> None:
        pilot.app.replay(read_record(path), playing=False)  # type: ignore[attr-defined]
        await pilot.pause()
        pilot.app.screen.game.playback.seek(24)  # type: ignore[attr-defined]
        await pilot.press("right")

    replay = Screen(lambda **o: make_app(mode=None, **o), before=stopped_at_25)
    assert await unreadable_on(replay, theme=theme) == []
