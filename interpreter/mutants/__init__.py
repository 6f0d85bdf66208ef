"""Mutation testing of content: the mutants of a game folder (content.py, with code.py for the effect
language), and loading a game with a mutant's files in place of its own (load.py)."""
from .content import Content, Mutant

__all__ = ["Content", "Mutant"]
