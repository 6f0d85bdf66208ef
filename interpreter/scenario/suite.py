"""The scenario files of a game or mod folder (`tests/*.yaml`), checked (`meeple validate`) or run against a
game folder and its mods (`meeple test`)."""
from __future__ import annotations

import glob
import os
from dataclasses import dataclass, field

from ..errors import ContentError, Diagnostic
from ..model.pipeline import load_game
from .play import run_plan
from .read import FileReader, game_facts

SCENARIO_CODE = "<meeple scenario>"  # the generated code's name: a failure in it is placed at its step, not in the game


def scenario_files(folder) -> list[str]:
    """The scenario files of a game or mod folder, in the order of their names."""
    tests = os.path.join(str(folder), "tests")
    return sorted(glob.glob(os.path.join(tests, "*.yaml")) + glob.glob(os.path.join(tests, "*.yml")))


def shown(path: str) -> str:
    """A path as diagnostics show it: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def check_scenarios(folder, game_folder, mods, names_for) -> list[Diagnostic]:
    """The mistakes of the scenario files of `folder`, written for `game_folder` with `mods`: schema, seats,
    names, positions and expressions. `names_for(choice)`: the game's NameTable for a choice of its included
    files (a tuple of (option, value)), or None when it does not load so."""
    facts = game_facts(game_folder, mods)
    diags = []
    for path in scenario_files(folder):
        reader = FileReader(shown(path), facts, names_for)
        reader.read()
        diags += reader.diags
    return diags


@dataclass
class Report:
    diagnostics: list = field(default_factory=list)  # mistakes in the scenario files or the game: nothing ran
    outcomes: list = field(default_factory=list)  # play.Outcome, one per scenario run

    @property
    def ok(self) -> bool:
        return not self.diagnostics and all(o.passed for o in self.outcomes)

    def add(self, other: Report) -> None:
        self.diagnostics += [d for d in other.diagnostics if d not in self.diagnostics]
        self.outcomes += other.outcomes


def selected(plan, keywords) -> bool:
    if not keywords:
        return True
    words = f"{plan.name}\n{plan.rule}\n{plan.card}".lower()
    return any(k.lower() in words for k in keywords)


def run_scenarios(folder, game_folder, mods=(), keywords=()) -> Report:
    """Run the scenario files of `folder` (a game or mod folder) against the game in `game_folder` with `mods`;
    `keywords`: only the scenarios whose name, rule or card contains one of them. Each scenario's verdict is
    an Outcome (`.passed`, `.failures`). A game folder may be a changed copy of the one the scenarios were
    written for (a mutant): the scenarios are read from `folder`, the game from `game_folder`."""
    report, games = Report(), {}

    def loaded(choice):
        if choice not in games:
            try:
                games[choice] = load_game(game_folder, mods, options=dict(choice))
            except ContentError as e:
                games[choice] = None
                report.diagnostics += [d for d in e.diagnostics if d not in report.diagnostics]
        return games[choice]

    def names_for(choice):
        game = loaded(choice)
        return game.names if game is not None else None

    try:
        facts = game_facts(game_folder, mods)
    except ContentError as e:  # game.yaml does not load
        report.diagnostics += e.diagnostics
        return report
    for path in scenario_files(folder):
        reader = FileReader(shown(path), facts, names_for)
        plans = [p for p in reader.read() if selected(p, keywords)]
        if reader.diags:
            report.diagnostics += reader.diags
            continue
        spaces = {}
        for choice, comp in reader.compilers.items():
            ns = spaces[choice] = comp.finish(SCENARIO_CODE)
            game = games[choice]
            ns.update({f"P_{k}": f for k, f in game.procedures.items()})
            ns.update({f"F_{k}": f for k, f in game.functions.items()})
        for plan in plans:
            report.outcomes.append(run_plan(plan, games[plan.choice], spaces[plan.choice]))
    return report
