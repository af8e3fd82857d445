"""Every command's exit statuses: one meaning each, the same in every command.

- ``OK`` (0): done as asked — a match played to its end, a server stopped on purpose.
- ``LOST`` (1): a networked match could not be played to its end: the server went away or
  could not be reached, the friend left or did not come back, the room would not seat us.
- ``CANNOT_RUN`` (2): the command cannot run as asked, and the person at the keyboard must
  change something first: a bad flag, config file or record — and an address it cannot listen
  on (the port in use, an address that is not this machine's, a port it may not take). That
  last is the environment's, not a flag's spelling, but it is fixed the same way: another
  ``--port`` or ``--bind``, or stopping what holds the port. ``spit server``, ``spit host``
  and ``spit web`` say it so alike.
- ``INTERRUPTED`` (130): Ctrl-C, as shells report a SIGINT.
"""

from __future__ import annotations

from typing import Final

OK: Final = 0
LOST: Final = 1
CANNOT_RUN: Final = 2
CANNOT_LISTEN: Final = CANNOT_RUN
"""An address that cannot be listened on: the person must choose another, as for a bad flag."""
INTERRUPTED: Final = 130

__all__ = ["CANNOT_LISTEN", "CANNOT_RUN", "INTERRUPTED", "LOST", "OK"]
