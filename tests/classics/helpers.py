"""What the classic games' rule tests share: a random source that stacks the deck, and reading a match."""
from __future__ import annotations

import random


class Stacked(random.Random):
    """The draws a test chooses. Each shuffle in turn puts the ids of the next list of `decks` on top of the
    cards, the first named topmost (the first drawn); an id named twice stands for two copies; a shuffle after
    the last list leaves the order as it is. A number picked at random (`randrange`: a dealer, a direction)
    is `pick`, and `picks` counts them; without `pick`, numbers are drawn as a seeded random source draws."""

    def __init__(self, *decks, pick: int | None = None):
        super().__init__(0)
        self.decks = [list(d) for d in decks]
        self.pick = pick
        self.picks = 0

    def randrange(self, *args):
        self.picks += 1
        return super().randrange(*args) if self.pick is None else self.pick

    def shuffle(self, items):
        top = self.decks.pop(0) if self.decks else []
        rank: dict = {}
        for i, cid in enumerate(top):
            rank.setdefault(cid, []).append(len(top) - i)
        keys = {p.uid: rank[p.card.id].pop(0) if rank.get(p.card.id) else 0 for p in items}
        items.sort(key=lambda p: keys[p.uid])


def ids(zone) -> list:
    """The card ids of a zone, bottom to top."""
    return [p.card.id for p in zone.items]


def options(m) -> list:
    """The labels of the options the pending decision offers, sorted."""
    return sorted(m.pending.labels())
