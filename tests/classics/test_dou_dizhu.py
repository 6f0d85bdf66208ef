"""Dou Dizhu by the common printed rules, and OpenSpiel's `dou_dizhu` as the option `rules=openspiel`: scenario
tests of each rule.

The rules, with the IDs the tests name (Ann is seat 1, Ben seat 2, Cleo seat 3; each plays after the one before):
DD-DEAL-1   the 54 cards are dealt one at a time from seat 1, 17 each; the last three are the kitty.
DD-DEAL-2   one card is turned up during the deal: whoever receives it bids first.
DD-BID-1    each player in turn, once, passes or bids 1, 2 or 3, higher than the last bid; a bid of 3 ends the
            auction; the highest bidder is the landlord.
DD-BID-2    when nobody bids, the cards are dealt again.
DD-KITTY-1  the landlord shows the kitty to everyone and takes it.
DD-PLAY-1   the landlord leads; each player in turn passes or plays on the last combination; when the two others
            pass in a row, the last to play leads again, and a leader may not pass. A player who passed may
            play later in the same round.
DD-COMB-1   the combinations: a solo, a pair, a trio, a trio with a solo or with a pair, a bomb (four of a
            rank), the rocket (both jokers); the jokers make no pair.
DD-COMB-2   chains run from 3 to the ace, never a 2 or a joker: five solos or more, three pairs or more, two trios
            or more (an airplane).
DD-WING-1   an airplane may carry as many solos or pairs as it has trios (its wings), of ranks outside its chain;
            the wings are never both jokers, never four of a rank, and its pairs are of different ranks.
DD-FOUR-1   four of a rank with two solos or two pairs, a combination of its own (no bomb).
DD-BEAT-1   a combination is beaten by a higher one of the same kind and length (its rank: a chain's lowest).
DD-BEAT-2   a bomb beats any combination but a higher bomb and the rocket; the rocket beats everything.
DD-END-1    the first player to play all their cards ends the deal; their side wins.
DD-SCORE-1  the stake is the bid, doubled for each bomb and rocket played; the landlord wins twice the stake, or
            pays it, and each peasant pays or wins the stake.
DD-SPRING-1 a spring doubles the stake once more: the peasants played no card, or the landlord played only once.
DD-OS-1     with rules=openspiel (OpenSpiel's dou_dizhu): bids go round until two players pass after a bid (a
            player who passed may bid again); all three passing ends the game, nobody scoring.
DD-OS-2     with rules=openspiel: no four with two; no chain without wings (of solos, pairs or trios) starts at a
            rank of which the player holds four; a bomb may be played on the rocket; the kitty is not shown.

DD-END-1, DD-SCORE-1 and DD-SPRING-1 are also positions in content/dou-dizhu/tests/rules.yaml.
"""
from __future__ import annotations

from tests.classics.helpers import Stacked, ids, options
from tests.conftest import game as bundled

ANN = "c3 d3 h3 c4 d4 h4 c5 d5 c7 c8 c9 c10 cj cq ck bj rj".split()
BEN = "c6 d6 h6 s6 s3 s4 h5 d7 h7 d8 h8 d9 h9 d10 h10 dj hj".split()
CLEO = "s7 s8 s9 s10 sj dq hq dk hk sk ca da ha sa c2 d2 h2".split()
KITTY = ["s5", "sq", "s2"]
TURNED = 1  # the card dealt second, Ben's first: the 6♣


def dealt(hands=(ANN, BEN, CLEO), kitty=KITTY):
    """The deck, top first, that deals `hands` (seats 1 to 3) one card at a time from seat 1."""
    return [hand[j] for j in range(17) for hand in hands] + list(kitty)


def match(rules="printed", decks=None, turned=TURNED):
    from interpreter import Match
    return Match(bundled("dou-dizhu"), 3, 1, {"rules": rules}, rng=Stacked(*(decks or [dealt()]), pick=turned))


def hand(m, seat):
    return sorted(ids(m.players[seat - 1].zones["hand"]))


def play(m, *moves):
    for move in moves:
        m.choose(move)


def landlord_ann(rules="printed"):
    """Ben and Cleo pass, Ann bids 3 and takes the kitty: 333 444 555 7 8 9 10 J Q Q K 2 BJ RJ."""
    m = match(rules)
    play(m, "pass", "pass", "bid 3")
    return m


def test_DD_DEAL_1_seventeen_cards_each_one_at_a_time_and_three_in_the_kitty():
    m = match()
    assert [hand(m, s) for s in (1, 2, 3)] == [sorted(ANN), sorted(BEN), sorted(CLEO)]
    assert sorted(ids(m.zones["kitty"])) == sorted(KITTY) and m.zones["deck"].items == []


def test_DD_DEAL_2_whoever_receives_the_card_turned_up_bids_first():
    m = match()
    assert m.vars["turned"] == "6♣" and m.vars["first_bidder"].seat == 2 and m.pending.player.seat == 2
    m = match(turned=50)  # the 51st card dealt, Cleo's last
    assert m.vars["turned"] == "2♥" and m.pending.player.seat == 3


def test_DD_BID_1_one_round_of_rising_bids_and_a_bid_of_3_ends_it():
    m = match()
    assert options(m) == ["bid 1", "bid 2", "bid 3", "pass"]
    play(m, "bid 1")
    assert m.pending.player.seat == 3 and options(m) == ["bid 2", "bid 3", "pass"]  # higher than the last
    play(m, "pass", "bid 2")  # Ann, the last to bid: the auction is over, Ben has no second turn
    assert m.vars["landlord"].seat == 1 and m.vars["bid"] == 2 and m.pending.player.seat == 1
    m = match()
    play(m, "bid 3")  # 3 ends the auction at once
    assert m.vars["landlord"].seat == 2 and m.pending.player.seat == 2 and len(hand(m, 2)) == 20


def test_DD_BID_2_nobody_bids_and_the_cards_are_dealt_again():
    m = match(decks=[dealt(), dealt((BEN, CLEO, ANN))])
    play(m, "pass", "pass", "pass")
    assert not m.over and m.round == 2 and m.vars["landlord"] is None
    assert hand(m, 1) == sorted(BEN)  # the second deal
    assert m.pending.player.seat == 2 and options(m) == ["bid 1", "bid 2", "bid 3", "pass"]


def test_DD_OS_1_openspiel_bids_go_round_until_two_pass_after_a_bid():
    m = match("openspiel")
    play(m, "bid 1", "pass", "bid 2")
    assert m.pending.player.seat == 2 and options(m) == ["bid 3", "pass"]  # Ben bids again
    play(m, "pass")
    assert m.pending.player.seat == 3 and options(m) == ["bid 3", "pass"]  # Cleo, who passed, too
    play(m, "pass")  # two passes after Ann's bid
    assert m.vars["landlord"].seat == 1 and m.vars["bid"] == 2 and len(hand(m, 1)) == 20
    m = match("openspiel")
    play(m, "pass", "pass", "pass")
    assert m.over and [m.result.scores[s] for s in (1, 2, 3)] == [0, 0, 0]


def test_DD_KITTY_1_the_landlord_takes_the_kitty_shown_to_all_DD_OS_2_hidden_by_openspiel():
    m = landlord_ann()
    assert hand(m, 1) == sorted(ANN + KITTY) and m.zones["kitty"].items == []
    seen = m.view(2)["players"][0]["zones"]["hand"]
    assert sorted(c["id"] for c in seen.get("revealed", [])) == sorted(KITTY)
    m = landlord_ann("openspiel")
    assert hand(m, 1) == sorted(ANN + KITTY)
    assert not m.view(2)["players"][0]["zones"]["hand"].get("revealed")


def test_DD_COMB_1_DD_COMB_2_DD_WING_1_what_a_leader_may_play():
    got = set(options(landlord_ann()))
    assert "pass" not in got  # DD-PLAY-1: the leader plays
    for label in ("solo: 3", "solo: RJ", "pair: Q Q", "trio: 5 5 5", "rocket: BJ RJ", "trio with a solo: 3 3 3 + 2",
                  "trio with a solo: 3 3 3 + RJ", "trio with a pair: 4 4 4 + Q Q", "chain: 7 8 9 10 J Q K",
                  "chain: 9 10 J Q K", "chain of pairs: 3 3 4 4 5 5",
                  "airplane: 3 3 3 4 4 4", "airplane: 3 3 3 4 4 4 5 5 5", "airplane with solos: 3 3 3 4 4 4 + 5 5",
                  "airplane with solos: 3 3 3 4 4 4 + 2 BJ", "airplane with solos: 3 3 3 4 4 4 5 5 5 + 7 8 9",
                  "airplane with pairs: 3 3 3 4 4 4 + 5 5 Q Q", "airplane with solos: 4 4 4 5 5 5 + 3 3"):
        assert label in got, label
    for label in ("pair: BJ RJ", "chain: 10 J Q K A", "chain: J Q K A 2", "chain of pairs: 3 3 4 4",
                  "chain: 3 4 5 6 7", "airplane with solos: 3 3 3 4 4 4 + BJ RJ",
                  "airplane with solos: 3 3 3 4 4 4 + 4 5", "airplane with pairs: 3 3 3 4 4 4 + 5 5 5 5",
                  "airplane with solos: 3 3 3 4 4 4 5 5 5 + 5 7 8"):
        assert label not in got, label
    assert sum(1 for label in got if label.startswith("trio with a solo: 3 3 3")) == 12  # 4, 5, 7 to K, 2, BJ, RJ


def test_DD_FOUR_1_four_with_two_DD_OS_2_not_in_openspiel_nor_a_chain_from_a_rank_held_four_times():
    m = match()
    play(m, "bid 3")  # Ben, with four 6s, leads
    got = set(options(m))
    for label in ("four with two solos: 6 6 6 6 + 3 4", "four with two solos: 6 6 6 6 + 7 7",
                  "four with two pairs: 6 6 6 6 + 7 7 J J", "bomb: 6 6 6 6", "chain: 6 7 8 9 10 J",
                  "chain of pairs: 6 6 7 7 8 8"):
        assert label in got, label
    assert "four with two pairs: 6 6 6 6 + 7 7 7 7" not in got
    m = match("openspiel")
    play(m, "bid 3")
    got = set(options(m))
    assert not any(label.startswith("four with") for label in got)
    assert "chain: 6 7 8 9 10 J" not in got and "chain of pairs: 6 6 7 7 8 8" not in got
    assert "chain: 7 8 9 10 J" in got and "chain of pairs: 7 7 8 8 9 9" in got and "bomb: 6 6 6 6" in got


def test_DD_BEAT_1_DD_PLAY_1_the_same_kind_higher_and_two_passes_give_the_lead():
    m = landlord_ann()
    play(m, "pair: 3 3")
    assert m.pending.player.seat == 2
    assert options(m) == ["bomb: 6 6 6 6", "pair: 10 10", "pair: 6 6", "pair: 7 7", "pair: 8 8", "pair: 9 9",
                          "pair: J J", "pass"]
    play(m, "pair: J J")
    assert options(m) == ["bomb: A A A A", "pair: 2 2", "pair: A A", "pair: K K", "pair: Q Q", "pass"]
    play(m, "pass")
    assert options(m) == ["pair: Q Q", "pass", "rocket: BJ RJ"]
    play(m, "pass")  # two passes: Ben, the last to play, leads and may not pass
    assert m.pending.player.seat == 2 and "pass" not in options(m)
    assert ids(m.zones["table"]) == [] and sorted(ids(m.zones["played"])) == ["c3", "d3", "dj", "hj"]
    play(m, "chain: 6 7 8 9 10")
    assert options(m) == ["bomb: A A A A", "chain: 10 J Q K A", "chain: 7 8 9 10 J", "chain: 8 9 10 J Q",
                          "chain: 9 10 J Q K", "pass"]  # as long and higher: no chain of six


def test_DD_BEAT_2_a_bomb_on_anything_the_rocket_on_a_bomb_and_nothing_on_the_rocket():
    m = match()
    play(m, "pass", "pass", "bid 3")
    play(m, "solo: 3", "solo: 4")  # Ann leads, Ben follows
    play(m, "bomb: A A A A")  # Cleo bombs a solo
    assert options(m) == ["pass", "rocket: BJ RJ"]  # no bomb of Ann's is higher
    play(m, "rocket: BJ RJ")  # nothing beats it: Ben and Cleo pass without being asked
    assert m.pending.player.seat == 1 and "pass" not in options(m)
    assert m.vars["bombs"] == 2
    m = match("openspiel")
    play(m, "pass", "pass", "bid 3")
    play(m, "solo: 3", "solo: 4", "bomb: A A A A", "rocket: BJ RJ")
    assert m.pending.player.seat == 2 and options(m) == ["bomb: 6 6 6 6", "pass"]  # DD-OS-2


def test_DD_END_1_DD_SCORE_1_the_first_out_wins_for_their_side_at_twice_or_once_the_stake():
    import random

    from interpreter import Match
    for rules in ("printed", "openspiel"):
        for seed in range(6):
            rng = random.Random(seed)
            m = Match(bundled("dou-dizhu"), 3, seed, {"rules": rules})
            while not m.over:
                m.choose(rng.randrange(len(m.pending.labels())))
            lord, out = m.vars["landlord"], m.vars["winner"]
            if lord is None:  # DD-OS-1: nobody bid
                continue
            assert out.zones["hand"].items == [] and all(p.zones["hand"].items for p in m.players if p != out)
            stake = m.vars["stake"]
            assert stake >= m.vars["bid"] * 2 ** m.vars["bombs"]
            sign = 1 if out == lord else -1
            assert [m.result.scores[p.seat] for p in m.players] == [2 * sign * stake if p == lord else -sign * stake
                                                                   for p in m.players]
            assert set(m.result.winners) == ({lord.seat} if out == lord else {p.seat for p in m.players} - {lord.seat})


def test_DD_OS_2_no_chain_without_wings_from_a_rank_held_four_times_but_winged_airplanes_are_played():
    ann = "c3 d3 h3 s3 c4 d4 h4 c5 c6 c7 c8 c9 c10 cj cq ck ca".split()
    rest = [c for c in bundled("dou-dizhu").cards if c not in ann]
    deck = dealt((ann, rest[:17], rest[17:34]), rest[34:])
    for rules, plain in (("printed", True), ("openspiel", False)):
        m = match(rules, decks=[deck], turned=0)
        play(m, "bid 3")
        got = set(options(m))
        assert ("airplane: 3 3 3 4 4 4" in got) == plain and ("chain: 3 4 5 6 7" in got) == plain, rules
        assert "airplane with solos: 3 3 3 4 4 4 + 5 6" in got and "chain: 4 5 6 7 8" in got, rules
