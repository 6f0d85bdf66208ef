"""The agent interface: what every agent answers, and what the search agents share. The agents by name:
agents.registry."""
from __future__ import annotations

import random


class Agent:
    """Answers decisions for one seat: `choose(view, decision) -> option index`.

    `wants_view`: whether `choose` reads its view (building one costs time; agents that do not read it
    are given None). `sit(table)` is called once before the match with its public facts (worlds.Table):
    search agents rebuild positions from them."""
    name = "agent"
    wants_view = True
    # `pick(n) -> option index`, for an agent that answers from the number of options alone: in a match
    # nobody watches, it is asked where the decision arises, with no Decision made (Match's `auto`)
    pick = None
    OPTIONS: dict = {}  # the options `--agent-opt KEY=VALUE` may set, with their types

    def choose(self, view: dict, decision) -> int:
        raise NotImplementedError

    def sit(self, table) -> None:
        pass


class SearchAgent(Agent):
    """What the search agents share: their own seeded generator, the table they sit at, and a random
    answer when there is nothing to search (no table, or a single option)."""
    wants_view = False

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.table = None

    def sit(self, table) -> None:
        self.table = table

    def nothing_to_search(self, decision) -> int | None:
        n = decision.size
        if self.table is None or n < 2:
            return self.rng.randrange(n)
        return None
