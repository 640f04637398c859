"""Built-in game, paytable and ranking files (TOML data, read by :mod:`casino.games`)."""
