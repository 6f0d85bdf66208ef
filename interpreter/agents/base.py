"""The agent interface: what every agent answers, and what the search agents share. The agents by name:
agents.registry."""
from __future__ import annotations

import random


class Agent:
    """Answers decisions for one seat.

    `act(match) -> option index`: the answer to `match.pending` when the agent's seat decides (the public API,
    docs/api.md). `choose(view, decision)` is the same answer given the seat's view (None for an agent that does
    not read it: `wants_view`, since building a view costs time) and the decision; an agent reads only the view,
    the decision and the worlds `match.resample(seat, rng)` gives it."""
    name = "agent"
    wants_view = True
    # `pick(n) -> option index`, for an agent that answers from the number of options alone: in a match
    # nobody watches, it is asked where the decision arises, with no Decision made (Match's `auto`)
    pick = None
    OPTIONS: dict = {}  # the options `--agent-opt KEY=VALUE` may set, with their types

    def __init__(self, seat: int = 0, seed=0):
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, match) -> int:
        d = match.pending
        return self.choose(match.view(d.player) if self.wants_view else None, d)

    def choose(self, view: dict, decision) -> int:
        raise NotImplementedError


class SearchAgent(Agent):
    """What the search agents share: a random answer when there is nothing to search (a single option), and
    the worlds they search: copies of the match as their seat may imagine it (Match.resample)."""
    wants_view = False

    def choose(self, view, decision) -> int:
        M = decision.match
        if decision.size < 2 or M is None:
            return self.rng.randrange(decision.size)
        return self.search(M, decision)

    def search(self, match, decision) -> int:
        raise NotImplementedError

    def world(self, match, seat: int, copies: bool = True):
        """A world to search: the match as the seat may imagine it, with no account and no captures of its own
        as it is played on; `copies=False`: played once and dropped, never copied."""
        w = match.resample(seat, self.rng, copies)
        w._keeps = False
        w._narrate = False
        return w
