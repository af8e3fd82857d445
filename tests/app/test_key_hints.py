"""Every remapping keeps the key hints under the stocks and the help's key table aligned.

Found by a new player: with a fill remapped to ``space`` the help's row wrapped and the hints
under the stocks shifted a column; ``backspace`` pushed the next key out of its stock.
"""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from spit.app.dialogs.help import keys_table
from spit.app.look import STOCK_WIDTH
from spit.app.parts import MARGIN, KeyLegend, LegendState, legend_slot
from spit.app.table import GAP, ROW_WIDTH
from spit.engine import STOCKS
from spit.settings.keymap import PRESSES, KeyMap
from spit.words.labels import control_label

from .factory import make_app, screen_text

NAMED = ["space", "enter", "backspace", "delete", "insert", "home", "end", "pageup", "pagedown"]
POOL = [
    *NAMED,
    *("up", "down", "left", "right", "f2", "f5", "f12", "f24"),
    *"qwertyuiopasdfghjklzxcvbnm1234567890",
    *("comma", "full_stop", "slash", "semicolon", "minus", "ö", "ß", "é"),
]
ROWS = ("left", "right", "fill")


def remapped(keys: list[str]) -> KeyMap:
    """A key map with these 32 distinct keys, one per control."""
    return KeyMap("qwerty", keys)


keymaps = st.permutations(POOL).map(lambda keys: remapped(list(keys[: len(PRESSES)])))


def legend_labels(keymap: KeyMap, prefix: str, *, ascii: bool = False) -> tuple:
    return tuple(
        tuple(
            control_label(keymap, f"{prefix}.stock{s + 1}.{row}", short=True, ascii=ascii)
            for row in ROWS
        )
        for s in range(STOCKS)
    )


def columns(line: str, start: int, width: int, labels: tuple[str, ...]) -> list[int]:
    """Where each of ``labels`` starts in ``line[start:start + width]``, in order; each must
    be there whole."""
    cell = line[start : start + width]
    found: list[int] = []
    at = 0
    for label in labels:
        at = cell.index(label, at)
        found.append(at)
        at += len(label)
    return found


def assert_legends_aligned(lines: list[str], stocks: list[tuple]) -> None:
    offsets: set[tuple[int, ...]] = set()
    for line, labels in zip(lines, stocks, strict=True):
        assert len(line.rstrip()) <= ROW_WIDTH, line
        for i, keys in enumerate(labels):
            start = MARGIN + i * (STOCK_WIDTH + GAP)
            offsets.add(tuple(columns(line, start, STOCK_WIDTH, keys)))
    assert len(offsets) == 1, offsets  # every stock's keys, both players', in the same columns


@settings(max_examples=40, deadline=None)
@given(keymaps, st.booleans())
def test_the_hints_under_the_stocks_stand_in_the_same_columns_whatever_is_remapped(
    keymap: KeyMap, ascii: bool
) -> None:
    stocks = [legend_labels(keymap, prefix, ascii=ascii) for prefix in ("p1", "p2")]
    slot = legend_slot([label for player in stocks for stock in player for label in stock])
    lines = [KeyLegend().draw(LegendState("◀ ▶ fill", player, slot)).plain for player in stocks]
    assert_legends_aligned(lines, stocks)


def help_lines(keymap: KeyMap, width: int = 76) -> list[str]:
    console = Console(width=width, file=io.StringIO(), record=True)
    console.print(keys_table(keymap, ("Player 1", "Player 2")))
    return console.export_text().splitlines()


@settings(max_examples=40, deadline=None)
@given(keymaps)
def test_the_help_keeps_each_stocks_keys_under_its_number_whatever_is_remapped(
    keymap: KeyMap,
) -> None:
    lines = help_lines(keymap)
    numbers = next(line for line in lines if line.lstrip().startswith("stock"))
    digits = [i for i, c in enumerate(numbers) if c.isdigit()]
    assert len(digits) == 2 * STOCKS
    captions = ("onto the left pile", "onto the right pile", "into an empty slot")
    for row, caption in zip(ROWS, captions, strict=True):
        line = next(line for line in lines if line.lstrip().startswith(caption))
        labels = [
            control_label(keymap, f"{prefix}.stock{s + 1}.{row}", short=True)
            for prefix in ("p1", "p2")
            for s in range(STOCKS)
        ]
        for column, label in zip(digits, labels, strict=True):
            assert line[column : column + len(label)] == label, (row, label, line)
    # The captions fit beside the keys: no row of the help wraps at its 80 columns.
    assert len(lines) == 6


async def test_a_fill_on_space_keeps_the_table_and_the_help_aligned() -> None:
    """The case the player met: ``p1.stock5.fill = "space"`` (and b as the spit key)."""
    bindings = {"p1.spit": "b", "p1.stock5.fill": "space", "p2.stock1.left": "backspace"}
    app = make_app(3, bindings=bindings)
    async with app.run_test(size=(80, 24)) as pilot:
        keymap = KeyMap.preset("qwerty").with_bindings(bindings)
        lines = screen_text(app).splitlines()
        stocks = [legend_labels(keymap, prefix) for prefix in ("p2", "p1")]
        side = (80 - ROW_WIDTH) // 2  # each side is centred on the screen
        assert_legends_aligned([lines[2][side:], lines[-2][side:]], stocks)
        assert "Spc" in lines[-2] and "Bsp" in lines[2]
        await pilot.press("f1")
        text = screen_text(app)
        assert "into an empty slot" in text and "Spc" in text
        help_rows = [line for line in text.splitlines() if "onto the left pile" in line]
        assert len(help_rows) == 1 and "(slap left)" in help_rows[0]
