"""The benchmark: speed of every bundled game with random agents, load-and-compile time, the ratio to a
hand-written Kaiju Incorporated (tools/baseline/kaiju.py) run in the same process, and 1 vs 2 workers.

    python tools/bench.py            # every game at every player count, a few seconds each
    python tools/bench.py --quick    # one player count per game, well under a minute
    python tools/bench.py --json     # the figures as JSON on stdout (nothing else is printed there)
    python tools/bench.py --profile kaiju-inc   # cProfile of random matches: where the time goes
    python tools/bench.py --bots --profile kaiju-inc   # ... of a match of the default mcts at every seat
    python tools/bench.py --lsp      # only the language server's answer to a keystroke
    python tools/bench.py --against REV   # this engine against REV's, on the same content, in turns
    python tools/bench.py --bots     # a clone's cost early and late, resamples/s, mcts iterations a CPU second,
                                     # seconds a match of greedy and mcts
    python tools/bench.py --rl       # only the learning environments' steps/s against bare decisions/s

One process, one core (the parallel figure excepted; the first loads and `meeple validate` are timed in new
processes, with the disk cache off (cold) and filled (cached); the benchmark's own cache is a temporary folder). Figures vary with the machine and its load:
compare ratios, not absolute numbers (docs/performance.md).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools", "baseline"))

from interpreter import bundled_games, load_game  # noqa: E402
from interpreter.errors import ContentError, MeepleError  # noqa: E402
from interpreter.sim.run import play, seat_agents  # noqa: E402

BASELINE_GAME = "kaiju-inc"


def load_times(folder, repeats: int) -> tuple:
    """(the first load in this process, the best of the next ones): parse, check and compile."""
    t = time.perf_counter()
    game = load_game(folder)
    first = time.perf_counter() - t
    best = first
    for _ in range(repeats):
        t = time.perf_counter()
        load_game(folder)
        best = min(best, time.perf_counter() - t)
    return game, first, best


def _child(args: list, cache: str | None) -> tuple:
    """Runs a new Python process: (its stdout, its CPU seconds). `cache`: a cache folder, or None for no cache."""
    env = dict(os.environ)
    env.pop("MEEPLE_CACHE", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # modules read from their .pyc, as after `pip install`
    if cache is None:
        env["MEEPLE_CACHE"] = "off"
    else:
        env["MEEPLE_CACHE_DIR"] = cache
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return out, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


_LOAD = ("import sys, time; sys.path.insert(0, '.'); from interpreter.model.pipeline import load_game; "
         "t = time.perf_counter(); load_game(sys.argv[1]); print(time.perf_counter() - t)")


def new_process_load(folder, cache: str | None, repeats: int = 3) -> float:
    """The best of `repeats` first loads, each in a new process (the imports excluded)."""
    return min(float(_child(["-c", _LOAD, str(folder)], cache)[0]) for _ in range(repeats))


def validate_times(cache: str, repeats: int = 3) -> dict:
    """`meeple validate content` in a new process, CPU seconds (the best of `repeats`): cold, then cached; and
    the cold CPU beyond a new process that only starts (Python, the imports) shared among the games: the cost
    a game adds."""
    args = ["-m", "interpreter.cli.main", "validate", "content"]
    _child(args, None)  # writes the modules' .pyc, if not there yet
    cold = min(_child(args, None)[1] for _ in range(repeats))
    _child(args, cache)  # fills the cache
    cached = min(_child(args, cache)[1] for _ in range(repeats))
    start = min(_child(["-c", _IMPORTS], None)[1] for _ in range(repeats))
    games = len(bundled_games())
    return {"cold_cpu_seconds": round(cold, 3), "cached_cpu_seconds": round(cached, 3),
            "start_cpu_seconds": round(start, 3), "games": games,
            "cold_cpu_seconds_per_game": round((cold - start) / games, 4)}


# what `meeple validate` imports before it reads a file: a new process's start, without the work
_IMPORTS = ("import interpreter.cli.main, interpreter.project, interpreter.check.game, interpreter.scenario.suite, "
            "interpreter.agents.learned")


def interpreted(game, players: int, seeds, options: dict | None = None) -> tuple:
    """Plays random matches on the given seeds (with these rules options): (matches, decisions, seconds)."""
    n = dec = 0
    t = time.perf_counter()
    for s in seeds:
        m = play(game, players, s, dict(options or {}), seat_agents(players, "all", s), narrate=False)
        dec += m.result.decisions
        m.close()  # as `meeple simulate` does (sim.batch.run_one)
        n += 1
    return n, dec, time.perf_counter() - t


def timed(game, players: int, seconds: float, seed: int = 0, options: dict | None = None) -> dict:
    """Random matches for about `seconds` (with these rules options): games and decisions per second."""
    n = dec = 0
    spent = 0.0
    s = seed
    while spent < seconds or n < 3:
        k, d, dt = interpreted(game, players, range(s, s + 5), options)
        n, dec, spent, s = n + k, dec + d, spent + dt, s + 5
    return {"players": players, "games": n, "games_per_second": round(n / spent, 2),
            "decisions_per_second": round(dec / spent, 1)}


def new_match_cost(game, players: int, matches: int = 200) -> float:
    """Microseconds of CPU a new match costs before it runs (Match with start=False: its pieces, zones, players
    and generator), the mean over `matches` seeds; tools/breakdown.py splits a whole match further."""
    from interpreter import Match
    t = time.process_time()
    for s in range(matches):
        Match(game, players, seed=s, start=False, narrate=False).close()
    return (time.process_time() - t) / matches * 1e6


def baseline(game, players: int, seconds: float) -> dict:
    """The hand-written game and the interpreter on the same seeds, in turns; the best round of each."""
    import importlib.util  # by path: `kaiju` may already name the tests' package when run inside pytest
    spec = importlib.util.spec_from_file_location("baseline_kaiju", os.path.join(ROOT, "tools", "baseline", "kaiju.py"))
    hand = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hand)
    records = hand.load_cards()
    best_hand = best_interp = 0.0
    s = 0
    rounds = 3
    per = max(5, int(seconds * 40 / rounds))
    for _ in range(rounds):
        seeds = range(s, s + per)
        t = time.perf_counter()
        for x in seeds:
            hand.play(records, players, x)
        best_hand = max(best_hand, per / (time.perf_counter() - t))
        n, _, dt = interpreted(game, players, seeds)
        best_interp = max(best_interp, n / dt)
        s += per
    return {"game": BASELINE_GAME, "players": players, "handwritten_games_per_second": round(best_hand, 2),
            "interpreted_games_per_second": round(best_interp, 2), "ratio": round(best_hand / best_interp, 2)}


def parallel(game, players: int, games: int, cache: str) -> dict:
    """`meeple simulate` of the same matches with `--jobs 1` and `--jobs 2`, each in a new process, as a user
    runs it (the disk cache on, filled by a first run of one match; a second one's time is `start_seconds`): wall clock
    (start and load included) and CPU seconds. The start does not divide among workers: the batch is long
    enough for it to weigh a few hundredths (at 1500 random matches it was a tenth of the one-worker run and
    alone held the ratio near 1.75). In this process one worker would carry the benchmark's large heap (every
    game loaded, every result kept) and look slower than it is. The same CPU either way means the workers
    cost nothing extra: a speed-up short of 2 is then the start or the cores the machine gives at the time."""
    out = {"game": game.id, "players": players, "games": games}
    run = ["-m", "interpreter.cli.main", "simulate", game.folder, "--players", str(players)]
    _child([*run, "--games", "1"], cache)
    t = time.perf_counter()
    _child([*run, "--games", "1"], cache)
    out["start_seconds"] = round(time.perf_counter() - t, 3)
    for jobs in (1, 2):
        t = time.perf_counter()
        _, cpu = _child([*run, "--games", str(games), "--jobs", str(jobs)], cache)
        out[f"jobs_{jobs}_seconds"] = round(time.perf_counter() - t, 3)
        out[f"jobs_{jobs}_cpu_seconds"] = round(cpu, 3)
    out["speedup"] = round(out["jobs_1_seconds"] / out["jobs_2_seconds"], 2)
    return out


def openspiel(loaded: dict, seconds: float) -> list:
    """Each classic game with a differential adapter (tests/differential): meeple's decisions/s and OpenSpiel's
    actions/s, both random play on one core in this process, at OpenSpiel's default player count and with the
    rules options that play OpenSpiel's rules (the adapter's); the ratio is OpenSpiel's over meeple's. Empty when OpenSpiel (`pyspiel`) is not installed."""
    try:
        import pyspiel
    except ImportError:
        return []
    import random
    sys.path.insert(0, ROOT)
    from tests.differential import ADAPTERS
    out = []
    for name, adapter in ADAPTERS.items():
        if name not in loaded:
            continue
        ours = timed(loaded[name], adapter.players, seconds, options=adapter.options)
        game, rng = pyspiel.load_game(adapter.spiel, dict(adapter.params)), random.Random(0)
        actions, spent = 0, 0.0
        while spent < seconds:
            t = time.perf_counter()
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes, probs = zip(*s.chance_outcomes(), strict=True)
                    s.apply_action(rng.choices(outcomes, probs)[0])
                elif s.is_simultaneous_node():
                    s.apply_actions([rng.choice(s.legal_actions(p)) for p in range(game.num_players())])
                    actions += game.num_players()
                else:
                    s.apply_action(rng.choice(s.legal_actions()))
                    actions += 1
            spent += time.perf_counter() - t
        theirs = actions / spent
        out.append({"game": name, "players": adapter.players, "meeple_decisions_per_second": ours["decisions_per_second"],
                    "openspiel_actions_per_second": round(theirs, 1),
                    "ratio": round(theirs / ours["decisions_per_second"], 2)})
    return out


RL_PLAYERS = {"hearts": 4, "gin-rummy": 2, "debtzilla": 2, "leduc-poker": 2, "liars-dice": 2, "blackjack": 2}  # else 3 (or the game's most)


def _bare(game, n: int, seed: int, rng) -> int:
    from interpreter.runtime.match import Match
    m, k = Match(game, n, seed, narrate=False), 0
    while not m.over:
        m.choose(rng.randrange(m.pending.size))
        k += 1
    return k


_ENVS: dict = {}  # (game id, players) -> the environment reset for each match (as a learner does)


def _aec(game, n: int, seed: int, rng) -> int:
    import numpy as np

    from interpreter.rl import aec_env
    env = _ENVS.get((game.id, n))
    if env is None or env.game is not game:
        env = _ENVS[game.id, n] = aec_env(game, players=n)
    k = 0
    env.reset(seed=seed)
    for _ in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        k += not (term or trunc)
    return k


def _spiel(spiel, n: int, seed: int, rng) -> int:
    s, k = spiel.new_initial_state(), 0
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes, probs = zip(*s.chance_outcomes(), strict=True)
            s.apply_action(rng.choices(outcomes, probs)[0])
        else:
            s.apply_action(rng.choice(s.legal_actions()))
            k += 1
    return k


def _timed_turns(runs: dict, seconds: float) -> dict:
    """Steps/s of each of `runs` ({kind: a function of a seed giving the steps it took}), timed in turns (one
    match of each, again and again, on the same seeds) by CPU time, so that a machine's load falls on all
    alike: {kind: steps per CPU second}."""
    steps = dict.fromkeys(runs, 0)
    spent = dict.fromkeys(runs, 0.0)
    seed = 0
    while min(spent.values()) < seconds or seed < 2:
        for kind, run in runs.items():
            t = time.process_time()
            steps[kind] += run(seed)
            spent[kind] += time.process_time() - t
        seed += 1
    return {k: steps[k] / spent[k] for k in runs}


def rl_speed(seconds: float, say) -> list:
    """Each bundled game through interpreter.rl, random legal actions: PettingZoo AEC steps/s (each step an
    observation of the agent to move and its mask, as `env.last()` gives them) and OpenSpiel state steps/s
    (decisions; the chance nodes between them in the time), against bare decisions/s (Match.choose of random
    options, no view read), on the same seeds, timed in turns."""
    import random

    from interpreter.rl import openspiel_game
    out = []
    for name, folder in bundled_games().items():
        game = load_game(folder)
        n = RL_PLAYERS.get(name, max(game.min_players, min(3, game.max_players)))
        spiel = openspiel_game(game, players=n)
        rngs = {k: random.Random(0) for k in ("bare", "pettingzoo", "openspiel")}
        rates = _timed_turns({"bare": lambda seed, g=game, n=n, r=rngs: _bare(g, n, seed, r["bare"]),
                              "pettingzoo": lambda seed, g=game, n=n, r=rngs: _aec(g, n, seed, r["pettingzoo"]),
                              "openspiel": lambda seed, s=spiel, n=n, r=rngs: _spiel(s, n, seed, r["openspiel"])},
                             seconds)
        entry = {"game": name, "players": n, "bare_decisions_per_second": round(rates["bare"], 1),
                 "pettingzoo_steps_per_second": round(rates["pettingzoo"], 1),
                 "openspiel_steps_per_second": round(rates["openspiel"], 1),
                 "pettingzoo_ratio": round(rates["pettingzoo"] / rates["bare"], 2),
                 "openspiel_ratio": round(rates["openspiel"] / rates["bare"], 2)}
        out.append(entry)
        say(f"{name:12} {n} players: bare {entry['bare_decisions_per_second']:8.0f} decisions/s, PettingZoo "
            f"{entry['pettingzoo_steps_per_second']:8.0f} steps/s ({entry['pettingzoo_ratio']}), OpenSpiel "
            f"{entry['openspiel_steps_per_second']:8.0f} steps/s ({entry['openspiel_ratio']})")
    return out


def rl_against_openspiel(seconds: float, iterations: int, say) -> dict:
    """The OpenSpiel adapter against OpenSpiel's own games, in one run: random play on meeple's Kuhn poker
    (2 players) through the adapter and on OpenSpiel's Python-written `python_kuhn_poker`, steps/s timed in
    turns; and OpenSpiel's CFR (open_spiel.python.algorithms.cfr) on meeple's Leduc poker through the adapter
    and on OpenSpiel's `leduc_poker`: CPU seconds of its first iteration (the solver built, the tree met) and
    of each further one, and the histories the tree holds, so that the cost of a history can be compared too."""
    import random

    import pyspiel
    from open_spiel.python.algorithms import cfr
    from open_spiel.python.games import kuhn_poker  # noqa: F401 - registers python_kuhn_poker

    from interpreter.rl import openspiel_game
    ours, theirs = openspiel_game(bundled_games()["kuhn-poker"], players=2), pyspiel.load_game("python_kuhn_poker")
    rngs = [random.Random(0), random.Random(0)]
    rates = _timed_turns({"meeple": lambda seed: _spiel(ours, 2, seed, rngs[0]),
                          "python_kuhn_poker": lambda seed: _spiel(theirs, 2, seed, rngs[1])}, seconds)
    out = {"kuhn_meeple_steps_per_second": round(rates["meeple"], 1),
           "python_kuhn_poker_steps_per_second": round(rates["python_kuhn_poker"], 1),
           "kuhn_ratio": round(rates["meeple"] / rates["python_kuhn_poker"], 2)}
    say(f"Kuhn poker, 2 players, random play: meeple through the adapter {out['kuhn_meeple_steps_per_second']:.0f} "
        f"steps/s, OpenSpiel's python_kuhn_poker {out['python_kuhn_poker_steps_per_second']:.0f} (ratio "
        f"{out['kuhn_ratio']})")
    for who, game in (("meeple", openspiel_game(bundled_games()["leduc-poker"], players=2)),
                      ("openspiel", pyspiel.load_game("leduc_poker"))):
        t = time.process_time()
        solver = cfr.CFRSolver(game)
        solver.evaluate_and_update_policy()
        first = time.process_time() - t
        t = time.process_time()
        for _ in range(iterations):
            solver.evaluate_and_update_policy()
        out[f"cfr_{who}_first_seconds"] = round(first, 2)
        out[f"cfr_{who}_iteration_seconds"] = round((time.process_time() - t) / iterations, 3)
        out[f"cfr_{who}_histories"] = _histories(game.new_initial_state())
    out["cfr_iteration_ratio"] = round(out["cfr_meeple_iteration_seconds"] / out["cfr_openspiel_iteration_seconds"], 2)
    out["cfr_history_ratio"] = round(out["cfr_iteration_ratio"] * out["cfr_openspiel_histories"]
                                     / out["cfr_meeple_histories"], 2)
    say(f"CFR on Leduc poker, an iteration: meeple through the adapter {out['cfr_meeple_iteration_seconds']} s "
        f"({out['cfr_meeple_histories']} histories; the first {out['cfr_meeple_first_seconds']} s), OpenSpiel's "
        f"leduc_poker {out['cfr_openspiel_iteration_seconds']} s ({out['cfr_openspiel_histories']}; the first "
        f"{out['cfr_openspiel_first_seconds']} s): ratio {out['cfr_iteration_ratio']} an iteration, "
        f"{out['cfr_history_ratio']} a history")
    return out


def _histories(state) -> int:
    """The histories (nodes) of a game's tree from `state`."""
    if state.is_terminal():
        return 1
    actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    return 1 + sum(_histories(state.child(a)) for a in actions)


_PLAY = ("import sys, time; sys.path.insert(0, '.'); from interpreter.model.pipeline import load_game; "
         "from interpreter.sim.run import play, seat_agents; g = load_game(sys.argv[1]); n = int(sys.argv[2]); "
         "d = 0; t = time.process_time()\n"
         "for s in range(int(sys.argv[3])):\n"
         " m = play(g, n, s, {}, seat_agents(n, 'all', s), narrate=False); d += m.result.decisions; m.close()\n"
         "print(d, time.process_time() - t)")


def checkout(rev: str, where: str) -> str:
    """The files of `rev` (a commit, a tag, a branch) in a new folder under `where`."""
    out = os.path.join(where, "engine")
    os.makedirs(out)
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", out], input=archive, check=True)
    return out


def with_old_defaults(src: str, dst: str) -> None:
    """A copy of the game folder `src` in which every card field its kind declares without a default gets the
    value an engine without typed records read for a missing field (0, false, "", []): content written for
    such an engine then loads in this one and plays the same matches."""
    import yaml

    from interpreter.loader.yaml_source import load_file  # the content's reading of YAML (`on:` is a word)
    shutil.copytree(src, dst)
    plain = {"int": 0, "bool": False, "str": ""}
    for folder, _, files in os.walk(dst):
        for f in files:
            if not f.endswith(".yaml"):
                continue
            path = os.path.join(folder, f)
            data = json.loads(json.dumps(load_file(path)))  # plain dicts, lists and strings
            kinds = data.get("kinds") if isinstance(data, dict) else None
            if not kinds:
                continue
            for kind in kinds.values():
                for name, decl in (kind.get("fields") or {}).items():
                    ftype = decl if isinstance(decl, str) else decl.get("type", "")
                    if isinstance(decl, dict) and "default" in decl or ftype.endswith("?"):
                        continue
                    default = [] if ftype.startswith("list[") else plain.get(ftype)
                    if default is not None:
                        kind["fields"][name] = {"type": ftype, "default": default}
            with open(path, "w", encoding="utf-8") as fh:
                yaml.safe_dump(data, fh, sort_keys=False, allow_unicode=True)


def players_for(folder: str, players: int) -> int:
    """The player count nearest `players` that a game folder's game.yaml takes (gin rummy: 2)."""
    from interpreter.loader.yaml_source import load_file  # the engine's YAML (`colour?` in a flow mapping)
    bounds = load_file(os.path.join(folder, "game.yaml"))["players"]
    return min(max(players, bounds["min"]), bounds["max"])


def against(rev: str, players: int, matches: int, rounds: int, say) -> list:
    """This engine and `rev`'s play the same random matches of `rev`'s bundled games, each in a new process,
    in turns (old, new, then new, old...), `rounds` times: per game the best decisions per CPU second of each,
    and the ratio new/old. Both read `rev`'s content, so only the engines differ (content `rev` wrote for an
    engine without typed records gets the defaults that engine read: `with_old_defaults`)."""
    where = tempfile.mkdtemp(prefix="meeple-against-")
    try:
        old = checkout(rev, where)
        env = dict(os.environ, MEEPLE_CACHE="off")
        out = []
        for name in sorted(os.listdir(os.path.join(old, "content"))):
            src = os.path.join(old, "content", name)
            if not os.path.isfile(os.path.join(src, "game.yaml")):
                continue
            ours = os.path.join(where, "content", name)
            with_old_defaults(src, ours)
            n = players_for(src, players)
            best, decisions = {"old": 0.0, "new": 0.0}, {}
            refused = None
            for r in range(rounds):
                for side in (("old", "new") if r % 2 == 0 else ("new", "old")):
                    root, folder = (old, src) if side == "old" else (ROOT, ours)
                    run = subprocess.run([sys.executable, "-c", _PLAY, folder, str(n), str(matches)], cwd=root,
                                         env=env, capture_output=True, text=True)
                    if run.returncode:
                        refused = f"{side} engine: {run.stderr.strip().splitlines()[-1]}"
                        break
                    d, cpu = run.stdout.split()
                    decisions.setdefault(side, int(d))
                    best[side] = max(best[side], int(d) / float(cpu))
                if refused:
                    break
            if refused:  # the other engine refuses that content (a mistake it finds): nothing to compare
                say(f"{name:12} {n} players: skipped, the {refused}")
                out.append({"game": name, "players": n, "skipped": refused})
                continue
            entry = {"game": name, "players": n, "matches": matches, "rounds": rounds,
                     "old_decisions_per_second": round(best["old"], 1), "new_decisions_per_second": round(best["new"], 1),
                     "ratio": round(best["new"] / best["old"], 3),
                     "same_matches": decisions["old"] == decisions["new"]}
            say(f"{name:12} {n} players: {rev} {entry['old_decisions_per_second']:10.0f} decisions/s, this "
                f"{entry['new_decisions_per_second']:10.0f} (ratio {entry['ratio']}; the same "
                f"{decisions['new']} decisions: {entry['same_matches']})")
            out.append(entry)
        return out
    finally:
        shutil.rmtree(where, ignore_errors=True)


def profile(name: str, players: int, games: int, bots: bool = False) -> None:
    """cProfile of random matches of a game; with `bots`, of one match of the default mcts at every seat."""
    import cProfile
    import pstats

    from interpreter import make_agent
    game = load_game(bundled_games().get(name, name))
    players = min(max(players, game.min_players), game.max_players)
    prof = cProfile.Profile()
    prof.enable()
    if bots:
        play(game, players, 7, {}, [make_agent("mcts", s, 7) for s in range(1, players + 1)], narrate=False)
    else:
        interpreted(game, players, range(games))
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(30)


LSP_FILE = os.path.join("content", "debtzilla", "game.yaml")  # the longest bundled game file


def lsp_keystrokes(keystrokes: int = 12) -> dict:
    """`meeple lsp` over stdio: the time from a keystroke in an open game file (one more letter typed into an
    effect's text each time) to its diagnostics published, the whole game checked again: median and worst, in
    seconds. Then the CPU time of that check alone in this process (the same keystrokes), which the machine's
    load sways less."""
    import asyncio

    from lsprotocol import types as T
    from pygls.lsp.client import LanguageClient

    from interpreter.lsp.checking import validate

    path = os.path.join(ROOT, LSP_FILE)
    uri = "file://" + path
    with open(path, encoding="utf-8") as f:
        text = f.read()
    typed = [text.replace('say("-- Working phase', 'say("-- Working phase' + "x" * i, 1) for i in range(keystrokes + 1)]

    async def run() -> list:
        client, published = LanguageClient("bench", "1"), asyncio.Queue()
        client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(lambda ls, params: published.put_nowait(params.uri))
        await client.start_io(sys.executable, "-m", "interpreter.command", "lsp", cwd=ROOT)
        await client.initialize_async(T.InitializeParams(capabilities=T.ClientCapabilities()))
        client.initialized(T.InitializedParams())
        client.text_document_did_open(T.DidOpenTextDocumentParams(
            text_document=T.TextDocumentItem(uri=uri, language_id="yaml", version=0, text=text)))
        while await published.get() != uri:
            pass
        took = []
        for i in range(1, keystrokes + 1):
            t = time.perf_counter()
            client.text_document_did_change(T.DidChangeTextDocumentParams(
                text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=i),
                content_changes=[T.TextDocumentContentChangeWholeDocument(text=typed[i])]))
            while await published.get() != uri:
                pass
            took.append(time.perf_counter() - t)
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
        return took

    took = sorted(asyncio.run(run()))
    folder = os.path.dirname(path)
    validate(folder, {path: typed[0]})
    cpu = []
    for t in typed[1:]:
        c = time.process_time()
        validate(folder, {path: t + " "})  # texts the server has not seen: nothing read from a cache
        cpu.append(time.process_time() - c)
    return {"file": LSP_FILE, "keystrokes": keystrokes, "median_seconds": round(took[len(took) // 2], 3),
            "worst_seconds": round(took[-1], 3), "check_cpu_seconds": round(sorted(cpu)[len(cpu) // 2], 3)}


def _say_lsp(r: dict) -> str:
    return (f"meeple lsp, a keystroke in {r['file']}: diagnostics in {r['median_seconds']} s (median of "
            f"{r['keystrokes']}), {r['worst_seconds']} s at worst; the check itself {r['check_cpu_seconds']} s of CPU")


def bots(quick: bool, say) -> list:
    """Per bundled game: a clone's cost early and late in a match, resamples a second, and seconds a match of
    greedy and of the default mcts (every seat the same agent)."""
    import random
    import statistics

    from interpreter import Match, make_agent
    out = []
    for name, folder in bundled_games().items():
        game = load_game(folder)
        n = min(max(3, game.min_players), game.max_players)
        m = Match(game, n, seed=1)
        rng, length = random.Random(1), 0
        while not m.over:
            m.choose(rng.randrange(m.pending.size))
            length += 1
        costs = {}
        for label, at in (("early", max(1, length // 10)), ("late", max(1, length * 8 // 10))):
            m = Match(game, n, seed=1)
            rng = random.Random(1)
            for _ in range(at):
                m.choose(rng.randrange(m.pending.size))
            times = []
            for _ in range(20):
                t = time.perf_counter()
                m.clone().close()
                times.append(time.perf_counter() - t)
            costs[label] = statistics.median(times)
            if label == "late":
                t, k = time.perf_counter(), 0
                while time.perf_counter() - t < (0.3 if quick else 1.0):
                    m.resample(m.pending.player.seat, random.Random(k)).close()
                    k += 1
                costs["resamples_per_second"] = k / (time.perf_counter() - t)
                # the default search's iterations a CPU second here (a resample, the tree, a playout each)
                searcher = make_agent("mcts", m.pending.player.seat, 1)
                t, done = time.process_time(), 0
                while time.process_time() - t < (0.3 if quick else 1.0):
                    searcher.choose(None, m.pending)
                    done += searcher.last_stats.get("iterations", 0)
                costs["iterations_per_second"] = done / (time.process_time() - t)
        entry = {"game": name, "players": n, "decisions": length, "clone_early_ms": round(costs["early"] * 1e3, 3),
                 "clone_late_ms": round(costs["late"] * 1e3, 3),
                 "resamples_per_second": round(costs["resamples_per_second"], 1),
                 "mcts_iterations_per_cpu_second": round(costs["iterations_per_second"], 1)}
        for agent in ("greedy", "mcts"):
            t = time.process_time()
            play(game, n, 7, {}, [make_agent(agent, s, 7) for s in range(1, n + 1)], narrate=False)
            entry[f"{agent}_seconds_a_match"] = round(time.process_time() - t, 2)
        out.append(entry)
        say(f"{name:12} {n} players: a clone at decision {length // 10} {entry['clone_early_ms']} ms, at "
            f"{length * 8 // 10} {entry['clone_late_ms']} ms; {entry['resamples_per_second']} resamples/s, "
            f"{entry['mcts_iterations_per_cpu_second']} mcts iterations a CPU second there; a match "
            f"of greedy {entry['greedy_seconds_a_match']} s, of mcts {entry['mcts_seconds_a_match']} s (CPU)")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="meeple's benchmark")
    ap.add_argument("--quick", action="store_true", help="one player count per game, short runs")
    ap.add_argument("--json", action="store_true", help="JSON on stdout")
    ap.add_argument("--profile", metavar="GAME", help="profile random matches of GAME instead (with --bots: a match of the default mcts)")
    ap.add_argument("--players", type=int, default=3, help="the player count of --quick, the baseline and --profile")
    ap.add_argument("--no-parallel", action="store_true", help="skip the 1 vs 2 workers measure")
    ap.add_argument("--lsp", action="store_true", help="only the language server's answer to a keystroke")
    ap.add_argument("--against", metavar="REV", help="only this engine against REV's (a commit), same content, in turns")
    ap.add_argument("--rounds", type=int, default=5, help="the turns of --against")
    ap.add_argument("--bots", action="store_true", help="only the copies' costs and the bots' seconds a match")
    ap.add_argument("--rl", action="store_true", help="only the learning environments against bare decisions")
    ap.add_argument("--against-openspiel", action="store_true",
                    help="with --bots: the default mcts against OpenSpiel's ISMCTS, 100 iterations each (tools/strength.py)")
    a = ap.parse_args(argv)
    say = (lambda *x: print(*x, file=sys.stderr)) if a.json else print  # with --json, stdout is the JSON alone
    if a.bots and a.against_openspiel:
        import strength  # the yardstick games and the match-up are written once, there
        r = {name: strength.against_openspiel(name, players, 10 if a.quick else 40, 100, say)
             for name, players in strength.YARDSTICK}
        if a.json:
            print(json.dumps({"against_openspiel": r}, indent=1))
        return 0
    if a.bots and a.profile:
        profile(a.profile, a.players, 1, bots=True)
        return 0
    if a.bots:
        r = bots(a.quick, say)
        if a.json:
            print(json.dumps({"bots": r}, indent=1))
        return 0
    if a.rl:
        r = rl_speed(0.6 if a.quick else 3.0, say)
        r = {"games": r, "against_openspiel": rl_against_openspiel(0.6 if a.quick else 3.0, 1 if a.quick else 3, say)}
        if a.json:
            print(json.dumps({"rl": r}, indent=1))
        return 0
    if a.profile:
        profile(a.profile, a.players, 30)
        return 0
    if a.against:
        r = against(a.against, a.players, 50 if a.quick else 300, a.rounds, say)
        if a.json:
            print(json.dumps({"against": a.against, "games": r}, indent=1))
        return 0
    if a.lsp:
        r = lsp_keystrokes()
        print(json.dumps(r) if a.json else _say_lsp(r))
        return 0
    seconds = 0.6 if a.quick else 3.0
    report = {"games": [], "baseline": None, "skipped": [], "python": sys.version.split()[0],
              "cpus": os.cpu_count(), "quick": a.quick}
    loaded = {}
    cache = tempfile.mkdtemp(prefix="meeple-bench-cache-")
    os.environ["MEEPLE_CACHE"] = "off"  # this process's loads reuse nothing on disk (the children say their own)
    report["validate"] = validate_times(cache, 2 if a.quick else 3)
    v = report["validate"]
    say(f"meeple validate content (new process, CPU): cold {v['cold_cpu_seconds']} s, "
        f"with the disk cache {v['cached_cpu_seconds']} s; a process's start and imports {v['start_cpu_seconds']} s, "
        f"then {v['cold_cpu_seconds_per_game']} s a game ({v['games']} games)")
    for name, folder in bundled_games().items():
        try:
            game, first, best = load_times(folder, 2 if a.quick else 4)
        except ContentError as e:
            report["skipped"].append({"game": name, "reason": f"does not load: {len(e.diagnostics)} problem(s), "
                                                               f"first: {e.diagnostics[0]}"})
            say(f"{name}: skipped, it does not load ({e.diagnostics[0]})")
            continue
        loaded[name] = game
        new_cold, new_cached = new_process_load(folder, None), new_process_load(folder, cache)
        counts = ([min(max(a.players, game.min_players), game.max_players)] if a.quick
                  else list(range(game.min_players, game.max_players + 1)))
        for n in counts:
            try:
                r = timed(game, n, seconds)
            except MeepleError as e:
                report["skipped"].append({"game": name, "players": n, "reason": f"a match failed: {e}"})
                say(f"{name}: {n} players skipped, a match failed ({e})")
                continue
            entry = {"game": name, "players": n, "games_per_second": r["games_per_second"],
                     "decisions_per_second": r["decisions_per_second"], "load_seconds": round(best, 4),
                     "first_load_seconds": round(first, 4), "new_process_load_seconds": round(new_cold, 4),
                     "new_process_cached_load_seconds": round(new_cached, 4), "matches": r["games"],
                     "new_match_microseconds": round(new_match_cost(game, n), 1)}
            report["games"].append(entry)
            say(f"{name:12} {n} players: {entry['games_per_second']:8.1f} games/s {entry['decisions_per_second']:10.0f} "
                f"decisions/s   a new match {entry['new_match_microseconds']:.0f} us   load {best:.3f} s (first in process {first:.3f} s; new process {new_cold:.3f} s, "
                f"{new_cached:.3f} s with the disk cache)")
    if BASELINE_GAME in loaded:
        game = loaded[BASELINE_GAME]
        n = min(max(a.players, game.min_players), game.max_players)
        report["baseline"] = baseline(game, n, seconds * 2)
        b = report["baseline"]
        say(f"baseline {BASELINE_GAME} {n} players: hand-written {b['handwritten_games_per_second']} games/s, "
            f"interpreted {b['interpreted_games_per_second']} games/s, ratio {b['ratio']}")
        if not a.no_parallel:
            report["parallel"] = parallel(game, n, 300 if a.quick else 5000, cache)
            p = report["parallel"]
            say(f"parallel {p['games']} matches (start {p['start_seconds']} s): 1 worker {p['jobs_1_seconds']} s, "
                f"2 workers {p['jobs_2_seconds']} s, "
                f"speed-up {p['speedup']} (CPU {p['jobs_1_cpu_seconds']} s and {p['jobs_2_cpu_seconds']} s)")
    report["openspiel"] = openspiel(loaded, seconds)
    for o in report["openspiel"]:
        say(f"{o['game']:12} {o['players']} players: meeple {o['meeple_decisions_per_second']:10.0f} decisions/s, "
            f"OpenSpiel {o['openspiel_actions_per_second']:10.0f} actions/s (ratio {o['ratio']})")
    report["lsp"] = r = lsp_keystrokes()
    say(_say_lsp(r))
    shutil.rmtree(cache, ignore_errors=True)
    if a.json:
        print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
