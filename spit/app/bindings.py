"""Key bindings in the player's words and on the player's layout.

``BINDINGS`` are made at import, before ``--lang`` applies, so :class:`WordedBindings` says
each :class:`Worded` description again when a screen is made or the language changes.
:func:`by_place` lets a letter work by key position: on the Greek layout σ starts, as S does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial
from string import ascii_lowercase
from typing import Any

from textual.binding import Binding, BindingType

from spit import words
from spit.settings.keymap import character_key, same_place


class Worded(str):
    """A binding's description that can be said again in the language now on."""

    say: Callable[[], str]
    """Says the description in the language that is on."""

    def __new__(cls, say: Callable[[], str]) -> Worded:
        text = super().__new__(cls, say())
        text.say = say
        return text

    def again(self) -> Worded:
        """The same description, said in the language on now."""
        return Worded(self.say)


def worded(say: Callable[..., str], *args: Any) -> Worded:
    """A description said by ``say(*args)``: ``worded(words.dialogs.binding, "help")``."""
    return Worded(partial(say, *args))


def bind(keys: str, action: str, say: str, id: str, **options: Any) -> Binding:
    """A binding described by ``words.dialogs.binding(say)``, said again as the language changes."""
    return Binding(keys, action, worded(words.dialogs.binding, say), id=id, **options)


def by_place(bindings: Iterable[BindingType]) -> list[BindingType]:
    """``bindings``, and for each Latin letter key among them the same binding, hidden, on
    the keys the Greek, Georgian and Latvian layouts type at that letter's place."""
    placed: list[BindingType] = []
    for binding in bindings:
        placed.append(binding)
        if not isinstance(binding, Binding):
            continue
        for key in binding.key.split(","):
            for other in same_place(key.strip()):
                placed.append(replace(binding, key=other, show=False, id=None))
    return placed


def at_its_place(letter: str) -> list[str]:
    """The key names of ``letter`` and of every letter at its place on the Latin, Greek,
    Georgian and Latvian layouts (``"Σ"`` -> σ, s, ს, š), so a menu letter works by position
    too."""
    key = character_key(letter.lower())
    keys = [key]
    for latin in ascii_lowercase:
        if key == latin or key in same_place(latin):
            keys += [k for k in (latin, *same_place(latin)) if k not in keys]
    return keys


class WordedBindings:
    """A mixin for an App or Screen whose bindings' descriptions are :class:`Worded`."""

    _bindings: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reword_bindings()

    def reword_bindings(self) -> None:
        """Say every worded description again, in the language on now."""
        for key, bound in self._bindings.key_to_bindings.items():
            self._bindings.key_to_bindings[key] = [
                replace(binding, description=binding.description.again())
                if isinstance(binding.description, Worded)
                else binding
                for binding in bound
            ]
