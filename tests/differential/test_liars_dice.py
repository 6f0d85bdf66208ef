"""Liar's Dice with OpenSpiel's rules (`rules=openspiel`), move for move against OpenSpiel's `liars_dice`: legal
moves (every higher bid, and the call once a bid was made), what each player sees (its die and the bids), and
the returns."""
from __future__ import annotations

import os

import pytest

pytest.importorskip("pyspiel")

from .harness import play  # noqa: E402
from .liars_dice import LiarsDice  # noqa: E402

MATCHES = int(os.environ.get("MEEPLE_DIFFERENTIAL_MATCHES", "500"))


def test_liars_dice_agrees_with_openspiel():
    for seed in range(MATCHES):
        play(LiarsDice(), seed)


@pytest.mark.slow
def test_liars_dice_agrees_with_openspiel_over_10000_matches():
    for seed in range(10_000):
        play(LiarsDice(), seed)
