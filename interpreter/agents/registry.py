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


def make_agent(name: str, seed: int, seat: int, options: dict | None = None) -> Agent:
    """An agent by name, with its own generator seeded from the match seed and the seat.
    `options` may hold keys for other agents too: each agent takes the ones it knows."""
    classes = agent_classes()
    cls = classes.get(name)
    if cls is None:
        raise UsageError(f"unknown agent `{name}` (agents: {', '.join(classes)})")
    kw = {k: cls.OPTIONS[k](v) for k, v in (options or {}).items() if k in cls.OPTIONS}
    return cls(f"{seed}:{seat}", **kw)
