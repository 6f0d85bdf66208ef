"""The compiled, immutable definition of a game: its cards, zones, counters, procedures and flow."""
