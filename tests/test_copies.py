"""A match is a value (docs/api.md, "Copies"): `match.clone()` plays the same future and leaves its original
alone; `match.resample(seat, rng)` shows its seat what the match shows it and holds nothing derived from what
the seat cannot see, so that search agents guess a hidden card at chance."""
from __future__ import annotations

import json
import random

import pytest

from interpreter import Match, load_game
from interpreter.agents import make_agent
from tests.conftest import game as bundled
from tests.conftest import write_game

TOKENS = "".join(f"- {{id: t{v}, name: T{v}, kind: token, value: {v}}}\n" for v in range(1, 9))

# seat 1 guesses whether the top card of a hidden deck is high or low: a local computed from it before the ask
SECRET = """
game: secret
name: Secret
players: {min: 2, max: 2}
cards: [cards/*.yaml]
kinds:
  token: {fields: {value: int}}
zones:
  deck: {visibility: hidden}
player:
  counters:
    coins: {initial: 0, min: 0, max: 99}
setup: |
  move(box, deck)
  shuffle(deck)
round:
  - phase: guess
    do: |
      let secret = deck.top.value
      ask by players[0] "High or low?" {
        "High" { if secret > 4 { players[0].coins += 1 } }
        "Low" { if secret <= 4 { players[0].coins += 1 } }
      }
      end_game("guessed")
score: me.coins
"""

# seat 1 plays one card of its own face-out hand (it sees the others' hands, not its own), the options labelled
# by where the cards lie; its score is the value of the card it played
FACING = """
game: facing
name: Facing
players: {min: 2, max: 2}
cards: [cards/*.yaml]
kinds:
  token: {fields: {value: int}}
zones:
  deck: {visibility: hidden}
  table: {visibility: public}
player:
  zones:
    hand: {visibility: others}
setup: |
  move(box, deck)
  shuffle(deck)
  for p in players { draw(deck, p.hand, 2) }
round:
  - phase: play
    do: |
      let c = choose c from players[0].hand label "card {position(c)}" by players[0] prompt "Play a card"
      move(c, table)
      end_game("played")
score: sum(table, it.value) if me == players[0] else 0
"""


@pytest.fixture(scope="module")
def secret(tmp_path_factory):
    return load_game(write_game(tmp_path_factory.mktemp("secret"), {"game.yaml": SECRET, "cards/t.yaml": TOKENS}))


@pytest.fixture(scope="module")
def facing(tmp_path_factory):
    return load_game(write_game(tmp_path_factory.mktemp("facing"), {"game.yaml": FACING, "cards/t.yaml": TOKENS}))


def _dumps(x) -> str:
    return json.dumps(x, sort_keys=True, default=str)


def _random(m, rng, limit=None) -> None:
    n = 0
    while not m.over and (limit is None or n < limit):
        m.choose(rng.randrange(m.pending.size))
        n += 1


@pytest.mark.parametrize("name,players", [("kaiju-inc", 3), ("debtzilla", 2), ("happy-city", 4), ("hanabi", 3)])
def test_a_clone_plays_the_same_future_and_leaves_its_original_alone(name, players):
    game = bundled(name)
    for seed in range(3):
        m = Match(game, players, seed)
        _random(m, random.Random(seed), limit=15 + 20 * seed)
        c = m.clone()
        assert _dumps(c.view(None)) == _dumps(m.view(None)) and c.choices == m.choices
        before = [_dumps(m.view(s)) for s in range(1, players + 1)]
        other = m.clone()
        _random(other, random.Random(99))  # answered otherwise: the original does not move
        assert [_dumps(m.view(s)) for s in range(1, players + 1)] == before
        _random(m, random.Random(5))
        _random(c, random.Random(5))
        assert c.result.as_dict() == m.result.as_dict() and c.choices == m.choices


def test_a_clone_of_a_finished_match_holds_its_result():
    m = Match(bundled("goofspiel"), 2, 3)
    _random(m, random.Random(1))
    c = m.clone()
    assert c.over and c.result.as_dict() == m.result.as_dict()


def test_a_resampled_world_shows_its_seat_what_the_match_shows_it_and_deals_the_rest_anew():
    game = bundled("kaiju-inc")
    m = Match(game, 3, 4)
    _random(m, random.Random(4), limit=30)
    seat = m.pending.player.seat

    def unseen(match) -> list:  # the cards, place by place, of the zones the seat cannot see (but the box)
        return [[p.card.id for p in z.items] for z in match._all_zones
                if z.name != "box" and not (z.spec.visibility == "public" or z.owner is match.players[seat - 1])]
    differ = 0
    for k in range(10):
        w = m.resample(seat, random.Random(k))
        assert w.view(seat) == m.view(seat)
        assert sorted(sum(unseen(w), [])) == sorted(sum(unseen(m), []))
        differ += unseen(w) != unseen(m)
    assert differ >= 8


@pytest.mark.parametrize("name,options", [("kaiju-inc", {}), ("debtzilla", {}), ("happy-city", {}),
                                          ("happy-city", {"grozilla": "on"}), ("hanabi", {})])
def test_the_seed_games_first_deal_of_a_world_always_shows_the_seat_its_match(name, options, monkeypatch):
    """The seed games declare every hidden zone whose contents all players know (`contents: known`: Kaiju
    Incorporated's New Products, Happy City's piles and discard piles, Debtzilla's gadget and Income decks), so
    the deal at the quiet point never contradicts what a seat saw: no deal is thrown away for another, and no
    world falls back to a deal in place. A hidden zone pooled with others by kind where the players know them
    apart (a pile-III building dealt into pile I) shows here as deals thrown away.
    Hanabi: a hint (`[colour, Ann, "red"]`) is offered among hints made from every hand, the seat's own among
    them, so in a world dealt anew it lies at another place among the options; the replay answers it by what it
    is (decisions.replay_mark), not by its place, which gave another hint and threw away half of the deals."""
    from interpreter.runtime import copies
    verdicts = []
    same_view = copies.same_view
    monkeypatch.setattr(copies, "same_view", lambda a, b, seat: verdicts.append(same_view(a, b, seat)) or verdicts[-1])
    game = bundled(name, options)
    worlds = 0
    for seed in range(2):
        m = Match(game, 3, seed, options)
        rng = random.Random(seed)
        while not m.over:
            if len(m.choices) % 7 == 0 and m._quiet:
                for k in range(4):
                    w = m.resample(m.pending.player.seat, random.Random(k), copies=False)
                    assert w._imagined == "at a quiet point"
                    worlds += 1
                    w.close()
            m.choose(rng.randrange(m.pending.size))
    assert worlds >= 30 and len(verdicts) == worlds and all(verdicts)


def test_a_copy_that_stops_inside_a_choice_of_several_asks_its_next_pick_with_the_whole_prompt(tmp_path):
    """A copy replays the picks made since its quiet point in place, where a prompt is not built; where the replay
    ends inside a choice of several (`choose any`), the pick it then asks shows the prompt the match shows, not
    an empty one (which no world matched: every world of such a decision was dealt in place)."""
    yaml = FACING.replace("game: facing", "game: several").replace(
        'let c = choose c from players[0].hand label "card {position(c)}" by players[0] prompt "Play a card"\n'
        '      move(c, table)',
        'let cs = choose any from players[0].hand by players[0] prompt "{players[0].name}: play which cards?"\n'
        '      move(cs, table)')
    assert "choose any" in yaml
    game = load_game(write_game(tmp_path, {"game.yaml": yaml, "cards/t.yaml": TOKENS}))
    m = Match(game, 2, 1)
    first = m.pending.prompt
    assert first.endswith("play which cards? (0 chosen)") and len(first) > len(": play which cards? (0 chosen)")
    m.choose(0)
    assert m._quiet is not None and m._quiet.choices == 0  # the copies replay the first pick
    assert m.clone().pending.prompt == m.pending.prompt == first.replace("(0 chosen)", "(1 chosen)")
    w = m.resample(1, random.Random(1))
    assert w._imagined == "at a quiet point" and w.pending.prompt == m.pending.prompt


def test_a_local_computed_from_a_hidden_card_is_computed_again_in_a_world(secret):
    """`let secret = deck.top.value` runs before seat 1 is asked: in seat 1's worlds it holds the value of the
    world's own top card, which is not the true one in most worlds (8 cards: 1 in 8 by chance)."""
    same = total = 0
    for seed in range(20):
        m = Match(secret, 2, seed)
        truth = m.zones["deck"].items[-1].card.id
        for k in range(5):
            w = m.resample(1, random.Random(k))
            assert w.view(1) == m.view(1)
            total += 1
            same += w.zones["deck"].items[-1].card.id == truth
            w.choose("High")
            high = w.zones["deck"].items[-1].f["value"] > 4
            assert w.players[0].counters["coins"] == high  # the world's local is its own top card's value
    assert same < total / 3


def test_a_replay_names_an_option_by_what_it_is_where_it_can():
    """What a world's replay answers each choice by (decisions.replay_mark): a card by its uid, the option past
    the values (`optional`'s none, `choose`'s done) as PAST, a text, a number, a player or a list of those by
    itself, a player by its place; anything else (a list holding a card) by the option's place, 0."""
    from interpreter.runtime.decisions import DONE, PAST, replay_mark
    from interpreter.runtime.state import Piece, Player
    ann, card = Player(0, "Ann"), Piece(7, type("Card", (), {"fields": {}})())
    values = [card, "red", 3, True, ann, ["colour", ann, "red"], [card], None, DONE]
    assert [replay_mark(values, k) for k in range(len(values) + 1)] == [
        7, ("red",), (3,), (True,), (("player", 0),), (("colour", ("player", 0), "red"),), 0, PAST, PAST, PAST]


# a card is turned up from the deck where both seats see it, seat 2 takes it into its hand (hidden from seat 1) or
# leaves it, then seat 1 is asked: all within the first round, after the match's one quiet point
GLIMPSE = """
game: glimpse
name: Glimpse
players: {min: 2, max: 2}
cards: [cards/*.yaml]
kinds:
  token: {fields: {value: int}}
zones:
  deck: {visibility: hidden}
  table: {visibility: public}
player:
  zones:
    hand: {visibility: owner}
setup: |
  move(box, deck)
  shuffle(deck)
round:
  - phase: turn
    do: |
      draw(deck, table)
      ask by players[1] "Take the card?" {
        "Take" { move(table, players[1].hand) }
        "Leave" { }
      }
      ask by players[0] "Guess" { "High" { } "Low" { } }
      end_game("guessed")
"""


def test_a_world_deals_as_it_was_a_card_its_seat_saw_since_the_quiet_point_and_sees_no_more(tmp_path):
    """The card turned up was seen by seat 1 while seat 2 decided; seat 2 took it into a hand seat 1 does not
    see. The match's quiet point lies before the card was turned up, where the deal of a world is: every world of
    seat 1 holds that very card in seat 2's hand (dealt anew, 7 in 8 worlds would hold another, and show seat 1
    the same view)."""
    game = load_game(write_game(tmp_path, {"game.yaml": GLIMPSE, "cards/t.yaml": TOKENS}))
    for seed in range(6):
        m = Match(game, 2, seed)
        turned = m.zones["table"].items[0].card.id
        m.choose("Take")
        assert m._quiet.choices == 0 and m.pending.player.seat == 1 and not m.zones["table"].items
        for k in range(8):
            w = m.resample(1, random.Random(k))
            assert w._imagined == "at a quiet point" and w.view(1) == m.view(1)
            assert [p.card.id for p in w.players[1].zones["hand"].items] == [turned]
            w.close()
    left = Match(game, 2, 0)
    left.choose("Leave")  # the card stays where it lies: in seat 1's sight, the same in every world as ever
    assert all(left.resample(1, random.Random(k)).zones["table"].items[0].card.id
               == left.zones["table"].items[0].card.id for k in range(4))


# the card is turned up in one phase and taken into seat 2's hand in the next, no decision between
SHOWN = GLIMPSE.replace("game: glimpse", "game: shown").replace("""      draw(deck, table)
      ask by players[1] "Take the card?" {
        "Take" { move(table, players[1].hand) }
        "Leave" { }
      }
""", """      draw(deck, table)
  - phase: take
    do: |
      move(table, players[1].hand)
""")


def test_a_world_deals_as_it_was_a_card_its_seat_saw_between_two_steps(tmp_path):
    """As above, the card shown in one phase and hidden in the next with no decision between: seen between two
    steps, it is seat 2's card in every world of seat 1."""
    assert "phase: take" in SHOWN
    game = load_game(write_game(tmp_path, {"game.yaml": SHOWN, "cards/t.yaml": TOKENS}))
    for seed in range(6):
        m = Match(game, 2, seed)
        assert m._quiet.choices == 0 and m._quiet.at == (0, 0) and m.pending.player.seat == 1
        held = [p.card.id for p in m.players[1].zones["hand"].items]
        for k in range(8):
            w = m.resample(1, random.Random(k))
            assert w.view(1) == m.view(1) and [p.card.id for p in w.players[1].zones["hand"].items] == held
            w.close()


# seat 2 plays a card of its hand face up, and it is gathered at once into a pile nobody sees (the last card of a
# trick): seat 1 saw it only as the answer of seat 2's choice
PLAYED = GLIMPSE.replace("game: glimpse", "game: played").replace("  table: {visibility: public}",
                                                                     "  tricks: {visibility: hidden}").replace(
    """      draw(deck, table)
      ask by players[1] "Take the card?" {
        "Take" { move(table, players[1].hand) }
        "Leave" { }
      }
""", """      draw(deck, players[1].hand, 3)
      let c = choose c from players[1].hand by players[1] public prompt "Play a card"
      move(c, tricks)
""")


def test_a_world_deals_as_it_was_a_card_its_seat_saw_chosen(tmp_path):
    """A card chosen where seat 1 reads the answer (`public`) and gathered face down in the same step: every
    world of seat 1 holds that card in the pile, not another of seat 2's (dealt anew, most worlds would)."""
    assert "move(c, tricks)" in PLAYED
    game = load_game(write_game(tmp_path, {"game.yaml": PLAYED, "cards/t.yaml": TOKENS}))
    for seed in range(6):
        m = Match(game, 2, seed)
        m.choose(1)
        played = [p.card.id for p in m.zones["tricks"].items]
        assert m._quiet.choices == 0 and m.pending.player.seat == 1 and len(played) == 1
        for k in range(8):
            w = m.resample(1, random.Random(k))
            assert w.view(1) == m.view(1) and [p.card.id for p in w.zones["tricks"].items] == played
            w.close()


@pytest.mark.parametrize("agent,matches", [("greedy", 120), ("mcts", 60)])
def test_search_agents_guess_a_hidden_card_at_chance(secret, agent, matches):
    """With the true local a search agent would guess right every time; with honest worlds, half the time."""
    right = 0
    for seed in range(matches):
        m = Match(secret, 2, seed)
        bot = make_agent(agent, 1, seed)
        m.choose(bot.act(m))
        right += m.players[0].counters["coins"]
    assert 0.3 * matches <= right <= 0.7 * matches, right


@pytest.mark.parametrize("agent,matches", [("greedy", 120), ("mcts", 60)])
def test_labels_of_a_face_out_hand_tell_a_search_agent_nothing(facing, agent, matches):
    """Seat 1 plays a card of its own face-out hand, options named by place: the better card is the one it
    plays no more often than by chance (with the true cards in its worlds, always)."""
    better = 0
    for seed in range(matches):
        m = Match(facing, 2, seed)
        a, b = (p.f["value"] for p in m.players[0].zones["hand"].items)
        if a == b:
            continue
        bot = make_agent(agent, 1, seed)
        k = bot.act(m)
        better += m.pending.values[k].f["value"] == max(a, b)
    assert 0.3 * matches <= better <= 0.7 * matches, better


@pytest.mark.parametrize("name,players", [("kaiju-inc", 3), ("debtzilla", 2), ("happy-city", 3), ("hanabi", 3),
                                          ("gin-rummy", 2), ("hearts", 4)])
def test_resampled_worlds_and_their_clones_play_on_to_an_end(name, players):
    """A world is a match like any other: dealt anew (Debtzilla's modifying cards among them), it and its
    clones play to an end."""
    game = bundled(name)
    for seed in range(2):
        m = Match(game, players, seed)
        rng = random.Random(seed)
        for step in range(3):
            _random(m, rng, limit=25)
            if m.over:
                break
            w = m.resample(m.pending.player.seat, random.Random(step))
            c = w.clone()
            _random(w, random.Random(1))
            _random(c, random.Random(1))
            assert w.over and c.result.as_dict() == w.result.as_dict()


@pytest.mark.parametrize("name,players", [("kaiju-inc", 3), ("debtzilla", 2), ("hanabi", 3)])
def test_a_world_made_to_be_played_once_is_the_same_world_and_refuses_a_copy(name, players):
    """`resample(..., copies=False)` (a search's playout) deals the world `resample` deals from the same
    generator, plays on to the same end, and cannot itself be copied."""
    from interpreter.errors import UsageError
    game = bundled(name)
    for seed in range(2):
        m = Match(game, players, seed)
        _random(m, random.Random(seed), limit=8 + 10 * seed)
        seat = m.pending.player.seat
        kept, once = m.resample(seat, random.Random(seed)), m.resample(seat, random.Random(seed), copies=False)
        assert _dumps(once.view(None)) == _dumps(kept.view(None)) and once.view(seat) == m.view(seat)
        for copy in (once.clone, lambda w=once, s=seat: w.resample(s, random.Random(1))):
            with pytest.raises(UsageError, match="cannot be copied"):
                copy()
        _random(kept, random.Random(7))
        _random(once, random.Random(7))
        assert once.result.as_dict() == kept.result.as_dict() and once.choices == kept.choices


@pytest.mark.parametrize("name,players", [("kaiju-inc", 3), ("debtzilla", 2), ("hanabi", 3), ("hearts", 4)])
def test_same_view_says_what_comparing_the_views_says(name, players):
    """resample keeps a world when `same_view` holds: it must agree with comparing the two views, on worlds
    that show the seat its match and on worlds dealt in place after the match moved on (which do not)."""
    from interpreter.runtime.view import same_view
    game = bundled(name)
    agree = differ = 0
    for seed in range(3):
        m = Match(game, players, seed)
        rng = random.Random(seed)
        _random(m, rng, limit=10 + 15 * seed)
        if m.over:
            continue
        for k in range(4):
            seat = 1 + k % players
            w = m.resample(seat, random.Random(k))
            if k % 2:
                _random(w, random.Random(k), limit=1)  # one step on: the views may differ
            same = same_view(w, m, seat)
            assert same == (w.view(seat) == m.view(seat)), (name, seed, k)
            agree += same
            differ += not same
    assert agree and differ


@pytest.mark.parametrize("body,steps", [
    ('say("a")\n      for p in players { p.coins += 1 }\n      say("b")', 3),
    ('for p in players { p.coins += 1 }\n      for p in players { p.coins += 1 }', 2),   # each loop's own `p`
    ('let n = 2\n      for p in players { p.coins += n }', 1),                          # a let read later
    ('for p in players { p.coins += 1 }\n      say("{p.name}")', 1),                    # the loop's last `p`
    ('say("a")\n      if round > 1 { return }\n      say("b")', 1),                    # a return leaves the body
])
def test_a_phase_is_cut_into_steps_only_where_its_statements_share_nothing(tmp_path, body, steps):
    """Between two steps of a phase a match captures its data for its copies (position.py): a phase is cut at
    its top-level statements only where no statement reads a name one before it binds, and none returns."""
    text = SECRET.replace('''      let secret = deck.top.value
      ask by players[0] "High or low?" {
        "High" { if secret > 4 { players[0].coins += 1 } }
        "Low" { if secret <= 4 { players[0].coins += 1 } }
      }
      end_game("guessed")''', '      if round > 2 { end_game("done") }\n      ' + body)
    game = load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": TOKENS}))
    assert len(game.phases[0].steps) == steps + (steps > 1)
    m = Match(game, 2, 1)
    assert m.over and m.result.rounds == 3


def _held_objects(v):
    """The pieces and players a stored value holds, however deep in lists."""
    if isinstance(v, list | tuple):
        return [x for item in v for x in _held_objects(item)]
    return [v] if type(v).__name__ in ("Piece", "Player") else []


@pytest.mark.parametrize("name,players,steps", [("debtzilla", 3, 60), ("kaiju-inc", 3, 40), ("happy-city", 3, 40)])
def test_a_copy_made_at_a_quiet_point_holds_its_own_pieces_players_and_zones(name, players, steps):
    """A copy is built at its match's last quiet point (Match's `position`): every piece, its zone, who played
    it, its own fields and what the vars hold are the copy's, equal to the match's and none of them the match's
    objects. Debtzilla's dice hold the player who rolled them in their fields; its played cards, their player."""
    m = Match(bundled(name), players, 3, narrate=False)
    _random(m, random.Random(3), steps)
    assert not m.over and m._quiet is not None
    c = m.clone()
    mine = {id(x) for x in m._pieces} | {id(p) for p in m.players}
    assert [p.uid for p in c._pieces] == [p.uid for p in m._pieces]
    own = by = 0
    for a, b in zip(m._pieces, c._pieces, strict=True):
        assert a is not b and a.card is b.card
        assert _dumps(a.f) == _dumps(b.f)  # (a piece or a player held by its own, by its name and uid or seat)
        assert b.zone in c._all_zones and b in b.zone.items and (b.zone.name, b.zone.owner is None) == (a.zone.name, a.zone.owner is None)
        if a.f is not a.card.fields:
            own += 1
            assert b.f is not a.f and not {id(x) for v in b.f.values() for x in _held_objects(v)} & mine
        if a.by is not None:
            by += 1
            assert b.by is c.players[a.by.index]
        else:
            assert b.by is None
    for store_m, store_c in [(m.vars, c.vars)] + [(p.vars, q.vars) for p, q in zip(m.players, c.players, strict=True)]:
        assert _dumps(store_m) == _dumps(store_c)
        assert not {id(x) for v in store_c.values() for x in _held_objects(v)} & mine
    if name == "debtzilla":
        assert own and by  # the position holds both kinds
    c.close()
