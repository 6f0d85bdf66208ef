"""`meeple train`: a game's learned value (agents/learned.py) fitted from the bots' own matches.

The bots play `games` seeded matches against each other (the default mcts unless told otherwise, with the value
the game has now: training again refines it). At the first decision of each round every player's features are
kept with the match's outcome for that player; the matches' samples go to a file of their own as they finish
(`.learned-samples.jsonl` beside the game), so that an interrupted training goes on where it stopped and a
longer one adds to a shorter. A logistic regression (scikit-learn) of the outcomes on the features then gives
the weights, written to learned-value.yaml beside game.yaml. The matches of the last fifth of the seeds are held
out: the accuracy reported is the share of their samples whose winner the value picks.
"""
from __future__ import annotations

import json
import os

from ..agents.learned import FILE, Features, LearnedValue, learned_of, with_late
from ..errors import UsageError
from .run import seat_agents

SAMPLES = ".learned-samples.jsonl"


def play_for_samples(game, players: int, seed: int, agent, agent_options: dict, options: dict) -> dict:
    """One match of the bots: each round's features of each player (by name), the outcome of each."""
    from ..runtime.match import Match
    feats = Features(game)
    names = feats.names
    agents = seat_agents(players, "all", seed, agent, agent_options)
    m = Match(game, players, seed, options, narrate=False)
    samples, last = [], -1
    try:
        while not m.over:
            if m.round != last:
                last = m.round
                x = feats.team(m) if game.cooperative else None
                for p in m.players:
                    got = x if x is not None else feats.read(m, p)
                    samples.append([m.round, p.seat, {names[k]: v for k, v in got.items()}])
                    if x is not None:
                        break  # a team: one sample a round
            d = m.pending
            m.choose(agents[d.player.index].act(m))
        r = m.result
        if game.cooperative:
            outcome = {str(p.seat): float(r.outcome == "won") for p in m.players}
        else:
            outcome = {str(p.seat): (p.seat in r.winners) / len(r.winners) for p in m.players}
        return {"seed": seed, "rounds": m.round, "samples": samples, "outcome": outcome}
    finally:
        m.close()


_JOB: dict = {}


def _forked(seed: int) -> dict:
    j = _JOB
    return play_for_samples(j["game"], j["players"], seed, j["agent"], j["agent_options"], j["options"])


def _header(game, players: int, agent, agent_options: dict, options: dict) -> dict:
    return {"game": game.id, "players": players, "agent": agent, "agent_options": agent_options, "options": options}


def _read_samples(path: str, header: dict) -> dict:
    """The matches already played for this training (seed -> record); none when the file was made otherwise."""
    done: dict = {}
    if not os.path.exists(path):
        return done
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    if not lines or json.loads(lines[0]) != header:
        return done
    for line in lines[1:]:
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            break  # a line cut by an interruption: the matches after it are played again
        done[rec["seed"]] = rec
    return done


def train(game, games: int = 200, players: int | None = None, seed: int = 1, jobs: int = 1, agent="mcts",
          agent_options: dict | None = None, options: dict | None = None, fresh: bool = False,
          progress: bool = False, out: str | None = None) -> dict:
    """Plays the matches not yet played, fits the value, writes it (learned-value.yaml beside the game, or
    `out`); returns what the training measured."""
    if game.value is not None:
        raise UsageError(f"{game.name} declares a `value:` in game.yaml, which the bots read before any learned "
                         "value: remove it to train one")
    if games < 5:
        raise UsageError("--games: at least 5 matches to fit a value from")
    players = players or min(max(2, game.min_players), game.max_players)
    agent_options = dict(agent_options or {})
    options = dict(options or {})
    header = _header(game, players, agent, agent_options, options)
    path = os.path.join(game.folder, SAMPLES)
    done = {} if fresh else _read_samples(path, header)
    seeds = [s for s in range(seed, seed + games) if s not in done]
    with open(path, "w", encoding="utf-8") as f:  # what was kept, whole lines only, then the new matches
        f.write(json.dumps(header) + "\n")
        for rec in done.values():
            f.write(json.dumps(rec) + "\n")
        for rec in _played(game, players, seeds, agent, agent_options, options, jobs, progress):
            done[rec["seed"]] = rec
            f.write(json.dumps(rec) + "\n")
            f.flush()
    records = [done[s] for s in range(seed, seed + games)]
    value, measured = fit(game, records)
    target = out or os.path.join(game.folder, FILE)
    text = value.as_yaml(game)
    with open(target + ".tmp", "w", encoding="utf-8") as f:  # whole or not at all: an interruption leaves the old
        f.write(text)
    os.replace(target + ".tmp", target)
    game._learned = value  # the bots of this process read the new value from now on
    return {**measured, "file": target, "matches": len(records), "played": len(seeds), "players": players}


def _played(game, players, seeds, agent, agent_options, options, jobs, progress):
    """The records of the matches of `seeds`, as they finish (in `jobs` forked processes)."""
    import multiprocessing as mp

    from .batch import _bar
    bar = _bar(len(seeds), progress)
    learned_of(game)  # read once here: the workers inherit it
    try:
        if jobs <= 1 or len(seeds) < 2 or "fork" not in mp.get_all_start_methods():
            for s in seeds:
                yield play_for_samples(game, players, s, agent, agent_options, options)
                if bar is not None:
                    bar.update(1)
            return
        _JOB.update(game=game, players=players, agent=agent, agent_options=agent_options, options=options)
        with mp.get_context("fork").Pool(min(jobs, len(seeds))) as pool:
            for rec in pool.imap_unordered(_forked, seeds):
                yield rec
                if bar is not None:
                    bar.update(1)
    finally:
        _JOB.clear()
        if bar is not None:
            bar.close()


def fit(game, records: list) -> tuple:
    """The learned value fitted on the matches' records, and what it measured on the held-out fifth."""
    try:
        import numpy as np
        from sklearn.linear_model import LogisticRegression
    except ImportError:
        raise UsageError("meeple train needs scikit-learn: pip install 'meeple[train]'") from None
    feats = Features(game)
    width = len(feats.base)
    rounds = sum(r["rounds"] for r in records) / len(records)
    held = max(1, len(records) // 5)
    rows, ys, weights, groups = [], [], [], []
    for g, rec in enumerate(records):
        by_round: dict = {}
        for rnd, seat, x in rec["samples"]:
            by_round.setdefault(rnd, {})[seat] = {feats.index[n]: v for n, v in x.items() if n in feats.index}
        for rnd, seats in by_round.items():
            late = min(1.0, rnd / max(1.0, rounds))
            for seat, x in seats.items():
                if game.cooperative:
                    row = with_late(x, late, width)
                else:
                    others = [v for s, v in seats.items() if s != seat]
                    row = with_late(x, late, width)
                    for o in others:
                        for k, v in with_late(o, late, width).items():
                            row[k] = row.get(k, 0.0) - v / len(others)
                y = rec["outcome"][str(seat)]
                for label, wt in ((1, y), (0, 1 - y)):
                    if wt > 0:
                        rows.append(row)
                        ys.append(label)
                        weights.append(wt)
                        groups.append(g)
    if len(set(ys)) < 2:
        raise UsageError("every match of the training ended the same way for everyone: nothing to learn a value from "
                         "(more matches, or other bots)")
    # only the features that vary are fitted: a game names thousands (a card of each kind in each zone), most of
    # which never change in its matches, and the solver's memory and time grow with the columns fitted (its time
    # with their cube)
    present = sorted(set().union(*rows))
    column = {k: j for j, k in enumerate(present)}
    X = np.zeros((len(rows), len(present)))
    for i, row in enumerate(rows):
        for k, v in row.items():
            X[i, column[k]] = v
    y, w, groups = np.array(ys), np.array(weights), np.array(groups)
    scale = X.std(axis=0)
    varies = scale > 0
    used = np.array(present, dtype=int)[varies]
    X, scale = X[:, varies], scale[varies]
    center = X.mean(axis=0) if game.cooperative else np.zeros(X.shape[1])
    Z = (X - center) / scale
    train_rows = groups < len(records) - held
    model = LogisticRegression(C=1.0, fit_intercept=game.cooperative, solver="newton-cholesky", max_iter=200)
    model.fit(Z[train_rows], y[train_rows], sample_weight=w[train_rows])
    test = ~train_rows
    accuracy = float(np.average(model.predict(Z[test]) == y[test], weights=w[test])) if test.any() else None
    model.fit(Z, y, sample_weight=w)  # the value written is fitted on every match
    fitted = model.coef_[0] / scale
    intercept = float(model.intercept_[0] - (fitted * center).sum()) if game.cooperative else 0.0
    coef = np.zeros(2 * width)
    coef[used] = fitted
    value = LearnedValue(game, {int(k): float(coef[k]) for k in np.nonzero(coef)[0]}, rounds, game.cooperative,
                         intercept, {"matches": len(records), "samples": int(len(rows)),
                                     "held_out_accuracy": None if accuracy is None else round(accuracy, 3)})
    return value, {"samples": int(len(rows)), "features": int(len(used)), "held_out_accuracy": accuracy,
                   "rounds": round(rounds, 2)}


def describe(data: dict) -> str:
    acc = data["held_out_accuracy"]
    return (f"{data['matches']} matches ({data['played']} played now), {data['samples']} samples, {data['features']} "
            f"features that vary; on the held-out fifth the value picks the winner "
            + (f"{acc:.1%} of the time" if acc is not None else "(none held out)")
            + f"\nwritten to {data['file']}")
