"""Learn to play: the lessons as data, the claims they make, and the player's progress."""
