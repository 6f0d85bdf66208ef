"""The terminal's commands of `meeple` (interpreter/command.py is the console script)."""
