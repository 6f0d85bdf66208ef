"""Mutation testing of a bundled game's content: how much its tests pin its rules.

    python tools/mutate.py kaiju-inc                 # every mutant; the kill rate and the survivors
    python tools/mutate.py debtzilla --json          # {"killed", "mutants", "equivalent", "survivors": [...], ...}
    python tools/mutate.py happy-city --sample 200 --seed 1 --jobs 2
    python tools/mutate.py kaiju-inc --where gazhonga --where procedures.income   # one card's, one procedure's
    python tools/mutate.py path/to/game --tests path/to/tests                     # any game folder

Each mutant (interpreter/mutants/: a number one more or less, a comparison made loose or strict or turned
around, a condition negated, a statement or a shuffle removed, a list item dropped) is loaded first: one that
does not load is stillborn (listed, not counted); one that compiles to the same game as the unchanged content,
or changes only a card field no effect text reads, is equivalent (listed with why, counted in `mutants`, left
out of the rate). The others run the game's tests,
in worker processes that collected them once: the loader reads the mutant's text in place of its file, the
tests' cached games are dropped (a game loaded again with the same options during one mutant is loaded once),
and the tests run until the first that fails (the mutant is killed) or all pass (it survives). A mutant whose
tests run far longer than the unchanged content's is killed by the time limit (a rule made an endless loop).

Each worker first runs every test on the unchanged content, tracing the lines of effect text each runs and
the card fields each reads (interpreter/mutants/trace.py). A test that never ran a changed text, or never read
a changed field, cannot see the change and is left out (`--all-tests` runs it anyway); the others run those
that ran the mutant's line or read its field first, then those that ran its card or section or name it, fastest
first. Tests must keep loaded games in functools caches (dropped for each mutant); a game held in a plain module
variable never sees a mutant and is reported.

kill rate = killed / (mutants - equivalent)
"""
from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import resource
import select
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from interpreter.mutants.content import Content  # noqa: E402

LOADING_LIMIT = 120  # seconds a mutant may take to load (its tests have their own limit, from their times)
TESTS = {"kaiju-inc": "tests/kaiju", "happy-city": "tests/happy_city", "debtzilla": "tests/debtzilla"}


def game_folder(game: str) -> str:
    return os.path.join(ROOT, "content", game) if game in TESTS else os.path.abspath(game)


def tests_path(game: str, given: str | None) -> str:
    return os.path.abspath(given) if given else os.path.join(ROOT, TESTS[game])


# ---------------------------------------------------------------- the worker: one pytest session, many mutants
class WorkerPlugin:
    def __init__(self, folder: str, tests: str, tasks: int, results: int, all_tests: bool):
        self.folder, self.all_tests = folder, all_tests
        self.roots = [os.path.join(ROOT, "tests"), tests if os.path.isdir(tests) else os.path.dirname(tests)]
        self.tasks = os.fdopen(tasks, "r")
        self.results = os.fdopen(results, "w", buffering=1)
        self.failed = False

    def send(self, **msg):
        self.results.write(json.dumps(msg) + "\n")
        self.results.flush()

    # pytest's public hooks: this plugin's `pytest_runtestloop` takes the place of the default loop and runs each
    # test through `pytest_runtest_protocol` (setup, call, teardown, each reported); `pytest_runtest_logreport`
    # notes whether a phase failed
    def pytest_runtest_logreport(self, report):
        if report.failed:
            self.failed = True

    def pytest_runtestloop(self, session):
        from interpreter.mutants.load import overlay
        from interpreter.mutants.trace import Coverage, LoadMemo, Seen, plan
        content = Content(self.folder)
        mutants = content.mutants()
        items = list(session.items)

        def run(item) -> bool:
            self.failed = False
            item.ihook.pytest_runtest_protocol(item=item, nextitem=None)
            return not self.failed

        # the unchanged content: every test once (one that fails is left out), with its time, the lines of
        # effect text it ran and the card fields it read
        times, seen, passing = {}, {}, []
        t0 = time.perf_counter()
        _forget_games(self.roots)  # games loaded while collecting: loaded again, traced
        with Coverage(self.folder) as cov:
            for item in items:
                cov.lines, cov.reads = set(), set()
                t = time.perf_counter()
                ok = run(item)
                times[item] = time.perf_counter() - t
                seen[item] = Seen(cov.lines, cov.reads, _source(item))
                if ok:
                    passing.append(item)
        passing.sort(key=lambda it: times[it])
        self.send(ready=True, tests=len(passing), failing=[it.nodeid for it in items if it not in passing],
                  seconds=time.perf_counter() - t0, kept=_kept_games(self.roots))
        memo = LoadMemo()
        for line in self.tasks:
            m = mutants[int(line)]
            t = time.process_time()
            ran, checked = 0, 0.0
            changed = content.texts(m)
            with overlay(changed), memo:
                status, why = content.verdict(m, changed)
                checked = time.process_time() - t
                if status == "live":
                    _forget_games(self.roots)
                    memo.serving = True
                    tests = plan(m, passing, seen, self.all_tests)
                    # a limit for the parent to enforce: the tests may be slower, not endless
                    self.send(started=m.id, limit=10 + 3 * sum(times[it] for it in tests))
                    status, why = "survived", f"{len(tests)} tests see it, every one passes"
                    if not tests:
                        why = "no test runs this text" if m.text else "no test reads this field" if m.field \
                            else "no test"
                    for item in tests:
                        ran += 1
                        if not run(item):
                            status, why = "killed", item.nodeid
                            break
            _forget_games(self.roots)
            self.send(id=m.id, status=status, why=why, tests=ran, cpu=round(time.process_time() - t, 3),
                      check=round(checked, 3))
        return True


def _source(item) -> str:
    fn = getattr(item, "function", None)
    try:
        return inspect.getsource(fn) if fn is not None else ""
    except (OSError, TypeError):
        return ""


def _kept_games(roots) -> list[str]:
    """Games the test modules hold in plain variables: loaded once, they never see a mutant."""
    from interpreter.model.gamedef import GameDef
    roots = tuple(os.path.join(r, "") for r in roots)
    return sorted(f"{mod.__name__}.{k}" for mod in list(sys.modules.values())
                  if (getattr(mod, "__file__", None) or "").startswith(roots)
                  for k, v in list(vars(mod).items()) if isinstance(v, GameDef))


def _forget_games(roots):
    """The tests keep their loaded games (functools caches in the test modules): drop them."""
    roots = tuple(os.path.join(r, "") for r in roots)
    for mod in list(sys.modules.values()):
        if (getattr(mod, "__file__", None) or "").startswith(roots):
            for value in list(vars(mod).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", None) == mod.__name__:
                    clear()


def worker(folder: str, tests: str, tasks: int, results: int, all_tests: bool) -> int:
    import pytest
    os.chdir(ROOT)
    plugin = WorkerPlugin(folder, tests, tasks, results, all_tests)
    # `-n 0`: the suite's addopts spread tests over pytest-xdist's workers, where this plugin would see none
    return pytest.main([tests, "-q", "-n", "0", "-p", "no:cacheprovider", "-p", "no:randomly"], plugins=[plugin])


# ---------------------------------------------------------------- the parent: hands out mutants, keeps time
class Worker:
    def __init__(self, folder: str, tests: str, log, env: dict, options: list):
        self.folder, self.tests, self.log, self.env, self.options = folder, tests, log, env, options
        self.start()

    def start(self):
        tr, tw = os.pipe()
        rr, rw = os.pipe()
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), self.folder, "--tests", self.tests,
                                      "--worker", f"{tr},{rw}", *self.options],
                                     pass_fds=(tr, rw), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=self.log, cwd=ROOT, env=self.env)
        os.close(tr)
        os.close(rw)
        self.tasks = os.fdopen(tw, "w", buffering=1)
        self.fd = rr
        self.buffer = b""
        self.ready = False
        self.current = None  # (mutant id, when it was sent or its tests started, the seconds it may take from then)
        self.baseline = None

    def send(self, mutant_id: int):
        self.tasks.write(f"{mutant_id}\n")
        self.tasks.flush()
        self.current = (mutant_id, time.monotonic(), LOADING_LIMIT)

    def messages(self) -> list[dict]:
        data = os.read(self.fd, 65536)
        if not data:
            raise EOFError
        self.buffer += data
        *lines, self.buffer = self.buffer.split(b"\n")
        return [json.loads(x) for x in lines if x.strip()]

    def stop(self):
        try:
            self.tasks.close()
        except OSError:
            pass
        self.proc.kill()
        self.proc.wait()
        os.close(self.fd)


def run(folder: str, tests: str, ids: list[int], jobs: int, progress, options=()) -> tuple[dict, dict]:
    """{mutant id: (status, why)} and what the workers said of the unchanged content."""
    results: dict = {}
    costs: dict = {}
    todo = list(reversed(ids))
    info: dict = {}
    with tempfile.TemporaryFile("w+") as log, tempfile.TemporaryDirectory(prefix="meeple-mutate-") as cache:
        env = {**os.environ, "MEEPLE_CACHE_DIR": cache}  # the mutants' compiled code is not kept in the user's cache
        workers = [Worker(folder, tests, log, env, list(options)) for _ in range(max(1, min(jobs, len(ids))))]
        try:
            while len(results) < len(ids):
                for w in workers:
                    if w.ready and w.current is None and todo:
                        w.send(todo.pop())
                readable, _, _ = select.select([w.fd for w in workers], [], [], 1.0)
                now = time.monotonic()
                for w in workers:
                    if w.fd in readable:
                        try:
                            msgs = w.messages()
                        except EOFError:
                            msgs = None
                        if msgs is None:  # the worker died: its mutant killed it (or the setup failed)
                            if not w.ready:
                                log.seek(0)
                                raise SystemExit(f"mutate: the test worker failed before its first mutant:\n{log.read()[-3000:]}")
                            mid = w.current[0]
                            results[mid] = ("killed", "the test process died")
                            progress(len(results), len(ids))
                            w.stop()
                            w.start()
                            continue
                        for msg in msgs:
                            if "started" in msg:  # the mutant loaded; its tests may take this long
                                w.current = (msg["started"], time.monotonic(), msg["limit"])
                            elif msg.get("ready"):
                                w.ready, w.baseline = True, msg["seconds"]
                                info.update(tests=msg["tests"], failing=msg["failing"], baseline_seconds=msg["seconds"],
                                            kept=msg["kept"])
                            else:
                                results[msg["id"]] = (msg["status"], msg["why"])
                                costs[msg["id"]] = (msg["tests"], msg["cpu"], msg["check"])
                                w.current = None
                                progress(len(results), len(ids))
                    elif w.current is not None and now - w.current[1] > w.current[2]:
                        results[w.current[0]] = ("killed", "time limit (the tests ran far longer than unchanged)")
                        progress(len(results), len(ids))
                        w.stop()
                        w.start()
        finally:
            for w in workers:
                w.stop()
    info["costs"] = costs
    return results, info


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Mutation testing of a game's content: how much its tests pin.")
    ap.add_argument("game", help="a bundled game (" + ", ".join(TESTS) + "), or a game folder with --tests")
    ap.add_argument("--tests", help="the tests to run (a file or folder; default: the bundled game's)")
    ap.add_argument("--where", action="append", help="only the mutants of this card or section (`procedures.NAME`, "
                    "`phase NAME`); may be given more than once")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON (nothing else on stdout)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: the cores)")
    ap.add_argument("--limit", type=int, help="the first N mutants only")
    ap.add_argument("--sample", type=int, help="N mutants drawn at random (with --seed)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--all-tests", action="store_true",
                    help="run every test on every mutant (none left out for not running its text): slower")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.game not in TESTS and not (os.path.isfile(os.path.join(args.game, "game.yaml")) and args.tests):
        ap.error(f"unknown game {args.game!r}: one of {', '.join(TESTS)}, or a game folder with --tests")
    folder, tests = game_folder(args.game), tests_path(args.game, args.tests)
    if args.worker:
        tasks, results = (int(x) for x in args.worker.split(","))
        return worker(folder, tests, tasks, results, args.all_tests)

    t0 = time.perf_counter()
    content = Content(folder)
    mutants = content.mutants()
    chosen = [m for m in mutants if args.where is None or m.where in args.where]
    if args.sample is not None:
        chosen = sorted(random.Random(args.seed).sample(chosen, min(args.sample, len(chosen))), key=lambda m: m.id)
    if args.limit is not None:
        chosen = chosen[: args.limit]
    tty = sys.stderr.isatty()

    def progress(done, total):
        if tty:
            print(f"\r{done}/{total} mutants", end="", file=sys.stderr, flush=True)
        elif done % 100 == 0 or done == total:
            print(f"{done}/{total} mutants, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)

    ids = [m.id for m in chosen]
    results, info = run(folder, tests, ids, args.jobs, progress, ["--all-tests"] if args.all_tests else []) \
        if chosen else ({}, {"costs": {}})
    if tty:
        print(file=sys.stderr)
    by = {s: [m for m in chosen if results[m.id][0] == s] for s in ("killed", "survived", "equivalent", "stillborn")}
    counted = len(chosen) - len(by["stillborn"])
    rate = len(by["killed"]) / max(1, counted - len(by["equivalent"]))
    out = {
        "game": args.game, "mutants": counted, "killed": len(by["killed"]), "equivalent": len(by["equivalent"]),
        "survived": len(by["survived"]), "stillborn": len(by["stillborn"]), "generated": len(mutants),
        "killed_by_time_limit": sum(results[m.id][1].startswith("time limit") for m in by["killed"]),
        "kill_rate": round(rate, 4), "seconds": round(time.perf_counter() - t0, 1),
        "tests": info.get("tests"), "failing_unchanged": info.get("failing", []),
        "games_never_reloaded": info.get("kept", []),
        "survivors": [{**m.as_dict(), "why": results[m.id][1]} for m in by["survived"]],
        "equivalents": [{**m.as_dict(), "why": results[m.id][1]} for m in by["equivalent"]],
        "stillborns": [{**m.as_dict(), "why": results[m.id][1]} for m in by["stillborn"]],
    }
    costs = info["costs"]
    out["timing"] = {"workers_cpu_seconds": round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
                                                  + resource.getrusage(resource.RUSAGE_CHILDREN).ru_stime, 1),
                     "unchanged_tests_seconds": round(info.get("baseline_seconds") or 0, 2)}
    for status in ("killed", "survived", "equivalent", "stillborn"):
        c = [costs[m.id] for m in by[status] if m.id in costs]
        if c:
            out["timing"][status] = {"cpu_seconds_each": round(sum(x[1] for x in c) / len(c), 3),
                                     "loading_cpu_seconds_each": round(sum(x[2] for x in c) / len(c), 3),
                                     "tests_each": round(sum(x[0] for x in c) / len(c), 1)}
    if args.sample is not None:
        out["sample"] = {"size": len(chosen), "seed": args.seed}
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"{args.game}: {out['killed']} of {counted - out['equivalent']} mutants killed ({100 * rate:.1f}%); "
          f"{out['survived']} survived, {out['equivalent']} equivalent, {out['stillborn']} stillborn "
          f"(of {len(chosen)} tried, {len(mutants)} generated), {out['seconds']} s"
          + (f"; {out['killed_by_time_limit']} killed by the time limit" if out["killed_by_time_limit"] else ""))
    print("timing: " + json.dumps(out["timing"]))
    if info.get("failing"):
        print("tests failing on the unchanged content (left out): " + ", ".join(info["failing"]))
    if info.get("kept"):
        print("games held in test modules' variables (they never see a mutant; keep them in a functools cache): "
              + ", ".join(info["kept"]))
    for m in by["survived"]:
        why = results[m.id][1]
        print(f"  survived  {m.label()}" + (f" ({why})" if why else ""))
    for m in by["equivalent"]:
        print(f"  equivalent  {m.label()}: {results[m.id][1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
