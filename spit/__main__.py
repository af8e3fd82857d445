"""``python -m spit``: the same as the ``spit`` command."""

from spit.launch import main

raise SystemExit(main())
