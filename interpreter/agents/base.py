"""The agent interface and the registry of agents by name."""
from __future__ import annotations

import random

from ..errors import UsageError


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


def agent_classes() -> dict:
    from .greedy import GreedyAgent
    from .mcts import MCTSAgent
    from .random_agent import RandomAgent
    return {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MCTSAgent}


def agent_options(names, opts: dict | None) -> None:
    """Checks `--agent-opt` keys and values against the agents named: each key must suit one of them."""
    classes = agent_classes()
    for key, value in (opts or {}).items():
        users = [classes[n] for n in set(names) if n in classes and key in classes[n].OPTIONS]
        if not users:
            known = sorted({k for n in set(names) if n in classes for k in classes[n].OPTIONS})
            raise UsageError(f"no agent here takes the option `{key}`"
                             + (f" (options: {', '.join(known)})" if known else " (these agents take no options)"))
        for cls in users:
            try:
                cls.OPTIONS[key](value)
            except (TypeError, ValueError):
                raise UsageError(f"agent option `{key}` takes a {cls.OPTIONS[key].__name__}, not {value!r}") from None


def make_agent(name: str, seed: int, seat: int, options: dict | None = None) -> Agent:
    """An agent by name, with its own generator seeded from the match seed and the seat.
    `options` may hold keys for other agents too: each agent takes the ones it knows."""
    classes = agent_classes()
    cls = classes.get(name)
    if cls is None:
        raise UsageError(f"unknown agent `{name}` (agents: {', '.join(classes)})")
    kw = {k: cls.OPTIONS[k](v) for k, v in (options or {}).items() if k in cls.OPTIONS}
    return cls(f"{seed}:{seat}", **kw)
