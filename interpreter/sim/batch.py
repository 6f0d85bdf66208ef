"""Many seeded bot matches and their summary."""
from __future__ import annotations

import math
from collections import Counter

from .run import play, seat_agents


def simulate(game, games: int, players: int, seed: int, options: dict, agent: str = "random") -> dict:
    results = []
    for i in range(games):
        s = seed + i
        m = play(game, players, s, options, seat_agents(players, "all", s, agent))
        r = m.result
        results.append({"seed": s, **r.as_dict()})
    return {"game": game.id, "players": players, "options": resolved_options(game, options),
            "results": results, "summary": summarize(results, players)}


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


def summarize(results: list, players: int) -> dict:
    n = len(results)
    wins = Counter(r["winner"] for r in results)
    outcomes = Counter(r["outcome"] for r in results)
    reasons = Counter(r["reason"] for r in results)
    rounds = [r["rounds"] for r in results]
    by_seat = {}
    for s in range(1, players + 1):
        lo, hi = wilson(wins.get(s, 0), n)
        by_seat[str(s)] = {"wins": wins.get(s, 0), "rate": round(wins.get(s, 0) / n, 4) if n else 0,
                           "ci95": [round(lo, 4), round(hi, 4)]}
    factions: dict = {}
    for r in results:
        for seat, f in (r.get("factions") or {}).items():
            entry = factions.setdefault(f, {"played": 0, "wins": 0})
            entry["played"] += 1
            entry["wins"] += r["winner"] == int(seat)
    for e in factions.values():
        lo, hi = wilson(e["wins"], e["played"])
        e["rate"] = round(e["wins"] / e["played"], 4)
        e["ci95"] = [round(lo, 4), round(hi, 4)]
    return {"games": n, "outcomes": dict(outcomes), "wins_by_faction": dict(sorted(factions.items())), "reasons": dict(reasons), "wins_by_seat": by_seat,
            "rounds": {"mean": round(sum(rounds) / n, 2) if n else 0, "min": min(rounds, default=0),
                       "max": max(rounds, default=0)},
            "decisions_mean": round(sum(r["decisions"] for r in results) / n, 2) if n else 0}
