"""Easy Play's screens: its menu and table, the new game form, the standings."""
