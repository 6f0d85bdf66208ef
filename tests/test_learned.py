"""The learned value (interpreter/agents/learned.py) and `meeple train` (interpreter/sim/train.py): the features a
player sees of themselves, the fit, the file, its check, and the bots reading it."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter import Match, load_game, make_agent
from interpreter.agents.judge import look, valued
from interpreter.agents.learned import FILE, Features, check_file, learned_of
from interpreter.cli.main import main
from interpreter.errors import UsageError
from interpreter.project import validate
from interpreter.sim.train import SAMPLES, train

GAMES = Path(__file__).resolve().parent / "games"


@pytest.fixture
def plain(tmp_path):
    """A copy of the deck-builder without a value, to train in."""
    folder = tmp_path / "deckbuilder-plain"
    shutil.copytree(GAMES / "deckbuilder-plain", folder)
    return folder


def named(feats: Features, x: dict) -> dict:
    return {feats.names[k]: v for k, v in x.items()}


def test_a_player_sees_the_cards_of_their_hand_and_known_deck_and_of_public_piles(plain):
    game = load_game(plain)
    m = Match(game, 2, 1, narrate=False)
    f = Features(game)
    ann = named(f, f.read(m, m.players[0]))
    # the rules' setup: 7 Coppers and 3 Estates, five of them drawn into the hand, the rest in the deck
    assert ann["me.cards:copper"] == 7 and ann["me.cards:estate"] == 3
    assert ann["me.hand.size"] == 5 and ann["me.deck.size"] == 5
    assert ann["me.hand:copper"] + ann["me.deck:copper"] == 7  # the deck's contents are known: counted by card
    assert ann["game.provinces:province"] == 8 and ann["game.provinces.size"] == 8
    assert ann["me.score"] == 3  # three Estates, a victory point each


def test_a_hidden_pile_shows_how_many_cards_it_holds_not_which():
    game = load_game(GAMES / "hidden-hand")
    m = Match(game, 2, 1, narrate=False)
    f = Features(game)
    seen = named(f, f.read(m, m.players[0]))
    assert seen.get("game.deck.size", 0) > 0
    assert not [k for k in seen if k.startswith("game.deck:") or k.startswith("game.aside:")]


def test_training_values_a_province_above_an_estate_and_the_bots_read_it(plain):
    """Random self-play: the most victory points wins, a Province is 6 of them and an Estate 1, so the fitted
    value of holding a Province is above that of an Estate. The file is written beside game.yaml and, with no
    `value:` declared, the bots judge by it."""
    game = load_game(plain)
    assert not valued(game)
    data = train(game, games=200, seed=1, agent="random")
    assert data["matches"] == 200 and data["played"] == 200 and (plain / FILE).exists()
    again = load_game(plain)
    value = learned_of(again)
    assert valued(again) and value is not None

    def holding(pile: str) -> float:
        """Ann's value at the start with one more card of `pile` in her discard pile."""
        m = Match(again, 2, 1, narrate=False)
        ann = m.players[0]
        piece = m.zones[pile].items.pop()
        piece.zone = ann.zones["discard"]
        ann.zones["discard"].items.append(piece)
        return value(m, ann)
    assert holding("provinces") > holding("estates")
    m = Match(again, 2, 1, narrate=False)
    assert look(m, m.players[0]) == value(m, m.players[0])
    assert check_file(again, str(plain / FILE)) == []
    a = make_agent("greedy", 1, 1)
    assert 0 <= a.act(m) < m.pending.size


def test_training_goes_on_where_it_stopped_and_starts_afresh_when_told(plain):
    game = load_game(plain)
    assert train(game, games=10, seed=1, agent="random")["played"] == 10
    assert train(game, games=16, seed=1, agent="random")["played"] == 6  # seeds 1..10 kept in the samples
    lines = (plain / SAMPLES).read_text().splitlines()
    (plain / SAMPLES).write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:20])  # an interruption cut the last line
    assert train(game, games=16, seed=1, agent="random")["played"] == 1  # the cut match alone
    assert train(game, games=16, seed=1, agent="random")["played"] == 0
    assert train(game, games=16, seed=1, agent="random", fresh=True)["played"] == 16
    assert train(game, games=16, seed=1, agent="greedy")["played"] == 16  # other bots: other matches


def test_a_game_with_a_value_is_not_trained():
    game = load_game(GAMES / "deckbuilder")
    with pytest.raises(UsageError, match="declares a `value:`"):
        train(game, games=10, agent="random")


def test_validate_places_a_feature_the_game_no_longer_has(plain):
    game = load_game(plain)
    train(game, games=10, seed=1, agent="random")
    path = plain / FILE
    text = path.read_text()
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "me.cards:province:" in t)
    path.write_text(text.replace("me.cards:province:", "me.cards:provinse:"))
    diags = validate([str(plain)]).diagnostics
    assert [(d.code, d.place.line, d.place.col) for d in diags] == [("E-LEARNED", line, 5)]
    assert "`me.cards:provinse` is not a feature of Little Kingdom" in diags[0].message
    path.write_text(text.replace("game: deckbuilder-plain", "game: kaiju-inc"))
    diags = validate([str(plain)]).diagnostics
    assert [d.message for d in diags] == ["this file was trained for the game `kaiju-inc`, not `deckbuilder-plain`"]


def test_meeple_train_at_the_command_line(plain, capsys):
    assert main(["train", str(plain), "--games", "10", "--agent", "random", "--jobs", "2"]) == 0
    out = capsys.readouterr().out
    assert "10 matches (10 played now)" in out and (plain / FILE).exists()
