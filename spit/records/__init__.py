"""Every match kept: the record files, reading them back, the history database and its figures
(Textual-free; ``docs/records.md`` describes the format)."""
