"""Kuhn poker (2 and 3 players) and Leduc poker, move for move against OpenSpiel: legal moves, what each
player sees, and the returns."""
from __future__ import annotations

import os

import pytest

pytest.importorskip("pyspiel")

from .harness import play  # noqa: E402
from .kuhn_poker import KuhnPoker, KuhnPoker3  # noqa: E402
from .leduc_poker import LeducPoker  # noqa: E402

MATCHES = int(os.environ.get("MEEPLE_DIFFERENTIAL_MATCHES", "500"))
ADAPTERS = [KuhnPoker, KuhnPoker3, LeducPoker]


@pytest.mark.parametrize("adapter", ADAPTERS, ids=lambda a: f"{a.game}-{a.players}")
def test_poker_agrees_with_openspiel(adapter):
    for seed in range(MATCHES):
        play(adapter(), seed)


@pytest.mark.slow
@pytest.mark.parametrize("adapter", ADAPTERS, ids=lambda a: f"{a.game}-{a.players}")
def test_poker_agrees_with_openspiel_over_10000_matches(adapter):
    for seed in range(10_000):
        play(adapter(), seed)
