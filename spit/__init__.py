"""Spit (Speed, Slam): the real-time card game for two, in the terminal."""

__version__ = "0.1.0"
