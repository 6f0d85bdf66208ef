"""The agent interface and the registry of agents by name."""
from __future__ import annotations

from ..errors import UsageError


class Agent:
    """Answers decisions for one seat: `choose(view, decision) -> option index`."""
    name = "agent"

    def choose(self, view: dict, decision) -> int:
        raise NotImplementedError


def make_agent(name: str, seed: int, seat: int) -> Agent:
    from .random_agent import RandomAgent
    if name == "random":
        return RandomAgent(f"{seed}:{seat}")
    raise UsageError(f"unknown agent `{name}` (agents: random)")
