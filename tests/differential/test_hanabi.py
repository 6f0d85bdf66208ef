"""Hanabi, move for move against OpenSpiel: legal moves, what each player sees (the other hands, what each
player was told of each slot, the fireworks, tokens, deck and discards) and the returns."""
from __future__ import annotations

import os
from collections import Counter

import pytest

from interpreter import Match

pytest.importorskip("pyspiel")

from . import harness  # noqa: E402
from .hanabi import Hanabi, SteeredHanabi  # noqa: E402

MATCHES = int(os.environ.get("MEEPLE_DIFFERENTIAL_MATCHES", "500"))


def test_hanabi_agrees_with_openspiel():
    for seed in range(MATCHES):
        harness.play(Hanabi(), seed)


def test_hanabi_steered_to_every_end_agrees_with_openspiel(monkeypatch):
    """Random play nearly always burns the three fuses; steered matches also run the deck out and complete
    the fireworks, and every one of the three ends is met."""
    made = []

    def recorded(*args, **kwargs):
        made.append(Match(*args, **kwargs))
        return made[-1]
    monkeypatch.setattr(harness, "Match", recorded)
    for seed in range(MATCHES // 5):
        harness.play(SteeredHanabi(), seed)
    ends = Counter(m.result.reason for m in made)
    assert set(ends) == {"the deck ran out a round ago", "the fireworks are complete", "the third fuse burnt"}, ends


@pytest.mark.parametrize("players, hand", [(3, 5), (4, 4), (5, 4)])
def test_hanabi_for_more_players_agrees_with_openspiel(players, hand):
    """OpenSpiel's `players` parameter: hints name a player by its offset, and four or five players hold four
    cards (HLE's default hand size)."""
    more = type("MorePlayers", (SteeredHanabi,), {"players": players, "hand": hand, "params": {"players": players}})
    for seed in range(MATCHES // 10):
        harness.play(more(), seed)


@pytest.mark.slow
def test_hanabi_agrees_with_openspiel_over_10000_matches():
    for seed in range(10_000):
        harness.play(Hanabi(), seed)


@pytest.mark.slow
def test_hanabi_steered_agrees_with_openspiel_over_10000_matches():
    for seed in range(10_000):
        harness.play(SteeredHanabi(), seed)
