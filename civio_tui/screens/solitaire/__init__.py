"""Solitaire's screen."""
