"""The agents by name: `--agent NAME`, `--agent-opt KEY=VALUE`."""
from __future__ import annotations

from ..errors import UsageError
from .base import Agent
from .greedy import GreedyAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent


def agent_classes() -> dict:
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


def make_agent(name: str, seat: int, seed: int = 0, **options) -> Agent:
    """An agent by name for the player at `seat`, with its own generator seeded from `seed` (the match's) and
    the seat; `agent.act(match)` is its answer to `match.pending` (docs/api.md). `options` may hold keys for
    other agents too (`--agent-opt` is given to every bot): each agent takes the ones it knows."""
    classes = agent_classes()
    cls = classes.get(name)
    if cls is None:
        raise UsageError(f"unknown agent `{name}` (agents: {', '.join(classes)})")
    if type(seat) is not int or seat < 1:
        raise UsageError(f"an agent's seat is a number from 1, not {seat!r}")
    kw = {k: cls.OPTIONS[k](v) for k, v in options.items() if k in cls.OPTIONS}
    return cls(seat, f"{seed}:{seat}", **kw)
