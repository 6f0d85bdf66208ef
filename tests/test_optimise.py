"""Code generation's optimisations (interpreter/compile/optimise.py) change how fast a match runs, never what
happens in it: every bundled game, compiled with every optimisation off and with every one on, plays the same
matches on the same seeds (the same account, choices, scores and winner)."""
from __future__ import annotations

import pytest

from interpreter import bundled_games, load_game
from interpreter.compile.optimise import PASSES, enabled
from interpreter.errors import UsageError
from interpreter.sim.run import play, seat_agents

SEEDS = range(3)


def _matches(folder, setting, monkeypatch):
    monkeypatch.setenv("MEEPLE_OPTIMISE", setting)
    game = load_game(folder)
    out = []
    for players in sorted({game.min_players, game.max_players}):
        for seed in SEEDS:
            m = play(game, players, seed, {}, seat_agents(players, "all", seed), narrate=True)
            out.append((players, seed, m.result.as_dict(), list(m.lines), list(m.choices)))
            m.close()
    return out


@pytest.mark.parametrize("name", sorted(bundled_games()))
def test_optimisations_play_the_same_matches(name, monkeypatch):
    folder = bundled_games()[name]
    plain = _matches(folder, "none", monkeypatch)
    fast = _matches(folder, "all", monkeypatch)
    assert len(plain) == len(fast) >= 3
    for a, b in zip(plain, fast, strict=True):
        assert a == b, f"{name}, {a[0]} players, seed {a[1]}: the optimised code plays otherwise"


def test_each_optimisation_can_be_switched():
    assert enabled("") == frozenset(PASSES)
    assert enabled("none") == frozenset()
    assert enabled("none,+hoist") == {"hoist"}
    assert enabled("-specialise") == frozenset(PASSES) - {"specialise"}
    with pytest.raises(UsageError, match="no optimisation `fast`"):
        enabled("fast")


def test_code_without_optimisations_reads_through_the_runtime(monkeypatch):
    """With every optimisation off, a field is read by the runtime's general getter (ops.get), never in
    place: the optimised forms are the optimisations' alone."""
    folder = bundled_games()["goofspiel"]
    (plain,), (fast,) = _sources(folder, "none", monkeypatch), _sources(folder, "all", monkeypatch)
    assert ".f[" not in plain and ".counters[" not in plain and "G(M, " in plain
    assert ".f[" in fast or ".counters[" in fast


def _sources(folder, setting, monkeypatch, empty_plans=False) -> list:
    """The generated code of a game's load (its program and any scenario compiled with it)."""
    from interpreter.compile import generate
    from interpreter.compile.optimise import Plan
    seen = []
    original = generate.Compiler.finish

    def finish(self, *args, **kw):
        ns = original(self, *args, **kw)
        seen.append(self.source)
        return ns

    monkeypatch.setattr(generate.Compiler, "finish", finish)
    if empty_plans:
        monkeypatch.setattr(generate, "plan", lambda r, names, on: Plan())
    monkeypatch.setenv("MEEPLE_OPTIMISE", setting)
    monkeypatch.setenv("MEEPLE_CACHE", "off")
    load_game(folder)
    monkeypatch.undo()
    return seen


@pytest.mark.parametrize("name", ["kaiju-inc", "happy-city"])
def test_every_pass_changes_the_code_it_plans(name, monkeypatch):
    """No pass is dead: switched off alone, each changes the code of the game (Kaiju Incorporated's and Happy
    City's content give every one something to do)."""
    folder = bundled_games()[name]
    fast = _sources(folder, "all", monkeypatch)
    for p in PASSES:
        assert _sources(folder, f"-{p}", monkeypatch) != fast, f"`{p}` changes nothing in {name}"


def test_code_generation_takes_every_choice_from_the_plan(monkeypatch):
    """Every optimisation of a body lives in its plan: given empty plans, code generation with every pass on
    writes exactly the code of every pass off (but `specialise`, which works over the whole program)."""
    for name in ("kaiju-inc", "debtzilla", "hearts"):
        folder = bundled_games()[name]
        empty = _sources(folder, "all", monkeypatch, empty_plans=True)
        assert empty == _sources(folder, "none,+specialise", monkeypatch), name
        assert empty != _sources(folder, "all", monkeypatch), name


def test_every_read_form_a_pass_gives_has_its_code():
    from interpreter.compile.generate import _READS
    from interpreter.compile.optimise import READ_FORMS
    assert set(READ_FORMS) == set(_READS)
