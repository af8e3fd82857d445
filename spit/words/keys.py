"""The "press your keys" screen: which key plays what."""

from __future__ import annotations

from typing import Final

from spit.i18n import N_, _, translated
from spit.settings.keymap import Row
from spit.words.labels import Names

PRESS_KEY_FOR: Final = {
    Row.LEFT: N_("Press the key for stock {n} onto the left pile (slap left)"),
    Row.RIGHT: N_("Press the key for stock {n} onto the right pile (slap right)"),
    Row.FILL: N_("Press the key for stock {n} into an empty slot"),
    Row.SPIT: N_("Press the key for spit / ready"),
}


def press_key_for(row: Row | str, stock: int | None) -> str:
    """What to press a key for: ``row`` is the control's row (or its value); ``stock`` counts
    from 0."""
    return translated(PRESS_KEY_FOR[Row(row)]).format(n=(stock or 0) + 1)


def keys_progress(name: str, n: int, total: int) -> str:
    """Whose key is asked for, and how far along the list."""
    return _("{name} · key {n} of {total}").format(name=name, n=n, total=total)


ACTION_ROW: Final = {
    "left": N_("{name}: stock {n}, left pile"),
    "right": N_("{name}: stock {n}, right pile"),
    "fill": N_("{name}: stock {n}, fill"),
}


def action_name(action_id: str, names: Names) -> str:
    """An action id (``p2.stock3.fill``) in words: whose, which stock, which row."""
    player, *rest = action_id.split(".")
    name = names[1 if player == "p2" else 0]
    if rest == ["spit"]:
        return _("{name}: spit").format(name=name)
    stock, row = rest
    return translated(ACTION_ROW[row]).format(name=name, n=int(stock.removeprefix("stock")))


def key_now(*, key: str) -> str:
    """The key an action has now, on the "press your keys" screen."""
    return _("Its key now: {key}").format(key=key)


def key_kept(*, key: str) -> str:
    """On the "press your keys" screen: a key kept for help, pause and quit."""
    return _("{key} is kept for help, pause and quit").format(key=key)


def key_taken(*, key: str, action: str) -> str:
    """On the "press your keys" screen: a key another action has."""
    return _("{key} is already the key for {action}").format(key=key, action=action)


PRESS_KEYS: Final = {
    "title": N_("Press your keys"),
    "hint": N_("Tab: keep the key it has · Esc: cancel, keys as they were"),
    "indistinct": N_("that key cannot be told apart; choose another"),
}


def press_keys(what: str) -> str:
    """The "press your keys" screen's fixed lines, by a short id."""
    return translated(PRESS_KEYS[what])
