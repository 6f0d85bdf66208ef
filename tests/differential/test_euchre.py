"""Euchre with OpenSpiel's rules (`rules=openspiel`), move for move against OpenSpiel's `euchre`: legal moves
(making trumps in two rounds, the dealer stuck, the discard, going alone, following suit with the left bower a
trump), what each player sees, and the returns."""
from __future__ import annotations

import os

import pytest

pytest.importorskip("pyspiel")

from .euchre import Euchre  # noqa: E402
from .harness import play  # noqa: E402

MATCHES = int(os.environ.get("MEEPLE_DIFFERENTIAL_MATCHES", "500"))


def test_euchre_agrees_with_openspiel():
    for seed in range(MATCHES):
        play(Euchre(), seed)


@pytest.mark.slow
def test_euchre_agrees_with_openspiel_over_10000_matches():
    for seed in range(10_000):
        play(Euchre(), seed)
