"""Oh Hell with OpenSpiel's rules (`rules=openspiel`), for 3 to 7 players, move for move against OpenSpiel's
`oh_hell`: legal moves (the bids, the dealer's restriction, following suit), what each player sees, and the
returns."""
from __future__ import annotations

import os

import pytest

pytest.importorskip("pyspiel")

from .harness import play  # noqa: E402
from .oh_hell import OhHell, OhHell4, OhHell5, OhHell6, OhHell7  # noqa: E402

MATCHES = int(os.environ.get("MEEPLE_DIFFERENTIAL_MATCHES", "500"))
ADAPTERS = [OhHell, OhHell4, OhHell5, OhHell6, OhHell7]


@pytest.mark.parametrize("adapter", ADAPTERS, ids=lambda a: f"{a.players}p")
def test_oh_hell_agrees_with_openspiel(adapter):
    for seed in range(MATCHES // 5):  # a fifth of the usual run for each of the five player counts
        play(adapter(), seed)


@pytest.mark.slow
@pytest.mark.parametrize("adapter", ADAPTERS, ids=lambda a: f"{a.players}p")
def test_oh_hell_agrees_with_openspiel_over_10000_matches(adapter):
    for seed in range(10_000):
        play(adapter(), seed)
