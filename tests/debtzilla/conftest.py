"""Debtzilla fixtures: the game is loaded once per boss (the boss option chooses an included file)."""
from __future__ import annotations

import functools

import pytest

from interpreter import load_game
from interpreter.testing import Scenario
from tests.conftest import CONTENT


@functools.cache
def debtzilla(boss: str = "debtzilla"):
    return load_game(CONTENT / "debtzilla", options={"boss": boss})


@pytest.fixture
def dz():
    """dz(players, seed=0, setup=True, **options): a scenario; heroes are dealt at random unless heroes="choose".

    After setup the round counter is 1, as in the first turn."""
    def make(players=3, seed=0, setup=True, **options):
        opts = {"heroes": "random", **options}
        s = Scenario(debtzilla(opts.get("boss", "debtzilla")), players, seed=seed, options=opts, setup=setup)
        if s.match.pending is None:
            s.match.round = 1
        return s
    return make
