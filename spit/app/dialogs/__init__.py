"""The dialogs: each a modal screen in a module of its own, with its own CSS."""
