"""National keyboard presets in play: the layout's own characters act as the Latin keys do."""

from __future__ import annotations

import random

import pytest

from spit.engine import Match, Spit
from spit.settings.keymap import PRESSES, KeyMap, control_id

from .factory import STEP, FakeClock, cards_conserved, make_app

NATIONAL = ("greek", "georgian", "latvian")


def started() -> Match:
    match = Match(random.Random(3))
    match.apply(Spit(0), at=0.0)
    match.apply(Spit(1), at=0.0)
    return match


async def _play(layout: str, keys: list[str]) -> tuple[list[object], list[object]]:
    """Press ``keys`` in a fresh game; the actions applied and the table after each press."""
    match = started()
    applied: list[object] = []
    original = match.apply

    def spy(action: object, at: float = 0.0) -> object:
        applied.append(action)
        return original(action, at=at)  # type: ignore[arg-type]

    match.apply = spy  # type: ignore[method-assign]
    clock = FakeClock()
    tables: list[object] = []
    app = make_app(3, match=match, keys=layout, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in keys:
            await pilot.press(key)
            clock.advance(STEP)
            tables.append((match.view(0), match.view(1)))
    assert cards_conserved(match)
    return applied, tables


@pytest.mark.long  # a sweep: every character of a layout (test_keymap.py maps them)
@pytest.mark.parametrize("layout", NATIONAL)
async def test_every_layout_character_changes_the_table_as_its_latin_key_does(
    layout: str,
) -> None:
    keymap = KeyMap.preset(layout)
    latin: list[str] = []
    native: list[str] = []
    for control in map(control_id, PRESSES):
        key, *characters = keymap.keys_of(control)
        for character in characters:
            latin.append(key)
            native.append(character)
    assert native, "a national preset with no characters of its own"
    by_latin = await _play(layout, latin)
    by_native = await _play(layout, native)
    assert by_native == by_latin
    applied, tables = by_latin
    assert len(applied) == len(latin)  # every press reached the engine
    assert len({repr(t) for t in tables}) > 1  # and the table changed along the way
