"""How well the bots play, measured: win shares with 95 % intervals and CPU seconds a match (docs/bots.md).

    python tools/strength.py deckbuilder [--games 40]   the default mcts against Big Money on the deck-builder
                                                        without a value (tests/games/deckbuilder-plain), then after
                                                        `meeple train` (in a copy); greedy against random, before
                                                        and after, and on the game with its value
    python tools/strength.py big-money [--games 40]     the deck-builder's first row alone: the default mcts against
                                                        Big Money, without a value (no training)
    python tools/strength.py kaiju-inc [--games 40]     one default mcts seat against two greedy, 3 players
    python tools/strength.py happy-city [--games 40]    the same at Happy City
    python tools/strength.py debtzilla [--games 40]     the default mcts team, 3 players (and --option boss=...)
    python tools/strength.py openspiel [--games 40]     meeple's mcts against OpenSpiel's ISMCTS (its Python bot,
                                                        random rollouts), the same iterations a decision, through
                                                        interpreter.rl.openspiel_game: Kuhn, Leduc, Goofspiel, Hearts

Seeds are fixed (a figure is the same on every run but for its seconds): from 0 for the deck-builder and
openspiel, 700 for kaiju-inc and happy-city, 500 for debtzilla; `--seed N` starts elsewhere. A match's CPU
seconds are those of this process for the whole match, every seat's bot and the engine included. Each seat in
turn is the one measured where the seats differ (the deck-builder's duels are played from both seats, so
`--games 120` plays 60 seeds). `--agent-opt KEY=VALUE` gives the mcts measured an option (docs/bots.md): a
setting is compared with the default on the same seeds.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from interpreter import Match, load_game, make_agent  # noqa: E402
from interpreter.agents.base import Agent  # noqa: E402
from interpreter.agents.registry import agent_options  # noqa: E402
from interpreter.errors import UsageError  # noqa: E402
from interpreter.sim.batch import wilson  # noqa: E402

PLAIN = os.path.join(ROOT, "tests", "games", "deckbuilder-plain")
VALUED = os.path.join(ROOT, "tests", "games", "deckbuilder")  # the same game with its author's `value:`


class BigMoney(Agent):
    """The scripted player of the deck-builders' folklore: a Province at 8 coins, a Gold at 6, a Silver at 3,
    never anything else."""
    wants_view = False

    def choose(self, view, decision) -> int:
        labels = decision.labels()
        for want in ("Province", "Gold", "Silver"):
            if want in labels:
                return labels.index(want)
        return labels.index("Nothing") if "Nothing" in labels else 0


def bot(name: str, **options):
    return lambda seat, seed: make_agent(name, seat, seed, **options)


def duel(game, agent, other, seeds, say=None) -> dict:
    """`agent` against `other` in a 2-player game, each seed played from both seats: its wins (a tie counts
    half), and the CPU seconds of a match."""
    wins, cpu, n = 0.0, 0.0, 0
    for seed in seeds:
        for mine in (1, 2):
            seats = {mine: agent(mine, seed), 3 - mine: other(3 - mine, seed)}
            t = time.process_time()
            m = Match(game, 2, seed, narrate=False)
            while not m.over:
                m.choose(seats[m.pending.player.seat].act(m))
            cpu += time.process_time() - t
            n += 1
            wins += (mine in m.result.winners) / len(m.result.winners)
            m.close()
            if say:
                say(f"  seed {seed} seat {mine}: {wins:.1f}/{n}")
    return share(wins, n, cpu)


def share(wins: float, n: int, cpu: float) -> dict:
    lo, hi = wilson(round(wins), n)
    return {"wins": wins, "matches": n, "rate": wins / n, "ci95": [round(lo, 3), round(hi, 3)],
            "cpu_seconds_a_match": round(cpu / n, 2)}


def said(name: str, r: dict) -> str:
    return (f"{name}: {r['wins']:g} of {r['matches']} ({r['rate']:.0%}, 95% CI {r['ci95'][0]:.0%}-{r['ci95'][1]:.0%}), "
            f"{r['cpu_seconds_a_match']} s of CPU a match")


def big_money(games: int, seed: int, mcts: dict, say) -> dict:
    """The default mcts (with `mcts` options) against Big Money on the deck-builder without a value."""
    r = duel(load_game(PLAIN), bot("mcts", **mcts), BigMoney, range(seed, seed + games // 2))
    say(said(f"default mcts {_given(mcts)}against Big Money, no value", r))
    return r


def _given(mcts: dict) -> str:
    return "".join(f"({k}={v}) " for k, v in mcts.items())


def deckbuilder(games: int, train_games: int, jobs: int, say, seed: int = 0, mcts: dict | None = None) -> dict:
    from interpreter.sim.train import describe, train
    seeds = range(seed, seed + games // 2)
    mcts = mcts or {}
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = os.path.join(tmp, "deckbuilder-plain")
        shutil.copytree(PLAIN, folder, ignore=shutil.ignore_patterns("learned-value.yaml", ".learned-samples.jsonl"))
        game = load_game(folder)
        out["greedy_vs_random"] = r = duel(game, bot("greedy"), bot("random"), seeds)
        say(said("greedy against random", r))
        out["valued_greedy_vs_random"] = r = duel(load_game(VALUED), bot("greedy"), bot("random"), seeds)
        say(said("greedy against random, the deck-builder with its value (tests/games/deckbuilder)", r))
        out["mcts_vs_big_money"] = r = duel(game, bot("mcts", **mcts), BigMoney, seeds)
        say(said(f"default mcts {_given(mcts)}against Big Money, no value", r))
        t = time.time()
        data = train(game, games=train_games, seed=10_000, jobs=jobs)
        say(f"meeple train, {train_games} matches in {time.time() - t:.0f} s: " + describe(data).replace(tmp, "TMP"))
        trained = load_game(folder)
        out["trained_mcts_vs_big_money"] = r = duel(trained, bot("mcts", **mcts), BigMoney, seeds)
        say(said(f"default mcts {_given(mcts)}against Big Money, after meeple train", r))
        out["trained_greedy_vs_random"] = r = duel(trained, bot("greedy"), bot("random"), seeds)
        say(said("greedy against random, after meeple train", r))
    return out


def against_greedy(name: str, games: int, options: dict, say, seed: int = 700, mcts: dict | None = None) -> dict:
    """One default mcts seat (seat 1, with `mcts` options) against greedy seats, 3 players, seeds `seed`.."""
    from interpreter.sim.batch import simulate, won
    game = load_game(os.path.join(ROOT, "content", name), options=options)
    t = time.process_time()
    data = simulate(game, games, 3, seed, options, ["mcts", "greedy", "greedy"], jobs=1,
                    agent_options={f"1:{k}": v for k, v in (mcts or {}).items()})
    cpu = time.process_time() - t
    r = share(sum(won(x, 1) for x in data["results"]), games, cpu)
    say(said(f"{name}: default mcts {_given(mcts or {})}(seat 1) against two greedy", r))
    return r


def team(name: str, games: int, options: dict, say, seed: int = 500, mcts: dict | None = None) -> dict:
    """The default mcts team (with `mcts` options) of a cooperative game, 3 players, seeds `seed`.."""
    from interpreter.sim.batch import simulate
    game = load_game(os.path.join(ROOT, "content", name), options=options)
    t = time.process_time()
    data = simulate(game, games, 3, seed, options, "mcts", jobs=1, agent_options=mcts)
    cpu = time.process_time() - t
    r = share(sum(1 for x in data["results"] if x.get("outcome") == "won"), games, cpu)
    say(said(f"{name}{' ' + str(options) if options else ''}: the default mcts team {_given(mcts or {})}".rstrip(), r))
    return r


YARDSTICK = (("kuhn-poker", 2), ("leduc-poker", 2), ("goofspiel", 2), ("hearts", 4))


def against_openspiel(name: str, players: int, games: int, iterations: int, say, progress=None, seed: int = 0) -> dict:
    """meeple's mcts (`iterations` a decision) at one seat, in turn each, against OpenSpiel's ISMCTS bot (as many
    simulations, UCT constant 2, random rollouts) at the others: a match is won when meeple's seat's return is
    above every other seat's (a tie counts half)."""
    import random

    import numpy as np
    from open_spiel.python.algorithms import ismcts
    from open_spiel.python.algorithms import mcts as os_mcts

    from interpreter.rl import openspiel_game
    game = openspiel_game(os.path.join(ROOT, "content", name), players=players)
    wins, total, t = 0.0, 0.0, time.process_time()
    for k in range(games):
        i, me = seed + k, k % players
        bot = ismcts.ISMCTSBot(game, os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)), 2.0, iterations,
                               random_state=np.random.RandomState(i))
        agent = make_agent("mcts", me + 1, i, iterations=iterations)
        rng, state = random.Random(i), game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                chances = state.chance_outcomes()
                state.apply_action(rng.choices([o for o, _ in chances], [p for _, p in chances])[0])
            elif state.current_player() == me:
                match = state.at.live()
                k = agent.choose(None, match.pending)
                state.apply_action(next(a for a, option in state.legal.items() if option == k))
            else:
                state.apply_action(bot.step(state))
        r = state.returns()
        best = max(x for j, x in enumerate(r) if j != me)
        wins += 1.0 if r[me] > best else 0.5 if r[me] == best else 0.0
        total += r[me]
        if progress:
            progress(f"  {name} match {k + 1}: {wins:g}/{k + 1}")
    out = share(wins, games, time.process_time() - t)
    out["mean_return"] = round(total / games, 3)
    say(said(f"{name}, {players} players: meeple's mcts against OpenSpiel's ISMCTS, {iterations} iterations each", out)
        + f"; meeple's mean return {out['mean_return']}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="how well the bots play")
    ap.add_argument("what", choices=["deckbuilder", "big-money", "kaiju-inc", "happy-city", "debtzilla", "openspiel"])
    ap.add_argument("--iterations", type=int, default=100, help="openspiel: iterations a decision of both bots")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--train-games", type=int, default=200, help="the deck-builder's `meeple train --games`")
    ap.add_argument("--jobs", type=int, default=2, help="`meeple train --jobs`")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a rules option of the game")
    ap.add_argument("--seed", type=int, help="the first seed (deck-builder and openspiel 0, kaiju-inc and "
                                             "happy-city 700, debtzilla 500)")
    ap.add_argument("--agent-opt", action="append", default=[], metavar="KEY=VALUE",
                    help="an option of the mcts measured (docs/bots.md), not openspiel's")
    a = ap.parse_args(argv)
    options = dict(o.split("=", 1) for o in a.option)
    mcts = dict(o.split("=", 1) for o in a.agent_opt)
    try:
        agent_options(["mcts"], mcts)  # a misspelt option is refused before any match, not ignored
    except UsageError as e:
        ap.error(f"--agent-opt: {e}")
    if a.what == "openspiel" and mcts:
        ap.error("--agent-opt: openspiel's meeple mcts plays --iterations a decision, with no other option")
    seed = a.seed if a.seed is not None else {"kaiju-inc": 700, "happy-city": 700, "debtzilla": 500}.get(a.what, 0)
    if a.what == "deckbuilder":
        deckbuilder(a.games, a.train_games, a.jobs, print, seed, mcts)
    elif a.what == "big-money":
        big_money(a.games, seed, mcts, print)
    elif a.what == "openspiel":
        for name, players in YARDSTICK:
            against_openspiel(name, players, a.games, a.iterations, print,
                              lambda line: print(line, file=sys.stderr, flush=True), seed)
    elif a.what == "debtzilla":
        team(a.what, a.games, options, print, seed, mcts)
    else:
        against_greedy(a.what, a.games, options, print, seed, mcts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
