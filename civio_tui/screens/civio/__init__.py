"""The booklet game's screens: the table, its cards, a round's results, the final table."""
