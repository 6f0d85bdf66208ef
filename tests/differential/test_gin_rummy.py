"""Gin Rummy, move for move against OpenSpiel: legal moves, what each player sees, and the returns."""
from __future__ import annotations

import os

import pytest

pytest.importorskip("pyspiel")

from .gin_rummy import GinRummy, LeaningGinRummy, meld_id  # noqa: E402
from .harness import play  # noqa: E402

MATCHES = int(os.environ.get("MEEPLE_DIFFERENTIAL_MATCHES", "500"))


def test_gin_rummy_agrees_with_openspiel():
    for seed in range(MATCHES):
        play(GinRummy(), seed)


def test_gin_rummy_agrees_with_openspiel_when_players_lean_to_knock():
    """Uniform play knocks in about one match in forty: these matches knock in most, lay off in about half."""
    for seed in range(MATCHES // 5):
        play(LeaningGinRummy(), seed)


class Oklahoma(LeaningGinRummy):
    """The Oklahoma variant with other bonuses: the first upcard's value is the knock card (an ace: gin only)."""
    params = {"oklahoma": True, "gin_bonus": 20, "undercut_bonus": 10}
    options = {"oklahoma": "on", "gin_bonus": "20", "undercut_bonus": "10"}


def test_gin_rummy_with_options_agrees_with_openspiel():
    for seed in range(MATCHES // 10):
        play(Oklahoma(), seed)


def test_the_adapter_numbers_melds_as_openspiel_does():
    import pyspiel
    state = pyspiel.load_game("gin_rummy").new_initial_state()
    for n in range(185):
        text = state.action_to_string(0, 56 + n).removeprefix("Player: 0 Action: ")
        cards = ["A23456789TJQK".index(text[i]) + 13 * "scdh".index(text[i + 1]) for i in range(0, len(text), 2)]
        assert meld_id(cards) == n


@pytest.mark.slow
def test_gin_rummy_agrees_with_openspiel_over_10000_matches():
    for seed in range(10_000):
        play(GinRummy(), seed)


@pytest.mark.slow
def test_gin_rummy_agrees_with_openspiel_over_2000_leaning_matches():
    for seed in range(2_000):
        play(LeaningGinRummy(), seed)
