"""Every command's exit statuses: one meaning each, the same in every command."""

from __future__ import annotations

from typing import Final

OK: Final = 0  # done as asked: a match played to its end, a server stopped on purpose
LOST: Final = 1  # a networked match could not be played to its end
CANNOT_RUN: Final = 2  # a bad flag, config file or record: the person must change something
# An address that cannot be listened on is the environment's, but is fixed the same way
# (another --port or --bind), so servers say it alike.
CANNOT_LISTEN: Final = CANNOT_RUN
INTERRUPTED: Final = 130  # Ctrl-C, as shells report a SIGINT
