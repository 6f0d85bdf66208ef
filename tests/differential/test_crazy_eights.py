"""Crazy Eights, move for move against OpenSpiel: legal moves, what each player sees, and the returns."""
from __future__ import annotations

import os

import pytest

pytest.importorskip("pyspiel")

from .crazy_eights import CrazyEights  # noqa: E402
from .harness import Dealer, play  # noqa: E402

MATCHES = int(os.environ.get("MEEPLE_DIFFERENTIAL_MATCHES", "500"))


def test_crazy_eights_agrees_with_openspiel():
    for seed in range(MATCHES):
        play(CrazyEights(), seed)


class TwoPlayers(CrazyEights):
    """The same game for two players: seven cards each."""
    players = 2
    params = {"players": 2}


def test_crazy_eights_for_two_players_agrees_with_openspiel():
    for seed in range(MATCHES // 5):
        play(TwoPlayers(), seed)


def test_an_eight_turned_up_is_dealt_to_openspiel_too():
    """The matches above include deals whose first card turned up was an eight (shuffled back into meeple's
    deck, put back by OpenSpiel): the adapter's order of the cards leaving the deck holds it."""
    from interpreter import Match
    from tests.conftest import game as bundled
    seeds = []
    for seed in range(MATCHES):
        dealer = Dealer(seed)
        Match(bundled("crazy-eights"), 5, seed, rng=dealer, narrate=False)
        if len(dealer.shuffles) > 1:
            seeds.append(seed)
    assert seeds
    dealer = Dealer(seeds[0])
    Match(bundled("crazy-eights"), 5, seeds[0], rng=dealer, narrate=False)
    order = CrazyEights().order(dealer)
    assert order[25].endswith("8") and len(order) == 25 + len(dealer.shuffles) - 1 + 27


@pytest.mark.slow
def test_crazy_eights_agrees_with_openspiel_over_10000_matches():
    for seed in range(10_000):
        play(CrazyEights(), seed)
