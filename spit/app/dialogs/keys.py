"""The "press your keys" screen: each player presses the key they want for each action, in
the help's order; a key taken already is refused, Tab keeps the present key, Esc cancels.
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
from spit.i18n import _
from spit.settings.keymap import PRESSES, RESERVED_KEYS, KeyMap, control_id, normalize_key
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
        color: $text-error;
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
            box.border_title = _("Press your keys")
            yield Static(id="who", markup=False)
            yield Static(id="action", markup=False)
            yield Static(id="now", markup=False)
            yield Static(id="problem", markup=False)
            hint = _("Tab: keep the key it has · Esc: cancel, keys as they were")
            yield Static(hint, id="hint", markup=False)

    def on_mount(self) -> None:
        self._show()

    def _show(self, problem: str = "") -> None:
        press = PRESSES[self.asking]
        who = _("{name} · key {n} of {total}").format(
            name=self._names[press.player], n=self.asking + 1, total=len(PRESSES)
        )
        self.query_one("#who", Static).update(who)
        self.query_one("#action", Static).update(words.keys.press_key_for(press))
        now = key_label(self._keymap.key(control_id(press)))
        self.query_one("#now", Static).update(_("Its key now: {key}").format(key=now))
        self.query_one("#problem", Static).update(problem)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if self.asking >= len(PRESSES):
            return
        control = control_id(PRESSES[self.asking])
        if event.key == "escape":
            self.dismiss(None)
            return
        key = self._keymap.key(control) if event.key == "tab" else normalize_key(event.key)
        if key is None:
            self._show(_("that key cannot be told apart; choose another"))
            return
        if key in RESERVED_KEYS:
            self._show(_("{key} is kept for help, pause and quit").format(key=key_label(key)))
            return
        taken = next((i for i, k in self._chosen.items() if k == key), None)
        if taken is not None:
            action = words.keys.action_name(taken, self._names)
            self._show(
                _("{key} is already the key for {action}").format(key=key_label(key), action=action)
            )
            return
        self._chosen[control] = key
        if self.asking == len(PRESSES):
            self.dismiss(dict(self._chosen))
        else:
            self._show()
