"""Compiling: Python written from the checked, typed trees (generate), with switchable optimisations (optimise)."""
