"""The ``spit`` command (and ``python -m spit``): :func:`spit.cli.main`, the collector off
from the very start.

Importing :mod:`spit.cli` makes some 30,000 objects that live as long as the process (the
engine's and the settings' modules) and almost no garbage: with the collector on, it ran
some two dozen passes over them that found nothing (3-4 ms of the start's CPU). It is off
from here; the command turns it back on before a subcommand that does not run the app
(:func:`spit.cli.main`), and the app once its first screen is drawn
(:func:`spit.commands.play.run_app`).
"""

from __future__ import annotations

import gc


def main() -> int:
    """Run ``spit`` with the process's arguments; return the exit status."""
    gc.disable()
    try:
        from spit.cli import main as run  # imported with the collector off: a faster start

        return run()
    finally:
        gc.enable()
