"""Two generic pieces of the language a trick-taking game needed: cards made from a product of lists (a
standard deck in one entry), and `played_by`, the player whose zone a card left at its last move."""
from __future__ import annotations

import pytest

from interpreter import ContentError, Match, load_game
from tests.conftest import MINI_GAME, write_game

PRODUCT = """
- product:
    value:
      - {value: 1, word: one}
      - {value: 2, word: two}
      - {value: 3, word: three}
    colour: [red, blue]
  kind: token
  id: "{colour}_{word}"
  name: "{word} ({colour})"
  provenance: designed
"""


def errors_of(folder):
    with pytest.raises(ContentError) as e:
        load_game(folder)
    return e.value.diagnostics


def cards_game(tmp_path, cards: str):
    return write_game(tmp_path / "g", {"game.yaml": MINI_GAME, "cards/tokens.yaml": cards})


def test_a_product_makes_one_card_per_combination_the_first_list_outermost(tmp_path):
    g = load_game(cards_game(tmp_path, PRODUCT))
    assert list(g.cards) == ["red_one", "blue_one", "red_two", "blue_two", "red_three", "blue_three"]
    c = g.cards["blue_two"]
    assert c.name == "two (blue)" and c.fields == {"colour": "blue", "value": 2} and c.kind == "token"


def test_a_product_beside_plain_cards_and_its_id_lower_cased(tmp_path):
    cards = PRODUCT.replace('id: "{colour}_{word}"', 'id: "{colour}_{word}_X"') + \
        "- {id: green, name: Green, kind: token, colour: red, value: 9}\n"
    g = load_game(cards_game(tmp_path, cards))
    assert "red_one_x" in g.cards and "green" in g.cards and len(g.cards) == 7


@pytest.mark.parametrize("old,new,message,line", [
    ('id: "{colour}_{word}"', 'id: "{suit}_{word}"', "`{suit}` in `id` names no value of the product", 8),
    ("{value: 2, word: two}", "{value: 2, wrod: two}", "`wrod` is neither a field of kind `token` nor used", 4),
    ('id: "{colour}_{word}"', 'id: "{colour}"', "makes the id `red` twice", 8),
    ('id: "{colour}_{word}"', 'id: "{value}_{colour}"', "the id `1_red` made from `{value}_{colour}` is not a name", 8),
    ("{value: 3, word: three}", "{value: 3, word: three, kind: x}", "`kind` is given both by the product and by", 5),
])
def test_mistakes_in_a_product_are_placed(tmp_path, old, new, message, line):
    diags = errors_of(cards_game(tmp_path, PRODUCT.replace(old, new)))
    d = next(d for d in diags if d.code == "E-PRODUCT")
    assert message in d.message and d.place.line == line


def test_an_empty_product_and_a_product_without_an_id_are_mistakes(tmp_path):
    d = next(d for d in errors_of(cards_game(tmp_path, "- {product: {}, id: x, name: X, kind: token}\n"))
             if d.code == "E-PRODUCT")
    assert "at least one list" in d.message
    diags = errors_of(cards_game(tmp_path / "2", "- {product: {value: [1]}, name: X, kind: token}\n"))
    assert any(d.message == "a card needs a `id`" and d.place.line == 1 for d in diags)



def product_of(*sizes: int) -> str:
    lists = "".join(f"    x{i}: [{', '.join(f'v{k}' for k in range(n))}]\n" for i, n in enumerate(sizes))
    holes = "".join(f"{{x{i}}}" for i in range(len(sizes)))
    return f'- product:\n{lists}  kind: token\n  id: "c{holes}"\n  name: N\n  colour: red\n  value: 1\n'


@pytest.mark.parametrize("sizes,made", [((10,) * 6, 1_000_000), ((73, 137), 10_001)])
def test_a_product_past_ten_thousand_cards_is_refused_before_it_is_made(tmp_path, sizes, made):
    """Content is untrusted: six lists of ten would make a million cards. 10,000 is the bound."""
    d = next(d for d in errors_of(cards_game(tmp_path, product_of(*sizes))) if d.code == "E-PRODUCT")
    assert f"makes {made} cards, more than 10000" in d.message and d.place.line == 2


def test_a_product_of_exactly_ten_thousand_cards_is_made(tmp_path):
    g = load_game(cards_game(tmp_path, product_of(100, 100)))
    assert len(g.cards) == 10_000

PLAYED = MINI_GAME[:MINI_GAME.index("round:")] + """round:
  - phase: main
    do: |
      for p in players { draw(deck, p.hand, 2) }
      for p in players { move(top(p.hand), pool) }
      say("{bottom(pool).played_by.name} first, {top(pool).played_by.name} last; drawn by {top(players[0].hand).played_by}")
      trigger_end("shown")
"""


def test_played_by_is_the_player_whose_zone_a_card_left(tmp_path):
    folder = write_game(tmp_path / "p", {"game.yaml": PLAYED, "cards/tokens.yaml": PRODUCT})
    m = Match(load_game(folder), 2, 1)
    assert m.over
    pool = m.zones["pool"].items
    assert [p.by.seat for p in pool] == [1, 2]
    assert any("Ann first, Ben last; drawn by none" in line for line in m.lines)
    view = m.view(2)
    assert [c["played_by"] for c in view["zones"]["pool"]["cards"]] == [1, 2]
    assert all("played_by" not in c for c in view["players"][1]["zones"]["hand"]["cards"])
