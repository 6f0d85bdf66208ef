"""A match's random draws as chance outcomes, and copies of a match at a position.

`Draws` is the `rng` a match is built with (docs/api.md): it serves draws from a list of outcomes taken so far,
and at a draw past its end the match waits there, as at a decision, its `pending` a `NeedDraw`, which names the
draw's outcomes and their chances, so that a tree search sees each draw as a chance node: a die or `random` pick is one, a shuffle one a
card (which card comes on top, then which next...; copies of one card are one outcome, the last card none).
A match is a pure function of its game, options, draws and choices, so `replay` builds it at any position.
"""
from __future__ import annotations

import random
from contextlib import contextmanager

from greenlet import getcurrent

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


class NeedDraw:
    """The match wants a draw not taken yet: `outcomes`, [(outcome, chance)]; in a shuffle, `pool` holds the
    cards still to be picked ({card number: copies}), from which the shuffle's next picks follow without
    playing the match again (`after`)."""
    __slots__ = ("outcomes", "pool")

    def __init__(self, outcomes: list, pool: dict | None = None):
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
    is itself (a die: its face minus the lowest).

    At a draw past the list the match is suspended there as it is at a decision: its `pending` is the NeedDraw
    (`waiting`), and `resume(match, outcome)` goes on from the draw (a chance node then costs a switch, not a
    replay of the match)."""

    def __init__(self, outcomes: list, card_at: dict):
        self.outcomes = outcomes
        self.taken = 0
        self.card_at = card_at
        self.kept_from = None  # a copy kept at a quiet point: the Draws it was copied from (`__deepcopy__`)

    def __deepcopy__(self, memo):
        """A match's copies start from a quiet point it kept (position.py) and replay its choices since, with
        the draws it took since too, which a waiting match takes after the quiet point: so a copy kept at a
        quiet point sees the outcomes its match draws later, and a copy made from that one to play on takes
        them as they are then, its own draws after them."""
        c = Draws.__new__(Draws)
        c.card_at, c.taken = self.card_at, self.taken
        if self.kept_from is None:
            c.outcomes, c.kept_from = self.outcomes, self
        else:
            c.outcomes, c.kept_from = list(self.outcomes), None
        return c

    def _next(self, outcomes: list, pool: dict | None = None) -> int:
        if self.taken == len(self.outcomes):
            if not _SAMPLING:
                v = getcurrent().parent.switch(NeedDraw(outcomes, pool))  # the match's `pending` until resumed
                self.outcomes.append(v)
                self.taken += 1
                return v
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
    """The match after `steps` (("choice", k) or ("chance", outcome), in order) and, if it waits for a draw
    (suspended there: `waiting`, `resume`), the NeedDraw saying which; else None. Every copy of a position is
    made here (to become Match.clone())."""
    draws = Draws([v for kind, v in steps if kind == "chance"], card_at)
    match = Match(game, players, 0, options, rng=draws, narrate=narrate)
    for k in [v for kind, v in steps if kind == "choice"]:
        match.choose(k)
    return match, waiting(match)


def waiting(match) -> NeedDraw | None:
    """The draw a match drawing from Draws is suspended at, taken out of its `pending` (the
    match is then neither at a decision nor over until `resume`); None when it is not at a draw."""
    wanted = match.pending
    if type(wanted) is not NeedDraw:
        return None
    match.pending = None
    return wanted


def resume(match, outcome: int) -> NeedDraw | None:
    """Goes on from the draw the match waits at (`waiting`) with `outcome`, to its next decision, its end or
    its next draw: that draw, else None."""
    match._back_here()
    match._advance(outcome)
    return waiting(match)
