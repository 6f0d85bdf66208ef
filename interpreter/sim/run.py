"""Plays one match with agents (and replays one from its choices)."""
from __future__ import annotations

from ..agents import HumanAgent, make_agent
from ..agents.registry import for_seat
from ..errors import IllegalChoice, UsageError
from ..runtime.match import Match
from ..runtime.record import LogWriter


def seat_agents(players: int, bots: str | None, seed: int, agent="random", agent_options: dict | None = None) -> list:
    """`--bots all` or `--bots 2,3`: the other seats are human. `agent`: one agent name for every bot seat,
    or a list of names, one per seat."""
    names = [agent] * players if isinstance(agent, str) else list(agent)
    if bots in (None, ""):
        bot_seats = set(range(2, players + 1))
    elif bots == "all":
        bot_seats = set(range(1, players + 1))
    elif bots == "none":
        bot_seats = set()
    else:
        try:
            bot_seats = {int(x) for x in bots.split(",") if x.strip()}
        except ValueError:
            raise UsageError(f"--bots takes `all` or seat numbers like 2,3, not {bots!r}") from None
        bad = [s for s in bot_seats if not 1 <= s <= players]
        if bad:
            raise UsageError(f"--bots: no seat {bad[0]} with {players} players")
    return [make_agent(names[s - 1], s, seed, **for_seat(agent_options, s)) if s in bot_seats else HumanAgent()
            for s in range(1, players + 1)]


def play(game, players: int, seed: int, options: dict, agents: list, log_path: str | None = None,
         on_say=None, header_extra: dict | None = None, resume: list | None = None, watch=None,
         narrate: bool = True) -> Match:
    """Play to the end. With `resume` (the choices of an interrupted log), those choices are replayed
    first; bots are still asked, so that their own random generators end where they were.
    `watch(match)` (sim.details.Recorder) follows the match from the side, for statistics."""
    log = None
    views = [getattr(a, "wants_view", True) for a in agents]
    picks = [getattr(a, "pick", None) for a in agents]
    quiet = not (log_path or resume or narrate or any(views))
    if quiet and None not in picks:  # bots answering from the number of options alone: asked in place
        match = Match(game, players, seed, options, on_say=on_say, narrate=False, auto=picks, start=False,
                      watch=watch.answer if watch is not None else None)
        if watch is not None:
            watch.start(match)
        match.begin()
        if watch is not None:
            watch.end(match)
        return match
    match = Match(game, players, seed, options, on_say=on_say, narrate=narrate)
    if watch is not None:
        watch.start(match)
    if log_path:
        header = {"game": game.id, "folder": game.folder, "players": players, "seed": seed,
                  "options": match.options.values, **(header_extra or {})}
        log = LogWriter(log_path, header, append=resume is not None)
    pending = list(resume or [])
    if quiet and watch is None:  # bots that read no view: nothing else to do
        while match.result is None:
            d = match.pending
            match.choose(agents[d.player.index].choose(None, d))
        return match
    try:
        while match.result is None:  # (match.over, without a call per decision)
            d = match.pending
            agent = agents[d.player.index]
            if pending:
                k = pending.pop(0)
                if not isinstance(agent, HumanAgent):
                    agent.choose(match.view(d.player) if views[d.player.index] else None, d)
                match.choose(k)
                continue
            k = agent.choose(match.view(d.player) if views[d.player.index] else None, d)
            labels = d.labels() if log else None  # read before answering: the match goes on
            if watch is not None:
                watch.choose(match, d, k)
            else:
                match.choose(k)
            if log:
                k = match.choices[-1]
                log.choice(d.player.seat, k, labels[k])
        if watch is not None:
            watch.end(match)
        if log:
            log.result(match.result.as_dict())
    finally:
        if log:
            log.close()
    return match


def replay(game, header: dict, choices: list, on_say=None) -> Match:
    match = Match(game, header["players"], header["seed"], header.get("options") or {}, on_say=on_say)
    for n, k in enumerate(choices, 1):
        if match.over:
            raise IllegalChoice(f"the log has {len(choices) - n + 1} choice(s) after the end of the match")
        match.choose(k)
    return match
