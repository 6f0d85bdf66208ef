"""How the search plays a world on from the node it added: the default policy of its playouts.

Move-average sampling (MAST; Finnsson and Björnsson 2008, used in TAG and in Ludii's MCTS): each move, named by
its chooser's seat and the option's key (a card by its name, a menu's option by its place: decisions.move_key),
keeps the mean reward of the iterations it was made in, tree and playout alike. A playout picks, with
probability `1 - eps`, the option whose move has the best mean so far (an untried move counts as `UNTRIED`,
above an even share, so that it gets tried) and else one at random.
The statistics are the search's own, kept over the agent's decisions of a match and weighed down (by `decay`, 0.8) at
each new decision, so that what the last decisions learnt guides the next one while the position's news counts more.
No game's weights: what makes a move good is learnt from the outcomes of the search itself.
"""
from __future__ import annotations

from functools import partial

from ..runtime.decisions import NO_MORE, move_key

UNTRIED = 0.6  # the mean of a move never made yet: a little above an even share


class MAST:
    __slots__ = ("eps", "decay", "stats")

    def __init__(self, eps: float = 0.3, decay: float = 0.8):
        self.eps = min(1.0, max(0.0, float(eps)))
        self.decay = min(1.0, max(0.0, float(decay)))
        self.stats: dict = {}  # (seat, label) -> [weight, summed reward]

    def new_decision(self) -> None:
        """Weighs down (by `decay`) what earlier decisions learnt; forgets a move whose weight has worn away."""
        d = self.decay
        if d >= 1.0:
            return
        gone = []
        for key, st in self.stats.items():
            st[0] *= d
            st[1] *= d
            if st[0] < 0.01:
                gone.append(key)
        for key in gone:
            del self.stats[key]

    def pick(self, rng, seat: int, n: int, key) -> tuple:
        """The index of the option a playout takes among `n`, and its move's key (`key(i)`: option i's): the
        best-averaged move, or (`eps`) one at random, whose key alone is then found."""
        if rng.random() < self.eps:
            i = rng.randrange(n)
            return i, key(i)
        get = self.stats.get
        best, best_v, keys = [], -1.0, []
        for i in range(n):
            k = key(i)
            keys.append(k)
            st = get((seat, k))
            v = st[1] / st[0] if st is not None else UNTRIED
            if v > best_v:
                best, best_v = [i], v
            elif v == best_v:
                best.append(i)
        i = best[0] if len(best) == 1 else best[rng.randrange(len(best))]
        return i, keys[i]

    def credit(self, moves, rewards: dict) -> None:
        """Adds an iteration's rewards to each move made in it (once a move, however often it was made)."""
        stats = self.stats
        for move in moves:
            st = stats.get(move)
            if st is None:
                stats[move] = [1.0, rewards[move[0]]]
            else:
                st[0] += 1.0
                st[1] += rewards[move[0]]


def playout(w, policy: MAST, rng, rounds: int | None = None, moves: set | None = None, seat: int = 0) -> int:
    """Plays the world on by `policy` until it ends, or until `rounds` more rounds have begun (the decision
    answered there the last); the moves made (seat, key) go into `moves`. The world's decision waiting now is
    answered as asked, the rest in place (Match's `auto`: no Decision made, no label composed), each move
    known by its key (`move_key`). Returns how many decisions with a choice `seat` made."""
    if w.over:
        return 0
    last = w.round + rounds if rounds else None
    if last is not None and w.round >= last:
        return 0
    made = 0

    def answer(chooser: int, n: int) -> int:
        if last is not None and w.round >= last:
            w._auto = None  # the next decision waits: the playout ends there
        values, label = w._offered, w._label
        offered = len(values)

        def key(i: int):
            return move_key(values[i], label) if i < offered else NO_MORE
        return pick(chooser, n, key)

    def pick(chooser: int, n: int, key) -> int:
        nonlocal made
        made += chooser == seat
        i, k = policy.pick(rng, chooser, n, key)
        if moves is not None:
            moves.add((chooser, k))
        return i

    d = w.pending
    w._auto = [partial(answer, p.seat) for p in w.players]
    try:
        w.choose(pick(d.player.seat, d.size, d.key) if d.size > 1 else 0)
    finally:
        w._auto = None
    return made
