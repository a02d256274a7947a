"""The headless `civio` subcommands, one module each."""
