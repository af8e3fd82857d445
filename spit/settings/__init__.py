"""What a player sets: the config file, the key map and its layouts, the game's options.

No Textual, and no words: problems are typed facts that :mod:`spit.words.config` says.
"""
