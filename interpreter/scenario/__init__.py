"""Scenarios: tests of a game written as content, in `tests/*.yaml` beside game.yaml or mod.yaml.

A scenario sets up a match (players, options, seed), brings it to a position (placed cards, counters and
vars, after the game's setup or none), plays steps (a phase, effect statements, the choices of named seats,
bots until something holds) and states what must hold, in the effect language (`ann.money == 7`). Its file
is checked like any content file (grammar/scenario.schema.json, then every name and expression, each
mistake placed); `meeple test` runs it and places each failure at the line of the expectation.

    report = run_scenarios("content/GAME", "content/GAME")     # the seam `meeple test --mutate` calls
    report.diagnostics, [(o.name, o.passed) for o in report.outcomes]
"""
from .play import Failure, Outcome
from .suite import Report, check_scenarios, run_scenarios, scenario_files

__all__ = ["Failure", "Outcome", "Report", "check_scenarios", "run_scenarios", "scenario_files"]
