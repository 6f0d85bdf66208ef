"""The report page: one HTML file with its style and its plots inside (PNG data URIs), no outside link."""
from __future__ import annotations

import base64
import html
import io


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _ci(e: dict) -> str:
    return f"{_pct(e['rate'])} <span class=ci>({_pct(e['ci95'][0])}–{_pct(e['ci95'][1])})</span>"


def _table(head: list, rows: list) -> str:
    h = "".join(f"<th>{html.escape(str(x))}</th>" for x in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{h}</tr></thead><tbody>{body}</tbody></table>"


def _plt():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _img(fig, alt: str) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    _plt().close(fig)
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def plot_win_rates(groups: list) -> str:
    """Win rate by player count and option: the team's (cooperative) or each seat's, with 95% intervals."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(groups) + 2), 3.6))
    labels = [g["group"] for g in groups]
    if all(g["cooperative"] for g in groups):
        rates = [g["team"]["rate"] for g in groups]
        err = [[r - g["team"]["ci95"][0] for r, g in zip(rates, groups, strict=True)], [g["team"]["ci95"][1] - r for r, g in zip(rates, groups, strict=True)]]
        ax.bar(range(len(groups)), rates, yerr=err, capsize=4, color="#4c78a8")
        ax.set_ylabel("the players' win rate")
    else:
        width = 0.8 / max(g["players"] for g in groups)
        for i, g in enumerate(groups):
            for j, (seat, e) in enumerate(g["seats"].items()):
                x = i - 0.4 + width * (j + 0.5)
                ax.bar(x, e["rate"], width * 0.9, color=f"C{j}", label=f"seat {seat}" if i == 0 or j >= len(groups[0]["seats"]) else None)
                ax.errorbar(x, e["rate"], yerr=[[e["rate"] - e["ci95"][0]], [e["ci95"][1] - e["rate"]]], color="black", capsize=2)
            ax.hlines(1 / g["players"], i - 0.4, i + 0.4, colors="grey", linestyles="dashed")
        ax.set_ylabel("win rate by seat (dashed: fair share)")
        handles, names = ax.get_legend_handles_labels()
        if handles:
            ax.legend(fontsize=7, ncol=5)
    ax.set_xticks(range(len(groups)), labels, rotation=15, fontsize=8)
    ax.set_ylim(0, 1)
    return _img(fig, "win rate by player count and option")


def plot_rounds(values: list) -> str:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(5, 3))
    if values:
        lo, hi = min(values), max(values)
        ax.hist(values, bins=range(lo, hi + 2), color="#72b7b2", edgecolor="white", align="left")
    from matplotlib.ticker import MaxNLocator
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("rounds")
    ax.set_ylabel("matches")
    return _img(fig, "histogram of match length")


def plot_counter(c: dict) -> str:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6, 3.2))
    ax.fill_between(c["rounds"], c["p10"], c["p90"], alpha=0.25, color="#e45756", label="10th–90th percentile")
    ax.plot(c["rounds"], c["mean"], color="#e45756", label="mean")
    if c["scope"] == "player" and any(v is not None for v in c["winner_mean"]):
        pts = [(r, v) for r, v in zip(c["rounds"], c["winner_mean"], strict=True) if v is not None]
        ax.plot([p[0] for p in pts], [p[1] for p in pts], color="#4c78a8", linestyle="--", label="the winners' mean")
    ax.set_xlabel("round")
    ax.set_ylabel(c["name"] + (" (every player)" if c["scope"] == "player" else ""))
    ax.legend(fontsize=7)
    return _img(fig, f"{c['name']} over the rounds")


STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1000px;color:#222;padding:0 1em}
h1{font-size:1.6em}h2{font-size:1.2em;margin-top:1.8em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.6em 0}td,th{padding:.2em .7em;border-bottom:1px solid #eee;text-align:right}
td:first-child,th:first-child{text-align:left}.ci{color:#777;font-size:.9em}img{max-width:100%}
.note{color:#666;font-size:.92em}.warning{background:#fff4e0;padding:.4em .6em}
"""


def page(s: dict) -> str:
    out = [f"<!doctype html><html lang=en><head><meta charset=utf-8><title>meeple report: {html.escape(str(s['game']))}</title>"
           f"<style>{STYLE}</style></head><body>"]
    out.append(f"<h1>{html.escape(str(s['game']))}: {s['matches']} simulated matches</h1>")
    out.append("<p class=note>From " + ", ".join(html.escape(f) for f in s["files"])
               + f". Intervals are 95% Wilson intervals. {s['decisions_mean']} decisions per match on average.</p>")
    if s.get("agents"):
        out.append("<p class=note>Played by: " + ", ".join(html.escape(a) for a in s["agents"]) + " (docs/bots.md).</p>")
    for w in s.get("bot_warnings") or []:
        out.append(f"<p class=warning><strong>The bots:</strong> {html.escape(w)}.</p>")
    if s.get("flags"):
        out.append("<h2>To look at</h2><ul class=flags>" + "".join(
            f"<li>{html.escape(f['text'])}. To tune it: <code>{html.escape(f['command'])}</code></li>" for f in s["flags"])
            + "</ul><p class=note>Pick the designed values that make the difference (the command names the card's "
            "numbers, a few steps either side); docs/balance.md has a worked example.</p>")
    out.append("<h2>Win rates</h2>")
    out.append(plot_win_rates(s["groups"]))
    for g in s["groups"]:
        out.append(f"<h3>{html.escape(g['group'])} ({g['games']} matches)</h3>")
        if g["cooperative"]:
            out.append(f"<p>The players won {g['team']['wins']} of {g['games']}: {_ci(g['team'])}.</p>")
        out.append(_table(["seat", "wins", "win rate (95% CI)"],
                          [[s_, e["wins"], _ci(e)] for s_, e in g["seats"].items()]))
        for field, title in (("agents", "agent"), ("factions", "company / hero / faction")):
            if g.get(field):
                out.append(_table([title, "seats played", "wins", "win rate (95% CI)"],
                                  [[html.escape(k), e["played"], e["wins"], _ci(e)] for k, e in g[field].items()]))
    r = s["rounds"]
    out.append("<h2>Match length</h2>")
    out.append(f"<p>Rounds: mean {r['mean']}, median {r['median']}, from {r['min']} to {r['max']}.</p>")
    out.append(plot_rounds(r["values"]))
    out.append("<h2>End reasons</h2>")
    out.append(_table(["reason", "matches", "share"],
                      [[html.escape(k), v, _pct(v / s["matches"])] for k, v in s["reasons"].items()]))
    c = s["counter"]
    out.append("<h2>Over the rounds</h2>")
    if c is None:
        out.append("<p class=note>No counter was recorded (results without traces).</p>")
    elif c.get("missing"):
        out.append(f"<p class=note>No counter <code>{html.escape(c['name'])}</code> in the traces; there are: "
                   + ", ".join(html.escape(k) for k in c["known"]) + ".</p>")
    else:
        out.append(f"<p class=note>{html.escape(c['name'])} at the first decision of each round, over every match "
                   "(choose another with <code>--counter NAME</code>).</p>")
        out.append(plot_counter(c))
    out.append("<h2>Cards</h2>")
    if s["cards"]:
        out.append("<p class=note>Taken: picked in a decision. Bought: came into a player's zones in a step in which "
                   "that player paid. In the winner's hands: matches in which the winner held it at the end. Holders' "
                   "win rate: how often a player who held it at the end won. Sorted by that rate.</p>")
        out.append(_table(["card", "taken", "taken per match", "bought", "in the winner's hands", "held at the end",
                           "holders' win rate (95% CI)"],
                          [[html.escape(x["card"]), x["taken"], x["per_match_taken"], x["bought"], x["in_winners_hands"],
                            x["held"], _ci(x["holder_win"]) if x["holder_win"] else "–"] for x in s["cards"]]))
    else:
        out.append("<p class=note>No per-card figures in these results.</p>")
    out.append("</body></html>")
    return "\n".join(out)
