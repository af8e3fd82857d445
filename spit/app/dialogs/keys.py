"""The "press your keys" screen: each player presses the key they want for each action.

Player 1's sixteen actions come first, then player 2's, in the order of the help's table.
A key already given to an earlier action, or kept for help, pause and quit, is refused with a
short reason; Tab keeps the action's present key; Esc leaves everything as it was. The
answer is every action id with its key, which the menu plays with and keeps in the config
file. Only keys reach it: there is nothing to click and no text field to swallow a press.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import Static

from spit import words
from spit.app.dialogs.dialog import Dialog
from spit.settings.keymap import CONTROLS, RESERVED_KEYS, KeyMap, normalize_key
from spit.words.labels import key_label


class KeysScreen(Dialog[dict[str, str]]):
    """Asks for one key per action, in turn; answers action id -> key, or None to cancel."""

    DEFAULT_CSS = """
    KeysScreen > Vertical {
        width: 70;
        border-title-style: bold;
    }
    KeysScreen Static {
        width: 100%;
    }
    KeysScreen #action {
        text-style: bold;
        margin-bottom: 1;
    }
    KeysScreen #problem {
        color: $error;
        height: 1;
    }
    KeysScreen #hint {
        color: $text-muted;
        margin-top: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = []
    """None: every key is an answer, read in :meth:`on_key`."""

    def __init__(self, keymap: KeyMap, names: tuple[str, str]) -> None:
        super().__init__()
        self._keymap = keymap
        self._names = names
        self._chosen: dict[str, str] = {}
        """The keys given so far, action id -> Textual key name, in the order asked."""

    @property
    def asking(self) -> int:
        """Which action is being asked for, 0 to 31."""
        return len(self._chosen)

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = words.keys.press_keys("title")
            yield Static(id="who", markup=False)
            yield Static(id="action", markup=False)
            yield Static(id="now", markup=False)
            yield Static(id="problem", markup=False)
            yield Static(words.keys.press_keys("hint"), id="hint", markup=False)

    def on_mount(self) -> None:
        self._show()

    def _show(self, problem: str = "") -> None:
        control = CONTROLS[self.asking]
        self.query_one("#who", Static).update(
            words.keys.keys_progress(self._names[control.player], self.asking + 1, len(CONTROLS))
        )
        self.query_one("#action", Static).update(
            words.keys.press_key_for(control.row.value, control.stock)
        )
        now = key_label(self._keymap.key(control.id))
        self.query_one("#now", Static).update(words.keys.key_now(key=now))
        self.query_one("#problem", Static).update(problem)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if self.asking >= len(CONTROLS):
            return
        control = CONTROLS[self.asking]
        if event.key == "escape":
            self.dismiss(None)
            return
        key = self._keymap.key(control.id) if event.key == "tab" else normalize_key(event.key)
        if key is None:
            self._show(words.keys.press_keys("indistinct"))
            return
        if key in RESERVED_KEYS:
            self._show(words.keys.key_kept(key=key_label(key)))
            return
        taken = next((i for i, k in self._chosen.items() if k == key), None)
        if taken is not None:
            self._show(
                words.keys.key_taken(
                    key=key_label(key), action=words.keys.action_name(taken, self._names)
                )
            )
            return
        self._chosen[control.id] = key
        if self.asking == len(CONTROLS):
            self.dismiss(dict(self._chosen))
        else:
            self._show()
