"""Where a random match's time goes, game by game: per match (its creation, its setup, its result) and per
decision (answered in place, asked as a Decision, its labels read), and the content's own bodies by their place.

    python tools/breakdown.py                          # every bundled game, 3 players or the nearest count
    python tools/breakdown.py kaiju-inc --players 4 --matches 400
    python tools/breakdown.py --json                   # the figures as JSON on stdout

Each part is timed in CPU seconds over the same seeds (the very same matches), one part after another:

- `create`: `Match(..., start=False)`, the pieces, zones, players and the generator made;
- `setup`: from there to the first decision (the setup and the first steps of the round);
- `result`: the Result of a finished match made again (scores and their parts, ranking, teams);
- `decide`: the rest of a match answered in place (Match's `auto`: no Decision made), per decision: the
  content between two decisions and the engine's answer;
- `ask`: what a decision asked adds to one answered in place, per decision: the Decision, the greenlet's
  switch, `choose`, and the captures a match that waits makes for its copies (position.py);
- `labels`: what reading its labels adds (`decision.labels()`), per decision.

`bodies` ranks the content's compiled bodies by their own time in a profile of the in-place matches, each named
by the place in the content where it is written. Figures move with the machine's load: read the shares, and
compare two versions in the same minutes (docs/performance.md).
"""
from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from interpreter import Match, bundled_games, load_game  # noqa: E402
from interpreter.runtime.result import result_of  # noqa: E402


class _First(BaseException):
    """Raised by the answer to a match's first decision: the match stops there (no `except Exception` of the
    engine's catches it), its setup timed."""


def _stop(n: int) -> int:
    raise _First


def _seat_count(game, wanted: int | None) -> int:
    n = wanted or 3
    return min(max(n, game.min_players), game.max_players)


def _cpu(fn) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def breakdown(game, players: int, matches: int) -> dict:
    """The parts of `matches` random matches (seeds 0 to matches - 1), in microseconds: a match's and a
    decision's, and their shares of a match answered in place."""
    seeds = range(matches)

    def in_place(seed):
        rng = random.Random(seed)
        return Match(game, players, seed=seed, narrate=False, auto=[rng.randrange] * players)

    finished = [in_place(s) for s in seeds]  # (a first run: what the rest reads, and warm caches)
    decisions = sum(len(m.choices) for m in finished)
    ends = [(m.result.outcome if m.result.outcome in ("won", "lost") else None, m.result.reason) for m in finished]

    def create():
        for s in seeds:
            Match(game, players, seed=s, start=False, narrate=False).close()

    def to_first():
        for s in seeds:
            m = Match(game, players, seed=s, start=False, narrate=False, auto=[_stop] * players)
            try:
                m.begin()
            except _First:
                pass
            m.close()

    def whole():
        for s in seeds:
            in_place(s).close()

    def asked(read_labels: bool):
        def run():
            for s in seeds:
                rng = random.Random(s)
                m = Match(game, players, seed=s, narrate=False)
                while m.result is None:
                    d = m.pending
                    if read_labels:
                        d.labels()
                    m.choose(rng.randrange(d.size))
                m.close()
        return run

    def results():
        for m, (outcome, reason) in zip(finished, ends, strict=True):
            result_of(m, outcome, reason, None)

    t = {"create": _cpu(create), "first": _cpu(to_first), "whole": _cpu(whole), "result": _cpu(results),
         "asked": _cpu(asked(False)), "labelled": _cpu(asked(True))}
    for m in finished:
        m.close()
    us = 1e6 / matches
    per = 1e6 / max(1, decisions)
    match_us = t["whole"] * us
    parts = {
        "create": t["create"] * us,
        "setup": max(0.0, t["first"] - t["create"]) * us,
        "result": t["result"] * us,
    }
    rest = max(0.0, t["whole"] - t["first"] - t["result"])
    out = {
        "game": game.id, "players": players, "matches": matches, "decisions_per_match": decisions / matches,
        "match_us": match_us,
        "per_match_us": parts,
        "per_decision_us": {"decide": rest * per, "ask": max(0.0, t["asked"] - t["whole"]) * per,
                            "labels": max(0.0, t["labelled"] - t["asked"]) * per},
    }
    out["shares"] = {k: v / match_us for k, v in parts.items()} | {"decisions": rest * us / match_us}
    out["bodies"] = bodies(game, players, min(matches, 100))
    return out


def bodies(game, players: int, matches: int, top: int = 5) -> list:
    """The content's compiled bodies that take the most own time in `matches` in-place matches: each as its
    place in the content and its share of the whole profile."""
    prof = cProfile.Profile()
    prof.enable()
    for s in range(matches):
        rng = random.Random(s)
        Match(game, players, seed=s, narrate=False, auto=[rng.randrange] * players).close()
    prof.disable()
    stats = pstats.Stats(prof).stats
    total = sum(v[2] for v in stats.values()) or 1.0
    own = []
    for (filename, line, name), v in stats.items():
        if filename == "<meeple>":
            place = game.line_map.get(line + 1) or game.line_map.get(line)
            own.append((v[2], f"{place}" if place is not None else name))
    merged: dict = {}
    for t, where in own:
        merged[where] = merged.get(where, 0.0) + t
    ranked = sorted(merged.items(), key=lambda kv: -kv[1])[:top]
    content = sum(merged.values())
    return [{"content_share": content / total}] + [{"place": where, "share": t / total} for where, t in ranked]


def _print(r: dict) -> None:
    m, d, s = r["per_match_us"], r["per_decision_us"], r["shares"]
    print(f"{r['game']} ({r['players']} players, {r['matches']} matches, {r['decisions_per_match']:.1f} decisions "
          f"a match): a match {r['match_us']:.0f} us")
    print(f"  per match: create {m['create']:.0f} us ({s['create']:.0%}), setup {m['setup']:.0f} us "
          f"({s['setup']:.0%}), result {m['result']:.0f} us ({s['result']:.0%}); the decisions {s['decisions']:.0%}")
    print(f"  per decision: answered in place {d['decide']:.1f} us; asked as a Decision +{d['ask']:.1f} us; "
          f"its labels read +{d['labels']:.1f} us")
    content, *top = r["bodies"]
    print(f"  the content's bodies: {content['content_share']:.0%} of the profile; the most:")
    for b in top:
        print(f"    {b['share']:5.1%}  {b['place']}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="bundled games (default: all)")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    found = bundled_games()
    out = []
    for name in args.games or sorted(found):
        if name not in found:
            ap.error(f"no bundled game {name!r}: {', '.join(sorted(found))}")
        game = load_game(found[name])
        r = breakdown(game, _seat_count(game, args.players), args.matches)
        out.append(r)
        if not args.json:
            _print(r)
    if args.json:
        json.dump(out, sys.stdout, indent=1)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
