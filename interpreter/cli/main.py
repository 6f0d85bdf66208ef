"""`meeple` at the terminal: list, play, simulate, validate, test, replay and schema, and the command line's machinery
(parser, exit codes, `--debug`) that interpreter/command.py adds `serve` and `lsp` to. Errors are messages, never
tracebacks."""
from __future__ import annotations

import argparse
import json
import os
import re
import sys

from .. import diagnostics, project
from ..errors import ContentError, InternalError, MeepleError, RuntimeContentError
from ..loader.layers import bundled_games
from ..model.pipeline import load_game
from ..runtime.match import resolve_options


def _pairs(items, flag: str = "--option") -> dict:
    """`KEY=VALUE` flags (`--option`, `--agent-opt`) as a dict."""
    out = {}
    for p in items or []:
        if "=" not in p:
            raise MeepleError(f"{flag} takes KEY=VALUE, not {p!r}")
        k, v = p.split("=", 1)
        k, v = k.strip(), v.strip()
        if k in out:  # the last would win unseen: which one was meant is the author's to say
            raise MeepleError(f"{flag} {k} is given twice ({k}={out[k]}, then {k}={v}): give it once")
        out[k] = v
    return out


def _load(name: str, mods=(), options=None):
    return load_game(project.find_game(name), mods or (), options=options)


def cmd_list(args) -> int:
    for gid, folder in bundled_games().items():
        try:
            g = load_game(folder)
        except ContentError as e:
            print(f"{gid}: does not load ({len(e.diagnostics)} problem(s); run `meeple validate {folder}`)")
            continue
        count = g.min_players if g.min_players == g.max_players else f"{g.min_players}-{g.max_players}"
        print(f"{gid}: {g.name}, {count} players")
        for o in g.options.values():
            print(f"    --option {o.name}={'|'.join(o.values)} (default {o.default})" + (f": {o.doc}" if o.doc else ""))
    return 0


def cmd_rules(args) -> int:
    from .rules import rules_text
    game = _load(args.game, args.mod, _pairs(args.option))
    print(rules_text(game))
    if args.notes:
        from .rules import notes_text
        print("\n" + notes_text(game))
    return 0


def _result_table(match) -> list[str]:
    r = match.result
    lines = ["", "== Result"]
    names = {p.seat: p.name for p in match.players}

    def who(seats) -> str:
        return " and ".join(f"{names[s]} (seat {s})" for s in seats)
    if r.outcome in ("won", "lost"):
        lines.append(f"The players have {r.outcome}: {r.reason}.")
    elif r.teams and len({r.side(s) for s in r.winners}) == 1:
        lines.append(f"Winner: team {r.side(r.winner)}, {who(r.winners)}. The game ended: {r.reason}.")
    elif len(r.winners) > 1:
        lines.append(f"A tie: {who(r.winners)} share the win. The game ended: {r.reason}.")
    else:
        lines.append(f"Winner: {names[r.winner]} (seat {r.winner}). The game ended: {r.reason}.")
    lines += r.told(names)
    if match.game.score is not None:  # a cooperative game may have no score: the outcome says it all
        # the score's parts and the ranking keys, each a column as wide as its name
        columns = [*(["team"] if r.teams else []), "score", *(k for k, _ in match.game.score_parts), *r.key_names]
        rows = []
        for s in r.ranking:
            row = [r.teams[s]] if r.teams else []
            row += [r.scores[s], *r.parts.get(s, {}).values(), *r.keys.get(s, ())]
            rows.append(row)
        widths = [max(len(c), *(len(str(row[i])) for row in rows)) for i, c in enumerate(columns)]
        lines.append(f"{'seat':>4}  {'player':<10} " + "  ".join(f"{c:>{w}}" for c, w in zip(columns, widths, strict=True)))
        for s, row in zip(r.ranking, rows, strict=True):
            lines.append(f"{s:>4}  {names[s]:<10} " + "  ".join(f"{v!s:>{w}}" for v, w in zip(row, widths, strict=True)))
        for s in r.ranking:  # the parts that say how the rules count them (`counted:`), with their figures
            lines += [f"{names[s]}'s {part}: {said} = {r.parts[s][part]}" for part, said in r.counted.get(s, {}).items()]
    lines.append(f"{r.rounds} rounds, {r.decisions} decisions.")
    return lines


def cmd_play(args) -> int:
    from ..agents.human import HumanAgent
    from ..sim.run import play, seat_agents
    resume = None
    if args.resume:
        from ..runtime.record import read_log
        header, resume = read_log(args.resume)
        args.game = header.get("folder") or header["game"]
        args.players, args.seed = header["players"], header["seed"]
        args.option = [f"{k}={v}" for k, v in (header.get("options") or {}).items()]
        args.mod = header.get("mods") or []
        if args.bots is None:
            args.bots = header.get("bots") or None
        if args.agent is None:
            args.agent = header.get("agents") or None
        if args.agent_opt is None:
            args.agent_opt = [f"{k}={v}" for k, v in (header.get("agent_options") or {}).items()]
        if header.get("finished"):
            raise MeepleError(f"{args.resume}: this match is already over (see `meeple replay`)")
        args.log = args.resume
    if args.game is None:
        raise MeepleError("play needs a GAME (or --resume FILE)")
    opts = _pairs(args.option)
    game = _load(args.game, args.mod, opts)
    resolve_options(game, opts)  # a wrong --option is said before the match's header
    players = args.players or min(max(3, game.min_players), game.max_players)
    from ..agents.registry import agent_options as check_agent_options
    from ..sim.batch import lineup
    names, agent_opts = lineup(args.agent, players), _pairs(args.agent_opt, "--agent-opt")
    check_agent_options(names, agent_opts)
    agents = seat_agents(players, args.bots, args.seed, names, agent_opts)
    out = sys.stdout
    print(f"{game.name}: {players} players, seed {args.seed}", file=out)
    humans = [i + 1 for i, a in enumerate(agents) if isinstance(a, HumanAgent)]
    if humans and game.rules:
        print(f"(`meeple rules {args.game}` says the rules in short.)", file=out)
    terminal = _Terminal(humans, out)
    for i, a in enumerate(agents, 1) if humans else ():
        a.choose = terminal.asking(a.choose) if i in humans else terminal.answering(a.choose)
    match = play(game, players, args.seed, opts, agents, args.log, on_say=terminal.say,
                 header_extra={"mods": [str(m) for m in args.mod or []], "bots": args.bots or "",
                               "agents": args.agent or [], "agent_options": agent_opts}, resume=resume)
    terminal.match = match
    terminal.flush()
    print("\n".join(_result_table(match)), file=out)
    return 0


class _Terminal:
    """The account at the terminal as the human seats may read it (runtime/secrecy.py): an answer one of them
    may not read is masked as on the page, and before each question its seat is shown what it alone sees.
    With no human seat every line is printed as it is said."""

    def __init__(self, seats: list, out):
        from .account import Account
        self.seats, self.out = seats, out
        self.account = Account(lambda line: print(line, file=out))  # one line per action (cli/account.py)
        self.match = None  # known from the first question to a human seat (or the end)
        self.printed = 0
        self.masks: dict[int, re.Pattern] = {}  # a bot's echo (by line) -> the card names it may not show

    def say(self, line: str) -> None:
        if not self.seats:
            self.account.add(line)
        elif self.match is not None:
            self.flush()

    def flush(self) -> None:
        from ..runtime.secrecy import lines
        m = self.match
        if not self.seats or m is None:
            self.account.flush()
            return
        shown = [lines(m, s, self.printed) for s in self.seats]
        for i, line in enumerate(m.lines[self.printed:]):
            line = next((mine[i] for mine in shown if mine[i] != line), line)
            mask = self.masks.pop(self.printed + i, None)
            if mask is not None:
                who, _, said = line.partition(": ")
                line = f"{who}: {mask.sub(HIDDEN_CARD, said)}"
            self.account.add(m.lines[self.printed + i], line)
        self.printed = len(m.lines)

    def answering(self, choose):
        """A bot's `choose`: the echo of its answer is printed with no card name that it sees and a human seat
        here does not (a card it looked at, its own hand): what the answer reveals goes only as far as what
        the humans here may see (runtime/secrecy.py's `unseen`)."""
        def answer(view, decision):
            k = choose(view, decision)
            if self.seats:
                from ..runtime.secrecy import unseen
                m = decision.match
                humans = [m.players[s - 1] for s in self.seats]
                names = {piece.card.name for piece, _ in unseen(m, decision.player, humans)}
                if names:  # the echo is the next line the match says
                    self.masks[len(m.lines)] = re.compile(
                        r"\b(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")\b")
            return k
        return answer

    def asking(self, choose):
        """A human seat's `choose`, after the account so far and what the seat alone sees."""
        def ask(view, decision):
            self.match = decision.match
            self.flush()
            self.account.flush()  # the echoes so far, before the question
            seen = _private(self.match.view(decision.player))
            if seen:
                print(f"{decision.player.name} sees: {seen}", file=self.out)
            return choose(view, decision)
        return ask


HIDDEN_CARD = "(a hidden card)"


def _private(view: dict) -> str:
    """The cards of a view that not everyone sees: the zones its viewer sees and others may not (a rival's
    `others` hand named with its owner), and the cards revealed to it."""
    parts = []
    for p in view["players"]:
        for name, z in p["zones"].items():
            if z["visibility"] != "public" and "cards" in z:
                whose = f"{p['name']}'s {name}" if p["seat"] != view["viewer"] else name
                parts.append(f"{whose}: {', '.join(c['name'] for c in z['cards']) or 'nothing'}")
            elif z.get("revealed"):
                parts.append(f"{p['name']}'s {name}: {', '.join(c['name'] for c in z['revealed'])} (shown to you)")
    for name, z in view["zones"].items():
        if z.get("revealed"):
            parts.append(f"{name}: {', '.join(c['name'] for c in z['revealed'])} (shown to you)")
    return "; ".join(parts)


def cmd_replay(args) -> int:
    from ..runtime.record import read_log
    from ..sim.run import replay
    header, choices = read_log(args.file)
    game = load_game(header.get("folder") or project.find_game(header["game"]), header.get("mods") or (),
                     options=header.get("options") or {})
    print(f"{game.name}: {header['players']} players, seed {header['seed']}")
    from .account import Account
    account = Account(print)
    match = replay(game, header, choices, on_say=account.add)
    account.flush()
    if match.over:
        print("\n".join(_result_table(match)))
    else:
        print(f"\n(the log stops here: {match.pending.player.name} is to answer: {match.pending.prompt})")
    return 0


def cmd_simulate(args) -> int:
    from ..sim.batch import simulate
    opts = _pairs(args.option)
    folder = project.find_game(args.game)
    game = load_game(folder, args.mod or (), options=opts)
    players = args.players or min(max(3, game.min_players), game.max_players)
    agent_opts = _pairs(args.agent_opt, "--agent-opt")
    data = simulate(game, args.games, players, args.seed, opts, args.agent or "random", agent_options=agent_opts,
                    jobs=args.jobs, backend=args.backend, address=args.address, rotate=args.rotate_agents,
                    progress=sys.stderr.isatty(), source=(os.path.abspath(folder), [os.path.abspath(m) for m in args.mod or []]))
    s = data["summary"]
    print(f"{game.name}: {s['games']} matches, {players} players, seeds {args.seed}..{args.seed + args.games - 1}")
    if len(set(data["agents"])) > 1 or data["agents"][0] != "random":
        print("agents: " + ", ".join(f"seat {i} {a}" for i, a in enumerate(data["agents"], 1))
              + (" (rotating every match)" if args.rotate_agents else ""))
    print(f"rounds: mean {s['rounds']['mean']}, min {s['rounds']['min']}, max {s['rounds']['max']}; "
          f"decisions per match: {s['decisions_mean']}")
    print("outcomes: " + ", ".join(f"{k} {v}" for k, v in s["outcomes"].items()))
    print("end reasons: " + "; ".join(f"{k} ({v})" for k, v in s["reasons"].items()))
    if s.get("ties"):
        print(f"ties: {s['ties']} matches ended with several seats (or teams) tied at the top; each shares the win "
              "equally")
    if any(v["wins"] for v in s["wins_by_seat"].values()):
        for seat, w in s["wins_by_seat"].items():
            print(f"  seat {seat}: {w['wins']} wins ({w['rate']:.1%}, 95% CI {w['ci95'][0]:.1%}-{w['ci95'][1]:.1%})")
    if "team_wins" in s:
        w = s["team_wins"]
        print(f"  the players won {w['wins']} of {s['games']} ({w['rate']:.1%}, 95% CI {w['ci95'][0]:.1%}-{w['ci95'][1]:.1%})")
    for t, w in s.get("wins_by_team", {}).items():
        print(f"  team {t}: {w['wins']} wins in {w['played']} ({w['rate']:.1%}, 95% CI {w['ci95'][0]:.1%}-{w['ci95'][1]:.1%})")
    for f, w in s["wins_by_faction"].items():
        print(f"  {f}: {w['wins']} wins in {w['played']} ({w['rate']:.1%}, 95% CI {w['ci95'][0]:.1%}-{w['ci95'][1]:.1%})")
    for a, w in s.get("wins_by_agent", {}).items():
        print(f"  agent {a}: {w['wins']} wins in {w['played']} ({w['rate']:.1%}, 95% CI {w['ci95'][0]:.1%}-{w['ci95'][1]:.1%})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
        print(f"results written to {args.json}")
    return 0


def cmd_train(args) -> int:
    from ..sim.train import describe, train
    opts = _pairs(args.option)
    game = load_game(project.find_game(args.game), options=opts)
    print(f"{game.name}: training the bots' value from {args.games} matches of {args.agent or 'mcts'} "
          f"(seeds {args.seed}..{args.seed + args.games - 1})", flush=True)
    data = train(game, games=args.games, players=args.players, seed=args.seed, jobs=args.jobs or os.cpu_count() or 1,
                 agent=args.agent or "mcts", agent_options=_pairs(args.agent_opt, "--agent-opt"), options=opts,
                 fresh=args.fresh, progress=sys.stderr.isatty(), out=args.output)
    print(describe(data))
    return 0


def cmd_report(args) -> int:
    from ..report import write_report
    path = write_report(args.results, args.output, counter=args.counter)
    print(f"report written to {path}")
    return 0


def cmd_tune(args) -> int:
    from ..tune import summary, tune
    try:
        data = tune(project.find_game(args.game), vary=args.vary, goals=args.goal, out_dir=args.output,
                    mods=args.mod or (), players=args.players, options=_pairs(args.option),
                    agent=args.agent or "random", agent_options=_pairs(args.agent_opt, "--agent-opt"),
                    games=args.games, trials=args.trials, seed=args.seed, rungs=args.rungs, sampler=args.sampler,
                    prune=not args.no_prune, check_games=args.check_games, jobs=args.jobs, backend=args.backend,
                    address=args.address, study=args.study, allow_printed=args.allow_printed)
    except KeyboardInterrupt:  # one line, no traceback: the study keeps what finished
        print(f"stopped: the finished trials are kept in {args.study or os.path.join(args.output, 'study.db')}; "
              "the same command goes on from them", file=sys.stderr)
        return 130
    print("\n".join(summary(data)))
    return 0


def cmd_validate(args) -> int:
    if args.against:
        if len(args.mod or ()) != 1 or args.paths:
            raise MeepleError("--against OLD NEW checks one mod: meeple validate --mod MOD --against OLD NEW")
        old, new = (project.find_game(g) for g in args.against)
        checked = project.against(args.mod[0], old, new)
    else:
        checked = project.validate(args.paths or ["content"], args.mod or (), smoke=args.smoke, ending=args.ending,
                                   base_warnings=args.base_warnings)
    diags, errors, warns = checked.diagnostics, checked.errors, checked.warnings
    if args.format == "json":
        print(diagnostics.as_json(diags))
    elif args.format == "github":
        if diags:
            print(diagnostics.github(diags))
    else:
        if diags:
            print(diagnostics.text(diags))
        print(f"{checked.games} game(s) checked: {errors} error(s), {warns} warning(s)", file=sys.stderr)
    return 1 if errors or (args.strict and warns) else 0


def cmd_schema(args) -> int:
    from ..check.schema import schema
    print(json.dumps({n: schema(n) for n in ("game", "cards", "mod", "scenario")}, indent=2))
    return 0


def cmd_test(args) -> int:
    """The scenario files (tests/*.yaml) of each game or mod folder, run against the game with the mods."""
    from ..scenario import Report, formats, run_scenarios
    mods = list(args.mod or ())
    report, jobs = Report(), []  # (the folder whose scenarios run, the game folder, the mods)
    if args.paths or not mods:
        found, report.diagnostics = project.targets(args.paths or ["content"])
        for kind, path in found:
            if kind == "game":  # the game's scenarios, and each mod's, on the game with the mods
                jobs += [(path, path, mods)] + [(m, path, mods) for m in mods]
            else:
                try:
                    jobs.append((path, project.mod_base(path), [path, *mods]))
                except ContentError as e:
                    report.diagnostics += e.diagnostics
    else:  # only mods: their scenarios, on the game the first one is checked with
        try:
            base = project.mod_base(mods[0])
            jobs += [(m, base, mods) for m in mods]
        except ContentError as e:
            report.diagnostics += e.diagnostics
    if args.mutate:
        return _mutate(report, dict.fromkeys((s, g, tuple(m)) for s, g, m in jobs), args)
    for job in dict.fromkeys((s, g, tuple(m)) for s, g, m in jobs):
        report.add(run_scenarios(*job, keywords=args.k or ()))
    if args.format == "json":
        print(formats.as_json(report))
    elif args.format == "github":
        shown = formats.github(report)
        if shown:
            print(shown)
        print(formats.summary(report), file=sys.stderr)
    else:
        shown = formats.text(report)
        if shown:
            print(shown)
        print(formats.summary(report))
    return 0 if report.ok else 1


def _mutate(report, jobs, args) -> int:
    """`meeple test --mutate`: the scenarios must pass first; then each game's mutants against them."""
    from ..scenario import formats, run_scenarios
    from ..scenario.mutation import mutate
    for job in jobs:
        report.add(run_scenarios(*job))
    if not report.ok:
        print(formats.text(report))
        print("the scenarios must pass before their mutants are tried", file=sys.stderr)
        return 1
    results = [mutate(folder, game, mods, args.jobs, args.where or ()) for folder, game, mods in jobs if folder == game]
    if args.format == "json":
        print(json.dumps([r.as_dict() for r in results], indent=1))
    else:
        for r in results:
            print(r.text())
    return 0


def parser(fronts=()) -> argparse.ArgumentParser:
    """The command line: the terminal's commands, then those each of `fronts` adds, a function given the
    subparsers (`sub.add_parser(NAME, ...)`, its `fn` default the command), so that this front end imports no
    other."""
    debug = argparse.ArgumentParser(add_help=False)
    debug.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                       help="on an internal error of meeple, print its traceback (for a bug report)")
    p = argparse.ArgumentParser(prog="meeple", description="A declarative rules interpreter for card games.",
                                parents=[debug])
    sub = p.add_subparsers(dest="command", required=True)
    add_parser = sub.add_parser
    sub.add_parser = lambda *a, **kw: add_parser(*a, parents=[debug], **kw)  # --debug before or after the command
    sub.add_parser("list", help="the bundled games, their player counts and options").set_defaults(fn=cmd_list)
    sp = sub.add_parser("rules", help="a game's rules in short: the goal, a round and each phase")
    sp.add_argument("game", help="a bundled game (see `meeple list`) or a game folder")
    sp.add_argument("--option", action="append", metavar="KEY=VALUE", help="an option that includes files (an expansion)")
    sp.add_argument("--mod", action="append", metavar="PATH")
    sp.add_argument("--notes", action="store_true",
                    help="the authors' notes besides: the docs of kinds, fields, zones, counters and variables, and cards' notes")
    sp.set_defaults(fn=cmd_rules)

    def game_args(sp, required=True):
        sp.add_argument("game", nargs=None if required else "?", help="a bundled game (see `meeple list`) or a game folder")
        sp.add_argument("--players", type=int)
        sp.add_argument("--seed", type=int, default=0)
        sp.add_argument("--option", action="append", metavar="KEY=VALUE")
        sp.add_argument("--mod", action="append", metavar="PATH")

    def agent_args(sp):
        sp.add_argument("--agent", action="append", metavar="[SEAT=]NAME",
                        help="random, greedy or mcts: for every seat, or SEAT=NAME for one (default random)")
        sp.add_argument("--agent-opt", action="append", metavar="[SEAT:]KEY=VALUE",
                        help="an agent option, e.g. iterations=200 or seconds=0.5 (mcts), rollouts=3 (greedy): for "
                             "every agent that takes it, or SEAT:KEY=VALUE for one seat's")

    sp = sub.add_parser("play", help="play a match (bots or humans at this terminal)")
    game_args(sp, required=False)
    sp.add_argument("--bots", help="`all`, `none`, or the bot seats (default: every seat but 1)")
    sp.add_argument("--log", metavar="FILE", help="write the match log (JSON lines) as it goes")
    sp.add_argument("--resume", metavar="FILE", help="continue an interrupted match from its log")
    agent_args(sp)
    sp.set_defaults(fn=cmd_play)

    sp = sub.add_parser("simulate", help="many bot matches and a summary")
    game_args(sp)
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--json", metavar="FILE")
    agent_args(sp)
    sp.add_argument("--rotate-agents", action="store_true", help="match i shifts the agents by i seats")
    sp.add_argument("--jobs", type=int, default=None, help="local worker processes (default: every core)")
    sp.add_argument("--backend", choices=["local", "dask"], default="local")
    sp.add_argument("--address", metavar="tcp://HOST:8786", help="the Dask scheduler, with --backend dask")
    sp.set_defaults(fn=cmd_simulate)

    sp = sub.add_parser("train", help="fit the bots' value of a position from their own matches (learned-value.yaml)")
    sp.add_argument("game", metavar="GAME")
    sp.add_argument("--games", type=int, default=200, help="matches to learn from (default 200)")
    sp.add_argument("--players", type=int)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--option", action="append", metavar="KEY=VALUE")
    sp.add_argument("--agent", metavar="NAME", help="the bots that play the matches (default mcts)")
    sp.add_argument("--agent-opt", action="append", metavar="KEY=VALUE")
    sp.add_argument("--jobs", type=int, default=None, help="local worker processes (default: every core)")
    sp.add_argument("--fresh", action="store_true", help="forget the matches of an earlier training and play anew")
    sp.add_argument("-o", "--output", metavar="FILE", help="where to write the value (default: beside game.yaml)")
    sp.set_defaults(fn=cmd_train)

    sp = sub.add_parser("report", help="an HTML report (tables and plots) of simulate --json results")
    sp.add_argument("results", nargs="+", metavar="RESULTS.json")
    sp.add_argument("-o", "--output", required=True, metavar="DIR")
    sp.add_argument("--counter", metavar="NAME", help="the counter to follow over the rounds (default: the game's first)")
    sp.set_defaults(fn=cmd_report)

    sp = sub.add_parser("tune", help="search the values that best meet balance goals (docs/balance.md); writes a mod")
    game_args(sp)
    agent_args(sp)
    sp.add_argument("--vary", action="append", required=True, metavar="PATH=RANGE",
                    help="a value and its range: cards.ID.FIELD=1..6, options.NAME=a|b, counters.NAME.initial=0..3")
    sp.add_argument("--goal", action="append", required=True, metavar="GOAL",
                    help="fair, win-rate=X, length=ROUNDS or spread; several add up, WEIGHT*GOAL weighs one")
    sp.add_argument("--games", type=int, default=400, help="matches a trial (default 400)")
    sp.add_argument("--trials", type=int, default=30, help="finished trials the study holds at the end (default 30)")
    sp.add_argument("--rungs", type=int, default=4, help="a trial's matches in this many steps, pruned between them")
    sp.add_argument("--no-prune", action="store_true", help="play every trial's matches to the end")
    sp.add_argument("--sampler", choices=["tpe", "random"], default="tpe")
    sp.add_argument("--check-games", type=int, metavar="N", help="fresh matches measuring the result (default 2 x --games)")
    sp.add_argument("--study", metavar="FILE", help="the study's SQLite file (default DIR/study.db): run again to go on")
    sp.add_argument("--allow-printed", action="store_true", help="vary values not marked `provenance: designed` too")
    sp.add_argument("--jobs", type=int, default=None, help="local worker processes (default: every core)")
    sp.add_argument("--backend", choices=["local", "dask"], default="local")
    sp.add_argument("--address", metavar="tcp://HOST:8786", help="the Dask scheduler, with --backend dask")
    sp.add_argument("-o", "--output", required=True, metavar="DIR")
    sp.set_defaults(fn=cmd_tune)

    sp = sub.add_parser("validate", help="check content files; exit 1 on any error")
    sp.add_argument("paths", nargs="*", metavar="PATH")
    sp.add_argument("--format", choices=["text", "json", "github"], default="text")
    sp.add_argument("--mod", action="append", metavar="PATH")
    sp.add_argument("--strict", action="store_true", help="warnings fail too")
    sp.add_argument("--base-warnings", action="store_true",
                    help="with a mod, also the warnings of the game it extends (by default only the mod's own)")
    sp.add_argument("--against", nargs=2, metavar=("OLD", "NEW"),
                    help="with one --mod: what the change of its base from the game folder OLD to NEW breaks in it")
    sp.add_argument("--smoke", type=int, default=0, metavar="N",
                    help="also play N seeded bot matches per player count and option set")
    sp.set_defaults(fn=cmd_validate)

    sp = sub.add_parser("test", help="run the scenarios (tests/*.yaml) of games and mods; exit 1 on any failure")
    sp.add_argument("paths", nargs="*", metavar="PATH", help="game or mod folders (default: content)")
    sp.add_argument("--mod", action="append", metavar="PATH",
                    help="play on the game with this mod; its own scenarios run too")
    sp.add_argument("-k", action="append", metavar="NAME",
                    help="only the scenarios whose name, rule or card contains NAME")
    sp.add_argument("--format", choices=["text", "json", "github"], default="text")
    sp.add_argument("--mutate", action="store_true",
                    help="mutate each game's content and report the mutants no scenario catches, by card and line")
    sp.add_argument("--jobs", type=int, default=None, metavar="N", help="with --mutate: worker processes (default: every core)")
    sp.add_argument("--where", action="append", metavar="CARD",
                    help="with --mutate: only the mutants of this card (or section: `procedures.NAME`, `phase NAME`)")
    sp.set_defaults(fn=cmd_test)

    sp = sub.add_parser("replay", help="replay a match log, printing the same account as play")
    sp.add_argument("file")
    sp.set_defaults(fn=cmd_replay)

    sub.add_parser("schema", help="print the JSON Schemas of the content files").set_defaults(fn=cmd_schema)

    for add in fronts:  # the other front ends' commands (interpreter/command.py)
        add(sub)
    return p


def main(argv=None, ending: bool = False, fronts=()) -> int:
    """`ending`: the process ends right after the command, so what it made need not be tidied up. `fronts`:
    as `parser`'s (`interpreter.command.main` gives every front end's)."""
    return _execute(parser(fronts).parse_args(argv), ending)


def _execute(args, ending: bool) -> int:
    args.ending = ending
    try:
        return args.fn(args)
    except InternalError as e:
        return _internal(e.message, e.details, args)
    except ContentError as e:
        print(diagnostics.text(e.diagnostics), file=sys.stderr)
        return 1
    except RuntimeContentError as e:
        print(f"error: content failed while playing: {e}", file=sys.stderr)
        return 1
    except MeepleError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # noqa: BLE001 - a bug of meeple: said so, never blamed on the content
        import traceback
        return _internal(f"{type(e).__name__}: {e}", "".join(traceback.format_exception(e)), args)


def _internal(message: str, details: str, args) -> int:
    """An error of meeple itself: exit 3, the traceback only with --debug."""
    if getattr(args, "debug", False):
        print(details.rstrip(), file=sys.stderr)
        print(f"internal error, please report it: {message}", file=sys.stderr)
    else:
        print("internal error, please report it (run the command again with --debug for the details to send)",
              file=sys.stderr)
    return 3


# Commands that leave nothing running behind them (no worker pool, cluster, server or thread) and end by
# ending the process: freeing one by one the many objects a check of every game made (files' data, syntax
# trees) and a last pass of the garbage collector over them took 6 % of a cold `meeple validate content`.
_ENDED_AT_ONCE = {"validate", "schema"}


def run(fronts=()) -> None:
    """The command as a process's whole work (`main` is for callers that go on after it, tests among them)."""
    args = parser(fronts).parse_args(sys.argv[1:])
    at_once = args.command in _ENDED_AT_ONCE  # the command as parsed, whatever comes before it
    code = _execute(args, ending=at_once)
    if at_once:
        from ..dsl import disk_cache
        disk_cache.save()
        for stream in (sys.stdout, sys.stderr):
            try:
                if stream is not None:
                    stream.flush()
            except (OSError, ValueError):  # a closed pipe or stream: there is no one left to read it
                pass
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":
    run()
