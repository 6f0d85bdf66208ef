"""Hand-written games, the yardsticks of tools/bench.py: see kaiju.py."""
