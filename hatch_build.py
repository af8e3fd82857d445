"""Build hook: compile the gettext catalogues (``spit/locale/*/LC_MESSAGES/spit.po``) to ``.mo``.

The ``.po`` files are the source, kept in git; the ``.mo`` files are built. They are written
next to their ``.po`` (so an editable install, which runs from the source tree, finds them)
and forced into the wheel (so ``pip install .`` ships them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogueHook(BuildHookInterface):
    """Compiles every catalogue with Babel before a wheel (editable or not) is built."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        root = Path(self.root)
        for po in sorted(root.glob("spit/locale/*/LC_MESSAGES/*.po")):
            with po.open("rb") as file:
                catalogue = read_po(file)
            mo = po.with_suffix(".mo")
            with mo.open("wb") as file:
                write_mo(file, catalogue)
            if version != "editable":
                build_data["force_include"][str(mo)] = str(mo.relative_to(root))
