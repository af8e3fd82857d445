"""The help: the rules in brief and both players' keys."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from spit import words
from spit.app.bindings import bind
from spit.app.dialogs.dialog import Dialog
from spit.app.look import ON_DARK, Inks, pad
from spit.app.themes import inks
from spit.engine import STOCKS
from spit.i18n import _
from spit.settings.keymap import KeyMap


def keys_table(
    keymap: KeyMap, names: tuple[str, str], *, ascii: bool = False, ink: Inks = ON_DARK
) -> Table:
    """Both players' keys, stock by stock, in columns as wide as the widest key (whatever is
    remapped) that never wrap; a long caption wraps instead. ``ink``: the theme's."""
    rows = (
        ("left", words.dialogs.keys_row("left")),
        ("right", words.dialogs.keys_row("right")),
        ("fill", words.dialogs.keys_row("fill")),
    )
    labels = {
        (prefix, row): [
            words.labels.control_label(
                keymap, f"{prefix}.stock{s + 1}.{row}", short=True, ascii=ascii
            )
            for s in range(STOCKS)
        ]
        for prefix in ("p1", "p2")
        for row, _caption in rows
    }
    slot = max(2, *(cell_len(label) for stock in labels.values() for label in stock))

    def keys(texts: list[str], style: Style | str) -> Text:
        return Text(" ".join(pad(text, slot) for text in texts).rstrip(), style=style)

    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column("", ratio=1)
    for player in (0, 1):
        table.add_column(
            Text(names[player], style=ink.player(player)), justify="left", no_wrap=True
        )
    table.add_row(
        Text(words.dialogs.keys_row("stock"), style=ink.dim),
        *(keys([str(s + 1) for s in range(STOCKS)], ink.dim),) * 2,
    )
    for row, caption in rows:
        table.add_row(caption, *(keys(labels[prefix, row], "bold") for prefix in ("p1", "p2")))
    table.add_row(
        words.dialogs.keys_row("spit"),
        Text(words.labels.control_label(keymap, "p1.spit", ascii=ascii), style="bold"),
        Text(words.labels.control_label(keymap, "p2.spit", ascii=ascii), style="bold"),
    )
    return table


class HelpScreen(Dialog[None]):
    """F1: the rules in brief and both players' keys. The game waits meanwhile."""

    DEFAULT_CSS = """
    HelpScreen > VerticalScroll {
        width: 80;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
    }
    HelpScreen Static {
        width: 100%;
    }
    HelpScreen #keys {
        margin-bottom: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        bind("escape,f1", "dismiss", "close help", "close-help"),
    ]

    def __init__(self, keymap: KeyMap, *, against_bot: bool, ascii: bool = False) -> None:
        """Against the bot, both halves of ``keymap`` are the person's."""
        super().__init__()
        self._ascii = ascii
        self._keymap = keymap
        self._against_bot = against_bot
        if against_bot:
            self._names = (_("You, left hand"), _("You, right hand"))
        else:
            self._names = (words.labels.player_name(0), words.labels.player_name(1))

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = words.dialogs.dialog_text("help title")
            yield Static(
                keys_table(self._keymap, self._names, ascii=self._ascii, ink=inks(self.app)),
                id="keys",
                markup=False,
            )
            if self._against_bot:
                yield Static(words.dialogs.dialog_text("help against the bot"), markup=False)
            if self.app.is_web:
                yield Static(
                    words.dialogs.dialog_text("help in a browser"),
                    id="browser-keys",
                    markup=False,
                )
            # Bullets in a column of their own, so a wrapped rule hangs under its first word.
            rules = Table.grid(padding=(0, 1, 0, 0))
            rules.add_column(style=inks(self.app).dim)
            rules.add_column()
            for line in words.dialogs.rules_in_brief():
                rules.add_row("•", line)
            yield Static(rules, id="rules", markup=False)
