"""Spit in a browser: ``spit web`` serves the game page (textual-serve; see docs/web.md)."""
