"""Liar's Dice by the common printed rules, and OpenSpiel's `liars_dice` as the option `rules=openspiel`:
scenario tests of each rule.

The rules, with the IDs the tests name:
LD-DICE-1  each player has five dice and a cup (with rules=openspiel: one die).
LD-ROLL-1  every round each player still in rolls their dice under the cup, seen by them alone.
LD-BID-1   from the round's first player on, each player in turn bids a quantity and a face, higher than the
           last bid: more dice, or as many of a higher face; a bid names at most the dice in play.
LD-BID-2   once a bid is made, a player may call it a lie instead of bidding; the round's first bid must be made.
LD-WILD-1  ones are wild: they count as the face bid, so no bid names them (with rules=openspiel: sixes are wild,
           and a bid may name sixes, counting the sixes).
LD-CALL-1  on a call every cup is lifted: the bid stands when the dice showing its face, or the wild face, are
           at least its quantity.
LD-LOSE-1  when the bid stands the caller loses a die; when it does not, the bidder does.
LD-OUT-1   a player who loses the last die is out of the game.
LD-START-1 the loser starts the next round; a loser who is out, the next player still in.
LD-END-1   the last player holding dice wins.
LD-SCORE-1 each player scores the number of players out before them (the winner the most); with
           rules=openspiel one call ends the game: its winner scores 1, its loser -1.

LD-OUT-1, LD-START-1 (a player out is skipped), LD-END-1 and LD-SCORE-1 are positions of a few dice, in
content/liars-dice/tests/rules.yaml.
"""
from __future__ import annotations

import random

import pytest

from tests.classics.helpers import options
from tests.conftest import game as bundled


class Rolls(random.Random):
    """The dice a test rolls, in order; then dice rolled as a seeded random source rolls them."""

    def __init__(self, *values):
        super().__init__(0)
        self.values = list(values)

    def randrange(self, *args):
        return self.values.pop(0) if self.values else super().randrange(*args)


def match(*rolls, players=2, rules="printed"):
    from interpreter import Match
    return Match(bundled("liars-dice"), players, 1, {"rules": rules}, rng=Rolls(*rolls))


def dice(m, seat):
    p = m.players[seat - 1]
    return sorted(d.f["value"] for d in p.zones["cup"].items + p.zones["shown"].items)


def test_LD_DICE_1_LD_ROLL_1_five_dice_under_each_cup_seen_by_their_owner_alone():
    m = match(2, 3, 3, 5, 6, 1, 1, 4, 4, 6)
    assert dice(m, 1) == [2, 3, 3, 5, 6] and dice(m, 2) == [1, 1, 4, 4, 6]
    ann, ben = m.view(1)["players"]
    assert len(ann["zones"]["cup"]["cards"]) == 5 and "cards" not in ben["zones"]["cup"]


def test_LD_BID_1_LD_WILD_1_the_first_bid_names_one_to_ten_dice_of_a_face_from_2_to_6():
    m = match(2, 3, 3, 5, 6, 1, 1, 4, 4, 6)
    labels = m.pending.labels()
    assert m.pending.player.seat == 1 and "liar" not in labels  # LD-BID-2: the first bid is made
    assert labels[:5] == ["1 × 2", "1 × 3", "1 × 4", "1 × 5", "1 × 6"] and labels[-1] == "10 × 6"
    assert len(labels) == 10 * 5 and not any(label.endswith("× 1") for label in labels)


def test_LD_BID_1_LD_BID_2_a_raise_is_more_dice_or_a_higher_face_or_a_call():
    m = match(2, 3, 3, 5, 6, 1, 1, 4, 4, 6)
    m.choose("3 × 4")
    assert m.pending.player.seat == 2
    labels = m.pending.labels()
    assert labels[:3] == ["3 × 5", "3 × 6", "4 × 2"] and labels[-1] == "liar"


def test_LD_CALL_1_LD_LOSE_1_a_bid_that_stands_costs_the_caller_a_die():
    """Four 4s: Ben's two 4s and two ones, wild: the bid stands, and Ben, calling it, loses a die."""
    m = match(2, 3, 3, 5, 6, 1, 1, 4, 4, 6)
    m.choose("4 × 4")
    m.choose("liar")
    assert (len(dice(m, 1)), len(dice(m, 2))) == (5, 4)


def test_LD_CALL_1_LD_LOSE_1_LD_START_1_a_false_bid_costs_the_bidder_a_die_and_the_loser_starts():
    """Five 4s are not there (four, with the ones): Ann, the bidder, loses a die and bids first next round."""
    m = match(2, 3, 3, 5, 6, 1, 1, 4, 4, 6, 2, 2, 2, 2, 3, 3, 3, 3, 3)
    m.choose("5 × 4")
    m.choose("liar")
    assert dice(m, 1) == [2, 2, 2, 2] and dice(m, 2) == [3, 3, 3, 3, 3]
    assert m.pending.player.seat == 1 and len(m.pending.labels()) == 9 * 5


def test_LD_OS_1_openspiel_one_die_each_sixes_wild_and_one_call_ends_the_game():
    m = match(6, 3, rules="openspiel")
    assert dice(m, 1) == [6] and dice(m, 2) == [3]
    labels = m.pending.labels()
    assert labels == [f"{q} × {f}" for q in (1, 2) for f in range(1, 7)]  # sixes may be bid
    m.choose("2 × 3")  # the 3 and the wild 6: the bid stands
    assert options(m) == ["2 × 4", "2 × 5", "2 × 6", "liar"]
    m.choose("liar")
    assert m.over and m.result.scores == {1: 1, 2: -1}


def test_LD_OS_1_a_bid_of_sixes_counts_the_sixes_once():
    m = match(6, 3, rules="openspiel")
    m.choose("2 × 6")  # the highest bid: Ben's call is his only move, made without asking
    assert m.over and m.result.scores == {1: -1, 2: 1}  # one six, not two


@pytest.mark.xfail(strict=True, reason="the engine's sampled worlds keep a card's fields: dice rolled under a "
                   "hidden cup are not rolled again for a bot's imagined world (see the catalogue's report)")
def test_LD_ROLL_1_a_bots_sampled_worlds_roll_the_dice_it_cannot_see_again():
    """What a bot may know (docs/balance.md): a seat's imagined worlds must not keep the dice under the other
    cups, which it never saw."""
    m = match(2, 3, 3, 5, 6, 1, 1, 4, 4, 6)
    m.choose("1 × 2")
    worlds = {tuple(dice(m.resample(2, random.Random(k)), 1)) for k in range(20)}
    assert len(worlds) > 1
