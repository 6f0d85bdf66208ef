"""Leduc poker by OpenSpiel's rules (its `leduc_poker` game, default parameters): scenario tests of each rule.

The rules, as OpenSpiel's leduc_poker.cc states them, with the IDs the tests name:
LP-DEAL-1  six cards (Jack, Queen and King of two suits) are shuffled; each player antes 1 chip and is dealt
           one private card, the first player first.
LP-DEAL-2  after the first round of betting one public card is turned up, then the second round is played.
LP-BET-1   the first player acts first in both rounds; a player calls (a check when nothing is owed) or raises.
LP-BET-2   a raise puts the stake 2 chips higher in the first round, 4 in the second.
LP-BET-3   a player may fold only when owing chips; a fold ends the hand and the other player takes the pot.
LP-BET-4   at most two raises a round.
LP-BET-5   a round ends when both players checked, or when a raise was called.
LP-SHOW-1  at the showdown a private card of the public card's rank (a pair) wins, else the higher rank.
LP-SHOW-2  hands of equal rank split the pot.
LP-SCORE-1 each player scores the chips taken minus the chips put in.
"""
from __future__ import annotations

import random

from tests.classics.helpers import options
from tests.conftest import game as bundled


class Dealt(random.Random):
    """The cards a test deals: each card picked at random from the deck is the next card named."""

    def __init__(self, cards):
        super().__init__(0)
        self.cards, self.deck = list(cards), None

    def randrange(self, n):
        want = self.cards.pop(0)
        return next(i for i, p in enumerate(self.deck.items) if p.card.id == want)


def match(first, second, public="king_hearts"):
    from interpreter import Match
    rng = Dealt([first, second, public])
    m = Match(bundled("leduc-poker"), 2, 1, rng=rng, start=False)
    rng.deck = m.zones["deck"]
    m.begin()
    return m


def play(m, *moves):
    for move in moves:
        m.choose(move)


def test_LP_DEAL_1_antes_and_one_private_card_each():
    m = match("queen_spades", "jack_hearts")
    assert [p.zones["hand"].items[0].card.id for p in m.players] == ["queen_spades", "jack_hearts"]
    assert [p.counters["paid"] for p in m.players] == [1, 1] and m.counters["pot"] == 2
    assert len(m.zones["deck"].items) == 4 and len(m.zones["public"].items) == 0


def test_LP_BET_1_LP_BET_3_the_first_player_acts_first_and_may_not_fold_owing_nothing():
    m = match("queen_spades", "jack_hearts")
    assert m.pending.player.seat == 1 and options(m) == ["call", "raise"]


def test_LP_BET_5_LP_DEAL_2_two_checks_end_the_round_and_the_public_card_is_turned_up():
    m = match("queen_spades", "jack_hearts", "king_spades")
    play(m, "call")
    assert len(m.zones["public"].items) == 0 and m.pending.player.seat == 2
    play(m, "call")
    assert [c.card.id for c in m.zones["public"].items] == ["king_spades"]
    assert m.pending.player.seat == 1 and m.counters["betting_round"] == 2


def test_LP_BET_2_a_raise_is_2_in_the_first_round_and_4_in_the_second():
    m = match("queen_spades", "jack_hearts")
    play(m, "raise")
    assert m.players[0].counters["paid"] == 3
    play(m, "call")
    assert m.players[1].counters["paid"] == 3 and m.counters["betting_round"] == 2
    play(m, "raise")
    assert m.players[0].counters["paid"] == 7 and m.counters["pot"] == 10


def test_LP_BET_4_at_most_two_raises_a_round():
    m = match("queen_spades", "jack_hearts")
    play(m, "raise", "raise")
    assert options(m) == ["call", "fold"]
    assert [p.counters["paid"] for p in m.players] == [3, 5]


def test_LP_BET_5_a_called_raise_ends_the_round():
    m = match("queen_spades", "jack_hearts")
    play(m, "call", "raise")
    assert m.counters["betting_round"] == 1 and m.pending.player.seat == 1
    play(m, "call")
    assert m.counters["betting_round"] == 2 and len(m.zones["public"].items) == 1


def test_LP_BET_3_LP_SCORE_1_a_fold_gives_the_pot_to_the_other_player():
    m = match("king_spades", "jack_hearts")
    play(m, "raise", "fold")
    assert m.over and m.result.scores == {1: 1, 2: -1}


def test_LP_SHOW_1_a_pair_beats_a_higher_card():
    """The Jack pairs the public Jack and beats the King; both checked twice: 1 chip each."""
    m = match("king_spades", "jack_hearts", "jack_spades")
    play(m, "call", "call", "call", "call")
    assert m.result.scores == {1: -1, 2: 1}


def test_LP_SHOW_1_without_a_pair_the_higher_rank_wins():
    m = match("king_spades", "queen_hearts", "jack_spades")
    play(m, "call", "raise", "call", "raise", "call")
    assert m.result.scores == {1: 7, 2: -7}


def test_LP_SHOW_2_equal_ranks_split_the_pot():
    m = match("queen_spades", "queen_hearts", "king_spades")
    play(m, "raise", "call", "call", "call")
    assert m.result.scores == {1: 0, 2: 0}
