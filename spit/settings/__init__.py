"""What a player sets: the config file, the key map and its layouts, the game's options. No Textual."""
