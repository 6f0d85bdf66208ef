"""The observation computed from the match (Spaces.encode) is the one read from the seat's view
(Spaces.observe(match.view(seat))): at random positions of every bundled game, for every seat, the seat to
move and the others, in the middle of a match and at its end."""
from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from interpreter import Match, bundled_games  # noqa: E402
from interpreter.rl import aec_env  # noqa: E402
from interpreter.rl.spaces import Spaces  # noqa: E402
from tests.conftest import game as bundled  # noqa: E402

# each game at its fewest and most players the action space holds (Liar's Dice's bids outgrow it past 2)
COUNTS = {"liars-dice": (2,), "debtzilla": (2, 3)}


def counts(name):
    g = bundled(name)
    return COUNTS.get(name, sorted({g.min_players, min(g.max_players, 4)}))


CASES = [(name, n) for name in sorted(bundled_games()) for n in counts(name)]


def equal_everywhere(game, n, rng, narrate=True, positions_wanted=40):
    """Positions compared (each for every seat) over matches of seeds 0, 1, ... until so many were met, each
    match's end among them."""
    sp = Spaces(game, n)
    positions, seed = 0, 0
    while positions < positions_wanted:
        m = Match(game, n, seed, narrate=narrate)
        seed += 1
        while True:
            if m.over or rng.random() < 0.3:
                for s in range(1, n + 1):
                    want = sp.observe(m.view(s))
                    got = sp.encode(m, s)
                    assert got.dtype == want.dtype and got.shape == want.shape
                    assert np.array_equal(got, want), (seed, len(m.choices), s, np.flatnonzero(got != want))
                positions += 1
            if m.over:
                break
            m.choose(rng.randrange(m.pending.size))
    return positions


@pytest.mark.parametrize("name, players", CASES)
def test_the_encoding_from_the_match_is_the_one_from_the_view(name, players):
    assert equal_everywhere(bundled(name), players, random.Random(players)) >= 40


def test_the_encoding_is_the_views_when_the_match_narrates_nothing():
    """The environments play a match that narrates nothing unless rendered: the same observations."""
    g = bundled("kaiju-inc")
    assert equal_everywhere(g, 3, random.Random(1), narrate=False) >= 40


def test_the_encoding_is_not_blind():
    """It changes when the seat's hand does, and not when a hand it cannot see does."""
    g = bundled("hearts")
    sp = Spaces(g, 4)
    m = Match(g, 4, 1)
    seat = m.pending.player.seat
    before = {s: sp.encode(m, s) for s in range(1, 5)}
    m.choose(0)  # a card leaves the hand of the seat to move (the first trick's lead, or a card passed)
    assert not np.array_equal(before[seat], sp.encode(m, seat))


def test_the_aec_environment_observes_what_the_view_shows():
    g = bundled("hearts")
    env = aec_env(g, players=4, seed=3)
    env.reset()
    rng = random.Random(0)
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        seat = int(agent.split("_")[1])
        assert np.array_equal(obs["observation"], env.sp.observe(env.match.view(seat)))
        env.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


def test_encodings_of_two_matches_in_turn_are_each_their_views():
    """encode keeps the zones of the match it last encoded and brings them up to date from what changed: one
    Spaces encoding two matches in turn (as the OpenSpiel adapter's states do) starts again at each change of
    match, and no number of one leaks into the other's."""
    g = bundled("hearts")
    sp = Spaces(g, 4)
    rng = random.Random(4)
    matches = [Match(g, 4, 5), Match(g, 4, 6)]
    for step in range(120):
        m = matches[step % 2]
        if m.over:
            continue
        for s in (m.pending.player.seat, 1 + step % 4):
            assert np.array_equal(sp.encode(m, s), sp.observe(m.view(s))), (step, s)
        m.choose(rng.randrange(m.pending.size))


def test_an_observation_written_on_by_its_caller_changes_no_later_one():
    """encode starts from what it kept of the match (the zones as they were): the vector it returned is the
    caller's."""
    g = bundled("kaiju-inc")
    sp = Spaces(g, 3)
    m = Match(g, 3, 2)
    first = sp.encode(m, 1)
    first[:] = 7
    assert np.array_equal(sp.encode(m, 1), sp.observe(m.view(1)))
