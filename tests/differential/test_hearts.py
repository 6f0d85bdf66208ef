"""Hearts, move for move against OpenSpiel: legal moves, what each player sees, and the returns."""
from __future__ import annotations

import os

import pytest

pytest.importorskip("pyspiel")

from .harness import Dealer, play  # noqa: E402
from .hearts import Hearts  # noqa: E402

MATCHES = int(os.environ.get("MEEPLE_DIFFERENTIAL_MATCHES", "500"))


def test_hearts_agrees_with_openspiel():
    for seed in range(MATCHES):
        play(Hearts(), seed)


def variant(**params):
    """The game with some of OpenSpiel's parameters changed, and meeple's options of the same names."""
    return type("Variant", (Hearts,), {"params": params,
                                       "options": {k: "on" if v else "off" for k, v in params.items()}})()


@pytest.mark.parametrize("params", [
    {"pass_cards": False},
    {"no_pts_on_first_trick": False},
    {"can_lead_any_club": True},
    {"jd_bonus": True, "avoid_all_tricks_bonus": True},
    {"must_break_hearts": False},
    {"qs_breaks_hearts": False},
    {"can_lead_hearts_instead_of_qs": True},
], ids=lambda p: ",".join(p))
def test_hearts_with_other_parameters_agrees_with_openspiel(params):
    for seed in range(MATCHES // 10):
        play(variant(**params), seed)


def test_what_is_compared_is_not_empty():
    """The readings the matches above compare hold cards at some decision: a passed card, a received one, a
    trick in progress, cards taken and points; and every pass direction is drawn."""
    from interpreter import Match
    from tests.conftest import game as bundled
    a = Hearts()
    seen = {"passed": False, "received": False, "trick": False, "taken": False, "points": False}
    directions = set()
    for seed in range(20):
        dealer = Dealer(seed)
        m = Match(bundled("hearts"), 4, seed, rng=dealer, narrate=False)
        directions.add(m.view(1)["vars"]["pass_dir"])
        while not m.over:
            mine = a.seen_by_meeple(m, m.pending.player.seat)
            for k in seen:
                seen[k] = seen[k] or any(mine[k]) if k in ("taken", "points") else seen[k] or bool(mine[k])
            m.choose(0)
    assert all(seen.values()), seen
    assert directions == {0, 1, 2, 3}


@pytest.mark.slow
def test_hearts_agrees_with_openspiel_over_10000_matches():
    for seed in range(10_000):
        play(Hearts(), seed)
