"""The one translation function every player-facing string goes through (stdlib gettext).

Catalogues would live in ``spit/locale/<lang>/LC_MESSAGES/spit.mo``; with none installed the
English source strings are used as they are. Adding a language touches no widget.
"""

from __future__ import annotations

import gettext
from pathlib import Path

_translation = gettext.translation(
    "spit", localedir=Path(__file__).parent / "locale", fallback=True
)

_ = _translation.gettext
"""Translate a message."""

ngettext = _translation.ngettext
"""Translate a message whose form depends on a count."""

__all__ = ["_", "ngettext"]
