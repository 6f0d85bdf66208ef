"""The random agent: a uniformly random legal option, from its own seeded generator."""
from __future__ import annotations

from .base import Agent


class RandomAgent(Agent):
    name = "random"
    wants_view = False

    def __init__(self, seat: int = 0, seed=0):
        super().__init__(seat, seed)
        self.pick = self.rng.randrange  # its answer from the number of options alone (Agent.pick)

    def choose(self, view, decision) -> int:
        return self.pick(decision.size)
