"""The terminal app: the start menu, the table on screen, and the dialogs around a match.

Importing this package loads no Textual; ``spit.app.app.SpitApp`` is the app itself.
"""
