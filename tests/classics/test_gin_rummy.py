"""Gin Rummy by OpenSpiel's rules (its `gin_rummy` game, default parameters): scenario tests of each rule.

The rules, as OpenSpiel's gin_rummy.cc and gin_rummy_utils.cc state them, with the IDs the tests name:
GR-DEAL-1  ten cards are dealt to the first player, then ten to the second; the next card is turned up (the
           upcard) and the first player acts first.
GR-UP-1    the first player may take the upcard or pass (not draw from the stock).
GR-UP-2    after a pass the second player may take the upcard or pass.
GR-UP-3    if both passed, the first player draws from the stock, and the upcard goes out of play.
GR-DRAW-1  afterwards the player to move draws the upcard or the top card of the stock.
GR-DRAW-2  a player who draws from the stock puts the upcard out of play.
GR-DRAW-3  the 50th upcard drawn after the first upcard ends the hand with no score.
GR-DRAW-4  a player who discards the upcard just drawn, right after the opponent did the same, ends the hand
           with no score.
GR-DISC-1  with eleven cards the player discards any card, which becomes the upcard, or knocks.
GR-MELD-1  a set is three or four cards of a rank.
GR-MELD-2  a run is three or more cards of a suit in a row, the ace low only (no K-A-2).
GR-DEAD-1  deadwood is the value of the cards in no meld, for the arrangement leaving the least: an ace is
           1, a face card 10, any other card its pips.
GR-KNOCK-1 a player with eleven cards may knock when, less one card, they leave at most 10 of deadwood (the
           knock card).
GR-KNOCK-2 the knocker first discards, a card that keeps the deadwood within 10.
GR-KNOCK-3 the knocker lays down melds one at a time, each keeping the deadwood within 10, and may pass once
           the cards left are worth 10 or less.
GR-LAYOFF-1 the opponent may lay off cards on the knocker's melds: the fourth card of a set of three, the card
           before or after a run (as OpenSpiel counts, after the cards laid off right next to the run as laid
           down, not a third further on); then lays down melds.
GR-GIN-1   a knocker left with no deadwood has gin: no layoffs, and 25 more.
GR-SCORE-1 the knocker scores the opponent's deadwood less the knocker's; the opponent the opposite.
GR-SCORE-2 an undercut: if that is below 0 (the opponent has less deadwood), the opponent scores 25 more;
           equal deadwood scores 0 for both.
GR-WALL-1  once the stock is down to two cards, the player to move may knock with the upcard (if it leaves
           at most 10 of deadwood) or end the hand with no score.
GR-OKLA-1  (the option oklahoma, OpenSpiel's parameter) the first upcard's value is the knock card; an ace
           makes it 0: gin only.
"""
from __future__ import annotations

import pytest

from tests.classics.helpers import Stacked, ids, options
from tests.conftest import game as bundled


def match(ann, ben, up, rest=(), **options):
    """Ann (seat 1, dealt first) and Ben hold ten cards each; `up` is turned up; `rest` lies on the stock."""
    from interpreter import Match
    assert len(ann) == len(ben) == 10 and len({*ann, *ben, up, *rest}) == 21 + len(rest)  # each card once
    return Match(bundled("gin-rummy"), 2, 1, rng=Stacked([*ann, *ben, up, *rest]), options=options or None)


def hand(m, seat):
    return sorted(ids(m.players[seat - 1].zones["hand"]))


def asks(m, seat, expected):
    assert m.pending.player.seat == seat and options(m) == sorted(expected)


# No melds in either hand: Ann holds two aces, Ben two kings.
ANN = ["sa", "ca", "s3", "c5", "d7", "h9", "sj", "dq", "h4", "c10"]
BEN = ["sk", "ck", "s2", "c4", "d6", "h8", "s10", "hj", "d3", "cq"]


def test_gr_deal_1_ten_cards_each_the_first_player_first_then_the_upcard():
    m = match(ANN, BEN, "h2")
    assert hand(m, 1) == sorted(ANN) and hand(m, 2) == sorted(BEN)
    assert ids(m.zones["upcard"]) == ["h2"] and len(m.zones["stock"].items) == 52 - 21
    assert m.pending.player.seat == 1


def test_gr_up_1_2_3_the_first_upcard_offered_to_each_then_the_stock():
    """GR-UP-1..3: Ann may take the 2 of hearts or pass, not draw; after her pass Ben may; after both passed,
    Ann draws the 2 of clubs from the stock without being asked and the 2 of hearts is out of play."""
    m = match(ANN, BEN, "h2", ["c2"])
    asks(m, 1, ["take the upcard", "pass"])
    m.choose("pass")
    asks(m, 2, ["take the upcard", "pass"])
    m.choose("pass")
    assert m.pending.player.seat == 1 and "c2" in hand(m, 1)
    assert ids(m.zones["discard"]) == ["h2"] and not m.zones["upcard"].items
    assert "2♣" in options(m)


def test_gr_up_2_the_second_player_takes_the_first_upcard_and_discards():
    m = match(ANN, BEN, "h2")
    m.choose("pass")
    m.choose("take the upcard")
    assert "h2" in hand(m, 2) and len(hand(m, 2)) == 11
    asks(m, 2, ["K♠", "K♣", "2♠", "4♣", "6♦", "8♥", "10♠", "J♥", "3♦", "Q♣", "2♥"])
    m.choose("K♠")
    assert ids(m.zones["upcard"]) == ["sk"]
    asks(m, 1, ["upcard", "stock"])  # GR-DRAW-1


def test_gr_draw_1_2_draw_the_upcard_or_from_the_stock_which_puts_the_upcard_out_of_play():
    m = match(ANN, BEN, "h2", ["c2", "d2"])
    m.choose("take the upcard")
    m.choose("J♠")  # GR-DISC-1: the discard becomes the upcard
    asks(m, 2, ["upcard", "stock"])
    m.choose("stock")
    assert "c2" in hand(m, 2) and ids(m.zones["discard"]) == ["sj"] and not m.zones["upcard"].items
    m.choose("2♣")
    m.choose("upcard")
    assert "c2" in hand(m, 1) and len(m.zones["stock"].items) == 52 - 22


def test_gr_draw_4_giving_back_the_upcard_twice_in_a_row_ends_the_hand():
    """GR-DRAW-4: Ann takes the 2 of hearts and gives it back; Ben takes it and gives it back: the hand ends with
    no score. Once alone, it does not."""
    m = match(ANN, BEN, "h2")
    m.choose("take the upcard")
    m.choose("2♥")
    assert not m.over
    m.choose("upcard")
    m.choose("2♥")
    assert m.over and m.result.scores == {1: 0, 2: 0}


def test_gr_draw_4_a_different_discard_between_gives_back_nothing():
    m = match(ANN, BEN, "h2", ["c2"])
    m.choose("take the upcard")
    m.choose("2♥")
    m.choose("stock")
    m.choose("2♣")  # Ben gives back what he drew from the stock: no repeat
    m.choose("upcard")
    m.choose("2♣")
    assert not m.over


@pytest.mark.parametrize("before", [48, 49])
def test_gr_draw_3_the_fiftieth_upcard_drawn_ends_the_hand(before):
    """GR-DRAW-3: with 48 upcards drawn, the 49th is taken; with 49, the 50th ends the hand before it is taken."""
    m = match(ANN, BEN, "h2", ["c2"])
    m.choose("pass")
    m.choose("pass")
    m.choose("2♣")  # Ann drew it from the stock (GR-UP-3) and gives it back
    m.counters["upcard_draws"] = before
    m.choose("upcard")
    if before == 48:
        assert not m.over and "c2" in hand(m, 2)
    else:
        assert m.over and ids(m.zones["upcard"]) == ["c2"] and m.result.scores == {1: 0, 2: 0}


# Ann melds a run of four clubs and four nines; the king of diamonds is her worst card.
KNOCKER = ["c4", "c5", "c6", "c7", "s9", "d9", "h9", "c9", "d6", "dk"]
OTHER = ["s2", "s5", "s8", "sj", "c2", "cj", "d3", "d10", "h6", "hq"]
OTHER_DEADWOOD = 2 + 5 + 8 + 10 + 2 + 10 + 3 + 10 + 6 + 10


def knocker(drawn, ann=KNOCKER, ben=OTHER, up="h2"):
    """Ann passes on the first upcard, Ben too, and Ann draws `drawn` from the stock."""
    m = match(ann, ben, up, [drawn])
    m.choose("pass")
    m.choose("pass")
    return m


def test_gr_knock_1_deadwood_10_knocks():
    """GR-KNOCK-1, GR-DEAD-1: with the 4 of hearts drawn, Ann can discard the king and keep the 6 of diamonds
    and the 4 of hearts: 10 points."""
    m = knocker("h4")
    assert "knock" in options(m) and len(options(m)) == 12


def test_gr_knock_1_deadwood_11_does_not_knock():
    """GR-KNOCK-1: with the 5 of hearts, the best she keeps is 6 + 5 = 11: she may not knock."""
    m = knocker("h5")
    assert "knock" not in options(m) and len(options(m)) == 11


def test_gr_knock_2_the_knockers_discard_keeps_the_deadwood_within_10():
    """GR-KNOCK-2: with the 4 of hearts drawn only the king may go after the knock (any other discard leaves
    more than 10), so it goes without asking; with the 8 of clubs drawn (a run of five clubs) the king or
    the 6 of diamonds may go, nothing else."""
    m = knocker("h4")
    m.choose("knock")
    assert ids(m.zones["discard"]) == ["h2", "dk"]
    m = knocker("c8")
    m.choose("knock")
    asks(m, 1, ["K♦", "6♦"])


def test_gr_knock_3_only_melds_that_keep_the_deadwood_within_10_then_pass():
    """GR-KNOCK-3, GR-MELD-1, GR-MELD-2: with the king discarded, Ann holds 4-7 of clubs, four nines, the 6 of
    diamonds and the 4 of hearts (10). A run of three clubs or a set of three nines would leave a card worth
    more than nothing: only the run of four and the set of four are offered, and no pass (68 in hand). After
    the run, the four nines alone (made without asking), then the pass; Ben has nothing to lay off or meld:
    Ann scores his 66 less her 10."""
    m = knocker("h4")
    m.choose("knock")
    asks(m, 1, ["4♣ 5♣ 6♣ 7♣", "9♠ 9♣ 9♦ 9♥"])
    m.choose("4♣ 5♣ 6♣ 7♣")
    assert m.over and sorted(ids(m.players[0].zones["melds"])) == sorted(KNOCKER[:8])
    assert m.result.scores == {1: OTHER_DEADWOOD - 10, 2: -(OTHER_DEADWOOD - 10)}


def test_gr_knock_3_a_meld_that_leaves_too_much_deadwood_is_not_offered():
    """GR-KNOCK-3: Ann holds 4-8 of clubs, three nines (the 9 of clubs among them) and A-2-3 of hearts, and
    discards the 4 of clubs. 7-8-9 of clubs would leave the 5, 6 and two nines (29): not offered; the nines,
    5-8 of clubs and the hearts are."""
    m = knocker("h3", ann=["c4", "c5", "c6", "c7", "c8", "s9", "d9", "c9", "ha", "h2"], up="dk")
    m.choose("knock")
    m.choose("4♣")
    assert "7♣ 8♣ 9♣" not in options(m) and "5♣ 6♣ 7♣ 8♣ 9♣" not in options(m)
    assert {"9♠ 9♣ 9♦", "5♣ 6♣ 7♣ 8♣", "A♥ 2♥ 3♥"} <= set(options(m))


def lay_out(m, melds):
    """The player to move lays down these melds (a meld that was the one option is laid without asking), then
    passes if asked."""
    seat = m.pending.player.seat
    for meld in melds:
        if m.pending is not None and m.pending.player.seat == seat and meld in options(m):
            m.choose(meld)
        else:
            assert meld.split()[0] in [p.card.name for p in m.players[seat - 1].zones["melds"].items]
    if m.pending is not None and m.pending.player.seat == seat and "pass" in options(m):
        m.choose("pass")


# Ann knocks with 4-7 of clubs, three nines and A-2 of hearts, with the 4 of spades drawn: 7 of deadwood.
ANN_KNOCKS = ["c4", "c5", "c6", "c7", "s9", "d9", "h9", "ha", "h2", "dk"]


def test_gr_layoff_1_the_fourth_of_a_set_and_the_card_before_or_after_a_run():
    """GR-LAYOFF-1: Ann lays down 4-7 of clubs and three nines. Ben may lay off the 9 of clubs (the fourth
    nine), the 3 of clubs and the 8 of clubs, then the 2 of clubs; the ace of clubs, a third card before the
    run as laid down, is not offered (OpenSpiel's count), nor are his other cards."""
    ben = ["c9", "c3", "c8", "ca", "c2", "sj", "d3", "d10", "h6", "hq"]
    m = knocker("s4", ann=ANN_KNOCKS, ben=ben, up="sq")
    m.choose("knock")  # the king goes without asking: A-2 of hearts and the 4 of spades (7) are kept
    lay_out(m, ["4♣ 5♣ 6♣ 7♣", "9♠ 9♦ 9♥"])
    asks(m, 2, ["9♣", "3♣", "8♣", "pass"])
    m.choose("8♣")
    asks(m, 2, ["9♣", "3♣", "pass"])
    m.choose("3♣")
    asks(m, 2, ["9♣", "2♣", "pass"])
    m.choose("2♣")
    asks(m, 2, ["9♣", "pass"])
    m.choose("pass")
    assert m.over and ids(m.zones["layoffs"]) == ["c8", "c3", "c2"]
    ben_deadwood = 9 + 1 + 10 + 3 + 10 + 6 + 10
    assert m.result.scores == {1: ben_deadwood - 7, 2: 7 - ben_deadwood}


def test_gr_layoff_1_then_the_opponent_lays_down_melds_which_count_as_no_deadwood():
    """GR-LAYOFF-1, GR-SCORE-1: with nothing to lay off, Ben is offered his tens as melds, or to pass."""
    ben = ["s10", "d10", "h10", "c10", "s2", "sj", "d3", "s6", "h6", "hq"]
    m = knocker("s4", ann=ANN_KNOCKS, ben=ben, up="sq")
    m.choose("knock")
    lay_out(m, ["4♣ 5♣ 6♣ 7♣", "9♠ 9♦ 9♥"])
    asks(m, 2, ["10♠ 10♣ 10♦ 10♥", "10♣ 10♦ 10♥", "10♠ 10♦ 10♥", "10♠ 10♣ 10♥", "10♠ 10♣ 10♦", "pass"])
    m.choose("10♠ 10♣ 10♦ 10♥")
    assert m.over
    ben_deadwood = 2 + 10 + 3 + 6 + 6 + 10
    assert m.result.scores == {1: ben_deadwood - 7, 2: 7 - ben_deadwood}


def test_gr_gin_1_no_layoffs_on_gin_and_25_more():
    """GR-GIN-1: with the 3 of hearts drawn Ann melds all ten cards after discarding the king: Ben, holding the
    fourth nine and the 3 and 8 of clubs, is not offered a layoff; with no meld either, the hand is over."""
    ben = ["c9", "c3", "c8", "s10", "c2", "sj", "d3", "d10", "h6", "hq"]
    m = knocker("h3", ann=ANN_KNOCKS, ben=ben, up="sq")
    m.choose("knock")
    asks(m, 1, ["K♦", "4♣", "7♣"])  # GR-KNOCK-2: a card off either end of the run leaves the king alone (10)
    m.choose("K♦")
    lay_out(m, ["4♣ 5♣ 6♣ 7♣", "9♠ 9♦ 9♥", "A♥ 2♥ 3♥"])
    assert m.over and not m.zones["layoffs"].items
    ben_deadwood = 9 + 3 + 8 + 10 + 2 + 10 + 3 + 10 + 6 + 10
    assert m.result.scores == {1: ben_deadwood + 25, 2: -(ben_deadwood + 25)}
    assert m.result.parts == {1: {"deadwood": ben_deadwood, "gin or undercut bonus": 25},
                              2: {"deadwood": -ben_deadwood, "gin or undercut bonus": -25}}


@pytest.mark.parametrize("ben_left, ann_scores", [(["sa", "da", "s3", "d3"], -(1 + 25)),  # 8 against 9
                                                   (["sa", "d2", "s3", "d3"], 0),          # 9 against 9
                                                   (["sa", "d2", "s3", "s4"], 1)])         # 10 against 9
def test_gr_score_1_2_the_difference_and_the_undercut(ben_left, ann_scores):
    """GR-SCORE-1, GR-SCORE-2: Ann knocks with the ace and 8 of hearts (9) beside 4-8 of clubs and three nines;
    Ben lays down three kings and three queens and keeps four cards: one point more scores Ann 1, equal
    deadwood scores 0, one point less is an undercut: Ben scores 1 + 25."""
    ann = ["c4", "c5", "c6", "c7", "s9", "d9", "h9", "ha", "h8", "dk"]
    ben = ["sk", "ck", "hk", "sq", "cq", "dq", *ben_left]
    m = knocker("c8", ann=ann, ben=ben, up="d7")
    m.choose("knock")  # the king goes; the run of five, then the nines, are Ann's only melds
    lay_out(m, ["4♣ 5♣ 6♣ 7♣ 8♣"])
    asks(m, 2, ["K♠ K♣ K♥", "Q♠ Q♣ Q♦", "pass"])
    lay_out(m, ["K♠ K♣ K♥", "Q♠ Q♣ Q♦"])
    assert m.over and m.result.scores == {1: ann_scores, 2: -ann_scores}
    difference = sum({"sa": 1, "da": 1, "d2": 2, "s3": 3, "d3": 3, "s4": 4}[c] for c in ben_left) - 9
    assert m.result.parts[1] == {"deadwood": difference, "gin or undercut bonus": -25 if difference < 0 else 0}
    assert m.result.parts[2] == {"deadwood": -difference, "gin or undercut bonus": 25 if difference < 0 else 0}


def wall(upcard_after):
    """Ann (KNOCKER) takes the first upcard and gives it back; then both players draw from the stock and give
    back what they drew till it is down to 2 cards; the last card Ben gives back is `upcard_after`."""
    from interpreter import Match
    every = [f"{s}{r}" for s in "scdh" for r in ["a", *map(str, range(2, 11)), "j", "q", "k"]]
    rest = [c for c in every if c not in KNOCKER + OTHER + ["sq", upcard_after]]
    m = Match(bundled("gin-rummy"), 2, 1, rng=Stacked([*KNOCKER, *OTHER, "sq", *rest[:28], upcard_after]))
    m.choose("take the upcard")
    m.choose("Q♠")
    while m.pending is not None and "stock" in options(m):
        seat = m.pending.player.seat
        before = set(hand(m, seat))
        m.choose("stock")
        (drawn,) = set(hand(m, seat)) - before
        m.choose(next(p.card.name for p in m.players[seat - 1].zones["hand"].items if p.card.id == drawn))
    return m


def test_gr_wall_1_at_two_cards_the_player_knocks_with_the_upcard_or_ends_the_hand():
    """GR-WALL-1: the stock is down to 2 cards; Ann may knock with the 4 of hearts turned up (discarding the
    king: 6 + 4), or end the hand."""
    m = wall("h4")
    assert len(m.zones["stock"].items) == 2 and ids(m.zones["upcard"]) == ["h4"]
    asks(m, 1, ["pass", "knock"])
    m.choose("knock")
    assert "h4" in hand(m, 1) and "dk" not in hand(m, 1)


def test_gr_wall_1_no_knock_with_11_so_the_hand_ends_with_no_score():
    """GR-WALL-1: with the 5 of hearts turned up Ann could keep no less than 11: her one option, ending the
    hand, is taken without asking."""
    m = wall("h5")
    assert len(m.zones["stock"].items) == 2
    assert m.over and m.result.scores == {1: 0, 2: 0}


@pytest.mark.parametrize("knock_card, knocks", [("10", True), ("9", False)])
def test_gr_knock_1_the_knock_card_is_an_option(knock_card, knocks):
    """GR-KNOCK-1 with OpenSpiel's knock_card parameter: 10 of deadwood knocks with the knock card 10, not 9."""
    m = match(KNOCKER, OTHER, "h2", ["h4"], knock_card=knock_card)
    m.choose("pass")
    m.choose("pass")
    assert ("knock" in options(m)) == knocks


@pytest.mark.parametrize("bonus", ["25", "0"])
def test_gr_gin_1_the_gin_bonus_is_an_option(bonus):
    m = match(ANN_KNOCKS, ["c9", "c3", "c8", "s10", "c2", "sj", "d3", "d10", "h6", "hq"], "sq", ["h3"],
              gin_bonus=bonus)
    m.choose("pass")
    m.choose("pass")
    m.choose("knock")
    m.choose("K♦")
    lay_out(m, ["4♣ 5♣ 6♣ 7♣", "9♠ 9♦ 9♥", "A♥ 2♥ 3♥"])
    assert m.result.scores[1] == 71 + int(bonus)


@pytest.mark.parametrize("up, knock_card", [("s10", 10), ("h3", 3), ("ha", 0)])
def test_gr_okla_1_oklahoma_the_first_upcard_is_the_knock_card(up, knock_card):
    """GR-OKLA-1 (OpenSpiel's oklahoma): the first upcard's value is the knock card, an ace making it 0 (gin
    only). Ann's 10 of deadwood (the 4 of hearts drawn) knocks under a 10, not under a 3 or an ace."""
    m = match(KNOCKER, OTHER, up, ["h4"], oklahoma="on")
    assert m.vars["knock_card"] == knock_card
    m.choose("pass")
    m.choose("pass")
    assert ("knock" in options(m)) == (knock_card == 10)
