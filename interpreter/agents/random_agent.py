"""The random agent: a uniformly random legal option, from its own seeded generator."""
from __future__ import annotations

import random

from .base import Agent


class RandomAgent(Agent):
    name = "random"
    wants_view = False

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, view, decision) -> int:
        return self.rng.randrange(decision.size)
