"""With ``--ascii`` nothing outside ASCII reaches the terminal, on any screen.

Found by a new player: ``spit play --two-player --ascii``, then Esc, showed round dialog
borders, and the menu's radio marks, ``·``, ``—`` and ``•`` stayed Unicode too.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from spit.app.app import SpitApp
from spit.engine import Match, Phase, Variant
from spit.settings.options import Mode

from .factory import FakeClock, drive, make_app, played_until, screen_text
from .test_flow import opponents
from .test_snapshots import _Idle


def non_ascii(text: str) -> str:
    return "".join(sorted({c for c in text if ord(c) > 127}))


def started(seed: int) -> Match:
    return played_until(seed, lambda m: m.round.phase is not Phase.DEALT)


async def nothing(pilot) -> None:
    pass


def pressing(*keys: str) -> Callable[..., Awaitable[None]]:
    async def press(pilot) -> None:
        await pilot.press(*keys)
        await pilot.pause()

    return press


async def to_the_end(pilot) -> None:
    drive(pilot.app, pilot.app.test_clock, lambda m: m.is_over)
    await pilot.pause()


def ascii_app(**kwargs: object) -> SpitApp:
    clock = FakeClock()
    app = make_app(ascii=True, clock=clock, **kwargs)  # type: ignore[arg-type]
    app.test_clock = clock  # type: ignore[attr-defined]
    return app


SCREENS: dict[str, tuple[Callable[[], SpitApp], Callable[..., Awaitable[None]]]] = {
    "menu": (lambda: ascii_app(mode=None, opponents=opponents([])), nothing),
    "menu, the bot unavailable": (lambda: ascii_app(mode=None, opponents=None), nothing),
    "menu help": (lambda: ascii_app(mode=None, opponents=opponents([])), pressing("f1")),
    "dealt, one ready": (lambda: ascii_app(seed=3), pressing("space")),
    "a play and a refusal": (lambda: ascii_app(seed=3, match=started(3)), pressing("o", "q")),
    "locked": (lambda: ascii_app(seed=3, match=started(3)), pressing("q", "w")),
    "stuck": (
        lambda: ascii_app(seed=5, match=played_until(5, lambda m: m.round.phase is Phase.STUCK)),
        nothing,
    ),
    "slap": (
        lambda: ascii_app(seed=3, match=played_until(3, lambda m: m.round.phase is Phase.SLAP)),
        nothing,
    ),
    "summary": (
        lambda: ascii_app(seed=3, match=played_until(3, lambda m: m.round.phase is Phase.SLAP)),
        pressing("h"),
    ),
    "single pile": (
        lambda: ascii_app(
            seed=0,
            match=played_until(
                0, lambda m: m.round.spit_piles == 1 and m.round.phase is Phase.PLAYING
            ),
        ),
        nothing,
    ),
    "hints": (lambda: ascii_app(seed=3, match=started(3), hints=True), nothing),
    "pause": (lambda: ascii_app(seed=3, match=started(3)), pressing("escape")),
    "help over pause": (lambda: ascii_app(seed=3), pressing("escape", "f1")),
    "quit": (lambda: ascii_app(seed=3), pressing("ctrl+q")),
    "match over": (lambda: ascii_app(seed=3, variant=Variant.POINTS), to_the_end),
    "against the bot": (
        lambda: ascii_app(seed=3, mode=Mode.BOT, opponents=lambda level, seed: _Idle()),
        pressing("space"),
    ),
}


@pytest.mark.parametrize("name", sorted(SCREENS))
async def test_every_screen_is_ascii(name: str) -> None:
    make, act = SCREENS[name]
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await act(pilot)
        text = screen_text(app)
        assert not non_ascii(text), f"{name}: {non_ascii(text)!r}\n{text}"


async def test_the_too_small_notice_is_ascii() -> None:
    app = ascii_app(seed=3)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Enlarge" in text and not non_ascii(text), text


def test_the_stand_ins_keep_every_width_and_leave_letters_alone() -> None:
    from rich.cells import cell_len

    from spit.app.ascii import plain

    drawn = "╭─╮│╰╯▐●▌▁▔░ · — • … × ◀ ▶ ← → ↑ ↓ ✓ ✗ ♠♥♦♣ ╴╎┼ ⚑ 🂡"
    assert plain(drawn).isascii()
    assert cell_len(plain(drawn)) == cell_len(drawn)
    assert plain("ö é ß Ωμέγα") == "ö é ß Ωμέγα"
