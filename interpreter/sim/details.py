"""What a simulated match records besides its result: per-card statistics and counters round by round.

Watched from the side (the runtime knows nothing of it): every decision through `choose`, and what a decision
step moved by where each card lies before and after it (the compiled code moves cards in place, not through
a method one could watch).

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
    __slots__ = ("taken", "bought", "pieces", "trace", "round", "wrapless", "held")

    def __init__(self):
        self.taken: Counter = Counter()
        self.bought: Counter = Counter()
        self.pieces: list = []  # every card of the match (all made at its start, none after)
        self.trace: list = []
        self.round = -1
        self.wrapless = None  # player counters without wrap -> a tuple of their values
        self.held: dict = {}

    def start(self, m) -> None:
        names = [n for n, s in m.game.player_counters.items() if not s.wrap]
        self.wrapless = itemgetter(*names, *names) if names else None  # a tuple, even of one name (twice)
        zones = list(m.zones.values()) + [z for p in m.players for z in p.zones.values()]
        self.pieces = [piece for z in zones for piece in z.items]
        self._snapshot(m)

    def choose(self, m, d, k: int) -> None:
        v = d.values[k] if type(k) is int and 0 <= k < d.size else None  # m.choose says what is wrong with k
        if type(v) is Piece:
            self.taken[v.card.id] += 1
        get = self.wrapless
        before = [get(p.counters) for p in m.players] if get is not None else None
        pieces = self.pieces
        was = [piece.zone for piece in pieces]
        m.choose(k)
        if get is not None:
            for piece, zone in zip(pieces, was, strict=True):
                now = piece.zone
                if now is not zone and now.owner is not None:  # it entered a player's zone in this step
                    owner = now.owner
                    if any(a < b for a, b in zip(get(owner.counters), before[owner.index], strict=True)):
                        self.bought[piece.card.id] += 1
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
