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
