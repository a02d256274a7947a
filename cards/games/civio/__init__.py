"""The booklet game of CIVIO: the round engine, its actions, events and views."""
