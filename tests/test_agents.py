"""Agents: random stays what it was, greedy looks one move ahead on the game's score, mcts searches sampled
worlds; search agents never read what their seat cannot see (Match.resample)."""
from __future__ import annotations

import random

import pytest

from interpreter import Match, load_game
from interpreter.agents import GreedyAgent, MCTSAgent, RandomAgent, make_agent
from interpreter.agents.judge import play_on
from interpreter.agents.registry import agent_options
from interpreter.errors import RuntimeContentError, UsageError
from interpreter.runtime.secrecy import sees
from interpreter.sim.run import play, seat_agents
from tests.conftest import game as bundled
from tests.conftest import write_game


def _state(m: Match) -> dict:
    """Everything in the match, hidden or not: zone contents by uid, counters, the generator's next draws."""
    zones = {n: [(p.uid, p.card.id) for p in z.items] for n, z in m.zones.items()}
    for p in m.players:
        zones.update({f"{p.seat}.{n}": [(x.uid, x.card.id) for x in z.items] for n, z in p.zones.items()})
    return {"zones": zones, "counters": [dict(p.counters) for p in m.players], "rng": m.rng.random()}


def _midgame(game, players=3, seed=5, steps=40) -> Match:
    m = Match(game, players, seed)
    rng = random.Random(1)
    for _ in range(steps):
        m.choose(rng.randrange(len(m.pending.options)))
    return m


# ---- random: unchanged
def test_random_agent_gives_the_same_choices_as_before_for_the_same_seed():
    a = make_agent("random", 2, 7)
    assert isinstance(a, RandomAgent)
    reference = random.Random("7:2")

    class D:  # what the agent reads of a decision: how many options
        size = 5
    assert [a.choose(None, D) for _ in range(50)] == [reference.randrange(5) for _ in range(50)]


def test_random_bot_match_is_unchanged_by_the_new_agents(kaiju):
    """play() no longer builds views for agents that do not read them: the matches stay the same."""
    m = play(kaiju, 3, 7, {}, seat_agents(3, "all", 7))
    replay = Match(kaiju, 3, 7)
    agents = [random.Random(f"7:{s}") for s in (1, 2, 3)]
    while not replay.over:
        d = replay.pending
        replay.choose(agents[d.player.index].randrange(len(d.options)))
    assert replay.choices == m.choices and replay.result.as_dict() == m.result.as_dict()


@pytest.mark.parametrize("name", ["kaiju-inc", "happy-city", "debtzilla"])
def test_random_bots_asked_in_place_play_the_very_matches_the_protocol_plays(name):
    """A simulation's random bots are asked where each decision arises (Match's `auto`: no Decision made, the
    match never suspended): the same choices and results as answering each pending decision in turn, in
    every bundled game (choices of one, optional, of several, `ask` menus)."""
    from interpreter import bundled_games
    game = load_game(bundled_games()[name])
    for players in (game.min_players, game.max_players):
        for seed in range(4):
            m = play(game, players, seed, {}, seat_agents(players, "all", seed), narrate=False)
            assert m._auto is not None and m.pending is None
            step = Match(game, players, seed, narrate=False)
            agents = seat_agents(players, "all", seed)
            while not step.over:
                d = step.pending
                step.choose(agents[d.player.index].choose(None, d))
            assert step.choices == m.choices and step.result.as_dict() == m.result.as_dict()


def test_answers_in_place_are_for_matches_that_narrate_nothing(kaiju):
    with pytest.raises(UsageError, match="narrates none"):
        Match(kaiju, 3, 1, auto=[random.Random(s).randrange for s in range(3)])
    m = play(kaiju, 3, 1, {}, seat_agents(3, "all", 1))  # narrated: asked through the protocol, choices said
    assert m._auto is None and any(line.startswith("  Ann: ") for line in m.lines)


def test_play_on_answers_in_place_as_choose_does_and_stops_where_told(kaiju):
    """Search agents play out with judge.play_on (answers in place): the same position as answering each
    decision with Match.choose, waiting again after `limit` answers; a clone is at that same position."""
    stepped, rng = Match(kaiju, 3, 4, narrate=False), random.Random(9)
    for _ in range(30):
        stepped.choose(rng.randrange(stepped.pending.size))
    m = Match(kaiju, 3, 4, narrate=False)
    play_on(m, random.Random(9).randrange, 30)
    assert m.choices == stepped.choices and m.pending is not None and m._auto is None
    expected = _state(stepped)
    assert _state(m) == expected and m.pending.labels() == stepped.pending.labels()
    assert _state(stepped.clone()) == expected
    play_on(m, random.Random(2).randrange)
    assert m.over and m._auto is None


def test_play_on_stops_after_the_rounds_it_is_given(kaiju):
    """`rounds=N` (mcts's `horizon` for blind playouts): the playout stops at the first answer given once N more
    rounds have begun, the match waiting at the decision after it; the same answers as choose in a loop."""
    m, rng = Match(kaiju, 3, 4, narrate=False), random.Random(9)
    while m.round < 2:
        m.choose(rng.randrange(m.pending.size))
    start = m.round
    stepped = m.clone()
    play_on(m, random.Random(5).randrange, rounds=1)
    assert m.round == start + 1 and not m.over and m._auto is None
    # the answers before the round began, then the one given in the new round, and no more
    pick = random.Random(5).randrange
    while stepped.round < start + 1:
        stepped.choose(pick(stepped.pending.size))
    stepped.choose(pick(stepped.pending.size))
    assert m.choices == stepped.choices
    assert m.round == stepped.round


@pytest.mark.parametrize("cut", [8, 3, 0])
def test_mcts_playouts_without_a_value_stop_cut_rounds_on_and_the_score_judges_them_there(kaiju, cut, monkeypatch):
    """In a game with a score and no value (Kaiju Incorporated), each playout of the default mcts stops once
    `cut` (8) more rounds have begun and is judged by the score there; `cut=0` plays each to the end. The worlds
    seen when the rewards are given: none past the cut, and none ended."""
    import interpreter.agents.mcts as mcts_module
    ends = []
    rewards = mcts_module.rewards

    def spy(w, *a):
        ends.append((w.round, w.over))
        return rewards(w, *a)
    monkeypatch.setattr(mcts_module, "rewards", spy)
    m = Match(kaiju, 3, 4, narrate=False)
    start = m.round
    agent = make_agent("mcts", m.pending.player.seat, 1, iterations=12, cut=cut)
    agent.act(m)
    assert len(ends) == 12
    if cut:
        assert all(r <= start + cut for r, _ in ends) and any(r == start + cut for r, _ in ends)
        assert not any(over for _, over in ends)  # (a match lasts some 19 rounds)
    else:
        assert all(over for _, over in ends)


def test_agents_that_read_the_view_still_get_it(kaiju):
    seen = []

    class Looking(RandomAgent):
        wants_view = True

        def choose(self, view, decision):
            seen.append(view)
            return super().choose(view, decision)
    play(kaiju, 2, 3, {}, [Looking(1), RandomAgent(2)])
    assert seen and all(isinstance(v, dict) and "zones" in v for v in seen)


def test_unknown_agent_and_agent_options_are_usage_errors():
    with pytest.raises(UsageError, match="unknown agent `smart`"):
        make_agent("smart", 1, 1)
    with pytest.raises(UsageError, match="no agent here takes the option `iterations`"):
        agent_options(["random", "greedy"], {"iterations": "5"})
    with pytest.raises(UsageError, match="takes a int"):
        agent_options(["mcts"], {"iterations": "many"})
    agent_options(["mcts", "greedy"], {"iterations": "5", "rollouts": "3"})
    assert make_agent("mcts", 2, 1, **{"iterations": "7", "rollouts": "3"}).iterations == 7


def test_an_option_two_kinds_of_agent_mean_differently_goes_to_one_seat():
    """mcts's `budget` is a match's simulated decisions, greedy's the positions of one decision: given to every
    agent it would change both (a stronger greedy where a cheaper mcts was meant); `SEAT:KEY` gives it to one."""
    with pytest.raises(UsageError, match="`budget` is an option of greedy and of mcts.*SEAT:budget"):
        agent_options(["mcts", "greedy", "greedy"], {"budget": "50000"})
    agent_options(["mcts", "greedy", "greedy"], {"1:budget": "50000", "3:budget": "4"})
    agent_options(["mcts", "mcts"], {"budget": "50000"})  # one kind of agent: one meaning
    with pytest.raises(UsageError, match=r"seat 2's agent \(greedy\) takes no option `iterations`"):
        agent_options(["mcts", "greedy"], {"2:iterations": "5"})
    with pytest.raises(UsageError, match="no seat 3 with 2 players"):
        agent_options(["mcts", "greedy"], {"3:budget": "5"})
    agents = seat_agents(3, "all", 7, ["mcts", "greedy", "greedy"], {"1:budget": "50000", "3:budget": "4", "c": "0.5"})
    assert (agents[0].budget, agents[0].c) == (50000, 0.5)
    assert (agents[1].budget, agents[2].budget) == (GreedyAgent().budget, 4)  # seat 2 keeps its default


# ---- worlds: what a search agent imagines
def test_a_zone_of_known_contents_is_dealt_within_itself():
    """Debtzilla's Income decks are hidden but declared `contents: known`: a sampled world keeps each
    seat's deck, card for card, in another order (the seats' decks are not pooled)."""
    dz = bundled("debtzilla")
    m = _midgame(dz, players=2, steps=50)  # both Income decks hold cards then
    decks = {p.seat: sorted(x.card.id for x in p.zones["deck"].items) for p in m.players}
    order = {p.seat: [x.card.id for x in p.zones["deck"].items] for p in m.players}
    assert all(len(d) > 2 for d in decks.values())
    worlds = [m.resample(1, random.Random(k)) for k in range(4)]
    for w in worlds:
        assert {p.seat: sorted(x.card.id for x in p.zones["deck"].items) for p in w.players} == decks
    assert any([x.card.id for x in p.zones["deck"].items] != order[p.seat] for w in worlds for p in w.players)


def test_resample_keeps_what_the_seat_sees_and_the_size_of_what_it_does_not(kaiju):
    m = _midgame(kaiju)
    seat = m.players[0]
    hidden = {n: sorted(p.card.kind for p in z.items) for n, z in m.zones.items() if not sees(z, seat)}
    cards = {n: [p.card.id for p in z.items] for n, z in m.zones.items()}
    w = m.resample(1, random.Random(3))
    assert w.view(1) == m.view(1)
    assert {n: sorted(p.card.kind for p in z.items) for n, z in w.zones.items() if not sees(z, w.players[0])} == hidden
    assert any(cards[n] != [p.card.id for p in z.items] for n, z in w.zones.items()
               if not sees(z, w.players[0]) and len(z.items) > 2)
    for z in w.zones.values():
        assert all(p.zone is z for p in z.items)


PEEK = """
game: peek
name: Peek
players: {min: 2, max: 2}
zones:
  deck: {visibility: hidden}
vars:
  held: none
setup: |
  move(box, deck)
  shuffle(deck)
round:
  - phase: main
    do: |
      let mine = deck.top
      held = deck.bottom
      ask by players[1] "Go on?" { "Yes" { players[1].coins += 0 } "No" { players[1].coins += 0 } }
      players[0].coins = mine.value
      players[1].coins = held.value
      trigger_end("peeked")
"""


def test_a_sampled_world_holds_no_reference_to_a_hidden_card(tmp_path):
    """A local (`mine`) and a var (`held`) hold cards of the hidden deck while seat 2 decides: in seat 2's
    sampled worlds they hold cards re-dealt like any other hidden card, not the true ones, and each still
    lies in the deck where the true one lies."""
    folder = write_game(tmp_path / "peek", {
        "game.yaml": PEEK + COINS,
        "cards/t.yaml": "".join(f"- {{id: t{v}, name: T{v}, kind: token, value: {v}}}\n" for v in range(1, 9)),
    })
    game = load_game(folder)
    seen = []
    for seed in range(6):
        m = Match(game, 2, seed)
        assert m.pending.player.seat == 2  # seat 2 decides while `mine` and `held` hold hidden cards
        truth = (m.zones["deck"].items[-1].f["value"], m.zones["deck"].items[0].f["value"])
        for k in range(5):
            w = m.resample(2, random.Random(k))
            assert len(w.zones["deck"].items) == 8
            w.choose(0)
            seen.append(((w.players[0].counters["coins"], w.players[1].counters["coins"]), truth))
    differ = sum(world != truth for world, truth in seen)
    assert differ >= len(seen) * 3 // 4, seen  # with the true cards every one of the 30 would agree
    assert len({world for world, _ in seen}) > 10


def test_a_sampled_world_goes_on_from_the_same_decision(kaiju):
    m = _midgame(kaiju, steps=25)
    w = m.resample(m.pending.player.seat, random.Random(0))
    assert w.pending.player.seat == m.pending.player.seat and w.pending.labels() == m.pending.labels()
    while not w.over:  # and it plays to an end
        w.choose(0)


# ---- greedy
def _mini(mini, score=True):
    from interpreter import load_game
    if not score:
        p = mini / "game.yaml"
        p.write_text(p.read_text().replace("score: me.coins\n", ""))
    return load_game(mini)


def test_greedy_takes_the_option_that_scores_best(mini):
    game = _mini(mini)
    m = Match(game, 2, 1)
    g = make_agent("greedy", m.pending.player.seat, 1)
    assert isinstance(g, GreedyAgent)
    for _ in range(3):
        d = m.pending
        k = g.choose(None, d)
        assert d.options[k].label == "Blue Two" or "Blue Two" not in d.labels()
        m.choose(k)
        if m.over or m.pending.player.seat != g.seat:
            break


def test_greedy_without_a_declared_score_judges_by_playouts(mini):
    game = _mini(mini, score=False)
    m = play(game, 2, 4, {}, seat_agents(2, "all", 4, ["greedy", "random"], {"rollouts": 2}))
    assert m.over


def test_a_score_that_fails_while_a_search_agent_plays_names_its_place(mini):
    p = mini / "game.yaml"
    text = p.read_text()
    p.write_text(text.replace("score: me.coins\n", "score: me.coins / (me.coins - me.coins)\n"))
    game = load_game(mini)
    line = text.splitlines().index("score: me.coins") + 1
    with pytest.raises(RuntimeContentError) as e:
        play(game, 2, 4, {}, seat_agents(2, "all", 4, "greedy"))
    assert "division by zero" in str(e.value)
    assert e.value.place is not None and e.value.place.path.endswith("game.yaml") and e.value.place.line == line


def test_mcts_judges_a_cooperative_game_by_the_team_score_not_a_lead_over_teammates(mini):
    from interpreter.agents.mcts import rewards
    competitive = _mini(mini)
    p = mini / "game.yaml"
    p.write_text(p.read_text().replace("score: me.coins\n", "score: me.coins\ncooperative: true\n"))
    cooperative = load_game(mini)
    looks = {}
    for name, game in (("competitive", competitive), ("cooperative", cooperative)):
        m = Match(game, 2, 1)
        m.players[0].counters["coins"] = 6
        looks[name] = rewards(m, 0.0)
        m.players[1].counters["coins"] = 6
        looks[name + " richer"] = rewards(m, 0.0)
    assert looks["competitive"][1] > looks["competitive"][2]  # a lead over the other seat counts
    assert looks["cooperative"][1] == looks["cooperative"][2] > 0.5  # the team gained: the same for both
    assert looks["cooperative richer"][1] > looks["cooperative"][1]


# ---- mcts
def test_mcts_is_reproducible_and_prefers_the_better_token(mini):
    game = _mini(mini)
    picks = []
    for _ in range(2):
        m = Match(game, 2, 3)
        seat = m.pending.player.seat
        a = make_agent("mcts", seat, 3, **{"iterations": 60})
        assert isinstance(a, MCTSAgent)
        picks.append((a.choose(None, m.pending), a.last_stats["iterations"]))
    assert picks[0] == picks[1]
    m = Match(game, 2, 3)
    assert m.pending.options[picks[0][0]].label == "Blue Two"


# what the small test games below share: a token card (a game has cards) and each player's coins
COINS = """
cards: [cards/*.yaml]
kinds:
  token:
    fields: {value: int}
player:
  counters:
    coins: {initial: 0, min: 0, max: 99}
"""


def _coins_game(tmp_path, yaml: str):
    folder = write_game(tmp_path / "game", {"game.yaml": yaml + COINS, "cards/t.yaml": "- {id: t, name: T, kind: token, value: 1}\n"})
    return load_game(folder)


DOORS = """
game: doors
name: Doors
players: {min: 2, max: 2}
round:
  - phase: main
    do: |
      for p in players {
        ask by p "Safe or a door?" {
          "Safe" { p.coins += 5 }
          "Doors" {
            ask by p "Which door?" {
              "Door 1" { p.coins += 0 }
              "Door 2" { p.coins += 0 }
              "Door 3" { p.coins += 0 }
              "Door 4" { p.coins += 12 }
            }
          }
        }
      }
score: me.coins
max_rounds: 3
"""


DIALS = """
game: dials
name: Dials
players: {min: 2, max: 2}
round:
  - phase: main
    do: |
      for p in players {
        ask by p "Which dial?" {
          "Dial 1" { p.coins += 1 }
          "Dial 2" { p.coins += 2 }
          "Dial 3" { p.coins += 3 }
          "Dial 4" { p.coins += 4 }
          "Dial 5" { p.coins += 5 }
          "Dial 6" { p.coins += 6 }
          "Dial 7" { p.coins += 7 }
          "Dial 8" { p.coins += 8 }
          "Dial 9" { p.coins += 9 }
          "Dial 10" { p.coins += 10 }
          "Dial 11" { p.coins += 30 }
          "Dial 12" { p.coins += 12 }
        }
      }
score: me.coins
value: me.coins
max_rounds: 1
"""


def test_mcts_with_a_value_tries_every_option_of_a_decision_wider_than_its_iterations(tmp_path):
    """In a game with a value a decision gets 8 iterations (VALUED_ITERATIONS), and one an option where it has
    more: of 12 dials each is judged, so the one worth 30 (Dial 11) is found, whichever order they are tried in."""
    from interpreter.agents.mcts import VALUED_ITERATIONS
    game = _coins_game(tmp_path, DIALS)
    assert VALUED_ITERATIONS < 12
    for seed in range(4):
        m = Match(game, 2, seed)
        a = make_agent("mcts", 1, seed)
        pick = m.pending.labels()[a.choose(None, m.pending)]
        assert a.last_stats["iterations"] == 12 and len(a.last_stats["children"]) == 12
        assert pick == "Dial 11"


def test_mcts_max_backup_judges_a_move_by_its_best_line(tmp_path):
    """`backup=max`: a move that goes on with more decisions of the mover's own counts by its best line
    (greedy's look through its own move), not by the mean of the lines tried. "Doors" then a door is worth
    0 three times in four and 12 once; "Safe" is worth 5. The mean prefers Safe, the best line Doors."""
    game = _coins_game(tmp_path, DOORS)
    picks = {}
    for backup in ("mean", "max"):
        m = Match(game, 2, 1)
        a = make_agent("mcts", 1, 1, **{"iterations": 20, "mix": 1, "backup": backup})
        picks[backup] = m.pending.labels()[a.choose(None, m.pending)]
        assert a.last_stats["children"]["Doors"][0] > 1  # its doors were tried
    assert picks == {"mean": "Safe", "max": "Doors"}
    with pytest.raises(UsageError, match="agent option `backup` takes a `mean` or `max`, not 'best'"):
        agent_options(["mcts"], {"backup": "best"})


def test_mcts_with_a_time_budget_and_cut_playouts_plays_a_whole_match(kaiju):
    m = play(kaiju, 2, 8, {}, seat_agents(2, "all", 8, ["mcts", "random"], {"seconds": "0.002", "depth": "3"}))
    assert m.over and m.result.winner in (1, 2)


def test_search_agents_answer_in_every_bundled_game():
    """A few decisions of greedy and mcts in each game (a whole match of each is the slow test below); a
    bundled game that does not load fails it."""
    from conftest import game as cached

    from interpreter import bundled_games
    for name in bundled_games():
        game = cached(name)
        n = game.min_players
        m = Match(game, n, 1)
        agents = [make_agent(a, s + 1, 1, **{"iterations": 3, "budget": 3})
                  for s, a in enumerate((["greedy", "mcts"] * n)[:n])]
        asked = 0
        while not m.over and asked < 4:
            d = m.pending
            k = agents[d.player.index].choose(None, d)
            assert 0 <= k < len(d.options), name
            m.choose(k)
            asked += 1


@pytest.mark.slow
def test_search_agents_play_whole_matches_of_every_bundled_game():
    from interpreter import bundled_games
    for name, folder in bundled_games().items():
        game = load_game(folder)
        n = game.min_players
        m = play(game, n, 1, {}, seat_agents(n, "all", 1, (["greedy", "mcts"] * n)[:n], {"iterations": 2, "budget": 2}))
        assert m.over, name


CHARMS = """
game: charms
name: Charms
players: {min: 2, max: 2}
cooperative: true
counters:
  doom: {initial: 0, min: 0, max: 99}
  shield: {initial: 0, min: 0, max: 99}
setup: |
  ask by players[0] "Which charm?" {
    "Pebble" { shield = 0 }
    "Horseshoe" { shield = 1 }
  }
  ask by players[1] "Ready?" {
    "Yes" { shield += 0 }
    "Sure" { shield += 0 }
  }
round:
  - phase: main
    do: |
      for p in players {
        ask by p "Work or rest?" {
          "Work" { p.coins += 1 }
          "Rest" { p.coins += 1 }
        }
      }
      doom += 2 - shield
      if doom >= 6 { end_game("doom", outcome="lost") }
score: me.coins
max_rounds: 20
"""


def test_mcts_blind_judges_by_playouts_a_choice_the_score_cannot_see(tmp_path):
    """`blind=N`: the charm is chosen once and the score never shows it (both charms leave the coins as they
    are), yet the Horseshoe holds the doom off three rounds longer. The score's look cannot tell the two apart;
    with `blind` the decision is searched again by playouts alone, N per option, and a lost match is graded by
    the rounds it lasted, so the Horseshoe is worth more."""
    game = _coins_game(tmp_path, CHARMS)
    stats = {}
    for blind in (0, 4):
        m = Match(game, 2, 1)
        a = make_agent("mcts", 1, 1, **{"iterations": 6, "mix": 1, "backup": "max", "blind": blind})
        pick = m.pending.labels()[a.choose(None, m.pending)]
        stats[blind] = (pick, a.last_stats)
    values = {lab: v for lab, (_n, v) in stats[0][1]["children"].items()}
    assert values["Pebble"] == values["Horseshoe"]  # the score's look: the same
    pick, seen = stats[4]
    assert seen["iterations"] == 8 and pick == "Horseshoe"
    assert seen["children"]["Horseshoe"][1] > seen["children"]["Pebble"][1]


MINES = """
game: mines
name: Mines
players: {min: 2, max: 2}
round:
  - phase: main
    do: |
      for p in players {
        ask by p "Which mine?" {
          "Gold mine" { p.coins += 3 }
          "Copper mine" { p.coins += 1 }
        }
      }
score: me.coins
max_rounds: 6
"""


def test_mast_takes_the_best_averaged_move_and_tries_an_untried_one_first():
    from interpreter.agents.playout import MAST, UNTRIED
    policy = MAST(eps=0.0, decay=0.5)
    policy.credit({(1, "Gold"), (2, "Copper")}, {1: 1.0, 2: 0.0})
    policy.credit({(1, "Copper")}, {1: 0.2})
    rng = random.Random(1)
    assert policy.pick(rng, 1, 2, ["Copper", "Gold"].__getitem__) == (1, "Gold")  # mean 1.0 over Copper's 0.2
    assert policy.pick(rng, 2, 2, ["Copper", "Silver"].__getitem__) == (1, "Silver")  # untried (0.6) over 0.0
    assert 0.5 < UNTRIED < 1.0
    policy.new_decision()
    assert policy.stats[(1, "Gold")] == [0.5, 0.5]  # halved: the same mean, half the weight
    every = MAST(eps=1.0)
    asked = []

    def key(i):
        asked.append(i)
        return "abc"[i]
    picks = [every.pick(rng, 1, 3, key) for _ in range(60)]
    assert {i for i, _ in picks} == {0, 1, 2}  # eps=1: uniformly at random
    assert all(k == "abc"[i] for i, k in picks)
    assert asked == [i for i, _ in picks]  # a random pick finds its own key alone, not every option's


def test_mcts_playouts_learn_that_a_gold_mine_is_worth_more(tmp_path):
    """Six rounds, a Gold mine 3 coins and a Copper mine 1, the most coins wins: the playouts' own statistics
    (MAST) give each seat's Gold mine a higher mean reward than its Copper mine, and the search takes Gold."""
    game = _coins_game(tmp_path, MINES)
    m = Match(game, 2, 1)
    a = make_agent("mcts", 1, 1)
    labels = m.pending.labels()
    assert labels[a.choose(None, m.pending)] == "Gold mine"
    stats = a.policy.stats
    # a move is known to the statistics by its key: the menu's option, the same at every seat's decision
    gold_key, copper_key = m.pending.key(labels.index("Gold mine")), m.pending.key(labels.index("Copper mine"))
    assert gold_key != copper_key
    for seat in (1, 2):
        gold, copper = stats[(seat, gold_key)], stats[(seat, copper_key)]
        assert gold[1] / gold[0] > copper[1] / copper[0]


def test_mcts_budget_is_the_matchs_simulated_decisions_shared_among_the_seats_decisions(tmp_path):
    """`budget`: the simulated decisions a seat's searches play over its match, each decision taking as much as
    each of those its playouts show still to come; each option tried at least once (budget 1: two iterations,
    one a mine) and at most 400 iterations however cheap they are."""
    from interpreter.agents.mcts import MAX_ITERATIONS
    game = _coins_game(tmp_path, MINES)
    m = Match(game, 2, 1)
    small = make_agent("mcts", 1, 1, budget=1)
    small.choose(None, m.pending)
    assert small.last_stats["iterations"] == 2
    # a whole match from the start is 12 decisions (6 rounds, 2 players), 6 of them the seat's: its first
    # decision takes a sixth of 360, 60 decisions, which 5 iterations play; the budget left is 300
    five = make_agent("mcts", 1, 1, budget=360, backup="max")  # (chosen by value: the share alone stops it)
    five.choose(None, m.pending)
    assert five.last_stats["iterations"] == 5 and five.left == 300
    huge = make_agent("mcts", 1, 1, budget=10**9, backup="max")  # (chosen by value: never settled early)
    huge.choose(None, m.pending)
    assert huge.last_stats["iterations"] == MAX_ITERATIONS


EVENS = MINES.replace("mines", "evens").replace("p.coins += 3", "p.coins += 2").replace("p.coins += 1", "p.coins += 2")


def test_mcts_stops_a_decision_once_its_most_tried_move_cannot_be_overtaken(tmp_path):
    """Early termination: a search by budget stops once the most tried move leads the next by more than the
    iterations left to it (at most MAX_ITERATIONS), so that more of the budget goes to the decisions after it.
    Gold (3 coins) against Copper (1) settles well before MAX_ITERATIONS, with Gold's lead over Copper more than
    what was left, the budget left larger for it; two equal mines never settle: the search runs (nearly) to
    the end."""
    from interpreter.agents.mcts import MAX_ITERATIONS
    m = Match(_coins_game(tmp_path / "mines", MINES), 2, 1)
    a = make_agent("mcts", 1, 1, budget=10**9)
    k = a.choose(None, m.pending)
    done = a.last_stats["iterations"]
    visits = {lab: n for lab, (n, _v) in a.last_stats["children"].items()}
    assert m.pending.labels()[k] == "Gold mine"
    assert done < MAX_ITERATIONS
    assert visits["Gold mine"] - visits["Copper mine"] > MAX_ITERATIONS - done
    assert visits["Gold mine"] - visits["Copper mine"] <= MAX_ITERATIONS - (done - 1) + 1  # not settled before
    m = Match(_coins_game(tmp_path / "evens", EVENS), 2, 1)
    even = make_agent("mcts", 1, 1, budget=10**9)
    even.choose(None, m.pending)
    visits = sorted(n for n, _v in even.last_stats["children"].values())
    assert even.last_stats["iterations"] > MAX_ITERATIONS - 20
    assert visits[1] - visits[0] < 20  # the two stayed level


# Mines with one seat 50 coins ahead from the setup (LEADER: its index)
HEAD_START = MINES.replace("round:", "setup: |\n  players[LEADER].coins = 50\nround:")


def test_mcts_stops_a_decision_whose_every_playout_ends_alike_for_its_seat(tmp_path):
    """A search by budget whose every playout so far ended in a loss for its seat, or every one in a win, stops
    after DECIDED iterations an option: as far as it sees, its options are alike to it (the share it leaves goes
    to the decisions after it). Seat 1 starting 50 coins behind (at most 18 to gain in 6 rounds) or ahead:
    DECIDED x 2 iterations; where the outcome turns on the moves (Mines, from level), more."""
    from interpreter.agents.mcts import DECIDED
    for leader in (1, 0):  # players[1]: seat 2 leads, seat 1 loses whatever it does; players[0]: seat 1 wins
        game = _coins_game(tmp_path / f"leader{leader}", HEAD_START.replace("LEADER", str(leader)))
        m = Match(game, 2, 1)
        a = make_agent("mcts", 1, 1, budget=10**9)
        a.choose(None, m.pending)
        assert a.last_stats["iterations"] == DECIDED * 2
    m = Match(_coins_game(tmp_path / "mines", MINES), 2, 1)
    a = make_agent("mcts", 1, 1, budget=10**9)
    a.choose(None, m.pending)
    assert a.last_stats["iterations"] > DECIDED * 2


def test_mcts_goes_on_with_the_subtree_of_its_own_move_at_the_decision_that_follows_it(tmp_path):
    """Tree reuse: "Doors" chosen, the door the same seat picks next is searched from the subtree the first
    search grew under "Doors" (its visits, less the one that added it, and this search's iterations); a decision
    the seat meets after someone else's is searched from nothing, as is every decision with `reuse=0`."""
    game = _coins_game(tmp_path, DOORS)
    for reuse in (1, 0):
        m = Match(game, 2, 1)
        a = make_agent("mcts", 1, 1, iterations=20, mix=1, backup="max", reuse=reuse)
        k = a.choose(None, m.pending)
        assert m.pending.labels()[k] == "Doors"
        under = a.last_stats["children"]["Doors"][0] - 1  # the visits below "Doors": all but the one adding it
        assert under > 0
        m.choose(k)
        assert m.pending.player.seat == 1 and m.pending.labels()[0] == "Door 1"
        a.choose(None, m.pending)
        visits = sum(n for n, _v in a.last_stats["children"].values())
        assert visits == 20 + (under if reuse else 0)
        m.choose(m.pending.labels().index("Door 4"))
        while m.pending.player.seat != 1:  # the other seat's move: seat 1's next decision follows it
            m.choose(0)
        a.choose(None, m.pending)
        assert sum(n for n, _v in a.last_stats["children"].values()) == 20
