"""The match-over figures: they live in :mod:`spit.records.figures` (Textual-free, with the
one definition of a reaction); named here for the screens that import them from the app."""

from spit.records.figures import FastPlay, MatchStats

__all__ = ["FastPlay", "MatchStats"]
