"""interpreter.rl: actions numbered from the content, observations from a seat's view alone, every draw a
chance node, and OpenSpiel's own algorithms (CFR, exploitability, ISMCTS) on the bundled Kuhn poker."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

from interpreter import Match  # noqa: E402
from interpreter.rl import aec_env, gym_env, openspiel_game  # noqa: E402
from interpreter.rl.spaces import SLOTS, Spaces  # noqa: E402
from tests.conftest import CONTENT  # noqa: E402
from tests.conftest import game as bundled  # noqa: E402


def test_actions_are_numbered_from_the_content_cards_seats_answers_then_places():
    sp = Spaces(bundled("kuhn-poker"), 2)
    assert sp.cards == ["jack", "queen", "king", "ace"]
    assert [sp.action_name(a) for a in range(sp.size - SLOTS)] == ["Jack", "Queen", "King", "Ace", "seat 1",
                                                                    "seat 2", "pass", "bet"]
    m = Match(bundled("kuhn-poker"), 2, 1)
    assert {sp.action_name(a): k for a, k in sp.actions(m.pending).items()} == {"pass": 0, "bet": 1}
    assert Spaces(bundled("kuhn-poker"), 2).size == sp.size  # the same numbering every time


def test_two_copies_of_a_card_in_one_decision_are_one_action():
    """Goofspiel's bid cards come in four copies; a hand holds one of each value: 13 actions for 13 options,
    each a card's own action."""
    sp = Spaces(bundled("goofspiel"), 2)
    m = Match(bundled("goofspiel"), 2, 1)
    legal = sp.actions(m.pending)
    assert len(legal) == 13 and all(a < len(sp.cards) for a in legal)


def test_an_option_the_content_builds_as_it_plays_takes_a_place_by_its_index():
    """Hanabi's moves are labelled as it plays ("tell Ben the 2s"): none is a text of the content, so each is
    the place of its option in the decision."""
    sp = Spaces(bundled("hanabi"), 3)
    m = Match(bundled("hanabi"), 3, 2)
    legal = sp.actions(m.pending)
    assert sorted(legal) == [sp.slot0 + k for k in range(m.pending.size)]


@pytest.mark.parametrize("name, players", [("kuhn-poker", 3), ("leduc-poker", 2), ("hearts", 4), ("gin-rummy", 2),
                                           ("hanabi", 3), ("crazy-eights", 3), ("oh-hell", 3), ("euchre", 4),
                                           ("skat", 3),
                                           ("dou-dizhu", 3),
                                           ("spades", 4),
                                           ("cribbage", 3),
                                           ("bridge", 4), ("tiny-bridge", 2)])
def test_an_observation_is_unchanged_when_the_cards_the_seat_cannot_see_are_dealt_anew(name, players):
    """The secrecy rule: at random positions, the cards a seat cannot see are re-dealt (Match.resample); the
    seat's observation is the same, and some other seat's is not, at least once."""
    game = bundled(name)
    sp = Spaces(game, players)
    rng, changed = random.Random(7), 0
    for seed in range(12):
        m = Match(game, players, seed)
        for _ in range(rng.randrange(1, 12)):
            if m.over:
                break
            m.choose(rng.randrange(m.pending.size))
        if m.over:
            continue
        seat = m.pending.player.seat
        world = m.resample(seat, random.Random(seed))
        assert np.array_equal(sp.observe(m.view(seat)), sp.observe(world.view(seat)))
        changed += any(not np.array_equal(sp.observe(m.view(s)), sp.observe(world.view(s)))
                       for s in range(1, players + 1) if s != seat)
    assert changed


def test_a_shuffle_is_a_chance_node_a_card_at_a_time():
    """Kuhn poker with three players: four cards, three chance nodes of 4, 3 and 2 outcomes (the last card is
    what is left), each card as likely; then the first player decides."""
    state = openspiel_game(CONTENT / "kuhn-poker", players=3).new_initial_state()
    sizes = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1)
        sizes.append(len(outcomes))
        state.apply_action(outcomes[0][0])
    assert sizes == [4, 3, 2] and state.current_player() == 0


def deal(state, *cards):
    """Chance outcomes: `cards` first, then the lowest each time, up to the next decision."""
    cards = list(cards)
    while state.is_chance_node():
        state.apply_action(cards.pop(0) if cards else state.chance_outcomes()[0][0])
    return state


def test_a_state_copy_is_independent_and_the_same_position():
    """Leduc poker deals each player a card picked at random from the deck: two chance nodes at the start (of
    six outcomes, then five), as OpenSpiel's `leduc_poker` deals."""
    game = openspiel_game(CONTENT / "leduc-poker", players=2)
    s = game.new_initial_state()
    assert s.is_chance_node() and len(s.chance_outcomes()) == 6
    s.apply_action(4)
    assert s.is_chance_node() and len(s.chance_outcomes()) == 5
    s.apply_action(1)
    assert not s.is_chance_node() and len(s.history()) == 2
    copy = s.clone()
    assert copy.history() == s.history() and copy.information_state_string(0) == s.information_state_string(0)
    s.apply_action(s.legal_actions()[-1])  # a raise
    assert len(copy.history()) == 2 and copy.legal_actions() != s.legal_actions()
    assert copy.information_state_string(1) != s.information_state_string(1)
    copy.apply_action(copy.legal_actions()[-1])
    assert copy.information_state_string(1) == s.information_state_string(1)


def test_information_states_have_perfect_recall_and_hide_the_rivals_card():
    """Leduc: the second player's information state is the same whatever the first player holds, differs
    with what the first player did, and grows with each of its decisions (its own choices among them). A chance
    outcome is the place of the card picked among those left in the deck: the second player's pick, the last of
    the five left, is the deck's last card whatever the first player's pick."""
    game = openspiel_game(CONTENT / "leduc-poker", players=2)
    seen = set()
    for first in (0, 2, 4):
        s = deal(game.new_initial_state(), first, 4)
        s.apply_action(s.legal_actions()[0])  # the first player calls
        seen.add(s.information_state_string(1))
    assert len(seen) == 1
    raised = deal(game.new_initial_state(), 0, 4)
    raised.apply_action(raised.legal_actions()[-1])  # the first player raises
    assert raised.information_state_string(1) not in seen
    before = s.information_state_string(1)
    s.apply_action(s.legal_actions()[-1])  # the second player raises
    assert s.information_state_string(1).startswith(before) and "I chose raise" in s.information_state_string(1)


def test_resampled_states_look_the_same_to_the_player(monkeypatch):
    """Sampled by rejection (a match of so few draws): the same information state, the other deals varied. The
    game's record of how often rejection succeeded is its own here: another test of the same worker that
    resampled Kuhn poker could have turned it to imagined worlds."""
    game = openspiel_game(CONTENT / "kuhn-poker", players=3)
    monkeypatch.setattr(type(game), "rejection", {})
    s = game.new_initial_state()
    for a in (0, 3, 1):
        s.apply_action(a)
    s.apply_action(s.legal_actions()[0])
    deals = set()
    for _ in range(20):
        r = s.resample_from_infostate(1, None)
        assert r.information_state_string(1) == s.information_state_string(1)
        assert r.observation_tensor(1) == s.observation_tensor(1)
        deals.add(tuple(r.history()[:3]))
    assert all(d[1] == 3 for d in deals) and len(deals) > 1


def test_cfr_on_kuhn_poker_reaches_its_value_minus_one_eighteenth():
    """OpenSpiel's CFR through openspiel_game: the first player's value tends to -1/18 and the average
    policy's exploitability falls (below 0.01 after 300 iterations)."""
    from open_spiel.python.algorithms import cfr, exploitability
    from open_spiel.python.algorithms.expected_game_score import policy_value
    game = openspiel_game(CONTENT / "kuhn-poker", players=2)
    solver = cfr.CFRSolver(game)
    for _ in range(100):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    assert policy_value(game.new_initial_state(), [policy] * 2)[0] == pytest.approx(-1 / 18, abs=0.01)
    assert exploitability.exploitability(game, policy) < 0.03


def test_cfr_on_three_player_kuhn_poker_gives_openspiels_values():
    from open_spiel.python.algorithms import cfr
    from open_spiel.python.algorithms.expected_game_score import policy_value

    def values(game):
        solver = cfr.CFRSolver(game)
        for _ in range(10):
            solver.evaluate_and_update_policy()
        return policy_value(game.new_initial_state(), [solver.average_policy()] * 3)
    ours = values(openspiel_game(CONTENT / "kuhn-poker", players=3))
    theirs = values(pyspiel.load_game("kuhn_poker", {"players": 3}))
    assert list(ours) == pytest.approx(list(theirs), abs=1e-9)


def test_openspiels_ismcts_bot_plays_a_bundled_game_through_the_adapter():
    """OpenSpiel's ISMCTS (its Python bot: it samples the worlds with resample_from_infostate) plays Leduc
    poker's first seat; a random player the other."""
    from open_spiel.python.algorithms import ismcts, mcts
    game = openspiel_game(CONTENT / "leduc-poker", players=2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), 2.0, 40,
                           random_state=np.random.RandomState(1))
    rng = random.Random(1)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            elif state.current_player() == 0:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == 0


def test_the_aec_environment_plays_a_match_to_its_returns():
    env = aec_env(CONTENT / "leduc-poker", players=2, seed=3)
    env.reset()
    rng = random.Random(3)
    for _agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert env.agents == [] and sum(env.match.result.scores.values()) == 0


def test_the_aec_observation_mask_is_the_agent_asked_legal_actions_and_its_own_array():
    """The mask of the agent asked marks exactly its decision's legal actions, in the observation as in its
    info; the others' masks are empty; writing into one array changes no other."""
    env = aec_env(CONTENT / "hearts", players=4, seed=5)
    env.reset()
    rng = random.Random(5)
    for _ in range(30):
        agent = env.agent_selection
        obs, _, _, _, info = env.last()
        legal = sorted(env.legal)
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal == np.flatnonzero(info["action_mask"]).tolist()
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any() and not env.infos[other]["action_mask"].any()
        obs["action_mask"][:] = 0
        assert np.flatnonzero(info["action_mask"]).tolist() == legal
        assert np.flatnonzero(env.observe(agent)["action_mask"]).tolist() == legal
        env.step(rng.choice(legal))


def test_the_gym_environment_lets_one_seat_learn_against_meeples_agents():
    env = gym_env(CONTENT / "crazy-eights", players=3, seat=2, opponents=["random", "greedy"])
    obs, info = env.reset(seed=4)
    rng, total, done = random.Random(4), 0.0, False
    while not done:
        assert env.match.pending.player.seat == 2
        obs, reward, done, _, info = env.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
        total += reward
    assert env.match.over and total == pytest.approx(returns(env.match)[1])


def returns(match):
    from interpreter.rl.spiel import returns_of
    return returns_of(match)


def test_a_large_game_resamples_a_world_the_player_imagines_and_plays_it_on():
    """Hearts deals 52 cards (51 draws): no rejection, but Match.resample. The imagined world looks the same
    to the player (its observation and information state), holds other cards elsewhere, and plays to its end,
    its draws sampled."""
    game = openspiel_game(CONTENT / "hearts", players=4)
    rng = random.Random(2)
    s = game.new_initial_state()
    while s.is_chance_node() or len(s.history()) < 60:
        s.apply_action(rng.choice(s.chance_outcomes())[0] if s.is_chance_node() else rng.choice(s.legal_actions()))
    p = s.current_player()
    worlds = [s.resample_from_infostate(p, rng.random) for _ in range(3)]
    for w in worlds:
        assert w.observation_tensor(p) == s.observation_tensor(p)
        assert w.information_state_string(p) == s.information_state_string(p)
    others = [q for q in range(4) if q != p]
    assert any(w.observation_tensor(q) != s.observation_tensor(q) for w in worlds for q in others)
    w = worlds[0].clone()
    while not w.is_terminal():
        w.apply_action(rng.choice(w.legal_actions()))
    assert len(w.returns()) == 4 and not s.is_terminal()


def test_the_same_game_with_other_options_is_registered_under_a_name_of_its_own():
    """Debtzilla against Inflationsaurus is another OpenSpiel game than against Debtzilla: its own name (the
    options off their defaults), loaded by that name; the options said at their defaults are the game itself."""
    plain = openspiel_game(CONTENT / "debtzilla", players=2)
    other = openspiel_game(CONTENT / "debtzilla", players=2, options={"boss": "inflationsaurus"})
    same = openspiel_game(CONTENT / "debtzilla", players=2, options={"boss": "debtzilla"})
    assert plain.get_type().short_name == same.get_type().short_name == "meeple_debtzilla"
    assert other.get_type().short_name == "meeple_debtzilla__boss_inflationsaurus"
    loaded = pyspiel.load_game("meeple_debtzilla__boss_inflationsaurus", {"players": 2})
    assert loaded.get_type().long_name == "Debtzilla (meeple, boss=inflationsaurus)"
    assert pyspiel.load_game("meeple_debtzilla", {"players": 2}).get_type().long_name == "Debtzilla (meeple)"


def test_stepping_a_gym_environment_after_its_end_says_to_reset():
    from interpreter import UsageError
    env = gym_env(CONTENT / "kuhn-poker", players=2, seat=1)
    with pytest.raises(UsageError, match=r"reset\(\) before the first step"):
        env.step(0)
    obs, info = env.reset(seed=1)
    done = False
    while not done:
        obs, reward, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    with pytest.raises(UsageError, match=r"the episode is over .*call reset\(\)"):
        env.step(0)
    env.reset(seed=2)
    assert not env.match.over


def test_an_observation_encodes_the_prompt_and_each_places_label_by_its_words():
    """Hanabi's moves are labels built in play ("tell Ben the 2s"), actions by their place: the observation
    ends with the prompt's words and each place's label's words (spaces.words: the same text, the same
    numbers), for the seat asked only."""
    from interpreter.rl.spaces import LABEL_WIDTH, PROMPT_WIDTH, words
    sp = Spaces(bundled("hanabi"), 3)
    m = Match(bundled("hanabi"), 3, 2)
    d = m.pending
    tail = sp.observe(m.view(d.player.seat))[-(PROMPT_WIDTH + SLOTS * LABEL_WIDTH):]
    prompt = np.zeros(PROMPT_WIDTH, np.float32)
    words(prompt, d.prompt)
    assert prompt.any() and np.array_equal(tail[:PROMPT_WIDTH], prompt)
    places = tail[PROMPT_WIDTH:].reshape(SLOTS, LABEL_WIDTH)
    for k, label in enumerate(d.labels()):
        expected = np.zeros(LABEL_WIDTH, np.float32)
        words(expected, label)
        assert np.array_equal(places[k], expected)
    assert not places[d.size:].any() and len(set(map(bytes, places[:d.size]))) > 1
    other = d.player.seat % 3 + 1
    assert not sp.observe(m.view(other))[-SLOTS * LABEL_WIDTH:].any()  # another seat's labels are not its own


def test_the_environments_info_says_what_is_asked_and_what_each_action_means():
    env = aec_env(CONTENT / "kaiju-inc", players=3, seed=1)
    env.reset()
    info = env.infos[env.agent_selection]
    d = env.match.pending
    assert info["prompt"] == d.prompt
    assert sorted(info["labels"]) == np.flatnonzero(info["action_mask"]).tolist()
    assert set(info["labels"].values()) <= set(d.labels())
    gym = gym_env(CONTENT / "kaiju-inc", players=3, seat=1)
    _, ginfo = gym.reset(seed=1)
    assert ginfo["prompt"] == gym.match.pending.prompt and len(ginfo["labels"]) == int(ginfo["action_mask"].sum())


def test_an_information_state_is_each_views_change_and_tells_every_view_again():
    """Kaiju Incorporated, a random match: each line of a player's information state is what changed in its
    view since its last decision (a card by its id); applied in turn, the lines give back every view it had.
    The whole match's information state stays small (it was the whole view at each decision: 859k
    characters)."""
    import json

    from interpreter.rl.spaces import flat_view
    game = openspiel_game(CONTENT / "kaiju-inc", players=3)
    rng = random.Random(1)
    s = game.new_initial_state()
    while not s.is_terminal():
        s.apply_action(rng.choice(s.chance_outcomes())[0] if s.is_chance_node() else rng.choice(s.legal_actions()))
    text = s.information_state_string(0)
    assert len(text) < 100_000
    views = [e for e in s.trail[0] if type(e) is not str]
    lines = [line for line in text.split("\n") if not line.startswith("I chose")]
    assert len(lines) == len(views) > 20
    flat: dict = {}
    for line, node in zip(lines, views, strict=True):
        change = json.loads(line)
        flat.update(change.get("set", {}))
        for path, (a, out, put) in change.get("splice", {}).items():
            flat[path] = flat[path][:a] + put + flat[path][a + out:]
        for path in change.get("gone", []):
            del flat[path]
        assert flat == flat_view(node.views[0], game.meeple)


NUMBERS = """
game: numbers
name: Numbers
players: {{min: 2, max: 2}}
cards: []
{most}
round:
  - phase: main
    do: |
      let n = choose n from range(1, {count}) by players[0] prompt "a number"
      players[0].points += n
      trigger_end("picked")
player:
  counters:
    points: {{initial: 0, min: 0, max: 1000}}
score: me.points
"""


def _numbers(tmp_path, count: int, most: int | None):
    from interpreter import load_game
    from tests.conftest import write_game
    text = NUMBERS.format(most=f"most_options: {most}" if most else "", count=count)  # (range is inclusive)
    return load_game(write_game(tmp_path / f"n{count}-{most}", {"game.yaml": text}))


def test_a_game_declares_the_most_options_its_action_space_makes_room_for(tmp_path):
    """`most_options:` in game.yaml: the action space keeps that many places for options that are neither cards,
    seats nor texts (64 without it). A decision of more options than its places is refused with the number to
    declare; at the bound and below it, every option is an action of its own."""
    from interpreter.errors import UsageError
    plain = Spaces(_numbers(tmp_path, 64, None), 2)
    assert plain.size - plain.slot0 == SLOTS == 64
    m = Match(_numbers(tmp_path, 64, None), 2, 1)
    assert len(plain.actions(m.pending)) == 64  # at the bound
    m = Match(_numbers(tmp_path, 65, None), 2, 1)
    with pytest.raises(UsageError, match="most_options"):  # one past it
        Spaces(m.game, 2).actions(m.pending)
    game = _numbers(tmp_path, 65, 65)
    sp = Spaces(game, 2)
    assert sp.size - sp.slot0 == 65
    m = Match(game, 2, 1)
    legal = sp.actions(m.pending)
    assert sorted(legal) == [sp.slot0 + k for k in range(65)]
    env = aec_env(game.folder, players=2)
    env.reset(seed=1)
    assert env.action_space(env.agent_selection).n == sp.size
    assert int(env.infos[env.agent_selection]["action_mask"].sum()) == 65
