"""Mutation testing of a bundled game's content: how much its tests pin its rules.

    python tools/mutate.py kaiju-inc                 # every mutant; the kill rate and the survivors
    python tools/mutate.py debtzilla --json          # {"killed", "mutants", "equivalent", "survivors": [...], ...}
    python tools/mutate.py happy-city --sample 200 --seed 1 --jobs 2
    python tools/mutate.py kaiju-inc --limit 50      # the first 50 mutants only

Each mutant (interpreter/mutants/: a number one more or less, a comparison changed, a condition negated, a
statement or a shuffle removed, a list item dropped) is loaded first: one that does not load is stillborn
(listed, not counted), one that compiles to the same game is equivalent (listed with why, counted in
`mutants`, not in the rate). The others run the game's own tests, in worker processes that collected them
once: the loader reads the mutant's text in place of its file, the tests' cached games are dropped, and the
tests run until the first that fails (the mutant is killed) or all pass (it survives). A mutant whose tests run
far longer than the unchanged content's is killed by the time limit (a rule changed into an endless loop).
Tests first run on the unchanged content; the order then puts first the tests that ran the mutant's line
(for effect text) or that name its card, then the fastest.

kill rate = killed / (mutants - equivalent)
"""
from __future__ import annotations

import argparse
import json
import os
import random
import select
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from interpreter.mutants.content import Content  # noqa: E402

TESTS = {"kaiju-inc": "tests/kaiju", "happy-city": "tests/happy_city", "debtzilla": "tests/debtzilla"}


def game_folder(game: str) -> str:
    return game if os.path.isdir(game) else os.path.join(ROOT, "content", game)


# ---------------------------------------------------------------- the worker: one pytest session, many mutants
class WorkerPlugin:
    def __init__(self, folder: str, tasks: int, results: int):
        self.folder = folder
        self.tasks = os.fdopen(tasks, "r")
        self.results = os.fdopen(results, "w", buffering=1)

    def send(self, **msg):
        self.results.write(json.dumps(msg) + "\n")
        self.results.flush()

    def pytest_runtestloop(self, session):
        from _pytest.runner import runtestprotocol

        from interpreter.mutants.load import overlay
        content = Content(self.folder)
        mutants = content.mutants()
        items = list(session.items)

        def run(item) -> bool:
            reports = runtestprotocol(item, nextitem=None, log=False)
            return not any(r.failed for r in reports)

        # the unchanged content: every test once (one that fails is left out), with its time
        times, passing = {}, []
        t0 = time.perf_counter()
        for item in items:
            t = time.perf_counter()
            ok = run(item)
            times[item.nodeid] = time.perf_counter() - t
            if ok:
                passing.append(item)
        passing.sort(key=lambda it: times[it.nodeid])
        self.send(ready=True, tests=len(passing), failing=[it.nodeid for it in items if it not in passing],
                  seconds=time.perf_counter() - t0)
        for line in self.tasks:
            m = mutants[int(line)]
            texts = content.texts(m)
            with overlay(texts):
                status, why = content.verdict(m, texts)
                if status == "live":
                    _forget_games()
                    status, why = "survived", ""
                    for item in passing:
                        if not run(item):
                            status, why = "killed", item.nodeid
                            break
            _forget_games()
            self.send(id=m.id, status=status, why=why)
        return True


def _forget_games():
    """The tests keep their loaded games (functools caches in the test modules): drop them."""
    tests = os.path.join(ROOT, "tests") + os.sep
    for mod in list(sys.modules.values()):
        if (getattr(mod, "__file__", None) or "").startswith(tests):
            for value in list(vars(mod).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", None) == mod.__name__:
                    clear()


def worker(game: str, tasks: int, results: int) -> int:
    import pytest
    os.chdir(ROOT)
    plugin = WorkerPlugin(game_folder(game), tasks, results)
    return pytest.main([TESTS[game], "-q", "-p", "no:cacheprovider", "-p", "no:randomly"], plugins=[plugin])


# ---------------------------------------------------------------- the parent: hands out mutants, keeps time
class Worker:
    def __init__(self, game: str, log):
        self.game, self.log = game, log
        self.start()

    def start(self):
        tr, tw = os.pipe()
        rr, rw = os.pipe()
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), self.game, "--worker", f"{tr},{rw}"],
                                     pass_fds=(tr, rw), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=self.log, cwd=ROOT)
        os.close(tr)
        os.close(rw)
        self.tasks = os.fdopen(tw, "w", buffering=1)
        self.fd = rr
        self.buffer = b""
        self.ready = False
        self.current = None  # (mutant id, when it was sent)
        self.baseline = None

    def send(self, mutant_id: int):
        self.tasks.write(f"{mutant_id}\n")
        self.tasks.flush()
        self.current = (mutant_id, time.monotonic())

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


def run(game: str, ids: list[int], jobs: int, progress) -> tuple[dict, dict]:
    """{mutant id: (status, why)} and what the workers said of the unchanged content."""
    results: dict = {}
    todo = list(reversed(ids))
    info: dict = {}
    with tempfile.TemporaryFile("w+") as log:
        workers = [Worker(game, log) for _ in range(max(1, min(jobs, len(ids))))]
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
                            if msg.get("ready"):
                                w.ready, w.baseline = True, msg["seconds"]
                                info.update(tests=msg["tests"], failing=msg["failing"], baseline_seconds=msg["seconds"])
                            else:
                                results[msg["id"]] = (msg["status"], msg["why"])
                                w.current = None
                                progress(len(results), len(ids))
                    elif w.current is not None and w.baseline is not None and now - w.current[1] > 3 * w.baseline + 30:
                        results[w.current[0]] = ("killed", "time limit (the tests ran far longer than unchanged)")
                        progress(len(results), len(ids))
                        w.stop()
                        w.start()
        finally:
            for w in workers:
                w.stop()
    return results, info


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Mutation testing of a game's content: how much its tests pin.")
    ap.add_argument("game", help="a bundled game: " + ", ".join(TESTS))
    ap.add_argument("--json", action="store_true", help="print the figures as JSON (nothing else on stdout)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: the cores)")
    ap.add_argument("--limit", type=int, help="the first N mutants only")
    ap.add_argument("--sample", type=int, help="N mutants drawn at random (with --seed)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.game not in TESTS:
        ap.error(f"unknown game {args.game!r}: one of {', '.join(TESTS)}")
    if args.worker:
        tasks, results = (int(x) for x in args.worker.split(","))
        return worker(args.game, tasks, results)

    t0 = time.perf_counter()
    content = Content(game_folder(args.game))
    mutants = content.mutants()
    chosen = mutants
    if args.sample is not None:
        chosen = sorted(random.Random(args.seed).sample(mutants, min(args.sample, len(mutants))), key=lambda m: m.id)
    if args.limit is not None:
        chosen = chosen[: args.limit]
    quiet = args.json or not sys.stderr.isatty()

    def progress(done, total):
        if not quiet:
            print(f"\r{done}/{total} mutants", end="", file=sys.stderr, flush=True)

    results, info = run(args.game, [m.id for m in chosen], args.jobs, progress)
    if not quiet:
        print(file=sys.stderr)
    by = {s: [m for m in chosen if results[m.id][0] == s] for s in ("killed", "survived", "equivalent", "stillborn")}
    counted = len(chosen) - len(by["stillborn"])
    rate = len(by["killed"]) / max(1, counted - len(by["equivalent"]))
    out = {
        "game": args.game, "mutants": counted, "killed": len(by["killed"]), "equivalent": len(by["equivalent"]),
        "survived": len(by["survived"]), "stillborn": len(by["stillborn"]), "generated": len(mutants),
        "kill_rate": round(rate, 4), "seconds": round(time.perf_counter() - t0, 1),
        "tests": info.get("tests"), "failing_unchanged": info.get("failing", []),
        "survivors": [m.as_dict() for m in by["survived"]],
        "equivalents": [{**m.as_dict(), "why": results[m.id][1]} for m in by["equivalent"]],
        "stillborns": [{**m.as_dict(), "why": results[m.id][1]} for m in by["stillborn"]],
    }
    if args.sample is not None:
        out["sample"] = {"size": len(chosen), "seed": args.seed}
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"{args.game}: {out['killed']} of {counted - out['equivalent']} mutants killed ({100 * rate:.1f}%); "
          f"{out['survived']} survived, {out['equivalent']} equivalent, {out['stillborn']} stillborn "
          f"(of {len(chosen)} tried, {len(mutants)} generated), {out['seconds']} s")
    if info.get("failing"):
        print("tests failing on the unchanged content (left out): " + ", ".join(info["failing"]))
    for m in by["survived"]:
        print(f"  survived  {m.label()}")
    for m in by["equivalent"]:
        print(f"  equivalent  {m.label()}: {results[m.id][1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
