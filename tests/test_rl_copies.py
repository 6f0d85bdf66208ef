"""Copies of OpenSpiel states after chance nodes: pyspiel's own random_sim_test and OpenSpiel's ISMCTS bot on
every bundled game, worlds from resample_from_infostate that look the same to the player and whose copies play
alike, and the runtime's part of it (`Match.draw_from`: a match given the outcomes of a chance node has copies
that draw them too)."""
from __future__ import annotations

import copy
import multiprocessing
import pickle
import random

import pytest

pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

from interpreter import Match  # noqa: E402
from interpreter.rl import aec_env, openspiel_game  # noqa: E402
from tests.conftest import CONTENT  # noqa: E402
from tests.conftest import game as bundled  # noqa: E402

BUNDLED = [("kaiju-inc", 3), ("debtzilla", 2), ("happy-city", 3), ("hearts", 4), ("hanabi", 3), ("gin-rummy", 2),
           ("crazy-eights", 3), ("goofspiel", 3), ("kuhn-poker", 3), ("leduc-poker", 2), ("blackjack", 2),
           ("liars-dice", 2), ("oh-hell", 3), ("euchre", 4), ("skat", 3), ("spades", 4),
           ("dou-dizhu", 3), ("cribbage", 2), ("bridge", 4), ("tiny-bridge", 2)]


# a long game's one hand is enough to check the State API on (its rules options as OpenSpiel plays it)
SHORTER = {"oh-hell": {"rules": "openspiel"}, "skat": {"rules": "openspiel"}}


def test_every_bundled_game_is_checked_here():
    from interpreter import bundled_games
    assert sorted(name for name, _ in BUNDLED) == sorted(bundled_games())


def random_step(state, rng) -> None:
    state.apply_action(rng.choice(state.chance_outcomes())[0] if state.is_chance_node()
                       else rng.choice(state.legal_actions()))


def test_a_match_given_a_generator_at_a_decision_has_copies_that_play_on_as_it_does():
    """`draw_from`: from that decision on the match draws from the new generator, and so does a copy made after
    it (a copy replays from the last quiet point: to the decision with the old generator, then the new one)."""
    game = bundled("kaiju-inc")
    m = Match(game, 3, 7, narrate=False)
    rng = random.Random(1)
    for _ in range(6):
        m.choose(rng.randrange(m.pending.size))
    m.draw_from(random.Random(11))
    for _ in range(2):
        m.choose(rng.randrange(m.pending.size))
    copy = m.clone()
    while not m.over:
        k = rng.randrange(m.pending.size)
        m.choose(k)
        copy.choose(k)
    assert copy.over and copy.result.scores == m.result.scores and copy.choices == m.choices
    assert copy.view(None) == m.view(None)


@pytest.mark.parametrize("serialize", [False, True])
@pytest.mark.parametrize("name, players", BUNDLED)
def test_pyspiels_random_sim_test_passes(name, players, serialize):
    """OpenSpiel's own checks of a game's State API on random plays: clones and strings at every step,
    chance outcomes, returns; with `serialize`, states serialized and read back (OpenSpiel pickles a Python
    state's attributes) along the way."""
    pyspiel.random_sim_test(openspiel_game(CONTENT / name, players=players, options=SHORTER.get(name)), num_sims=1,
                            serialize=serialize,
                            verbose=False)


@pytest.mark.parametrize("name, players", BUNDLED)
def test_openspiels_ismcts_bot_decides_in_the_middle_of_every_bundled_game(name, players):
    """OpenSpiel's Python ISMCTS (worlds from resample_from_infostate, random rollouts to the end) decides
    twice for the player to move, past the first chance nodes and decisions (40 steps, fewer in a short game);
    a legal action each time."""
    from open_spiel.python.algorithms import ismcts, mcts
    game = openspiel_game(CONTENT / name, players=players, options=SHORTER.get(name))
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), 2.0, 3,
                           random_state=np.random.RandomState(1))
    rng = random.Random(2)
    state = game.new_initial_state()
    decided = 0
    past = {"kuhn-poker": 3, "leduc-poker": 6, "goofspiel": 12, "tiny-bridge": 9}.get(name, 40)
    while decided < 2:
        if state.is_terminal():  # a short game: another match
            state = game.new_initial_state()
        elif len(state.history()) < past or state.is_chance_node():
            random_step(state, rng)
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decided += 1


@pytest.mark.parametrize("seed", [12, 17])
def test_debtzilla_worlds_look_the_same_to_the_player_and_their_copies_play_alike(seed):
    """Worlds the player imagines (many draws: Match.resample) at a random position of a three-player match:
    the player's information state and observation are the state's, and a copy of a world shows every player
    what the world shows, there and after the same actions."""
    game = openspiel_game(CONTENT / "debtzilla", players=3)
    rng = random.Random(seed)
    s = game.new_initial_state()
    target = rng.randrange(20, 300)
    while not s.is_terminal() and len(s.history()) < target:
        random_step(s, rng)
    assert not s.is_terminal() and not s.is_chance_node()
    p = s.current_player()
    for _ in range(4):
        w = s.resample_from_infostate(p, rng.random)
        assert w.information_state_string(p) == s.information_state_string(p)
        assert w.observation_tensor(p) == s.observation_tensor(p)
        c = w.clone()
        assert all(c.observation_tensor(q) == w.observation_tensor(q) for q in range(3))
        for _ in range(20):
            if c.is_terminal():
                break
            d = c.clone()
            a = rng.choice(c.chance_outcomes())[0] if c.is_chance_node() else rng.choice(c.legal_actions())
            c.apply_action(a)
            d.apply_action(a)
            assert all(c.observation_tensor(q) == d.observation_tensor(q) for q in range(3))


def played(state, rng, steps: int):
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


def same_state(a, b, players: int) -> bool:
    return (a.history() == b.history() and a.current_player() == b.current_player()
            and a.legal_actions() == b.legal_actions() and str(a) == str(b)
            and all(a.information_state_string(p) == b.information_state_string(p)
                    and a.observation_tensor(p) == b.observation_tensor(p) for p in range(players)))


def test_a_state_pickles_and_comes_back_at_its_position_after_chance_nodes():
    """Kaiju Incorporated, 60 random steps in (chance nodes among them): the unpickled state is the same
    position (history, legal actions, account, every player's information state and observation), and both
    play on alike."""
    game = openspiel_game(CONTENT / "kaiju-inc", players=3)
    s = played(game.new_initial_state(), random.Random(3), 60)
    back = pickle.loads(pickle.dumps(s))
    assert same_state(back, s, 3)
    played(s, random.Random(4), 30)
    played(back, random.Random(4), 30)
    assert same_state(back, s, 3)
    assert pickle.loads(pickle.dumps(game)).num_players() == 3


def test_a_world_a_player_imagines_pickles_as_the_same_world():
    """A Debtzilla world from resample_from_infostate (Match.resample) is imagined again from its origin when
    unpickled: the same position for every player, and the same after the same actions."""
    game = openspiel_game(CONTENT / "debtzilla", players=2)
    rng = random.Random(5)
    s = played(game.new_initial_state(), rng, 80)
    while s.is_chance_node():
        random_step(s, rng)
    w = s.resample_from_infostate(s.current_player(), rng.random)
    played(w, random.Random(6), 5)
    back = pickle.loads(pickle.dumps(w))
    assert same_state(back, w, 2)
    played(w, random.Random(7), 10)
    played(back, random.Random(7), 10)
    assert same_state(back, w, 2)


def _play_out(game_and_state):
    game, state = game_and_state
    played(state, random.Random(8), 10_000)
    return state.returns(), state.history()


def test_states_travel_to_another_process():
    """multiprocessing (spawned: a fresh interpreter) gets a game and a state mid-match by pickle and plays it
    to the same end as this process does."""
    game = openspiel_game(CONTENT / "leduc-poker", players=2)
    s = played(game.new_initial_state(), random.Random(9), 7)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        there = pool.map(_play_out, [(game, s)])[0]
    assert there == _play_out((game, s.clone()))


def test_the_pettingzoo_environment_deep_copies():
    """copy.deepcopy of an AEC environment mid-match: an independent environment at the same point; the same
    actions give both the same observations and rewards, and stepping the copy leaves the original as it is.
    Its match captures no quiet point before its first copy (which replays it from the start), and does after."""
    env = aec_env(CONTENT / "kaiju-inc", players=3, seed=2)
    env.reset()
    rng = random.Random(1)
    for _ in range(25):
        obs, *_ = env.last()
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert env.match._quiet is None  # nothing captured yet
    twin = copy.deepcopy(env)
    before = env.last()[0]["observation"].copy()
    actions = []
    for _ in range(25):  # the copy plays on
        obs, _, terminated, truncated, _ = twin.last()
        if terminated or truncated:
            break
        actions.append(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        twin.step(actions[-1])
    assert twin.match is not env.match and np.array_equal(env.last()[0]["observation"], before)
    for a in actions:  # the same actions on the original
        env.step(a)
    assert env.agent_selection == twin.agent_selection and env.rewards == twin.rewards
    assert np.array_equal(env.last()[0]["observation"], twin.last()[0]["observation"])
    assert not env.match.over  # (50 of a Kaiju Incorporated match's 130 or so decisions)
    assert env.match._quiet is not None and env.match._quiet.choices > 25  # copied once: quiet points since
    third = copy.deepcopy(env)  # ... and a copy replays from the last
    assert np.array_equal(third.last()[0]["observation"], env.last()[0]["observation"])


def test_a_draw_in_play_goes_on_from_where_the_match_waits_not_from_a_replay(monkeypatch):
    """A state played forward keeps its match suspended at each draw (draws.waiting) and goes on from there
    with the outcome: a Liar's Dice played to its end, the dice rolled again after every challenge, replays
    its match from the start once (at its setup's roll), and each position's legal actions are those of the
    same match replayed from the start."""
    from interpreter.rl import draws, spiel
    game = openspiel_game(str(CONTENT / "liars-dice"), players=2)
    s, rng = game.new_initial_state(), random.Random(5)
    made = []
    real = draws.replay
    monkeypatch.setattr(spiel, "replay", lambda *a, **k: made.append(1) or real(*a, **k))
    rolls, before = 0, True
    while not s.is_terminal():
        chance = s.is_chance_node()
        rolls += chance and not before
        before = chance
        random_step(s, rng)
        if not s.is_terminal() and not s.is_chance_node():
            again = real(type(game).meeple, 2, {}, list(s.at.steps), s.at.spaces.card_at)[0]
            assert sorted(s.at.spaces.actions(again.pending)) == s.legal_actions()
    assert rolls >= 2  # dice rolled again in play
    assert len(made) <= 1


def test_resampling_by_rejection_stops_where_no_sample_is_ever_taken():
    """resample_from_infostate deals Goofspiel's prizes again and keeps a deal only where the player sees the
    same: after three prizes turned, nearly none does. After REJECTION_WARMUP samples fewer than REJECTION_RATE
    of which were taken at that many steps, the game's next calls there imagine a world at once (and the world
    still shows the player its information state)."""
    from interpreter.rl import spiel
    game = openspiel_game(str(CONTENT / "goofspiel"), players=2)
    s, rng = game.new_initial_state(), random.Random(3)
    while s.is_chance_node() or sum(kind == "choice" for kind, _ in s.at.steps) < 6:
        random_step(s, rng)
    p = s.current_player()
    tally = type(game).rejection
    tally.clear()
    first = s.resample_from_infostate(p, rng.random)
    tried, taken = tally[len(s.history())]
    assert first.information_state_string(p) == s.information_state_string(p)
    if taken:
        pytest.skip("a sample was taken by chance at this seed")
    assert tried == spiel.REJECTION_WARMUP
    again = s.resample_from_infostate(p, rng.random)
    assert tally[len(s.history())] == [spiel.REJECTION_WARMUP, 0]  # no sample tried again
    assert again.information_state_string(p) == s.information_state_string(p)


def test_past_its_cache_a_game_lets_its_old_tree_go_and_a_node_does_not_grow_with_its_depth(monkeypatch):
    """A game keeps at most `Position.CACHE` positions: past it, new states start from a new root and the old
    tree is freed (held before by the start every new state copied); a Node's steps are a chain shared with the
    Node before it, so that a long game's tree does not grow with the square of its length."""
    import gc
    import weakref

    from interpreter.rl import spiel
    monkeypatch.setattr(spiel.Position, "CACHE", 40)
    game = openspiel_game(CONTENT / "leduc-poker", players=2)
    rng = random.Random(3)

    def play():
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.chance_outcomes())[0] if s.is_chance_node() else rng.choice(s.legal_actions()))
        return s
    end = play()
    node = end.at.node
    assert node.steps == tuple(end.at.steps) and len(node.steps) == node.depth == len(end.history())
    start = game.new_initial_state()
    root = weakref.ref(start.at.node)  # the root of the tree now (other tests may have played this game)
    del start, end, node
    for _ in range(40):
        play()
    gc.collect()
    assert root() is None
    assert type(game).count[0] <= 40 + 1
