"""Concentration: the engine of one board of pairs."""
