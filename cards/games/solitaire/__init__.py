"""Solitaire: the engine of one deal and its par."""
