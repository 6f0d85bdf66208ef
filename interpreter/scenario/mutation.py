"""`meeple test --mutate`: how much a folder's scenarios pin its game. Every mutant of the game's content
(interpreter/mutants: numbers +-1, comparisons, conditions, removed statements and shuffles, list items) is
loaded in memory in place of its file, and the scenarios run against it; a mutant that no scenario fails
survives, and is reported by file, line and card."""
from __future__ import annotations

import multiprocessing
import os
from dataclasses import dataclass, field

from ..mutants import Content
from ..mutants.load import overlay
from .suite import run_scenarios

_JOB: dict = {}  # what forked workers inherit: the content, the scenario folder, the mods, the mutants


@dataclass
class MutationReport:
    folder: str
    mutants: int = 0  # live and equivalent: every mutant that loads
    killed: int = 0
    equivalent: list = field(default_factory=list)  # (label, why)
    stillborn: int = 0
    survivors: list = field(default_factory=list)  # labels, in the order of the files

    def as_dict(self) -> dict:
        return {"folder": self.folder, "mutants": self.mutants, "killed": self.killed,
                "equivalent": len(self.equivalent), "stillborn": self.stillborn, "survivors": self.survivors,
                "equivalents": [{"mutant": m, "why": why} for m, why in self.equivalent]}

    def text(self) -> str:
        live = self.mutants - len(self.equivalent)
        share = f"{self.killed / live:.1%}" if live else "none to kill"
        lines = [f"{self.folder}: {self.killed} of {live} mutants killed ({share}); "
                 f"{len(self.equivalent)} equivalent, {self.stillborn} stillborn"]
        lines += [f"  survives: {s}" for s in self.survivors]
        return "\n".join(lines)


def _verdict(i: int) -> tuple:
    content, folder, mods, mutants = _JOB["content"], _JOB["folder"], _JOB["mods"], _JOB["mutants"]
    m = mutants[i]
    texts = content.texts(m)
    state, why = content.verdict(m, texts)
    if state != "live":
        return state, why
    with overlay(texts):
        report = run_scenarios(folder, content.folder, mods)
    return ("killed" if not report.ok else "survived"), ""


def mutate(folder: str, game_folder: str, mods=(), jobs: int | None = None, where=()) -> MutationReport:
    """The mutants of `game_folder`'s content against the scenarios of `folder`, in `jobs` forked workers
    (default: every core); `where`: only the mutants of these cards or sections."""
    content = Content(game_folder)
    mutants = [m for m in content.mutants() if not where or m.where in where]
    _JOB.update(content=content, folder=folder, mods=tuple(mods), mutants=mutants)
    jobs = jobs or os.cpu_count() or 1
    try:
        if jobs > 1 and "fork" in multiprocessing.get_all_start_methods():
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                verdicts = pool.map(_verdict, range(len(mutants)), chunksize=8)
        else:
            verdicts = [_verdict(i) for i in range(len(mutants))]
    finally:
        _JOB.clear()
    out = MutationReport(folder)
    for m, (state, why) in zip(mutants, verdicts, strict=True):
        if state == "stillborn":
            out.stillborn += 1
            continue
        out.mutants += 1
        if state == "equivalent":
            out.equivalent.append((m.label(), why))
        elif state == "killed":
            out.killed += 1
        else:
            out.survivors.append(m.label())
    return out
