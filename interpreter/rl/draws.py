"""A match's random draws as chance outcomes, and copies of a match at a position.

`Draws` is the `rng` a match is built with (docs/api.md): it serves draws from a list of outcomes taken so far,
and at a draw past its end it stops the match with `NeedDraw`, which names the draw's outcomes and their
chances, so that a tree search sees each draw as a chance node: a die or `random` pick is one, a shuffle one a
card (which card comes on top, then which next...; copies of one card are one outcome, the last card none).
A match is a pure function of its game, options, draws and choices, so `replay` builds it at any position.
"""
from __future__ import annotations

import random
from contextlib import contextmanager

from ..runtime.match import Match

_SAMPLING: list = []  # while a world is imagined (`sampled`): the generator its draws are sampled from


@contextmanager
def sampled(rng: random.Random):
    """Draws past the list, or that no longer fit the position (a world imagined with other cards, whose copies
    start from a point of the true match), are sampled from `rng` instead of stopping the match."""
    _SAMPLING.append(rng)
    try:
        yield
    finally:
        _SAMPLING.pop()


class NeedDraw(BaseException):
    """The match wants a draw not taken yet: `outcomes`, [(outcome, chance)]; in a shuffle, `pool` holds the
    cards still to be picked ({card number: copies}), from which the shuffle's next picks follow without
    playing the match again (`after`). A BaseException, so that the match does not take it for a mistake of
    its content and it leaves `choose` as it is."""

    def __init__(self, outcomes: list, pool: dict | None = None):
        super().__init__("a chance outcome is wanted")
        self.outcomes = outcomes
        self.pool = pool

    def __reduce__(self):
        return NeedDraw, (self.outcomes, self.pool)

    def after(self, outcome: int) -> NeedDraw | None:
        """The draw that follows `outcome` in the same shuffle, or None when the shuffle is done (one card, or
        copies of one card, left)."""
        if self.pool is None:
            return None
        pool = dict(self.pool)
        pool[outcome] -= 1
        if not pool[outcome]:
            del pool[outcome]
        return _pick_from(pool) if len(pool) > 1 else None


def _pick_from(pool: dict) -> NeedDraw:
    left = sum(pool.values())
    return NeedDraw([(c, k / left) for c, k in sorted(pool.items())], pool)


class Draws:
    """Draws from a list of chance outcomes: a card outcome is the card's number (`card_at`), a number drawn
    is itself (a die: its face minus the lowest)."""

    def __init__(self, outcomes: list, card_at: dict):
        self.outcomes = outcomes
        self.taken = 0
        self.card_at = card_at

    def _next(self, outcomes: list, pool: dict | None = None) -> int:
        if self.taken == len(self.outcomes):
            if not _SAMPLING:
                raise NeedDraw(outcomes, pool)
            return _SAMPLING[-1].choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        self.taken += 1
        v = self.outcomes[self.taken - 1]
        if _SAMPLING and all(o != v for o, _ in outcomes):
            return _SAMPLING[-1].choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        return v

    def randrange(self, n: int) -> int:
        return 0 if n == 1 else self._next([(i, 1 / n) for i in range(n)])

    def randint(self, a: int, b: int) -> int:
        n = b - a + 1
        return a + (0 if n == 1 else self._next([(i, 1 / n) for i in range(n)]))

    def shuffle(self, items: list) -> None:
        by_card: dict[int, list] = {}
        for p in items:
            by_card.setdefault(self.card_at[p.card.id], []).append(p)
        top_first = []
        while len(by_card) > 1:
            pool = {c: len(ps) for c, ps in by_card.items()}
            wanted = _pick_from(pool)
            pick = self._next(wanted.outcomes, pool)
            top_first.append(by_card[pick].pop(0))
            if not by_card[pick]:
                del by_card[pick]
        chosen = set(map(id, top_first))
        items[:] = [p for p in items if id(p) not in chosen] + top_first[::-1]  # the end of the list is the top


def replay(game, players: int, options: dict, steps: list, card_at: dict, narrate: bool = False):
    """The match after `steps` (("choice", k) or ("chance", outcome), in order) and, if it waits for a draw,
    the NeedDraw saying which; else None. Every copy of a position is made here (to become Match.clone())."""
    draws = Draws([v for kind, v in steps if kind == "chance"], card_at)
    choices = [v for kind, v in steps if kind == "choice"]
    try:
        match = Match(game, players, 0, options, rng=draws, narrate=narrate)
        for k in choices:
            match.choose(k)
    except NeedDraw as wanted:
        return None, wanted
    return match, None
