"""The greedy agent: tries each option and keeps the one whose position after its move looks best.

Its move is the option and every further decision of its own that follows at once (the card it takes,
then what it does with it); those are tried too, level by level while a whole level fits in a budget of
positions (`budget`), and the best line counts. The look is the game's own evaluation: a finished match by its outcome, else
the game's `score:` for the seat; ties are broken by its `ranking:` keys only when `ranking=1`, else at
random. A game that declares no score is judged by the outcome of random playouts instead. Every line is
tried in the same sampled world (common random numbers), rebuilt by replay with the hidden cards re-dealt
(agents/worlds.py), so greedy never reads what its seat cannot see.
"""
from __future__ import annotations

import random

from .base import SearchAgent
from .worlds import outcome_value, play_on, relative_rank, sample_world, score_key


class GreedyAgent(SearchAgent):
    name = "greedy"
    OPTIONS = {"rollouts": int, "budget": int, "ranking": int}

    def __init__(self, seed, rollouts: int = 3, budget: int = 12, ranking: int = 0):
        super().__init__(seed)
        self.rollouts = max(1, int(rollouts))
        self.budget = max(1, int(budget))
        self.ranking = bool(ranking)

    def choose(self, view, decision) -> int:
        k = self.nothing_to_search(decision)
        if k is not None:
            return k
        n = decision.size
        self._history = list(self.table.history)
        self._world_seed = self.rng.getrandbits(64)
        if self.table.game.score is None:
            values = [self._playouts([k]) for k in range(n)]
        else:
            values = self._lines(n)
        top = max(values)
        best = [k for k, v in enumerate(values) if v == top]
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]

    def _world(self, line: list, seed: int):
        """The sampled world (the same for every line), then the line's moves in it."""
        w = sample_world(self.table, random.Random(seed), self._history)
        for k in line:
            w.choose(k)
        return w

    def _value(self, w) -> tuple:
        seat = self.table.seat
        key = score_key(w, seat)
        return (outcome_value(w, seat), key if self.ranking else key[:1])

    def _lines(self, n: int) -> list:
        """Each option's value. Where the move goes on with more decisions of the agent's own (it takes a card,
        then says what it does with it), the best continuation counts, level by level, as long as the whole next
        level fits in the budget: every option is judged as deep as every other."""
        seat = self.table.seat
        values: list = [None] * n
        ended: dict = {}  # option -> the best value of its lines that ended the move at an earlier level
        lines = [(k, [k]) for k in range(n)]
        spent = 0
        while lines:
            results = []
            for k, line in lines:
                w = self._world(line, self._world_seed)
                spent += 1
                d = w.pending
                more = d.size if d is not None and not w.over and d.player.seat == seat else 0
                results.append((k, line, self._value(w), more))
                w.close()
            level = dict(ended)
            for k, _line, v, _more in results:
                level[k] = max(level[k], v) if k in level else v
            for k, v in level.items():
                values[k] = v
            wanted = sum(r[3] for r in results)
            if wanted == 0 or spent + wanted > self.budget:
                break
            lines = []
            for k, line, v, more in results:
                if more:
                    lines += [(k, line + [j]) for j in range(more)]
                else:
                    ended[k] = max(ended[k], v) if k in ended else v
        return values

    def _playouts(self, line) -> float:
        """The generic evaluation: mean result of random playouts after the line."""
        total = 0.0
        for i in range(self.rollouts):
            w = self._world(line, self._world_seed + i)
            rng = random.Random(self._world_seed ^ (i + 1))
            play_on(w, rng.randrange)
            seat = self.table.seat
            total += (outcome_value(w, seat) + 1) / 2 + 0.01 * relative_rank(w, seat)
            w.close()
        return total / self.rollouts
