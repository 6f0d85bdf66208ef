"""What a simulated match records besides its result: per-card statistics and counters round by round.

Watched from the side: every answer (`answer`, called by `choose` for a decision answered through the
protocol, or by the match itself for one answered in place, Match's `watch`), and what the step after an
answer moved by what the players' zones hold at that answer and at the next one (the compiled code moves
cards in place, not through a method one could watch).

- taken: a card picked by a player in a decision;
- bought: a card that entered one of a player's zones during a decision step in which that player paid,
  that is one of their counters without wrap went down over the step (a purchase, a build, a takeover);
- held: the cards in each player's zones at the end (the winner's are "in the winner's hands");
- trace: the global counters and every player's counters at the first decision of each round, and at the end.
"""
from __future__ import annotations

from collections import Counter
from operator import itemgetter, lt

from ..runtime.state import Piece


class Recorder:
    __slots__ = ("taken", "bought", "counters", "lists", "zones_of", "before", "held_before", "trace", "round",
                 "wrapless", "held")

    def __init__(self):
        self.taken: Counter = Counter()
        self.bought: Counter = Counter()
        self.counters: list = []  # each player's counters (the match changes them in place)
        self.lists: list = []  # the cards of every zone of every player (lists the match changes in place)
        self.zones_of: list = []  # per player, where its zones' lists are in `lists`
        self.before = None  # at the last answer: the players' counters without wrap, and their zones' cards
        self.held_before = None
        self.trace: list = []
        self.round = -1
        self.wrapless = None  # player counters without wrap -> a tuple of their values
        self.held: dict = {}

    def start(self, m) -> None:
        """Before the first answer (the match built, started or not)."""
        names = [n for n, s in m.game.player_counters.items() if not s.wrap]
        self.wrapless = itemgetter(*names, *names) if names else None  # a tuple, even of one name (twice)
        self.counters = [p.counters for p in m.players]
        for p in m.players:
            self.zones_of.append(range(len(self.lists), len(self.lists) + len(p.zones)))
            self.lists += [z.items for z in p.zones.values()]

    def choose(self, m, d, k: int) -> None:
        """Answers a pending decision through the protocol, watched."""
        self.answer(m, d.values[k] if type(k) is int and 0 <= k < d.size else None)  # m.choose says what is wrong
        m.choose(k)

    def answer(self, m, value) -> None:
        """At a decision, as it is answered with `value`: closes the step since the last answer, notes the
        round's first decision, and what the answer takes. (One pass of the counters closes the step and
        opens the next: nothing moves between the two.)"""
        if self.wrapless is not None:
            self.before = self._step()
            self.held_before = list(map(list.copy, self.lists))
        if m.round != self.round:
            self._snapshot(m)
        if type(value) is Piece:
            self.taken[value.card.id] += 1

    def _step(self) -> list:
        """Closes the step since the last answer (every player one of whose counters went down paid in it);
        the counters now."""
        now = list(map(self.wrapless, self.counters))
        before = self.before
        if before is not None and now != before:
            for i, (a, b) in enumerate(zip(now, before, strict=True)):
                if a != b and any(map(lt, a, b)):
                    self._bought_by(i)
        return now

    def _bought_by(self, i: int) -> None:
        """Player i paid: the cards in its zones that were not there at the last answer are bought."""
        for j in self.zones_of[i]:
            was = self.held_before[j]
            for piece in self.lists[j]:
                if piece not in was:
                    self.bought[piece.card.id] += 1

    def _snapshot(self, m) -> None:
        self.round = m.round
        self.trace.append({"round": m.round, "counters": dict(m.counters),
                           "players": {str(p.seat): dict(p.counters) for p in m.players}})

    def end(self, m) -> None:
        if self.wrapless is not None:
            self._step()
        self.trace.append({"round": m.round, "end": True, "counters": dict(m.counters),
                           "players": {str(p.seat): dict(p.counters) for p in m.players}})
        self.held = {str(p.seat): sorted(piece.card.id for z in p.zones.values() for piece in z.items)
                     for p in m.players}

    def as_dict(self) -> dict:
        return {"cards": {"taken": dict(sorted(self.taken.items())), "bought": dict(sorted(self.bought.items())),
                          "held": self.held},
                "trace": self.trace}
