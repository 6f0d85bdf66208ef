"""Goofspiel, move for move against OpenSpiel: legal moves, what each player sees, and the returns."""
from __future__ import annotations

import os

import pytest

pytest.importorskip("pyspiel")

from .goofspiel import Goofspiel  # noqa: E402
from .harness import play  # noqa: E402

MATCHES = int(os.environ.get("MEEPLE_DIFFERENTIAL_MATCHES", "500"))


def test_goofspiel_agrees_with_openspiel():
    for seed in range(MATCHES):
        play(Goofspiel(), seed)


@pytest.mark.slow
def test_goofspiel_agrees_with_openspiel_over_10000_matches():
    for seed in range(10_000):
        play(Goofspiel(), seed)
