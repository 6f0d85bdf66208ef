"""Skat by the International Skat Order, and OpenSpiel's `skat` as the option `rules=openspiel`: scenario
tests of each rule.

The rules, with the IDs the tests name (forehand sits on the dealer's left, then middlehand, then rearhand):
SK-DEAL-1   the first dealer is drawn at random; the deal passes to the left after each deal.
SK-DEAL-2   the dealer deals from forehand three cards each, two face down to the skat, four each, three each.
SK-BID-1    a bid is a value some game can be worth: 18, 20, 22, 23, 24, 27, 30, ... up to 264.
SK-BID-2    middlehand bids to forehand, who says yes (holding the bid) or passes; the one left in is bid to by
            rearhand, higher than the bid so far; the highest bidder is the declarer, at the bid.
SK-BID-3    when middlehand and rearhand pass with no bid, forehand may play at 18, or pass: all passing, the
            deal is thrown in (it counts as a deal).
SK-SKAT-1   the declarer picks up the skat and lays any two cards away, face down: their card points are the
            declarer's.
SK-HAND-1   or plays hand, the skat unseen; its card points are the declarer's at the end.
SK-GAME-1   the declarer names a suit, grand or null (null ouvert); in a hand game of a suit or grand, announces
            nothing, schneider, schwarz or ouvert.
SK-TRUMP-1  in a suit game the four jacks (clubs, spades, hearts, diamonds) and then the suit's ace, ten, king,
            queen, 9, 8, 7 are trumps; in grand only the jacks; a jack belongs to the trumps, not its suit.
SK-TRICK-1  each player follows the suit led if able (trumps when a trump is led), else plays any card.
SK-TRICK-2  the highest trump wins the trick; without one, the highest card of the suit led (ace, ten, king,
            queen, 9, 8, 7).
SK-TRICK-3  forehand leads the first trick; the winner of a trick leads the next.
SK-NULL-1   null is worth 23, hand 35, ouvert 46, ouvert hand 59, and may not be named when the bid is above its
            value; the declarer wins by taking no trick.
SK-NULL-2   in null there are no trumps; each suit ranks ace, king, queen, jack, ten, 9, 8, 7; the play stops
            when the declarer takes a trick.
SK-OUVERT-1 an ouvert declarer's hand is shown to all before the first lead.
SK-VALUE-1  a suit or grand game is worth its base value (diamonds 9, hearts 10, spades 11, clubs 12, grand 24)
            times the levels: matadors + 1 for the game, + 1 each for hand, schneider (90 card points, or the
            declarer kept to 30), schneider announced, schwarz (every trick, or none), schwarz announced, ouvert.
SK-VALUE-2  the matadors: the top trumps from the club jack down without a gap that the declarer holds ("with")
            or lacks ("without"), the skat's cards counted as the declarer's; in grand only the jacks.
SK-WIN-1    the declarer wins with 61 card points or more, the skat's included; 90 when schneider was announced;
            every trick when schwarz (or ouvert) was.
SK-WIN-2    a game worth less than the bid is lost, its value the least multiple of its base value reaching the
            bid.
SK-SCORE-1  a game won scores the declarer its value; a game lost takes twice the value from the declarer.
SK-SCORE-2  with scoring=tournament, the International Skat Order's list: 50 more for a game won, 50 less for a
            game lost, and 40 to each of its defenders.
SK-END-1    the game ends after the deals of the option `deals` (3: each player deals once); the highest total
            wins.
SK-OS-1     with rules=openspiel (OpenSpiel's skat): one deal, seat 1 forehand; in seat order each player passes
            or names a game type (a suit, grand or null), the first to name one playing it; the declarer always
            picks up the skat and lays two cards away.
SK-OS-2     with rules=openspiel the declarer scores twice its card points less 60 (the skat's included), each
            defender 60 less them; a null game counts 90 card points won and 30 lost; all passing scores 0.

The game values (SK-VALUE-1, SK-WIN-1, SK-WIN-2, SK-SCORE-1, SK-SCORE-2, SK-END-1, SK-OS-2, SK-HAND-1,
SK-NULL-1, SK-OUVERT-1) are also positions in content/skat/tests/rules.yaml, and so are the matadors counted
with the skat (SK-VALUE-2).
"""
from __future__ import annotations

from tests.classics.helpers import Stacked, ids
from tests.conftest import game as bundled

# Cleo deals (a pick of 2): Ann is forehand, Ben middlehand, Cleo rearhand.
HANDS = {1: ["cj", "sj", "ca", "c10", "ck", "cq", "c9", "ha", "h10", "da"],
         2: ["hj", "dj", "c8", "c7", "sa", "s10", "sk", "hk", "hq", "dk"],
         3: ["sq", "s9", "s8", "s7", "h9", "h8", "h7", "d10", "dq", "d9"]}
SKAT = ["d8", "d7"]
VALUES = [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63, 66, 70, 72, 77, 80,
          81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140, 143, 144, 150, 153, 154,
          156, 160, 162, 165, 168, 170, 176, 180, 187, 192, 198, 204, 216, 240, 264]


def dealt(hands, skat, forehand=1):
    """The deck, top first, that deals `hands` (by seat) from forehand: 3 each, the skat, 4 each, 3 each."""
    order = [forehand, forehand % 3 + 1, (forehand + 1) % 3 + 1]
    out = [c for s in order for c in hands[s][:3]] + list(skat)
    out += [c for s in order for c in hands[s][3:7]]
    return out + [c for s in order for c in hands[s][7:]]


def match(rules="printed", pick=2, **opts):
    from interpreter import Match
    return Match(bundled("skat"), 3, 1, {"rules": rules, **opts}, rng=Stacked(dealt(HANDS, SKAT), pick=pick))


def hand(m, seat):
    return sorted(ids(m.players[seat - 1].zones["hand"]))


def play(m, *moves):
    for move in moves:
        m.choose(move)


def asked(m):
    return m.pending.player.seat


def declared(m, seat, game, *, hand=False, announce="nothing", lay=("8♦", "7♦")):
    """Bring the match to the first lead: `seat` declares at 18, the others passing."""
    if seat == 1:
        play(m, "pass", "pass", "play at 18")
    elif seat == 2:
        play(m, "18", "pass", "pass")
    else:
        play(m, "pass", "18", "pass")
    if hand:
        play(m, "play hand", game)
    else:
        play(m, "pick up the skat", *lay, game)
    if hand and game in ("diamonds", "hearts", "spades", "clubs", "grand"):
        play(m, announce)


def test_SK_DEAL_2_three_each_two_to_the_skat_four_each_three_each():
    m = match()
    assert all(hand(m, s) == sorted(h) for s, h in HANDS.items())
    assert sorted(ids(m.zones["skat"])) == sorted(SKAT) and m.zones["deck"].items == []


def test_SK_DEAL_1_the_first_dealer_drawn_at_random_and_the_deal_passing_left():
    m = match(pick=0)  # Ann deals: Ben is forehand, Cleo middlehand, Ann rearhand
    assert m.vars["dealer"].seat == 1 and asked(m) == 3
    play(m, "pass", "pass", "pass")  # Cleo, Ann, then Ben, forehand, pass: thrown in
    assert m.counters["deals_played"] == 1 and m.vars["dealer"].seat == 2
    assert asked(m) == 1  # Ben deals: Cleo is forehand and Ann, middlehand, bids first


def test_SK_BID_1_the_bids_are_game_values():
    m = match()
    assert asked(m) == 2  # middlehand bids first
    assert m.pending.labels() == ["pass"] + [str(v) for v in VALUES]
    assert 19 not in VALUES and 21 not in VALUES and 25 not in VALUES  # no game is worth these


def test_SK_BID_2_middlehand_bids_to_forehand_then_rearhand_to_the_one_left():
    m = match()
    play(m, "18")
    assert asked(m) == 1 and m.pending.labels() == ["yes", "pass"]
    play(m, "yes")
    assert asked(m) == 2 and m.pending.labels()[1] == "20"  # Ben must bid higher than 18
    play(m, "20", "pass")  # Ann passes at 20: Ben is left in
    assert asked(m) == 3 and m.pending.labels()[:2] == ["pass", "22"]  # Cleo bids higher than 20 to Ben
    play(m, "22")
    assert asked(m) == 2 and m.pending.labels() == ["yes", "pass"]
    play(m, "yes", "pass")  # Ben holds 22, Cleo passes
    assert m.vars["declarer"].seat == 2 and m.counters["bid"] == 22
    assert asked(m) == 2 and m.pending.labels() == ["pick up the skat", "play hand"]


def test_SK_BID_2_rearhand_outbids_the_one_left():
    m = match()
    play(m, "pass")  # Ben passes with no bid: Ann is left in, with no bid
    assert asked(m) == 3 and m.pending.labels()[:2] == ["pass", "18"]
    play(m, "18", "pass")  # Ann passes at 18
    assert m.vars["declarer"].seat == 3 and m.counters["bid"] == 18


def test_SK_BID_3_forehand_may_play_at_18_and_all_passing_throws_the_deal_in():
    m = match()
    play(m, "pass", "pass")
    assert asked(m) == 1 and m.pending.labels() == ["play at 18", "pass"]
    play(m, "play at 18")
    assert m.vars["declarer"].seat == 1 and m.counters["bid"] == 18
    m = match()
    play(m, "pass", "pass", "pass")
    assert m.vars["declarer"] is None and not m.over
    assert m.counters["deals_played"] == 1 and m.vars["dealer"].seat == 1  # the next dealer deals
    assert all(p.counters["points"] == 0 for p in m.players)


def test_SK_SKAT_1_the_declarer_picks_up_the_skat_and_lays_two_cards_away():
    m = match()
    play(m, "pass", "pass", "play at 18", "pick up the skat")
    assert hand(m, 1) == sorted(HANDS[1] + SKAT) and m.zones["skat"].items == []
    assert len(m.pending.labels()) == 12  # any card may be laid away
    play(m, "A♥", "10♥")
    assert sorted(ids(m.players[0].zones["laid"])) == ["h10", "ha"] and len(hand(m, 1)) == 10
    assert m.pending.labels() == ["diamonds", "hearts", "spades", "clubs", "grand", "null", "null ouvert"]
    play(m, "clubs")
    assert m.vars["game"] == "clubs" and m.vars["trump"] == "clubs" and m.vars["hand_game"] is False
    assert asked(m) == 1 and "play" in m.pending.prompt  # nothing to announce: the first lead


def test_SK_HAND_1_SK_GAME_1_a_hand_game_leaves_the_skat_and_may_announce():
    m = match()
    play(m, "pass", "pass", "play at 18", "play hand")
    assert sorted(ids(m.zones["skat"])) == sorted(SKAT) and hand(m, 1) == sorted(HANDS[1])
    play(m, "grand")
    assert m.pending.labels() == ["nothing", "schneider", "schwarz", "ouvert"]
    play(m, "schwarz")
    assert m.vars["announced"] == "schwarz" and m.vars["hand_game"] is True


def test_SK_NULL_1_null_is_not_named_above_its_value():
    for bid, hand_game, offered, not_offered in [("23", False, "null", None), ("24", False, "null ouvert", "null"),
                                                 ("46", False, "null ouvert", None),
                                                 ("48", False, None, "null ouvert"),
                                                 ("35", True, "null", None), ("36", True, "null ouvert", "null"),
                                                 ("59", True, "null ouvert", None), ("60", True, None, "null ouvert")]:
        m = match()
        play(m, bid, "pass", "pass")  # Ben declares at the bid
        play(m, *(["play hand"] if hand_game else ["pick up the skat", "8♦", "7♦"]))
        labels = m.pending.labels()
        assert labels[:5] == ["diamonds", "hearts", "spades", "clubs", "grand"], bid
        assert offered is None or offered in labels, (bid, hand_game)
        assert not_offered is None or not_offered not in labels, (bid, hand_game)


def test_SK_OUVERT_1_the_ouvert_hand_is_shown_to_all():
    m = match()
    declared(m, 1, "clubs", hand=True, announce="ouvert")
    shown = m.view(2)["players"][0]["zones"]["hand"]
    assert sorted(c["id"] for c in shown["revealed"]) == sorted(HANDS[1])
    m = match()
    declared(m, 1, "clubs", hand=True, announce="schwarz")
    assert not m.view(2)["players"][0]["zones"]["hand"].get("revealed")


def test_SK_VALUE_2_matadors_with_and_without():
    m = match()
    declared(m, 1, "clubs")
    assert m.counters["matadors"] == 2  # with the club and spade jacks, not the heart jack
    m = match()
    declared(m, 3, "spades", hand=True)
    assert m.counters["matadors"] == 7  # without four jacks and the ace, ten and king of spades; Cleo holds the queen
    m = match()
    declared(m, 2, "grand")
    assert m.counters["matadors"] == 2  # without the club and spade jacks: in grand only the jacks count


def test_SK_TRUMP_1_SK_TRICK_1_SK_TRICK_2_SK_TRICK_3_the_jacks_are_trumps_and_follow_trumps():
    m = match()
    declared(m, 3, "clubs")  # Cleo declares; Ann, forehand, leads
    assert asked(m) == 1
    play(m, "A♣")
    assert sorted(m.pending.labels()) == sorted(["J♥", "J♦", "8♣", "7♣"])  # the jacks follow clubs
    play(m, "J♥")
    assert len(m.pending.labels()) == 10  # Cleo has no trump: any card
    play(m, "10♦")
    assert m.players[1].counters["tricks"] == 1 and m.players[1].counters["taken"] == 23  # the jack beats the ace
    assert asked(m) == 2  # the winner leads
    play(m, "A♠")
    assert sorted(m.pending.labels()) == sorted(["Q♠", "9♠", "8♠", "7♠"])  # Cleo follows
    play(m, "7♠")
    assert len(m.pending.labels()) == 9  # Ann's spade jack is a trump, no spade: she may play anything
    play(m, "10♣")
    assert m.players[0].counters["tricks"] == 1 and m.players[0].counters["taken"] == 21  # trumped


def test_SK_TRICK_2_in_grand_a_suit_ranks_ace_ten_king_and_its_jack_is_a_trump():
    m = match()
    declared(m, 3, "grand")
    play(m, "10♥")
    assert sorted(m.pending.labels()) == sorted(["K♥", "Q♥"])  # Ben's heart jack is no heart
    play(m, "K♥", "9♥")
    assert m.players[0].counters["tricks"] == 1 and m.players[0].counters["taken"] == 14  # the ten beats the king


def test_SK_NULL_2_no_trumps_the_jack_below_the_queen_and_the_play_stopping_at_the_declarers_trick():
    m = match()
    declared(m, 1, "null", hand=True)
    assert m.counters["matadors"] == 0
    play(m, "10♥")
    assert sorted(m.pending.labels()) == sorted(["J♥", "K♥", "Q♥"])  # the jack is a heart in null
    play(m, "J♥", "9♥")
    assert m.players[1].counters["tricks"] == 1  # the jack beats the ten
    play(m, "K♥", "8♥")  # Cleo follows; Ann must follow with her ace (no choice) and takes the trick
    assert m.players[0].counters["points"] == -70  # null hand, 35, lost: twice
    assert m.counters["deals_played"] == 1 and m.vars["declarer"] is None  # the next deal has begun


def test_SK_OS_1_openspiel_names_a_game_type_in_seat_order():
    m = match(rules="openspiel", pick=None)
    assert m.vars["dealer"].seat == 3 and m.rng.picks == 0  # no dealer drawn
    assert asked(m) == 1
    assert m.pending.labels() == ["pass", "diamonds", "hearts", "spades", "clubs", "grand", "null"]
    play(m, "pass", "grand")
    assert m.vars["declarer"].seat == 2 and m.vars["game"] == "grand" and m.vars["trump"] is None
    assert asked(m) == 2 and len(m.pending.labels()) == 12  # the skat is taken up: lay two away, one at a time
    play(m, "8♦")
    assert len(m.pending.labels()) == 11
    play(m, "7♦")
    assert asked(m) == 1  # forehand leads


def test_SK_OS_2_openspiel_all_passing_scores_nothing():
    m = match(rules="openspiel", pick=None)
    play(m, "pass", "pass", "pass")
    assert m.over and m.result.scores == {1: 0, 2: 0, 3: 0}
