"""Every match kept: the record files, reading them back, the history database and its figures.

Textual-free, like the engine: the app, the server and the command line all write and read
records through this package. ``docs/records.md`` describes the format and the guarantees.
"""
