"""Tiny Bridge, uncontested (OpenSpiel's `tiny_bridge_2p`, which is its rulebook): scenario tests of each rule.

The rules, with the IDs the tests name (seat 1 is West, seat 2 East, partners; North and South, the
opponents, hold the other cards and never call):
TB-DEAL-1  the deck is the jack, queen, king and ace of hearts and of spades; West and East are dealt two cards
           each, the other four are the opponents', unseen.
TB-CALL-1  West calls first, then East, in turn; a call is a pass or a bid higher than the last, in the order
           1♥, 1♠, 1NT, 2♥, 2♠, 2NT.
TB-CALL-2  the auction ends at the first pass after the first call; if both pass, the board is passed out and
           scores 0.
TB-PLAY-1  the last bidder declares; the opponent before the declarer in the order West, North, East, South
           leads (South before West, North before East); each player follows the suit led if able.
TB-PLAY-2  the highest trump wins a trick (hearts in 1♥ and 2♥, spades in 1♠ and 2♠, none in notrump), else the
           highest card of the suit led; the winner leads the second trick.
TB-PLAY-3  the two tricks are not played but solved: each side plays its best with every hand seen.
TB-SCORE-1 made, a contract scores 10 a trick at the 1 level (20 with the overtrick), 30 for 2♥ and 2♠, 35 for
           2NT; failed, 20 a trick short.
TB-SCORE-2 the score is the contract's summed over the six ways North and South may hold the other four cards,
           two each: six times its average, which is OpenSpiel's return; the partners win when it is above 0.

TB-PLAY-3, TB-SCORE-1 and TB-SCORE-2 are also positions in content/tiny-bridge/tests/rules.yaml.
"""
from __future__ import annotations

from tests.classics.helpers import Stacked, ids
from tests.conftest import game as bundled


def match(west, east, rest):
    from interpreter import Match
    return Match(bundled("tiny-bridge"), 2, 1, {}, rng=Stacked(west + east + rest))


def play(m, *moves):
    for move in moves:
        m.choose(move)


def test_TB_DEAL_1_two_cards_each_and_four_unseen():
    m = match(["ha", "sj"], ["hj", "sq"], ["hq", "hk", "sk", "sa"])
    assert sorted(ids(m.players[0].zones["hand"])) == ["ha", "sj"]
    assert sorted(ids(m.players[1].zones["hand"])) == ["hj", "sq"]
    assert len(m.zones["deck"].items) == 4
    assert "cards" not in m.view(1)["players"][1]["zones"]["hand"]  # West does not see East's cards


def test_TB_CALL_1_west_first_each_bid_higher():
    m = match(["ha", "sj"], ["hj", "sq"], ["hq", "hk", "sk", "sa"])
    assert m.pending.player.seat == 1
    assert m.pending.labels() == ["pass", "1♥", "1♠", "1NT", "2♥", "2♠", "2NT"]
    play(m, "1NT")
    assert m.pending.player.seat == 2 and m.pending.labels() == ["pass", "2♥", "2♠", "2NT"]
    play(m, "2♠")
    assert m.pending.player.seat == 1 and m.pending.labels() == ["pass", "2NT"]


def test_TB_CALL_2_both_passing_pass_the_board_out():
    m = match(["ha", "sj"], ["hj", "sq"], ["hq", "hk", "sk", "sa"])
    play(m, "pass")
    assert not m.over and m.pending.player.seat == 2  # West's opening pass does not end it
    play(m, "pass")
    assert m.over and m.result.scores == {1: 0, 2: 0} and m.result.outcome == "lost"


def test_TB_CALL_2_TB_PLAY_1_the_first_pass_after_a_bid_ends_it_and_the_last_bidder_declares():
    m = match(["ha", "sj"], ["hj", "sq"], ["hq", "hk", "sk", "sa"])
    play(m, "pass", "1♥", "1NT")
    assert not m.over
    play(m, "pass")  # East passes: West's 1NT is the contract
    assert m.over and m.vars["bidder"].seat == 1
    # West declares 1NT; the worked example of rules.yaml: -20 + 5 x 10
    assert m.vars["lies"] == [-20, 10, 10, 10, 10, 10] and m.result.scores == {1: 30, 2: 30}


def test_TB_PLAY_1_TB_PLAY_2_who_leads_decides_a_trick():
    # West A♥ K♠, East J♥ Q♠, the opponents Q♥ K♥ J♠ A♠; 1♥ by East, so North leads. When North holds Q♥ K♥
    # and South J♠ A♠: North leads a heart, East follows with the jack, South (no heart) plays a spade, West
    # follows with the ace and wins; West leads the king of spades, which North (no spade left) trumps with the
    # other heart: one trick, 1♥ made exactly, 10.
    m = match(["ha", "sk"], ["hj", "sq"], ["hq", "hk", "sj", "sa"])
    play(m, "pass", "1♥", "pass")
    assert m.vars["lies"][0] == 10
    assert m.vars["norths"] == ["Q♥ K♥", "Q♥ J♠", "Q♥ A♠", "K♥ J♠", "K♥ A♠", "J♠ A♠"]  # the deck's order


def test_TB_SCORE_2_openspiels_return_is_the_score_over_six():
    import pytest
    pyspiel = pytest.importorskip("pyspiel")
    from tests.differential.harness import play as both
    from tests.differential.tiny_bridge import TinyBridge
    both(TinyBridge(), 4)  # raises at the first difference, the returns included
    g = pyspiel.load_game("tiny_bridge_2p")
    assert g.max_utility() == 35 and g.min_utility() == -40  # 2NT made in every lie, and failed by two
