"""What a simulated match records besides its result: per-card statistics and counters round by round.

Watched from the side (the runtime knows nothing of it): every move of a card is seen through the match's
own `place`, every decision through `choose`.

- taken: a card picked by a player in a decision;
- bought: a card that entered one of a player's zones during a decision step in which that player paid,
  that is one of their counters without wrap went down over the step (a purchase, a build, a takeover);
- held: the cards in each player's zones at the end (the winner's are "in the winner's hands");
- trace: the global counters and every player's counters at the first decision of each round, and at the end.
"""
from __future__ import annotations

from collections import Counter
from operator import itemgetter

from ..runtime.state import Piece


class Recorder:
    __slots__ = ("taken", "bought", "entered", "trace", "round", "wrapless", "held")

    def __init__(self):
        self.taken: Counter = Counter()
        self.bought: Counter = Counter()
        self.entered: list = []
        self.trace: list = []
        self.round = -1
        self.wrapless = None  # player counters without wrap -> a tuple of their values
        self.held: dict = {}

    def start(self, m) -> None:
        names = [n for n, s in m.game.player_counters.items() if not s.wrap]
        self.wrapless = itemgetter(*names, *names) if names else None  # a tuple, even of one name (twice)
        place = m.place
        entered = self.entered

        def watched_place(piece, zone, bottom=False):
            if zone.owner is not None:
                entered.append((piece, zone.owner))
            place(piece, zone, bottom)
        m.place = watched_place  # an instance attribute: this match only
        self._snapshot(m)

    def choose(self, m, d, k: int) -> None:
        v = d.values[k] if type(k) is int and 0 <= k < d.size else None  # m.choose says what is wrong with k
        if type(v) is Piece:
            self.taken[v.card.id] += 1
        get = self.wrapless
        before = [get(p.counters) for p in m.players] if get is not None else None
        self.entered.clear()
        m.choose(k)
        if self.entered:
            if get is not None:
                for piece, owner in self.entered:
                    if any(a < b for a, b in zip(get(owner.counters), before[owner.index], strict=True)):
                        self.bought[piece.card.id] += 1
            self.entered.clear()
        if m.round != self.round and not m.over:
            self._snapshot(m)

    def _snapshot(self, m) -> None:
        self.round = m.round
        self.trace.append({"round": m.round, "counters": dict(m.counters),
                           "players": {str(p.seat): dict(p.counters) for p in m.players}})

    def end(self, m) -> None:
        self.trace.append({"round": m.round, "end": True, "counters": dict(m.counters),
                           "players": {str(p.seat): dict(p.counters) for p in m.players}})
        self.held = {str(p.seat): sorted(piece.card.id for z in p.zones.values() for piece in z.items)
                     for p in m.players}

    def as_dict(self) -> dict:
        return {"cards": {"taken": dict(sorted(self.taken.items())), "bought": dict(sorted(self.bought.items())),
                          "held": self.held},
                "trace": self.trace}
