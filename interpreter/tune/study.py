"""The search: an Optuna study (TPE by default) asked for trials and told their loss, kept in SQLite so that a
tuning stops and goes on. This process holds the study; workers (local processes, a Dask cluster) only play
matches, so a cluster needs no access to the study's file.

A trial plays the same seeds as every other (common random numbers: two trials differ by their values, not
by their luck), in rungs; after each rung but the last it reports its loss so far, and the noise pruner stops
it when even the favourable end of its interval is worse than the best finished trial's loss.
"""
from __future__ import annotations

import concurrent.futures as cf
import contextlib
import itertools
import json
import os
import random
import signal
import socket
import sys
from dataclasses import dataclass

from ..errors import RuntimeContentError, UsageError
from .goals import measure
from .trials import play_chunk

NAME = "meeple-tune"


def optuna():
    try:
        import optuna
    except ImportError:
        raise UsageError("meeple tune needs the `optuna` package: pip install 'meeple[tune]'") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


def noise_pruner():
    """Prunes a trial whose loss interval, so far, lies wholly above the best finished trial's loss."""
    opt = optuna()

    class NoisePruner(opt.pruners.BasePruner):
        def prune(self, study, trial) -> bool:
            low = trial.user_attrs.get("low")
            done = [t.value for t in study.get_trials(deepcopy=False, states=(opt.trial.TrialState.COMPLETE,))]
            return low is not None and bool(done) and low > min(done)

    return NoisePruner()


@dataclass
class Plan:
    """What the trials play: the same for every trial, and what a resumed study must match."""
    folder: str
    mods: list
    players: int
    options: dict
    names: list
    agent_options: dict
    games: int
    seed: int
    rungs: int

    def jobs(self, files: tuple, seeds: list, size: int) -> list:
        base = {"folder": self.folder, "mods": list(self.mods), "files": files, "players": self.players,
                "options": self.options, "names": self.names, "agent_options": self.agent_options}
        return [{**base, "seeds": seeds[i:i + size]} for i in range(0, len(seeds), size)]

    def rung_seeds(self, r: int) -> list:
        per = -(-self.games // self.rungs)
        return list(range(self.seed + r * per, self.seed + min(self.games, (r + 1) * per)))


class _Inline(cf.Executor):
    """One process: each job runs as it is submitted."""

    def submit(self, fn, /, *args, **kwargs):
        f = cf.Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as e:  # noqa: BLE001 - handed to whoever waits on the future, as a pool would
            f.set_exception(e)
        return f


@contextlib.contextmanager
def workers(jobs: int | None, backend: str, address: str | None):
    """An executor and how many jobs it runs at once: this process, local processes or a Dask cluster."""
    if backend == "dask":
        if not address:
            raise UsageError("--backend dask needs --address tcp://HOST:PORT (a running Dask scheduler)")
        try:
            from distributed import Client
        except ImportError:
            raise UsageError("--backend dask needs the `distributed` package: pip install 'meeple[dask]'") from None
        from ..sim.batch import _probe
        _probe(address)
        client = Client(address, timeout="20s")
        try:
            n = sum(w.get("nthreads", 1) for w in client.scheduler_info().get("workers", {}).values())
            yield client.get_executor(pure=False), max(1, n)
        finally:
            client.close()
    elif backend != "local":
        raise UsageError(f"unknown backend `{backend}` (backends: local, dask)")
    elif (jobs or os.cpu_count() or 1) == 1:
        yield _Inline(), 1
    else:
        import multiprocessing as mp
        n = jobs or os.cpu_count() or 1
        # spawned, not forked: this process holds the study's database connection and its threads; the workers
        # leave Ctrl-C to this process, which stops them
        ex = cf.ProcessPoolExecutor(n, mp_context=mp.get_context("spawn"), initializer=_leave_interrupts)
        try:
            yield ex, n
        except BaseException:
            ex.shutdown(wait=False, cancel_futures=True)
            for proc in list((getattr(ex, "_processes", None) or {}).values()):  # (no public way to stop them)
                proc.terminate()
            raise
        ex.shutdown(wait=True)


def _leave_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play(executor, plan: Plan, files: tuple, seeds: list, width: int) -> list:
    """Every match of `seeds` on the game with a mod's files, spread over the workers, in seed order."""
    size = max(1, min(50, len(seeds) // (width * 4) or 1))
    out = []
    for f in [executor.submit(play_chunk, j) for j in plan.jobs(files, seeds, size)]:
        out += f.result()
    return out


def open_study(path: str, setup: dict, sampler: str, seed: int, trials: int, prune: bool):
    """The study in its SQLite file, new or resumed (then it must have been made for the same tuning), its
    trials left running by a process that is gone marked failed."""
    opt = optuna()
    samplers = {"tpe": lambda: opt.samplers.TPESampler(seed=seed, n_startup_trials=max(3, min(10, trials // 4))),
                "random": lambda: opt.samplers.RandomSampler(seed=seed)}
    if sampler not in samplers:
        raise UsageError(f"unknown sampler `{sampler}` (samplers: {', '.join(samplers)})")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    study = opt.create_study(storage=f"sqlite:///{os.path.abspath(path)}", study_name=NAME, direction="minimize",
                             sampler=samplers[sampler](), pruner=noise_pruner() if prune else opt.pruners.NopPruner(),
                             load_if_exists=True)
    was = study.user_attrs.get("setup")
    if was is None:
        study.set_user_attr("setup", setup)
    elif was != setup:
        diff = sorted(k for k in set(was) | set(setup) if was.get(k) != setup.get(k))
        raise UsageError(f"{path}: this study was made for another tuning (it differs in {', '.join(diff)}); "
                         "give another --study file, or the same settings to go on with it")
    for t in study.get_trials(deepcopy=False, states=(opt.trial.TrialState.RUNNING,)):
        if not _alive(t.user_attrs.get("owner")):
            study.tell(t.number, state=opt.trial.TrialState.FAIL)
    return study


def _owner() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _alive(owner) -> bool:
    """Whether the process that ran a trial still runs (one on another machine is taken to)."""
    host, _, pid = str(owner).rpartition(":")
    if not pid.isdigit():
        return False
    if host != socket.gethostname():
        return True
    if int(pid) == os.getpid():  # this process has just started: a trial it "runs" is an older one's
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def search(study, plan: Plan, varies: list, goals: list, make_files, trials: int, executor, width: int,
           say=None) -> None:
    """Runs trials until the study has `trials` finished ones (complete or pruned), `width` at a time."""
    opt = optuna()
    state = opt.trial.TrialState
    finished = (state.COMPLETE, state.PRUNED)
    if not study.trials and all(v.current in v.values() for v in varies):  # the first trial: the game as it is
        study.enqueue_trial({v.path: v.current for v in varies})
    flying: dict = {}  # future -> (trial, rung, its results so far, its mod's files)

    def done_count() -> int:
        return len(study.get_trials(deepcopy=False, states=finished))

    def start(trial, rung: int, results: list, files: tuple) -> None:
        seeds = plan.rung_seeds(rung)
        job, = plan.jobs(files, seeds, len(seeds))  # a rung is one job: `width` trials keep the workers busy
        flying[executor.submit(play_chunk, job)] = (trial, rung, results, files)

    left = True  # values not played yet remain

    try:
        while True:
            while left and len(flying) < width and done_count() + len(flying) < trials:
                trial = study.ask()
                trial.set_user_attr("owner", _owner())
                values = {v.path: v.suggest(trial) for v in varies}
                played = [t.params for t in study.get_trials(deepcopy=False, states=finished)]
                played += [t.params for t, *_ in flying.values()]
                if values not in played:
                    start(trial, 0, [], make_files(values))
                    continue
                # the same values on the same seeds are the same matches: not a trial; values not played instead
                trial.set_user_attr("repeats", True)
                study.tell(trial, state=state.FAIL)
                other = _unplayed(varies, played, random.Random(f"{plan.seed}:{trial.number}"))
                if other is None:
                    left = False  # every combination of the values was played
                else:
                    study.enqueue_trial(other)
            if not flying:
                return
            for f in cf.wait(list(flying), return_when=cf.FIRST_COMPLETED).done:
                trial, rung, results, files = flying.pop(f)
                try:
                    results = results + f.result()
                except RuntimeContentError as e:  # the values that broke the game are the news
                    study.tell(trial, state=state.FAIL)
                    values = ", ".join(f"{k}={v}" for k, v in trial.params.items())
                    raise RuntimeContentError(f"{e.message} (trial {trial.number}: {values})", e.place) from None
                m = measure(goals, results, plan.players)
                trial.set_user_attr("measure", m.as_dict())
                trial.set_user_attr("games", len(results))
                if rung + 1 == plan.rungs:
                    study.tell(trial, m.value)
                    say and say(trial.number, trial.params, m, "")
                    continue
                trial.set_user_attr("low", m.low)
                trial.report(m.value, len(results))
                if trial.should_prune():
                    study.tell(trial, state=state.PRUNED)
                    say and say(trial.number, trial.params, m, f"pruned after {len(results)} matches")
                else:
                    start(trial, rung + 1, results, files)
    finally:  # stopped (an interrupt, a failure): the trials in flight are failed, to be asked again on resume
        for f in flying:
            f.cancel()
        for trial, *_ in flying.values():
            with contextlib.suppress(Exception):
                study.tell(trial, state=state.FAIL, skip_if_finished=True)


def _unplayed(varies: list, played: list, rng: random.Random, tries: int = 10_000) -> dict | None:
    """Values of the ranges not played yet, at random (None: every combination was played)."""
    paths, ranges = [v.path for v in varies], [v.values() for v in varies]

    def values(c) -> dict:
        return dict(zip(paths, c, strict=True))
    size = 1
    for r in ranges:
        size *= len(r)
    if size <= 100_000:
        left = [c for c in itertools.product(*ranges) if values(c) not in played]
        return values(rng.choice(left)) if left else None
    return next((values(c) for c in ([rng.choice(r) for r in ranges] for _ in range(tries))
                 if values(c) not in played), None)


def trials_table(study) -> list[dict]:
    """Every finished trial: number, state, values, loss with its interval, matches played."""
    opt = optuna()
    out = []
    for t in study.get_trials(deepcopy=False, states=(opt.trial.TrialState.COMPLETE, opt.trial.TrialState.PRUNED)):
        m = t.user_attrs.get("measure") or {}
        out.append({"number": t.number, "state": t.state.name.lower(), "params": dict(t.params),
                    "value": m.get("value"), "ci95": m.get("ci95"), "games": t.user_attrs.get("games"),
                    "parts": m.get("parts", {})})
    return out


def setup_of(plan: Plan, varies: list, goals: list, game_id: str) -> dict:
    """What makes two tunings the same one (stored in the study; paths of this machine left out)."""
    return json.loads(json.dumps({
        "game": game_id, "mods": [os.path.basename(os.path.normpath(m)) for m in plan.mods], "players": plan.players,
        "options": plan.options, "agents": plan.names, "agent_options": plan.agent_options, "games": plan.games,
        "seed": plan.seed, "rungs": plan.rungs, "goals": [str(g) for g in goals],
        "vary": [f"{v.path}={v.values()}" for v in varies]}))


def print_trial(number: int, params: dict, m, note: str) -> None:
    values = ", ".join(f"{k}={v}" for k, v in params.items())
    print(f"trial {number}: {values}: loss {m.value:.4f} (95% CI {m.low:.4f}-{m.high:.4f})"
          + (f", {note}" if note else ""), file=sys.stderr)
