"""Kuhn poker by OpenSpiel's rules (its `kuhn_poker` game, 2 or 3 players): scenario tests of each rule.

The rules, as OpenSpiel's kuhn_poker.cc states them, with the IDs the tests name:
KP-DEAL-1  the deck holds one card more than the players (Jack, Queen, King, and the Ace with three players);
           each player is dealt one card, the first player first.
KP-DEAL-2  each player puts an ante of 1 chip in the pot.
KP-BET-1   in seat order each player passes or bets 1 chip, until one bets.
KP-BET-2   after a bet, each other player in turn from the bettor's left (those who passed before included)
           calls by betting 1 chip or folds by passing.
KP-SHOW-1  when nobody bets, the highest card takes the pot.
KP-SHOW-2  after a bet, the highest card among the bettor and the callers takes the pot.
KP-SCORE-1 each player scores the chips taken minus the chips put in.
"""
from __future__ import annotations

import pytest

from tests.classics.helpers import Stacked, options
from tests.conftest import game as bundled


def match(*cards):
    """A match whose players are dealt `cards`, the first player's first."""
    from interpreter import Match
    return Match(bundled("kuhn-poker"), len(cards), 1, rng=Stacked(list(cards)))


@pytest.mark.parametrize("players, deck", [(2, ["jack", "queen", "king"]), (3, ["jack", "queen", "king", "ace"])])
def test_KP_DEAL_1_one_card_more_than_the_players_one_card_each(players, deck):
    from interpreter import Match
    m = Match(bundled("kuhn-poker"), players, 5)
    held = [p.zones["hand"].items[0].card.id for p in m.players]
    left = [piece.card.id for piece in m.zones["deck"].items]
    assert sorted(held + left) == sorted(deck) and len(left) == 1


def test_KP_DEAL_1_the_first_player_is_dealt_first():
    m = match("king", "jack", "queen")
    assert [p.zones["hand"].items[0].card.id for p in m.players] == ["king", "jack", "queen"]


def test_KP_DEAL_2_each_player_antes_one_chip():
    m = match("queen", "king")
    assert [p.counters["paid"] for p in m.players] == [1, 1] and m.counters["pot"] == 2


def test_KP_BET_1_players_pass_or_bet_in_seat_order():
    m = match("queen", "king", "jack")
    assert m.pending.player.seat == 1 and options(m) == ["bet", "pass"]
    m.choose("pass")
    assert m.pending.player.seat == 2
    m.choose("pass")
    assert m.pending.player.seat == 3 and not m.over


def test_KP_BET_2_after_a_bet_everyone_else_answers_once_from_the_bettors_left():
    """Seat 2 bets after seat 1 passed: seat 3 answers, then seat 1 gets its second turn, then the hand ends."""
    m = match("queen", "king", "jack")
    m.choose("pass")
    m.choose("bet")
    assert m.pending.player.seat == 3
    m.choose("pass")
    assert m.pending.player.seat == 1
    m.choose("bet")
    assert m.over


def test_KP_SHOW_1_and_SCORE_1_nobody_bets_the_highest_card_takes_the_antes():
    m = match("queen", "ace", "king")
    for _ in range(3):
        m.choose("pass")
    assert m.result.scores == {1: -1, 2: 2, 3: -1}


def test_KP_SHOW_2_a_fold_gives_up_the_pot_to_a_lower_card():
    """Seat 1 bets with the Jack; seat 2 folds its King: seat 1 takes both antes."""
    m = match("jack", "king")
    m.choose("bet")
    m.choose("pass")
    assert m.result.scores == {1: 1, 2: -1}


def test_KP_SHOW_2_and_SCORE_1_the_highest_card_among_the_callers_takes_the_pot():
    """Seat 3 (the Ace) folds; seats 1 (Jack) and 2 (King) bet: the King takes 3 antes and 2 bets."""
    m = match("jack", "king", "ace")
    m.choose("bet")
    m.choose("bet")
    m.choose("pass")
    assert m.result.scores == {1: -2, 2: 3, 3: -1}
    assert sum(m.result.scores.values()) == 0
