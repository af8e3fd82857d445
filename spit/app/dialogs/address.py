"""What the Host and Join dialogs share: where to play, read from two fields."""

from __future__ import annotations

from spit.app.dialogs.dialog import TwoFields
from spit.settings.options import Network


class AddressDialog(TwoFields[Network]):
    """Two fields that say where to play, and Go."""

    DEFAULT_CSS = """
    AddressDialog > Vertical {
        width: 74;
        padding: 0 2;
    }
    AddressDialog #what {
        margin-bottom: 1;
    }
    AddressDialog .note {
        color: $text-muted;
    }
    """

    def __init__(self, name: str) -> None:
        super().__init__()
        self._player = name  # not _name: that is the screen's own (a DOM node's name)
