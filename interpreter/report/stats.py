"""Statistics over the results of `meeple simulate --json`: win rates with 95% intervals, rounds, end reasons,
per-card figures and a counter over the rounds. Plain data in, plain data out (the page is html.py's job)."""
from __future__ import annotations

from collections import Counter, defaultdict

from ..sim.batch import rate, won


def group_name(data: dict) -> str:
    """`3 players, mode=expert`: what a results file was run with (options that differ are what matter)."""
    opts = ", ".join(f"{k}={v}" for k, v in sorted((data.get("options") or {}).items()))
    return f"{data['players']} players" + (f", {opts}" if opts else "")


def cooperative(results: list) -> bool:
    return any(r["outcome"] in ("won", "lost") for r in results)


def win_rates(data: dict) -> dict:
    """For one results file: the team's win rate (cooperative) or each seat's, each agent's and each faction's."""
    results = data["results"]
    n = len(results)
    out: dict = {"group": group_name(data), "players": data["players"], "options": data.get("options") or {},
                 "games": n, "cooperative": cooperative(results)}
    if out["cooperative"]:
        k = sum(r["outcome"] == "won" for r in results)
        out["team"] = {"wins": k, "played": n, **rate(k, n)}
    seats = {}
    for s in range(1, data["players"] + 1):
        k = sum(won(r, s) for r in results)
        seats[str(s)] = {"wins": k, "played": n, **rate(k, n)}
    out["seats"] = seats
    first = (results[0].get("agents") or {}) if results else {}
    out["lineup"] = [first[str(s)] for s in range(1, data["players"] + 1) if str(s) in first]  # the agents by seat
    for field, key in (("factions", "factions"), ("agents", "agents")):
        table: dict = defaultdict(lambda: [0, 0])
        for r in results:
            for seat, name in (r.get(key) or {}).items():
                table[name][0] += 1
                table[name][1] += won(r, int(seat))
        if table and (field == "factions" or len(table) > 1):
            out[field] = {name: {"played": p, "wins": w, **rate(w, p)} for name, (p, w) in sorted(table.items())}
    if out.get("factions"):
        out["held_with"] = held_with(results)
    return out


def held_with(results: list, least: float = 0.25) -> dict:
    """Per faction, the cards its seats hold at the end far more often than the other seats (a company's start
    buildings): by how much more (a share of its seats less a share of the others'), at least `least`, most first."""
    seats: Counter = Counter()
    held: dict = defaultdict(Counter)
    every: Counter = Counter()
    for r in results:
        cards = (r.get("cards") or {}).get("held") or {}
        for seat, faction in (r.get("factions") or {}).items():
            seats[faction] += 1
            for c in set(cards.get(seat, ())):
                held[faction][c] += 1
                every[c] += 1
    total = sum(seats.values())
    out = {}
    for faction, n in seats.items():
        others = total - n
        lead = {c: k / n - ((every[c] - k) / others if others else 0) for c, k in held[faction].items()}
        out[faction] = [c for c, v in sorted(lead.items(), key=lambda x: (-x[1], x[0])) if v >= least]
    return out


def rounds(results: list) -> dict:
    rs = sorted(r["rounds"] for r in results)
    n = len(rs)
    if not n:
        return {"mean": 0, "median": 0, "min": 0, "max": 0, "values": []}
    return {"mean": round(sum(rs) / n, 2), "median": rs[n // 2], "min": rs[0], "max": rs[-1], "values": rs}


def reasons(results: list) -> dict:
    return dict(Counter(r["reason"] for r in results).most_common())


def cards(results: list) -> list:
    """Per card id: times taken and bought, matches where the winner held it, the win rate of its holders and that
    of the other seats (its presence: the difference)."""
    taken: Counter = Counter()
    bought: Counter = Counter()
    in_winner: Counter = Counter()
    held: Counter = Counter()
    held_won: Counter = Counter()
    matches = seats = 0
    wins = 0.0  # over every seat of every match with figures: a card's non-holders are the rest
    for r in results:
        c = r.get("cards")
        if not c:
            continue
        matches += 1
        taken.update(c.get("taken") or {})
        bought.update(c.get("bought") or {})
        for seat, ids in (c.get("held") or {}).items():
            w = won(r, int(seat))
            seats += 1
            wins += w
            for cid in set(ids):
                held[cid] += 1
                held_won[cid] += w
                in_winner[cid] += w
    rows = []
    for cid in sorted(set(taken) | set(bought) | set(held)):
        row = {"card": cid, "taken": taken[cid], "bought": bought[cid], "in_winners_hands": in_winner[cid],
               "held": held[cid], "holder_win": rate(held_won[cid], held[cid]) if held[cid] else None,
               "others": seats - held[cid],
               "others_win": rate(wins - held_won[cid], seats - held[cid]) if seats > held[cid] else None,
               "per_match_taken": round(taken[cid] / matches, 3) if matches else 0}
        rows.append(row)
    rows.sort(key=lambda x: (-(x["holder_win"] or {"rate": -1})["rate"], x["card"]))
    return rows


def counter_names(results: list) -> tuple[list, list]:
    """The global and the per-player counters found in the traces."""
    g, p = [], []
    for r in results:
        for snap in r.get("trace") or []:
            for k in snap.get("counters", {}):
                if k not in g:
                    g.append(k)
            for per in snap.get("players", {}).values():
                for k in per:
                    if k not in p:
                        p.append(k)
            break
    return g, p


def counter_over_rounds(results: list, name: str | None = None) -> dict | None:
    """A counter round by round over every match: mean and 10th/90th percentiles. A global counter is taken
    as it is; a player's counter is taken for every player (and for the winner alone)."""
    g, p = counter_names(results)
    if name is None:
        name = g[0] if g else (p[0] if p else None)
    if name is None:
        return None
    is_global = name in g
    if not is_global and name not in p:
        return {"name": name, "missing": True, "known": g + p}
    by_round: dict = defaultdict(list)
    winners: dict = defaultdict(list)
    for r in results:
        for snap in r.get("trace") or []:
            rd = snap["round"]
            if is_global:
                if name in snap["counters"]:
                    by_round[rd].append(snap["counters"][name])
            else:
                for seat, per in snap["players"].items():
                    if name in per:
                        by_round[rd].append(per[name])
                        if won(r, int(seat)):
                            winners[rd].append(per[name])
    out = {"name": name, "scope": "global" if is_global else "player", "rounds": [], "mean": [], "p10": [],
           "p90": [], "n": [], "winner_mean": []}
    for rd in sorted(by_round):
        vals = sorted(by_round[rd])
        k = len(vals)
        out["rounds"].append(rd)
        out["mean"].append(round(sum(vals) / k, 3))
        out["p10"].append(vals[int(0.1 * (k - 1))])
        out["p90"].append(vals[int(0.9 * (k - 1))])
        out["n"].append(k)
        w = winners.get(rd)
        out["winner_mean"].append(round(sum(w) / len(w), 3) if w else None)
    return out
