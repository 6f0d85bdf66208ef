"""The greedy agent: tries each option once and keeps the one whose next position looks best.

The look is the game's own evaluation: a finished match by its outcome, else the game's `score:` for
the seat, then its `ranking:` keys (money left, say). A game that declares no score is judged by the
outcome of random playouts from the next position instead. Every option is tried in the same sampled
world (common random numbers), rebuilt by replay with the hidden cards re-dealt (agents/worlds.py).
"""
from __future__ import annotations

import random

from .base import Agent
from .worlds import Table, outcome_value, relative_rank, sample_world, score_key


class GreedyAgent(Agent):
    name = "greedy"
    wants_view = False
    OPTIONS = {"rollouts": int}

    def __init__(self, seed, rollouts: int = 3):
        self.rng = random.Random(seed)
        self.rollouts = max(1, int(rollouts))
        self.table: Table | None = None

    def sit(self, table: Table) -> None:
        self.table = table

    def choose(self, view, decision) -> int:
        n = len(decision.options)
        if self.table is None or n < 2:
            return self.rng.randrange(n)
        history = list(self.table.history)
        seat = self.table.seat
        world_seed = self.rng.getrandbits(64)
        scored = self.table.game.score is not None
        best: list[int] = []
        best_value = None
        for k in range(n):
            if scored:
                w = sample_world(self.table, random.Random(world_seed), history)
                w.choose(k)
                value = (outcome_value(w, seat), score_key(w, seat))
            else:
                value = self._playouts(history, k, world_seed, seat)
            if best_value is None or value > best_value:
                best, best_value = [k], value
            elif value == best_value:
                best.append(k)
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]

    def _playouts(self, history, k, world_seed, seat) -> float:
        """The generic evaluation: mean result of random playouts after option k."""
        total = 0.0
        for i in range(self.rollouts):
            w = sample_world(self.table, random.Random(world_seed + i), history)
            w.choose(k)
            rng = random.Random(world_seed ^ (i + 1))
            while not w.over:
                w.choose(rng.randrange(len(w.pending.options)))
            total += (outcome_value(w, seat) + 1) / 2 + 0.01 * relative_rank(w, seat)
        return total / self.rollouts
