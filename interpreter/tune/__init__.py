"""`meeple tune GAME --vary PATH=RANGE... --goal GOAL... -o DIR`: a designer names the balance, the machine
finds the numbers. Optuna's search (study.py) over the values named by `--vary` (vary.py), each trial a mod
played by bots, its loss the goals (goals.py) measured with their intervals. The result, in DIR: `mod/` (a mod
giving the best values: the base game is never edited), `index.html` (page.py), `tune.json`, and `study.db`
(the study: run the same command again, with more `--trials`, to go on).

    from interpreter.tune import tune
    tune("path/to/game", vary=["cards.CARD.FIELD=1..4"], goals=["fair"], out_dir="out")
"""
from __future__ import annotations

import json
import os
import shutil
import sys

from .. import diagnostics
from ..errors import ContentError, UsageError
from ..sim.batch import lineup, resolved_options, summarize
from .goals import check_goals, measure, read_goal
from .page import write_page
from .study import Plan, open_study, optuna, play, print_trial, search, setup_of, trials_table, workers
from .trials import mod_folder
from .vary import mod_files, read_vary, refuse_printed, write_mod


def tune(folder: str, *, vary: list, goals: list, out_dir: str, mods=(), players: int | None = None,
         options: dict | None = None, agent="random", agent_options: dict | None = None, games: int = 400,
         trials: int = 30, seed: int = 0, rungs: int = 4, sampler: str = "tpe", prune: bool = True,
         check_games: int | None = None, jobs: int | None = 1, backend: str = "local", address: str | None = None,
         study: str | None = None, allow_printed: bool = False, say=print_trial, warn=None) -> dict:
    """Tunes, writes the mod, the page and tune.json into `out_dir`, and returns what tune.json holds.
    `check_games` (default: twice `games`) matches on fresh seeds, after the tuning's own, measure the best
    values against the game as it is."""
    from ..agents.registry import agent_options as check_agent_options
    from ..model.pipeline import load_game
    warn = warn or (lambda line: print(line, file=sys.stderr))
    folder, mods, options, agent_options = str(folder), [str(m) for m in mods], dict(options or {}), dict(agent_options or {})
    game = load_game(folder, mods, options=options)
    players = players or min(max(3, game.min_players), game.max_players)
    names = lineup(agent, players)
    check_agent_options(names, agent_options)
    goals = [read_goal(g) for g in goals]
    check_goals(goals, game)
    if not vary:
        raise UsageError("tune needs at least one --vary PATH=RANGE")
    varies = [read_vary(t, game, folder, mods) for t in vary]
    paths = [v.path for v in varies]
    if len(set(paths)) < len(paths):
        raise UsageError(f"--vary {next(p for p in paths if paths.count(p) > 1)} is given twice")
    for v in varies:
        if v.where[0] == "option" and v.where[1] in options:
            raise UsageError(f"--vary {v.path} and --option {v.where[1]}=...: one value or the other")
    for line in refuse_printed(varies, allow_printed):
        warn(line)
    if games < rungs or rungs < 1 or trials < 1:
        raise UsageError("--games must be at least --rungs (a rung plays some matches), --rungs and --trials at least 1")
    plan = Plan(os.path.abspath(folder), [os.path.abspath(m) for m in mods], players, options, names, agent_options,
                games, seed, rungs)
    about = (f"Made by meeple tune for {' + '.join(map(str, goals))}, {players} players, {games} matches a trial"
             + (f" (values not designed varied: {', '.join(v.path for v in varies if not v.designed)})"
                if any(not v.designed for v in varies) else "") + ".")

    def make_files(values: dict) -> tuple:
        return tuple(sorted(mod_files(game, folder, mods, varies, values, about).items()))

    for end in (0, -1):  # each end of every range loads: a value the game's checks refuse is said now
        values = {v.path: v.values()[end] for v in varies}
        try:
            load_game(folder, [*mods, mod_folder(make_files(values))], options=options)
        except ContentError as e:
            raise UsageError("--vary: the game refuses the values "
                             + ", ".join(f"{k}={v}" for k, v in values.items()) + ":\n"
                             + diagnostics.text(e.diagnostics)) from None
    os.makedirs(out_dir, exist_ok=True)
    study_path = study or os.path.join(out_dir, "study.db")
    s = open_study(study_path, setup_of(plan, varies, goals, game.id), sampler, seed, trials, prune)
    check_games = 2 * games if check_games is None else check_games
    fresh = list(range(seed + games, seed + games + check_games))
    with workers(jobs, backend, address) as (executor, width):
        search(s, plan, varies, goals, make_files, trials, executor, width, say)
        complete = [t for t in s.get_trials(deepcopy=False) if t.state == optuna().trial.TrialState.COMPLETE]
        if not complete:
            raise UsageError("no trial of the study finished: every one was pruned or failed")
        # the answer is the best trial found: the lowest loss (of equal losses, the fewest changes to the game)
        best = min(complete, key=lambda t: (t.value, sum(t.params[v.path] != v.current for v in varies), t.number))
        # the values not worse than it beyond their noise (the pruner's test: the favourable end of their interval
        # at or below its loss): more matches a trial would tell them apart
        good = [t for t in complete if t.user_attrs["measure"]["ci95"][0] <= best.value]
        kept = all(best.params[v.path] == v.current for v in varies)
        before = play(executor, plan, (), fresh, width) if fresh else []
        after = play(executor, plan, make_files(best.params), fresh, width) if fresh and not kept else before
    out_mod = os.path.join(out_dir, "mod")
    if os.path.isfile(os.path.join(out_mod, "mod.yaml")):  # the last run's mod: a value it changed may be untuned now
        shutil.rmtree(out_mod)
    if not kept:  # no trial beat the game as it is: there is nothing to write
        write_mod(dict(make_files(best.params)), out_mod)
    data = {
        "game": game.id, "name": game.name, "players": players, "options": resolved_options(game, options),
        "agents": names, "goals": [str(g) for g in goals], "games_per_trial": games, "rungs": rungs, "seed": seed,
        "vary": [{"path": v.path, "values": v.values(), "current": v.current, "designed": v.designed, "why": v.why}
                 for v in varies],
        "trials": trials_table(s), "best": {"number": best.number, "params": dict(best.params),
                                            **best.user_attrs.get("measure", {})},
        "kept": kept,  # the best trial is the game as it is: no mod written
        "as_good": sorted({json.dumps(t.params, sort_keys=True) for t in good if t.params != best.params}),
        "check": {"seeds": [fresh[0], fresh[-1]] if fresh else [], "games": check_games,
                  "before": _checked(goals, before, players), "after": _checked(goals, after, players)},
        "study": study_path, "mod": None if kept else out_mod, "page": os.path.join(out_dir, "index.html"), "mods": mods,  # the mod goes on top of these
    }
    with open(os.path.join(out_dir, "tune.json"), "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
    write_page(data, data["page"])
    return data


def _checked(goals, results: list, players: int) -> dict | None:
    if not results:
        return None
    return {"measure": measure(goals, results, players).as_dict(), "summary": summarize(results, players)}



def summary(d: dict) -> list[str]:
    """What `meeple tune` prints at the end."""
    b, c = d["best"], d["check"]
    lines = [f"{d['name']}: {len(d['trials'])} trials of {d['games_per_trial']} matches, goal {' + '.join(d['goals'])}",
             f"best (trial {b['number']}): " + ", ".join(f"{k}={v}" for k, v in b["params"].items())
             + f"; loss {b['value']:.4f} (95% CI {b['ci95'][0]:.4f}-{b['ci95'][1]:.4f})"]
    if d["as_good"]:
        lines.append(f"{len(d['as_good'])} other set(s) of values are as good within the noise (tune.json: as_good)")
    if c["before"]:
        lines.append(f"on {c['games']} fresh matches (seeds {c['seeds'][0]}..{c['seeds'][1]}):")
        for label, x in (("as it is", c["before"]),) + ((("tuned", c["after"]),) if not d["kept"] else ()):
            m = x["measure"]
            lines.append(f"  {label}: loss {m['value']:.4f} (95% CI {m['ci95'][0]:.4f}-{m['ci95'][1]:.4f})")
    page = d["page"]
    if d["kept"]:
        lines.append(f"no trial beat the game as it is: no mod written; page {page}")
        return lines
    on = "".join(f" --mod {m}" for m in d["mods"])
    lines.append(f"mod written to {d['mod']} (" + (f"on top of{on}: play it with{on} --mod {d['mod']}" if on else
                                                    f"meeple validate {d['mod']}") + f"); page {page}")
    return lines


__all__ = ["summary", "tune"]
