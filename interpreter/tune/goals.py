"""What a tuning aims at: `--goal GOAL`, each a loss measured on a trial's matches with a 95 % interval
(0 is the aim reached); several goals add up, each times its weight (`--goal 2*fair --goal length=12`).

- `fair` (`fair=faction`, `fair=seat`): the largest gap between a faction's (or, in a game without factions, a
  seat's) win rate and its fair share, 1 / players (a win shared by tied seats counts its share). Each rate has
  its Wilson interval; the gap's interval runs from the nearest to the farthest point of those intervals.
- `win-rate=X`: the gap between a cooperative team's win rate and X.
- `length=ROUNDS`: the gap between the mean number of rounds and ROUNDS, as a share of ROUNDS.
- `spread`: how far apart the final scores are: the winner's lead over the runner-up as a share of the
  winner's score, on average (0: every match a tie at the top).

A sum of intervals is not the interval of a sum: the combined interval adds the bounds, a wider, safe one.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..errors import UsageError
from ..sim.batch import wilson, won

NAMES = ("fair", "win-rate", "length", "spread")


@dataclass(frozen=True)
class Goal:
    name: str
    target: object = None  # win-rate's X, length's ROUNDS, fair's "faction" or "seat"
    weight: float = 1.0

    def __str__(self) -> str:
        w = "" if self.weight == 1 else f"{self.weight:g}*"
        t = f"{self.target:g}" if isinstance(self.target, float) else self.target
        return w + self.name + ("" if t is None else f"={t}")


@dataclass
class Measure:
    value: float
    low: float
    high: float
    parts: dict = field(default_factory=dict)  # goal -> its own measure and figures, for the page

    def as_dict(self) -> dict:
        return {"value": round(self.value, 5), "ci95": [round(self.low, 5), round(self.high, 5)], "parts": self.parts}


def read_goal(text: str) -> Goal:
    weight, star, rest = text.partition("*")
    if not star:
        weight, rest = "1", text
    try:
        w = float(weight)
    except ValueError:
        raise UsageError(f"--goal {text}: a weight is a number before `*` (2*fair)") from None
    if not w > 0:
        raise UsageError(f"--goal {text}: a weight is above 0")
    name, eq, target = rest.strip().partition("=")
    if name not in NAMES:
        raise UsageError(f"--goal {text}: no goal `{name}` (goals: fair, win-rate=X, length=ROUNDS, spread)")
    if name == "fair":
        if eq and target not in ("faction", "seat"):
            raise UsageError(f"--goal {text}: fair is over factions or seats (fair=faction, fair=seat)")
        return Goal(name, target or None, w)
    if name == "spread":
        if eq:
            raise UsageError(f"--goal {text}: spread takes no value")
        return Goal(name, None, w)
    try:
        x = float(target)
    except ValueError:
        raise UsageError(f"--goal {text}: {name} needs a number ({name}=" + ("0.5)" if name == "win-rate" else "12)")) from None
    if name == "win-rate" and not 0 <= x <= 1:
        raise UsageError(f"--goal {text}: a win rate is between 0 and 1")
    if name == "length" and not x > 0:
        raise UsageError(f"--goal {text}: a length is a number of rounds above 0")
    return Goal(name, x, w)


def check_goals(goals: list, game) -> None:
    """Goals the game can be measured by (a cooperative game has a team's rate, not seats to make fair)."""
    if not goals:
        raise UsageError("tune needs at least one --goal (fair, win-rate=X, length=ROUNDS, spread)")
    for g in goals:
        if g.name == "fair" and game.cooperative:
            raise UsageError(f"--goal fair: {game.name} is cooperative (its players win together): "
                             "aim at a team's win rate, win-rate=X")
        if g.name == "win-rate" and not game.cooperative:
            raise UsageError(f"--goal {g}: win-rate is a cooperative team's; {game.name} ranks its players: "
                             "aim at fair")
        if g.name == "spread" and game.score is None:
            raise UsageError(f"--goal spread: {game.name} has no score to spread")


def _gap(rate_lo_hi: tuple, target: float) -> tuple:
    """|rate - target| with its interval, from the rate's interval."""
    r, lo, hi = rate_lo_hi
    near = 0.0 if lo <= target <= hi else min(abs(lo - target), abs(hi - target))
    return abs(r - target), near, max(abs(lo - target), abs(hi - target))


def _mean(values: list) -> tuple:
    """A mean with its 95 % interval (normal, from the sample's deviation)."""
    n = len(values)
    m = sum(values) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in values) / (n - 1)) if n > 1 else 0.0
    h = 1.96 * sd / math.sqrt(n)
    return m, m - h, m + h


def measure_one(goal: Goal, results: list, players: int) -> Measure:
    n = len(results)
    if goal.name == "fair":
        by_faction = goal.target != "seat" and any(r.get("factions") for r in results)
        tally: dict = {}
        for r in results:
            for s in range(1, players + 1):
                who = (r.get("factions") or {}).get(str(s)) if by_faction else f"seat {s}"
                if who is None:
                    continue
                t = tally.setdefault(who, [0, 0.0])
                t[0] += 1
                t[1] += won(r, s)
        share = 1 / players
        rows, worst = {}, (0.0, 0.0, 0.0)
        for who, (played, wins) in sorted(tally.items()):
            lo, hi = wilson(wins, played)
            gap = _gap((wins / played, lo, hi), share)
            rows[who] = {"played": played, "wins": round(wins, 4), "rate": round(wins / played, 4),
                         "ci95": [round(lo, 4), round(hi, 4)]}
            worst = tuple(max(a, b) for a, b in zip(worst, gap, strict=True))
        return Measure(*worst, {"share": round(share, 4), "by": "faction" if by_faction else "seat", "rows": rows})
    if goal.name == "win-rate":
        k = sum(r["outcome"] == "won" for r in results)
        lo, hi = wilson(k, n)
        return Measure(*_gap((k / n, lo, hi), goal.target), {"rate": round(k / n, 4), "ci95": [round(lo, 4), round(hi, 4)]})
    if goal.name == "length":
        m, lo, hi = _mean([r["rounds"] for r in results])
        value, near, far = _gap((m, lo, hi), goal.target)
        return Measure(value / goal.target, near / goal.target, far / goal.target,
                       {"mean": round(m, 3), "ci95": [round(lo, 3), round(hi, 3)]})
    margins = []
    for r in results:
        top = sorted(r["scores"].values(), reverse=True)
        margins.append((top[0] - top[1]) / max(abs(top[0]), 1) if len(top) > 1 else 0.0)
    m, lo, hi = _mean(margins)
    return Measure(m, max(0.0, lo), hi, {"mean": round(m, 4)})


def measure(goals: list, results: list, players: int) -> Measure:
    """The goals' weighted sum on these matches."""
    total = Measure(0.0, 0.0, 0.0)
    for g in goals:
        m = measure_one(g, results, players)
        total.value += g.weight * m.value
        total.low += g.weight * m.low
        total.high += g.weight * m.high
        total.parts[str(g)] = {"value": round(m.value, 5), "ci95": [round(m.low, 5), round(m.high, 5)], **m.parts}
    return total
