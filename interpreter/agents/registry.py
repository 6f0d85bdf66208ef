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
    """Checks `--agent-opt` keys and values against the agents named, one name a seat (`names`): a `KEY` goes to
    every agent that takes it, and is refused where none does, or where agents of two kinds do (mcts's `budget`
    is a match's simulated decisions, greedy's the positions of one decision); `SEAT:KEY` goes to that seat's
    agent alone, which must take it."""
    classes = agent_classes()
    for key, value in (opts or {}).items():
        seat, name = _scoped(key, len(names))
        seated = set(names) if seat is None else {names[seat - 1]}
        users = [classes[n] for n in sorted(seated) if n in classes and name in classes[n].OPTIONS]
        if not users:
            known = sorted({k for n in seated if n in classes for k in classes[n].OPTIONS})
            whom = (f"no agent here takes the option `{name}`" if seat is None
                    else f"seat {seat}'s agent ({names[seat - 1]}) takes no option `{name}`")
            raise UsageError(whom
                             + (f" (options: {', '.join(known)})" if known else " (these agents take no options)"))
        if len(users) > 1:
            raise UsageError(f"`{name}` is an option of {' and of '.join(c.name for c in users)}, which mean "
                             f"different things by it: give it to one seat's agent, `--agent-opt SEAT:{name}=VALUE`")
        for cls in users:
            try:
                cls.OPTIONS[name](value)
            except (TypeError, ValueError):
                raise UsageError(f"agent option `{name}` takes a {cls.OPTIONS[name].__name__}, not {value!r}") from None


def option_seat(key: str) -> tuple:
    """(the seat, the option's name) of an `--agent-opt` key: `SEAT:KEY` names a seat (-1 where SEAT is not a
    number), a plain `KEY` none (None)."""
    where, colon, name = key.partition(":")
    if not colon:
        return None, key
    return (int(where) if where.strip().isdigit() else -1), name.strip()


def _scoped(key: str, players: int) -> tuple:
    """`option_seat`, refused where the seat is not one of the `players`."""
    seat, name = option_seat(key)
    if seat is not None and not 1 <= seat <= players:
        raise UsageError(f"--agent-opt {key}=...: no seat {key.partition(':')[0].strip()} with {players} players")
    return seat, name


def for_seat(opts: dict | None, seat: int) -> dict:
    """The options of the agent at `seat`: those given to every agent (`KEY`), then its own (`SEAT:KEY`)."""
    scoped = [(option_seat(k), v) for k, v in (opts or {}).items()]
    out = {name: v for (at, name), v in scoped if at is None}
    out.update({name: v for (at, name), v in scoped if at == seat})
    return out


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
