"""Bots that judge a position without hints (tests/games/deckbuilder, a small deck-builder): its score is victory
points alone, which a bot steering by it buys first; its `value:` (the bots' estimate mid-game, distinct from
the score) shows the bots that treasure buys victory."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from interpreter import Match, load_game, make_agent

GAME = Path(__file__).resolve().parent / "games" / "deckbuilder"
sys.path.insert(0, str(GAME.parents[2] / "tools"))
try:
    from strength import BigMoney  # the scripted player the bots are measured against (docs/bots.md)
finally:
    sys.path.pop(0)


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


@pytest.fixture(scope="module")
def by_score(tmp_path_factory):
    """The same game without its `value:`: the bots judge by the score alone."""
    folder = tmp_path_factory.mktemp("deckbuilder")
    for f in GAME.rglob("*.yaml"):
        (folder / f.relative_to(GAME)).parent.mkdir(parents=True, exist_ok=True)
        (folder / f.relative_to(GAME)).write_text(f.read_text())
    text = (folder / "game.yaml").read_text()
    (folder / "game.yaml").write_text(text[: text.index("\nvalue:")] + "\n")
    return load_game(folder)


def duel(game, agent, other, seeds) -> tuple[float, dict]:
    """`agent`'s wins against `other` over the seeds, each seed played from both seats; and what it bought."""
    wins, bought = 0.0, {}
    for seed in seeds:
        for mine in (1, 2):
            seats = {mine: agent(mine, seed), 3 - mine: other(3 - mine, seed)}
            m = Match(game, 2, seed, narrate=False)
            while not m.over:
                d = m.pending
                k = seats[d.player.seat].act(m)
                if d.player.seat == mine:
                    label = d.labels()[k]
                    bought[label] = bought.get(label, 0) + 1
                m.choose(k)
            wins += (mine in m.result.winners) / len(m.result.winners)
    return wins, bought


def bot(name):
    return lambda seat, seed: make_agent(name, seat, seed)


def test_greedy_beats_random_by_the_games_value(game):
    wins, bought = duel(game, bot("greedy"), bot("random"), range(20))
    assert wins >= 0.9 * 40, (wins, bought)
    assert bought["Silver"] + bought.get("Gold", 0) > bought.get("Estate", 0)  # treasure before victory


def test_the_default_mcts_beats_a_province_gold_silver_player(game):
    wins, bought = duel(game, bot("mcts"), lambda seat, seed: BigMoney(seat, seed), range(10))
    assert wins >= 0.5 * 20, (wins, bought)


def test_by_the_score_alone_a_bot_buys_victory_first(by_score, game):
    """What `value:` is for: by the score alone, greedy's first buys are Estates; by the value, Silver."""
    def first_buys(g) -> dict:
        out: dict = {}
        for seed in range(10):
            m = Match(g, 2, seed, narrate=False)
            greedy = make_agent("greedy", 1, seed)
            while not m.over and m.round <= 2:
                d = m.pending
                k = greedy.act(m) if d.player.seat == 1 else 0
                if d.player.seat == 1:
                    out[d.labels()[k]] = out.get(d.labels()[k], 0) + 1
                m.choose(k)
        return out
    scored, valued = first_buys(by_score), first_buys(game)
    assert scored.get("Estate", 0) > scored.get("Silver", 0)
    assert valued.get("Silver", 0) > valued.get("Estate", 0)


def test_strength_tool_measures_the_mcts_given_options_and_refuses_a_misspelt_one(capsys, monkeypatch):
    """`tools/strength.py big-money --seed N --agent-opt KEY=VALUE`: the mcts measured gets the option and plays
    the seeds asked (each from both seats), the figure naming the setting; an option no mcts takes stops the run
    before any match (argparse's exit 2)."""
    sys.path.insert(0, str(GAME.parents[2] / "tools"))
    try:
        import strength
    finally:
        sys.path.pop(0)
    made = []

    def spy(name, seat, seed, **options):
        made.append((name, seat, seed, options))
        return make_agent(name, seat, seed, **options)
    monkeypatch.setattr(strength, "make_agent", spy)
    assert strength.main(["big-money", "--games", "2", "--seed", "3", "--agent-opt", "budget=500"]) == 0
    assert made == [("mcts", 1, 3, {"budget": "500"}), ("mcts", 2, 3, {"budget": "500"})]
    line = capsys.readouterr().out
    assert line.startswith("default mcts (budget=500) against Big Money, no value: ") and " of 2 " in line
    with pytest.raises(SystemExit) as stop:
        strength.main(["big-money", "--games", "2", "--agent-opt", "budgte=500"])
    assert stop.value.code == 2
    assert "no agent here takes the option `budgte`" in capsys.readouterr().err
