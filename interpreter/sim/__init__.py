"""Running matches: one with agents, or many for statistics."""
