"""The decision protocol as a caller sees it: forced moves in the account, prompts without narration."""
from __future__ import annotations

from interpreter import Match, load_game
from tests.conftest import write_game

ONE_CARD = """
game: one
name: One
players: {min: 2, max: 2}
zones:
  pile: {visibility: public}
player:
  zones:
    hand: {visibility: owner}
  counters:
    coins: {initial: 0, min: 0, max: 9}
setup: |
  move(box, players[0].hand)
round:
  - phase: main
    do: |
      let c = choose c from players[0].hand by players[0] prompt "{players[0].name}: play a card"
      move(c, pile)
      ask by players[1] "{players[1].name}: go on?" {
        "Go on" { players[1].coins += 1 }
        "Stop" when players[1].coins > 5 { players[1].coins += 0 }
      }
      let d = choose d from players[0].hand by players[0] prompt "{players[0].name}: play another"
      trigger_end("played")
score: me.coins
"""


def _game(tmp_path, copies: int):
    cards = "".join(f"- {{id: c{i}, name: Card {i}, kind: card}}\n" for i in range(1, copies + 1))
    return load_game(write_game(tmp_path / "one", {"game.yaml": ONE_CARD.replace("zones:\n  pile", "kinds: {card: {}}\nzones:\n  pile", 1),
                                                    "cards/c.yaml": cards}))


def test_a_forced_move_is_narrated(tmp_path):
    """A choice with one legal option is taken without asking, and the account still says what was played and the
    question it answers (its prompt, without the chooser's name it begins with)."""
    m = Match(_game(tmp_path, 1), 2, 1)
    assert m.over
    assert '  Ann: Card 1 (the only answer to "play a card")' in m.lines
    assert '  Ben: Go on (the only answer to "go on?")' in m.lines  # a menu whose other option is not offered
    assert not any("play another" in line or "Ann: none" in line for line in m.lines)  # nothing left: no line


def test_prompts_are_built_without_narration(tmp_path):
    """A caller that reads decisions through the protocol sees their prompts, narrated or not."""
    game = _game(tmp_path, 2)
    for narrate in (True, False):
        m = Match(game, 2, 1, narrate=narrate)
        assert m.pending.prompt == "Ann: play a card"
        assert m.pending.labels() == ["Card 1", "Card 2"]


def test_a_forced_answer_quotes_its_whole_question(tmp_path):
    """A prompt that does not begin with the chooser's name is quoted whole; a choice without a prompt is quoted by
    the prompt a player is shown ("Choose"). The line is the only one for the answer: no bare "(the only option)"."""
    game = ONE_CARD.replace('by players[1] "{players[1].name}: go on?"', 'by players[1] "go on?"')
    game = game.replace('let d = choose d from players[0].hand by players[0] prompt "{players[0].name}: play another"',
                        'let d = choose d from players[0].hand by players[0]')
    g = load_game(write_game(tmp_path / "two", {
        "game.yaml": game.replace("zones:\n  pile", "kinds: {card: {}}\nzones:\n  pile", 1),
        "cards/c.yaml": "- {id: c1, name: Card 1, kind: card}\n- {id: c2, name: Card 2, kind: card}\n"}))
    m = Match(g, 2, 1)
    m.choose("Card 2")
    assert m.over
    assert '  Ben: Go on (the only answer to "go on?")' in m.lines
    assert '  Ann: Card 1 (the only answer to "Choose")' in m.lines
    assert not any(line.endswith("(the only option)") for line in m.lines)
