"""Instructions executed, counted by valgrind (callgrind): a measure of speed a shared, noisy machine does not blur.

Timings on a machine shared with other work differ by a third from one minute to the next; the number of
machine instructions a run executes does not (the same seeds, PYTHONHASHSEED=0). This counts them for:

- a random match of Kaiju Incorporated, hand-written (tools/baseline/kaiju.py) and interpreted, on the same
  seeds (the very same matches), and their ratio: the benchmark's `ratio` without the noise;
- the interpreted match's setup (the match built, up to its first decision);
- `meeple validate content` in a new process with the disk cache off (imports included); with `--validate`,
  that alone (a minute or two: to compare two versions of the loader, the parser and the checker);
- with `--games`, a random match of every bundled game instead (at 3 players, or the nearest count the
  game allows): to compare two versions of the engine game by game;
- with `--copies`, a copy of a match as the search bots make them, in each seed game: a world
  (`resample(seat, rng, copies=False)` then `close`) and a clone (`clone` then `close`) at three positions of
  random matches (15, 35 and 55 choices in), the figure per world and clone: what a search iteration pays
  before it plays;
- with `--against REV`, a random match of each game REV bundles, played by REV's engine and by this one on
  the same content (tools/bench.py's `against` says how), and their ratio.

Each figure per match is (a run of N matches - a run of none) / N, so that starting Python, importing and
loading the game do not count. Each run collects and freezes what loading left before its matches: else the
garbage collector's first full collection, which goes over everything loading made, falls in the run of N
matches and not in the run of none, and adds to each match a share of it (about 0.5M instructions in 40
matches, more or less as a change to loading moves it). It needs valgrind; a run takes a few minutes.

    python tools/instructions.py [--matches 40] [--players 3] [--json]
    python tools/instructions.py --validate [--json]
    python tools/instructions.py --games [--matches 10] [--json]
    python tools/instructions.py --copies [--matches 60] [--json]
    python tools/instructions.py --against REV [--matches 10] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_HAND = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location("baseline_kaiju", "tools/baseline/kaiju.py")
hand = importlib.util.module_from_spec(spec); spec.loader.exec_module(hand)
records = hand.load_cards()
import gc; gc.collect(); gc.freeze()  # loading's objects set aside (docstring)
for seed in range({n}):
    hand.play(records, {players}, seed)
"""

_INTERPRETED = """
import sys
sys.path.insert(0, "."); sys.path.insert(0, "tools")
import bench
from interpreter import load_game
game = load_game("content/kaiju-inc")
import gc; gc.collect(); gc.freeze()  # loading's objects set aside (docstring)
bench.interpreted(game, {players}, range({n}))  # the benchmark's own matches
"""

_SETUP = """
import sys
sys.path.insert(0, ".")
from interpreter import load_game
from interpreter.runtime.match import Match
game = load_game("content/kaiju-inc")
import gc; gc.collect(); gc.freeze()
for seed in range({n}):
    Match(game, {players}, seed, {{}}, narrate=False)
"""


def _env() -> dict:
    env = dict(os.environ, PYTHONHASHSEED="0", MEEPLE_CACHE="off")
    # the interpreter is run by its real path (valgrind follows no launcher script), which a virtual
    # environment's packages are not next to: they are named here
    env["PYTHONPATH"] = os.pathsep.join([p for p in sys.path if p.endswith("site-packages")]
                                        + [env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # modules read from their .pyc, as after `pip install`
    return env


def count(args: list[str], cwd: str = ROOT) -> int:
    """Instructions executed by a command (callgrind's `Collected` figure)."""
    env = _env()
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *args], cwd=cwd,
                         env=env, capture_output=True, text=True, check=False)
    found = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if out.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed on {args}:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def per_match(code: str, matches: int, players: int, cwd: str = ROOT) -> int:
    """Instructions a match of `code` (run in `cwd`, whose engine it imports) executes."""
    python = os.path.realpath(sys.executable)  # valgrind follows no launcher script
    # once without counting, so that both counted runs read the modules' .pyc (else the first compiles them)
    subprocess.run([python, "-c", code.format(n=0, players=players)], cwd=cwd, env=_env(), capture_output=True,
                   check=False)
    none = count([python, "-c", code.format(n=0, players=players)], cwd)
    many = count([python, "-c", code.format(n=matches, players=players)], cwd)
    return (many - none) // matches


_GAME = """
import sys
sys.path.insert(0, "."); sys.path.insert(0, "tools")
import bench
from interpreter import bundled_games, load_game
game = load_game(bundled_games()[{game!r}])
import gc; gc.collect(); gc.freeze()  # loading's objects set aside (docstring)
bench.interpreted(game, {seats}, range({{n}}))
"""


def games(matches: int, players: int) -> dict:
    """Instructions per random match of every bundled game: {game: (players, instructions)}."""
    sys.path.insert(0, ROOT)
    from interpreter import bundled_games, load_game
    out = {}
    for name, folder in bundled_games().items():
        game = load_game(folder)
        seats = max(game.min_players, min(players, game.max_players))
        out[name] = (seats, per_match(_GAME.format(game=name, seats=seats), matches, players))
    return out


_COPIES = """
import sys, random
sys.path.insert(0, ".")
from interpreter import bundled_games, load_game
from interpreter.runtime.match import Match
game = load_game(bundled_games()[{game!r}])
positions = []
for seed in range(3):  # random matches, 15, 35 and 55 choices in (those that end sooner left out)
    m = Match(game, {seats}, seed, narrate=False)
    draws = random.Random(seed)
    for _ in range(15 + 20 * seed):
        if m.over:
            break
        m.choose(draws.randrange(m.pending.size))
    if not m.over:
        positions.append(m)
import gc; gc.collect(); gc.freeze()  # loading's objects set aside (docstring)
deal = random.Random(1)
for k in range({{n}}):
    m = positions[k % len(positions)]
    m.resample(m.pending.player.seat, deal, False).close()
    m.clone().close()
"""

SEED_GAMES = ("kaiju-inc", "happy-city", "debtzilla")


def copies(n: int, players: int) -> dict:
    """Instructions of a world and a clone (each closed) in each seed game: {game: (players, instructions)}."""
    return {name: (players, per_match(_COPIES.format(game=name, seats=players), n, players)) for name in SEED_GAMES}


_FOLDER = """
import sys
sys.path.insert(0, ".")
from interpreter import load_game
from interpreter.sim.run import play, seat_agents
game = load_game({folder!r})
import gc; gc.collect(); gc.freeze()  # loading's objects set aside (docstring)
for s in range({{n}}):
    play(game, {seats}, s, {{{{}}}}, seat_agents({seats}, "all", s), narrate=False).close()
"""


def against(rev: str, matches: int, players: int) -> dict:
    """Instructions per random match of each game `rev` bundles, by `rev`'s engine and by this one, on `rev`'s
    content: {game: (players, old, new)}."""
    import tempfile
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from bench import checkout, players_for, with_old_defaults
    where = tempfile.mkdtemp(prefix="meeple-against-")
    try:
        old = checkout(rev, where)
        out = {}
        for name in sorted(os.listdir(os.path.join(old, "content"))):
            src = os.path.join(old, "content", name)
            if not os.path.isfile(os.path.join(src, "game.yaml")):
                continue
            ours = os.path.join(where, "content", name)
            with_old_defaults(src, ours)
            n = players_for(src, players)
            out[name] = (n, per_match(_FOLDER.format(folder=src, seats=n), matches, n, old),
                         per_match(_FOLDER.format(folder=ours, seats=n), matches, n))
        return out
    finally:
        shutil.rmtree(where, ignore_errors=True)


def validate_cold() -> int:
    """Instructions of `meeple validate content` in a new process, the disk cache off (the .pyc written first)."""
    command = [os.path.realpath(sys.executable), "-m", "interpreter.cli.main", "validate", "content"]
    subprocess.run(command, cwd=ROOT, env=_env(), capture_output=True, check=False)  # writes the .pyc first
    return count(command)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=40)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--games", action="store_true", help="a match of every bundled game instead")
    ap.add_argument("--against", metavar="REV", help="REV's engine and this one, on REV's games")
    ap.add_argument("--validate", action="store_true", help="a cold `meeple validate content` alone")
    ap.add_argument("--copies", action="store_true", help="a world and a clone, as the search bots make them")
    a = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: nothing to count", file=sys.stderr)
        return 2
    if a.against:
        counts = against(a.against, a.matches if a.matches != 40 else 10, a.players)
        if a.json:
            print(json.dumps({k: {"players": p, "old_per_match": o, "new_per_match": n, "ratio": round(n / o, 4)}
                              for k, (p, o, n) in counts.items()}))
        else:
            for k, (p, o, n) in counts.items():
                print(f"{k}, {p} players: {a.against} {o / 1e6:.2f}M instructions a match, this {n / 1e6:.2f}M "
                      f"(ratio {n / o:.4f})")
        return 0
    if a.copies or a.games:  # per game: (players, instructions) of a world and a clone, or of a match
        counts = copies(a.matches if a.matches != 40 else 60, a.players) if a.copies else \
            games(a.matches if a.matches != 40 else 10, a.players)
        key, what = ("per_world_and_clone", "a world and a clone") if a.copies else ("per_match", "a match")
        if a.json:
            print(json.dumps({k: {"players": p, key: n} for k, (p, n) in counts.items()}))
        else:
            for k, (p, n) in counts.items():
                print(f"{k}, {p} players: {n / 1e6:.2f}M instructions {what}")
        return 0
    if a.validate:
        validate = validate_cold()
        print(json.dumps({"validate_content_cold": validate}) if a.json else
              f"meeple validate content, cold, new process: {validate / 1e9:.3f}G instructions")
        return 0
    hand = per_match(_HAND, a.matches, a.players)
    interpreted = per_match(_INTERPRETED, a.matches, a.players)
    setup = per_match(_SETUP, a.matches, a.players)
    validate = validate_cold()
    out = {"game": "kaiju-inc", "players": a.players, "matches": a.matches,
           "handwritten_per_match": hand, "interpreted_per_match": interpreted,
           "ratio": round(interpreted / hand, 2), "interpreted_setup_per_match": setup,
           "validate_content_cold": validate}
    if a.json:
        print(json.dumps(out))
    else:
        print(f"Kaiju Incorporated, {a.players} players, {a.matches} random matches: hand-written {hand / 1e6:.2f}M "
              f"instructions a match, interpreted {interpreted / 1e6:.2f}M (setup {setup / 1e6:.2f}M): "
              f"ratio {out['ratio']}")
        print(f"meeple validate content, cold, new process: {validate / 1e9:.3f}G instructions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
