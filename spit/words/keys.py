"""The "press your keys" screen: which key plays what."""

from __future__ import annotations

from typing import Final

from spit.engine import Press, SpitPress
from spit.i18n import N_, _, translated
from spit.settings.keymap import control_id
from spit.words.labels import Names

PRESS_KEY_FOR: Final = {
    "left": N_("Press the key for stock {n} onto the left pile (slap left)"),
    "right": N_("Press the key for stock {n} onto the right pile (slap right)"),
    "fill": N_("Press the key for stock {n} into an empty slot"),
    "spit": N_("Press the key for spit / ready"),
}
"""By the last part of a control id: its row."""


def press_key_for(press: Press) -> str:
    """What to press a key for, in words."""
    row = control_id(press).rpartition(".")[2]
    stock = 0 if isinstance(press, SpitPress) else press.stock
    return translated(PRESS_KEY_FOR[row]).format(n=stock + 1)


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
