"""The spit command's subcommands: each one's parser and what it runs."""
