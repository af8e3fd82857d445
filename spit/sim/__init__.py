"""The headless simulator: whole matches bot against bot on a virtual clock."""
