"""Easy Play: the round engine and the game of rounds."""
