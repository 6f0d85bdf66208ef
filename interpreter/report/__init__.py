"""`meeple report RESULTS.json... -o DIR`: one self-contained HTML page (tables, and plots drawn with
matplotlib, embedded as images) about the results of `meeple simulate --json`.

    from interpreter.report import write_report
    write_report(["r3.json", "r4.json"], "out/")      # -> out/index.html
"""
from __future__ import annotations

import json
import os

from ..errors import ContentError, UsageError
from .bots import played_by
from .bots import warnings as bot_warnings
from .flags import flags
from .html import page
from .stats import cards, counter_over_rounds, reasons, rounds, win_rates


def load_results(paths) -> list[dict]:
    out = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
        except OSError as e:
            raise UsageError(f"{path}: cannot read it ({e.strerror})") from None
        except json.JSONDecodeError as e:
            raise UsageError(f"{path}:{e.lineno}:{e.colno}: not JSON ({e.msg})") from None
        if not isinstance(data, dict) or "results" not in data or "players" not in data:
            raise UsageError(f"{path}: not the output of `meeple simulate --json` (no `results`)")
        data["_path"] = path
        out.append(data)
    if not out:
        raise UsageError("no results file given")
    games = {d.get("game") for d in out}
    if len(games) > 1:
        raise UsageError(f"these results are of several games ({', '.join(sorted(map(str, games)))}): one report per game")
    return out


def _game_of(game_id, mods):
    """The bundled game the results are of, with their mods, to name its cards' values in the flags (None if it
    does not load)."""
    from ..loader.layers import bundled_games
    from ..model.pipeline import load_game
    folder = bundled_games().get(str(game_id))
    try:
        return load_game(folder, mods) if folder is not None else None
    except ContentError:
        return None


def build(datasets: list[dict], counter: str | None = None) -> dict:
    """Everything the page shows, as plain data."""
    every = [r for d in datasets for r in d["results"]]
    out = {
        "game": datasets[0].get("game"),
        "files": [d["_path"] for d in datasets],
        "matches": len(every),
        "groups": [win_rates(d) for d in sorted(datasets, key=lambda d: (d["players"], sorted((d.get("options") or {}).items())))],
        "rounds": rounds(every),
        "reasons": reasons(every),
        "cards": cards(every),
        "counter": counter_over_rounds(every, counter),
        "decisions_mean": round(sum(r["decisions"] for r in every) / len(every), 2) if every else 0,
    }
    out["mods"] = list(datasets[0].get("mods") or [])
    out["flags"] = flags(out, _game_of(out["game"], out["mods"]))
    out["agents"] = played_by(datasets)
    out["bot_warnings"] = bot_warnings(out, out["agents"])
    return out


def write_report(paths, out_dir: str, counter: str | None = None) -> str:
    datasets = load_results(paths)
    stats = build(datasets, counter)
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "index.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page(stats))
    with open(os.path.join(out_dir, "report.json"), "w", encoding="utf-8") as f:
        json.dump({k: v for k, v in stats.items()}, f, indent=1)
    return path


__all__ = ["build", "load_results", "write_report"]
