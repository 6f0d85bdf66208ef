"""The `meeple` command."""
