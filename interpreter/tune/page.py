"""The tuning's page, drawn as `meeple report`'s (report/html.py): the loss by trial, each varied value's effect,
the best values with their intervals, and the tuned game against the untuned one on fresh seeds."""
from __future__ import annotations

import html
import json

from ..report.html import STYLE, _ci, _img, _pct, _plt, _table


def _loss(x) -> str:
    if x.get("value") is None:
        return "–"
    return f"{x['value']:.4f} <span class=ci>({x['ci95'][0]:.4f}–{x['ci95'][1]:.4f})</span>"


def plot_trials(trials: list) -> str:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.5, 3.2))
    done = [t for t in trials if t["state"] == "complete"]
    pruned = [t for t in trials if t["state"] == "pruned"]
    if done:
        ax.errorbar([t["number"] for t in done], [t["value"] for t in done], fmt="o", color="#4c78a8", capsize=2,
                    yerr=[[t["value"] - t["ci95"][0] for t in done], [t["ci95"][1] - t["value"] for t in done]],
                    label="complete (95% interval)")
        best, running = [], None
        for t in sorted(done, key=lambda t: t["number"]):
            running = t["value"] if running is None else min(running, t["value"])
            best.append((t["number"], running))
        ax.step([b[0] for b in best], [b[1] for b in best], where="post", color="#e45756", label="best so far")
    if pruned:
        ax.plot([t["number"] for t in pruned], [t["value"] for t in pruned], "x", color="#999",
                label="pruned (loss when stopped)")
    ax.set_xlabel("trial")
    ax.set_ylabel("loss (0: the goal reached)")
    ax.legend(fontsize=7)
    return _img(fig, "the loss by trial")


def plot_effect(path: str, trials: list) -> str:
    """The loss of each complete trial against one varied value."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(4.6, 2.8))
    done = [t for t in trials if t["state"] == "complete" and path in t["params"]]
    xs = [t["params"][path] for t in done]
    labels = sorted({str(x) for x in xs}, key=lambda s: (not s.lstrip("-").isdigit(), int(s) if s.lstrip("-").isdigit() else 0, s))
    pos = {s: i for i, s in enumerate(labels)}
    ax.scatter([pos[str(x)] for x in xs], [t["value"] for t in done], color="#72b7b2", alpha=0.8)
    ax.set_xticks(range(len(labels)), labels, fontsize=8)
    ax.set_xlabel(path, fontsize=8)
    ax.set_ylabel("loss")
    return _img(fig, f"the loss against {path}")


def _rates(summary: dict) -> dict:
    return summary.get("wins_by_faction") or {f"seat {k}": v for k, v in summary["wins_by_seat"].items()}


def write_page(d: dict, path: str) -> None:
    title = f"meeple tune: {d['name']}"
    out = [f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{html.escape(title)}</title>"
           f"<style>{STYLE}</style></head><body>", f"<h1>{html.escape(title)}</h1>"]
    out.append(f"<p>Goal: <b>{html.escape(' + '.join(d['goals']))}</b>; {d['players']} players, agents "
               f"{html.escape(', '.join(d['agents']))}; {d['games_per_trial']} matches a trial (seeds {d['seed']}–"
               f"{d['seed'] + d['games_per_trial'] - 1}, the same for every trial), in {d['rungs']} rungs. "
               f"{len(d['trials'])} trials. "
               + ("No trial beat the game as it is: no mod is written." if d["kept"] else
                  f"The mod is in <code>{html.escape(d['mod'])}</code>"
                  + "".join(f", on top of <code>--mod {html.escape(m)}</code>" for m in d["mods"]) + ".")
               + "</p>")
    printed = [v for v in d["vary"] if not v["designed"]]
    if printed:
        out.append("<p><b>Printed values varied (--allow-printed):</b> "
                   + ", ".join(f"<code>{html.escape(v['path'])}</code> ({html.escape(v['why'])})" for v in printed) + "</p>")
    b = d["best"]
    out.append("<h2>The best values</h2>")
    out.append(_table(["value", "in the game", "tuned", "tried"],
                      [[f"<code>{html.escape(v['path'])}</code>", html.escape(str(v["current"])),
                        f"<b>{html.escape(str(b['params'][v['path']]))}</b>", html.escape(", ".join(map(str, v["values"])))]
                       for v in d["vary"]]))
    out.append(f"<p>Trial {b['number']}, loss {_loss(b)} on the tuning's seeds. By goal:</p>")
    out.append(_table(["goal", "loss (95% CI)"], [[html.escape(k), _loss(p)] for k, p in b.get("parts", {}).items()]))
    if d["as_good"]:
        out.append("<p class=note>As good within the noise (a loss interval reaching down to the best loss): "
                   + "; ".join(html.escape(", ".join(f"{k}={v}" for k, v in json.loads(x).items())) for x in d["as_good"])
                   + ". More matches a trial tell them apart.</p>")
    c = d["check"]
    if c["before"]:
        out.append(f"<h2>On fresh seeds: the game as it is and tuned</h2><p class=note>{c['games']} matches each, seeds "
                   f"{c['seeds'][0]}–{c['seeds'][1]} (none of them played by a trial).</p>")
        before, after = c["before"], c["after"]
        out.append(_table(["", "as it is", "tuned"],
                          [["loss", _loss(before["measure"]), _loss(after["measure"])]]
                          + [[html.escape(k), _loss(p), _loss(after["measure"]["parts"][k])]
                             for k, p in before["measure"]["parts"].items()]
                          + [["mean rounds", before["summary"]["rounds"]["mean"], after["summary"]["rounds"]["mean"]]]))
        rb, ra = _rates(before["summary"]), _rates(after["summary"])
        out.append(_table(["faction or seat", "win rate as it is (95% CI)", "tuned (95% CI)"],
                          [[html.escape(k), _ci(rb[k]) if k in rb else "–", _ci(ra[k]) if k in ra else "–"]
                           for k in sorted(set(rb) | set(ra))]))
        if "team_wins" in before["summary"]:
            out.append(f"<p>The team won {_ci(before['summary']['team_wins'])} as it is, "
                       f"{_ci(after['summary']['team_wins'])} tuned.</p>")
    out.append("<h2>The loss by trial</h2>")
    out.append(plot_trials(d["trials"]))
    out.append("<h2>Each value's effect</h2><p class=note>The loss of every complete trial against the value it "
               "tried (the other values vary too).</p>")
    out += [plot_effect(v["path"], d["trials"]) for v in d["vary"]]
    out.append("<h2>Every trial</h2>")
    out.append(_table(["trial", "state", "values", "matches", "loss (95% CI)"],
                      [[t["number"], t["state"], html.escape(", ".join(f"{k}={v}" for k, v in t["params"].items())),
                        t["games"], _loss(t)] for t in sorted(d["trials"], key=lambda t: t["number"])]))
    out.append(f"<p class=note>Loss: {html.escape(' + '.join(d['goals']))}, 0 when reached; intervals are 95% "
               f"(Wilson for a rate). Win rates: {_pct(1 / d['players'])} is a fair share.</p></body></html>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
