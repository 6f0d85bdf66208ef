"""The random agent: a uniformly random legal option, from its own seeded generator."""
from __future__ import annotations

import random

from .base import Agent


class RandomAgent(Agent):
    name = "random"
    wants_view = False

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.pick = self.rng.randrange  # its answer from the number of options alone (Agent.pick)

    def choose(self, view, decision) -> int:
        return self.pick(decision.size)
