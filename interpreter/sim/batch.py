"""Many seeded bot matches and their summary, in this process, on local cores or on a Dask cluster.

Match i of a batch is played with seed `seed + i` and its agents seeded from that seed and their seat, so a
match's result depends on nothing else: the results are the same whatever the backend and the number of
workers (they are put back in seed order before anything is summed).
"""
from __future__ import annotations

import functools
import gc
import math
import os
import sys
import threading
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed

from ..errors import RuntimeContentError, UsageError
from .run import play, seat_agents


# ---- agents per seat
def lineup(spec, players: int) -> list[str]:
    """Agent names per seat from `--agent` values: one `NAME` alone is every seat; several `NAME`s are seats
    1, 2, ... in order; `SEAT=NAME` sets one seat. Seats not named are `random`."""
    if spec is None:
        return ["random"] * players
    if isinstance(spec, str):
        spec = [spec]
    names = ["random"] * players
    plain = [x.strip() for x in spec if "=" not in x]
    if len(plain) == 1:
        names = plain * players
    elif len(plain) > players:
        raise UsageError(f"{len(plain)} agents named for {players} seats")
    else:
        names[:len(plain)] = plain
    for item in spec:
        if "=" in item:
            seat, name = item.split("=", 1)
            if not seat.strip().isdigit() or not 1 <= int(seat) <= players:
                raise UsageError(f"--agent {item}: no seat {seat.strip()} with {players} players")
            names[int(seat) - 1] = name.strip()
    from ..agents import agent_classes
    known = agent_classes()
    for n in names:
        if n not in known:
            raise UsageError(f"unknown agent `{n}` (agents: {', '.join(known)})")
    return names


def rotated(names: list, i: int, rotate: bool) -> list:
    """With rotation, match i shifts the line-up by i seats, so that each agent sits everywhere."""
    if not rotate or not names:
        return list(names)
    r = i % len(names)
    return names[-r:] + names[:-r] if r else list(names)


# ---- one match, a chunk of matches
def run_one(game, players: int, seed: int, options: dict, names: list, agent_options: dict | None,
            details: bool = True) -> dict:
    from .details import Recorder
    watch = Recorder() if details else None
    try:
        m = play(game, players, seed, options, seat_agents(players, "all", seed, names, agent_options), watch=watch,
                 narrate=False)
    except RuntimeContentError as e:  # say which match: `meeple play` with these settings shows it again
        raise RuntimeContentError(f"{e.message} (in the match of seed {seed}, {players} players, agents "
                                  f"{', '.join(names)})", e.place) from None
    out = {"seed": seed, **m.result.as_dict(), "agents": {str(i + 1): n for i, n in enumerate(names)}}
    m.close()
    if watch is not None:
        out.update(watch.as_dict())
    return out


def _run_chunk(game, job: dict) -> list:
    base, names = job["base"], job["names"]
    return [run_one(game, job["players"], s, job["options"], rotated(names, s - base, job["rotate"]),
                    job["agent_options"], job["details"]) for s in job["seeds"]]


_FORKED_GAME = None  # the parent's GameDef, inherited by forked workers (compiled code cannot be pickled)


def _run_chunk_forked(job: dict) -> list:
    return _run_chunk(_FORKED_GAME, job)


@functools.lru_cache(maxsize=8)
def _load_cached(folder: str, mods: tuple, options: tuple):
    from ..model.pipeline import load_game
    return load_game(folder, list(mods), options=dict(options))


def run_chunk_from_source(job: dict) -> list:
    """On a worker that has no GameDef: load (once per process) from the game's folder, then play."""
    folder, mods = job["source"]
    game = _load_cached(folder, tuple(mods), tuple(sorted(job["options"].items())))
    return _run_chunk(game, job)


# ---- the batch
def simulate(game, games: int, players: int, seed: int, options: dict, agent="random", *,
             agent_options: dict | None = None, jobs: int | None = 1, backend: str = "local",
             address: str | None = None, rotate: bool = False, details: bool = True, progress: bool = False,
             source: tuple | None = None) -> dict:
    """Plays `games` matches, seeds `seed`..`seed + games - 1`. `agent`: a name or `--agent` values.
    `jobs`: local worker processes (None: every core; 1: this process). `backend="dask"` sends chunks
    of matches to the Dask scheduler at `address`; the workers load the game from `source`
    (folder, mods), by default the game's own folder."""
    names = lineup(agent, players)
    from ..agents.registry import agent_options as check_agent_options
    from ..agents.registry import option_seat
    check_agent_options(names, agent_options)
    if rotate and any(option_seat(k)[0] is not None for k in agent_options or {}):
        raise UsageError("--rotate-agents moves the agents from seat to seat: an option of one seat's agent "
                         "(`--agent-opt SEAT:KEY=VALUE`) would go to another agent; give it to every agent")
    resolved = resolved_options(game, options)
    job = {"players": players, "options": dict(options), "names": names, "agent_options": dict(agent_options or {}),
           "rotate": rotate, "details": details, "base": seed,
           "source": source or (game.folder, ())}
    seeds = list(range(seed, seed + games))
    if backend == "dask":
        if not address:
            raise UsageError("--backend dask needs --address tcp://HOST:PORT (a running Dask scheduler)")
        results = _dask(job, seeds, address, progress)
    elif backend == "local":
        jobs = jobs or os.cpu_count() or 1
        results = _local(game, job, seeds, jobs, progress)
    else:
        raise UsageError(f"unknown backend `{backend}` (backends: local, dask)")
    results.sort(key=lambda r: r["seed"])
    out = {"game": game.id, "players": players, "options": resolved, "agents": names,
           "results": results, "summary": summarize(results, players)}
    if source and source[1]:
        out["mods"] = list(source[1])  # (what the report's flags name in the commands they give)
    if agent_options:
        out["agent_options"] = dict(agent_options)
    if rotate:
        out["rotate"] = True
    return out


def _chunks(seeds: list, workers: int) -> list:
    size = max(1, min(20, len(seeds) // (workers * 8)))
    return [seeds[i:i + size] for i in range(0, len(seeds), size)]


def _bar(total: int, progress: bool):
    if not progress:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="match", file=sys.stderr, leave=False, dynamic_ncols=True)


def _local(game, job: dict, seeds: list, jobs: int, progress: bool) -> list:
    import multiprocessing as mp
    jobs = max(1, min(jobs, len(seeds)))
    # a fork copies the game as it is, but only a process with no other thread may fork safely: a lock held by
    # another thread at that moment (a Dask client's, a browser driver's in the tests) stays held in the child
    fork = "fork" in mp.get_all_start_methods() and threading.active_count() == 1
    results: list = []
    bar = None
    collecting = False
    try:
        if jobs == 1:
            bar = _bar(len(seeds), progress)
            for s in seeds:
                results += _run_chunk(game, {**job, "seeds": [s]})
                if bar is not None:
                    bar.update(1)
            return results
        global _FORKED_GAME
        chunks = [{**job, "seeds": c} for c in _chunks(seeds, jobs)]
        if fork:
            _FORKED_GAME = game
            gc.freeze()  # the collector leaves what the workers inherit alone: no copy of its memory pages
            ctx, fn = mp.get_context("fork"), _run_chunk_forked
        else:  # no fork (Windows, or threads running): each worker loads the game from its folder
            ctx, fn = mp.get_context("spawn"), run_chunk_from_source
        # concurrent.futures, not multiprocessing.Pool: a Pool's terminate() after a worker's failure was seen to
        # hang in the join of its task thread; here a failure cancels the chunks not begun, the running ones end
        with ProcessPoolExecutor(jobs, mp_context=ctx) as pool:
            futures = [pool.submit(fn, c) for c in chunks]  # (forked workers: all made here, from this thread)
            # the workers forked: while the parent only gathers results (plain data, no cycles), the collector
            # would go over them again and again as they pile up, on a core the workers need
            collecting = gc.isenabled()
            gc.disable()
            bar = _bar(len(seeds), progress)
            try:
                for done in as_completed(futures):
                    part = done.result()
                    results += part
                    if bar is not None:
                        bar.update(len(part))
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
        return results
    finally:
        _FORKED_GAME = None
        gc.unfreeze()
        if collecting:
            gc.enable()
        if bar is not None:
            bar.close()


def _dask(job: dict, seeds: list, address: str, progress: bool) -> list:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise UsageError("--backend dask needs the `distributed` package: pip install 'meeple[dask]'") from None
    _probe(address)
    try:
        client = Client(address, timeout="20s")
    except OSError as e:
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {e}") from None
    results: list = []
    bar = None
    try:
        workers = max(1, sum(w.get("nthreads", 1) for w in client.scheduler_info().get("workers", {}).values()))
        chunks = [{**job, "seeds": c} for c in _chunks(seeds, workers)]
        futures = client.map(run_chunk_from_source, chunks, pure=False)
        bar = _bar(len(seeds), progress)
        for fut in as_completed(futures):
            part = fut.result()
            results += part
            if bar is not None:
                bar.update(len(part))
    finally:
        if bar is not None:
            bar.close()
        client.close()
    return results


def _probe(address: str) -> None:
    """A quick look at the scheduler's port, so that a wrong address fails at once, not after a time-out."""
    import socket
    from urllib.parse import urlparse
    u = urlparse(address if "://" in address else "tcp://" + address)
    if u.scheme not in ("tcp", "tls") or not u.hostname:
        raise UsageError(f"--address wants tcp://HOST:PORT, not {address!r}")
    try:
        socket.create_connection((u.hostname, u.port or 8786), timeout=10).close()
    except OSError as e:
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {e.strerror or e}") from None


# ---- statistics
def resolved_options(game, options):
    out = {k: s.default for k, s in game.options.items()}
    out.update({k: str(v) for k, v in options.items()})
    return out


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% interval of a proportion (Wilson score)."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (max(0.0, (c - h) / d), min(1.0, (c + h) / d))


def rate(k: int, n: int) -> dict:
    lo, hi = wilson(k, n)
    return {"rate": round(k / n, 4) if n else 0, "ci95": [round(lo, 4), round(hi, 4)]}


def won(r: dict, seat: int) -> float:
    """A seat's share of a match's win: 1 for the winner of a ranked match, for every player of the winning
    team and for every seat of a cooperative win; a tie at the top shares the win among the tied sides (1/2
    each for two players, or two teams)."""
    if r["outcome"] == "won":
        return 1.0
    winners = r.get("winners") or ([r["winner"]] if r.get("winner") is not None else [])
    return 1.0 / len(_sides(r, winners)) if seat in winners else 0.0


def _sides(r: dict, seats) -> set:
    """The sides the seats play for: their teams, or themselves."""
    teams = r.get("teams")
    return {teams[str(s)] for s in seats} if teams else set(seats)


def _count(w: float):
    """A count of wins: whole unless shared wins made it a fraction."""
    return int(w) if w == int(w) else round(w, 4)


def summarize(results: list, players: int) -> dict:
    n = len(results)
    wins: Counter = Counter()
    for r in results:
        for s in range(1, players + 1):
            wins[s] += won(r, s)
    ties = sum(len(_sides(r, r.get("winners") or ())) > 1 for r in results)
    outcomes = Counter(r["outcome"] for r in results)
    reasons = Counter(r["reason"] for r in results)
    rounds = [r["rounds"] for r in results]
    by_seat = {}
    for s in range(1, players + 1):
        w = wins.get(s, 0)
        lo, hi = wilson(w, n)
        by_seat[str(s)] = {"wins": _count(w), "rate": round(w / n, 4) if n else 0,
                           "ci95": [round(lo, 4), round(hi, 4)]}
    factions: dict = {}
    agents: dict = {}
    teams: dict = {}
    for r in results:
        for team in set((r.get("teams") or {}).values()):  # a team's win is one win, shared by its players
            seat = next(int(s) for s, t in r["teams"].items() if t == team)
            entry = teams.setdefault(team, {"played": 0, "wins": 0})
            entry["played"] += 1
            entry["wins"] += won(r, seat)
        for seat, f in (r.get("factions") or {}).items():
            entry = factions.setdefault(f, {"played": 0, "wins": 0})
            entry["played"] += 1
            entry["wins"] += won(r, int(seat))
        for seat, a in (r.get("agents") or {}).items():
            entry = agents.setdefault(a, {"played": 0, "wins": 0})
            entry["played"] += 1
            entry["wins"] += won(r, int(seat))
    for e in list(factions.values()) + list(agents.values()) + list(teams.values()):
        e.update(rate(e["wins"], e["played"]))
        e["wins"] = _count(e["wins"])
    out = {"games": n, "ties": ties, "outcomes": dict(outcomes), "wins_by_faction": dict(sorted(factions.items())), "reasons": dict(reasons), "wins_by_seat": by_seat,
           "rounds": {"mean": round(sum(rounds) / n, 2) if n else 0, "min": min(rounds, default=0),
                      "max": max(rounds, default=0)},
           "decisions_mean": round(sum(r["decisions"] for r in results) / n, 2) if n else 0}
    if len(agents) > 1:
        out["wins_by_agent"] = dict(sorted(agents.items()))
    if teams:
        out["wins_by_team"] = dict(sorted(teams.items()))
    if outcomes.get("won") or outcomes.get("lost"):
        out["team_wins"] = {"wins": outcomes.get("won", 0), **rate(outcomes.get("won", 0), n)}
    return out
