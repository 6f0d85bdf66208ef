"""The greedy agent: tries each option and keeps the one whose position after its move looks best.

Its move is the option and every further decision of its own that follows at once (the card it takes,
then what it does with it); those are tried too, level by level while a whole level fits in a budget of
positions (`budget`), and the best line counts. The look is the game's own evaluation: a finished match by its
outcome, else the game's `value:` for the seat (its `score:` without one); ties are broken by its `ranking:` keys only when `ranking=1`,
else at random. A game that declares no score is judged by the outcome of random playouts instead. Every line
is tried in one world the seat may imagine (Match.resample: the cards it has not seen dealt again), each line
in a copy of it (common random numbers), so greedy never reads what its seat cannot see.
"""
from __future__ import annotations

import random

from .base import SearchAgent
from .judge import outcome_value, play_on, relative_rank, score_key


class GreedyAgent(SearchAgent):
    name = "greedy"
    OPTIONS = {"rollouts": int, "budget": int, "ranking": int}

    def __init__(self, seat: int = 0, seed=0, rollouts: int = 3, budget: int = 12, ranking: int = 0):
        super().__init__(seat, seed)
        self.rollouts = max(1, int(rollouts))
        self.budget = max(1, int(budget))
        self.ranking = bool(ranking)

    def search(self, match, decision) -> int:
        n = decision.size
        seat = decision.player.seat
        world = self.world(match, seat)
        try:
            if match.game.score is None and match.game.value is None:
                seeds = [self.rng.getrandbits(32) for _ in range(self.rollouts)]  # the same for every option
                values = [self._playouts(world, seat, k, seeds) for k in range(n)]
            else:
                values = self._lines(world, seat, n)
        finally:
            world.close()
        top = max(values)
        best = [k for k, v in enumerate(values) if v == top]
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]

    @staticmethod
    def _line(world, line: list):
        """A copy of the world with the line's moves made in it."""
        w = world.clone()
        w._keeps = False
        for k in line:
            w.choose(k)
        return w

    def _value(self, w, seat: int) -> tuple:
        key = score_key(w, seat)
        return (outcome_value(w, seat), key if self.ranking else key[:1])

    def _lines(self, world, seat: int, n: int) -> list:
        """Each option's value. Where the move goes on with more decisions of the agent's own (it takes a card,
        then says what it does with it), the best continuation counts, level by level, as long as the whole next
        level fits in the budget: every option is judged as deep as every other."""
        values: list = [None] * n
        ended: dict = {}  # option -> the best value of its lines that ended the move at an earlier level
        lines = [(k, [k]) for k in range(n)]
        spent = 0
        while lines:
            results = []
            for k, line in lines:
                w = self._line(world, line)
                spent += 1
                d = w.pending
                more = d.size if d is not None and not w.over and d.player.seat == seat else 0
                results.append((k, line, self._value(w, seat), more))
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

    def _playouts(self, world, seat: int, k: int, seeds: list) -> float:
        """The generic evaluation: mean result of random playouts after the option."""
        total = 0.0
        for seed in seeds:
            w = self._line(world, [k])
            play_on(w, random.Random(seed).randrange)
            total += (outcome_value(w, seat) + 1) / 2 + 0.01 * relative_rank(w, seat)
            w.close()
        return total / self.rollouts
