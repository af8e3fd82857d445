"""``python -m spit``: the same as the ``spit`` command."""

from spit.cli import main

raise SystemExit(main())
