"""Blackjack with OpenSpiel's rules (`rules=openspiel`), move for move against OpenSpiel's `blackjack`: legal
moves, what the player sees (its cards, the dealer's face-up ones, the hole card hidden), and the returns."""
from __future__ import annotations

import os

import pytest

pytest.importorskip("pyspiel")

from .blackjack import Blackjack  # noqa: E402
from .harness import play  # noqa: E402

MATCHES = int(os.environ.get("MEEPLE_DIFFERENTIAL_MATCHES", "500"))


def test_blackjack_agrees_with_openspiel():
    for seed in range(MATCHES):
        play(Blackjack(), seed)


@pytest.mark.slow
def test_blackjack_agrees_with_openspiel_over_10000_matches():
    for seed in range(10_000):
        play(Blackjack(), seed)
