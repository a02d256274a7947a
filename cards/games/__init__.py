"""The engines of the games, one package each; shared rules stay in `cards`."""
