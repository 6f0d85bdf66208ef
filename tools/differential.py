"""Long differential runs: N random matches per classic game, meeple against OpenSpiel (tests/differential).

    python tools/differential.py                        # every game with an adapter, 10,000 matches each
    python tools/differential.py goofspiel --matches 500 --seed 20000

Prints one line a game (matches, moves, seconds) and exits 1 at the first divergence, printed with its seed
and move history so that it can be replayed: `play(Adapter(), seed)` in tests/differential/harness.py.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.differential import ADAPTERS  # noqa: E402
from tests.differential.harness import Divergence, play  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help=f"games (default: all of {', '.join(ADAPTERS)})")
    ap.add_argument("--matches", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0, help="the first seed")
    args = ap.parse_args(argv)
    for name in args.games or list(ADAPTERS):
        if name not in ADAPTERS:
            ap.error(f"no adapter for {name!r}: {', '.join(ADAPTERS)}")
        t, moves = time.perf_counter(), 0
        try:
            for seed in range(args.seed, args.seed + args.matches):
                moves += len(play(ADAPTERS[name](), seed))
        except Divergence as e:
            print(f"{name}: DIVERGENCE\n{e}")
            return 1
        print(f"{name}: {args.matches} matches, {moves} moves and chance outcomes, no divergence "
              f"({time.perf_counter() - t:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
