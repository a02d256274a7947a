"""Concentration's screens: its menu and grid, the seating form, the pairs found."""
