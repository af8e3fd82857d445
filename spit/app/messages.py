"""What the screens ask of the app, as messages: a screen posts one, and it bubbles up to
:class:`spit.app.app.SpitApp`, which handles it. The screens never import the app."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from spit.app.options import GameOptions


@dataclass
class StartGame(Message):
    """Deal a match with these options and show the table (the menu's Start)."""

    options: GameOptions


@dataclass
class OpenMenu(Message):
    """Back to the start menu (after a match)."""


@dataclass
class SizeChanged(Message):
    """The terminal's size changed: cover the table while it is too small, uncover after."""
