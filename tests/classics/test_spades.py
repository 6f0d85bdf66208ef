"""Spades by a common published rule set, and OpenSpiel's `spades` as the option `rules=openspiel`: scenario
tests of each rule.

The rules, with the IDs the tests name (seats 1 and 3 are partners, north-south, and 2 and 4, east-west):
SP-DEAL-1  the first dealer is drawn at random; the deal passes to the left after each hand.
SP-DEAL-2  the dealer deals all 52 cards one at a time, from the player on the left: thirteen each.
SP-BID-1   from the dealer's left, each player bids once the tricks they will take, from 0 (nil) to 13; a
           partnership's contract is the sum of its two bids.
SP-TRICK-1 each player must follow the suit led if able; otherwise any card may be played.
SP-TRICK-2 spades are trumps: the highest spade wins the trick; without one, the highest card of the suit led.
SP-TRICK-3 the player on the dealer's left leads the first trick; the winner of a trick leads the next.
SP-BREAK-1 spades may not be led until a spade has been played to a trick (spades are broken), unless the
           leader holds nothing but spades.
SP-SCORE-1 a partnership taking at least its contract scores 10 points a trick bid and 1 a trick over (a bag);
           taking fewer it loses 10 points a trick bid.
SP-NIL-1   a nil bidder who takes no trick wins 100 points for the partnership, and loses 100 taking any; the
           nil bidder's tricks do not count toward the partner's bid, nor as bags.
SP-BAG-1   bags are counted over the game: each time a partnership has 10 it loses 100 points, the rest kept.
SP-END-1   the first partnership to 500 points wins; if both reach 500 in one hand the higher wins; level,
           another hand is played.
SP-END-2   a partnership at -200 points or fewer after a hand loses (so that a game of weak partnerships ends too:
           a common published rule, though not every rule set's).
SP-OS-1    with rules=openspiel (OpenSpiel's spades): one hand; North (seat 1) bids first and leads; a player
           may not bid more than 13 less the partner's bid; spades are never broken: a spade is led only by a
           player holding nothing else; every trick of a partnership counts toward its contract and as a bag;
           each player scores its partnership's points for the hand.

SP-SCORE-1, SP-NIL-1, SP-BAG-1, SP-END-1, SP-END-2 and SP-OS-1's scoring are positions in
content/spades/tests/rules.yaml.
"""
from __future__ import annotations

from tests.classics.helpers import Stacked, ids, options
from tests.conftest import game as bundled

# by seat: Ben has two spades, hearts and diamonds; Cleo no heart; Ann the top spades
HANDS = {
    1: ["hq", "hk", "ha", "s10", "sj", "sq", "sk", "sa", "cj", "cq", "ck", "ca", "da"],
    2: ["s2", "s3", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "d2", "d3", "d4", "d5"],
    3: ["s4", "s5", "s6", "c2", "c3", "c4", "c5", "c6", "c7", "d6", "d7", "d8", "d9"],
    4: ["h9", "h10", "hj", "s7", "s8", "s9", "c8", "c9", "c10", "d10", "dj", "dq", "dk"],
}
BIDS = ["nil"] + [f"bid {n}" for n in range(1, 14)]


def dealt(hands, first):
    """The deck, top first, that deals `hands` (by seat) one card at a time from seat `first` on."""
    order = [(first - 1 + i) % 4 + 1 for i in range(4)]
    return [hands[order[k % 4]][k // 4] for k in range(52)]


def match(rules="printed", hands=HANDS):
    """Printed rules: Ann deals (the pick is 0), Ben is on her left; OpenSpiel's: Dev deals, Ann is on his left."""
    from interpreter import Match
    first = 2 if rules == "printed" else 1
    return Match(bundled("spades"), 4, 1, {"rules": rules},
                 rng=Stacked(dealt(hands, first), pick=0))


def hand(m, seat):
    return sorted(ids(m.players[seat - 1].zones["hand"]))


def play(m, *moves):
    for move in moves:
        m.choose(move)


def bids_then(m, *bids):
    play(m, *bids)
    return m


def test_SP_DEAL_2_thirteen_cards_each_one_at_a_time_from_the_dealers_left():
    m = match()
    assert all(hand(m, s) == sorted(h) for s, h in HANDS.items())
    assert m.zones["deck"].items == []
    assert m.vars["dealer"] is m.players[0] and m.pending.player.seat == 2  # SP-BID-1: Ben, on Ann's left


def test_SP_DEAL_1_the_first_dealer_is_drawn_and_the_deal_passes_to_the_left():
    from interpreter import Match
    m = Match(bundled("spades"), 4, 1, {}, rng=Stacked(pick=2))
    assert m.vars["dealer"] is m.players[2] and m.pending.player.seat == 4  # Cleo deals: Dev bids first
    while m.round == 1:
        m.choose(0)
    assert not m.over and m.vars["dealer"] is m.players[3] and m.pending.player.seat == 1  # Dev deals
    assert all(len(p.zones["hand"].items) == 13 for p in m.players) and m.zones["played"].items == []


def test_SP_BID_1_each_bids_once_nil_to_13_from_the_dealers_left():
    m = match()
    seats = []
    for bid in ("bid 4", "bid 13", "nil", "bid 2"):
        seats.append(m.pending.player.seat)
        assert m.pending.labels() == BIDS  # by the printed rules, whatever the partner bid
        play(m, bid)
    assert seats == [2, 3, 4, 1]
    assert [p.counters["bid"] for p in m.players] == [2, 4, 13, 0]
    assert m.pending.player.seat == 2  # SP-TRICK-3: Ben leads the first trick


def test_SP_OS_1_the_partners_bids_at_most_13_and_north_bids_first():
    m = match(rules="openspiel")
    assert m.vars["dealer"] is m.players[3] and m.pending.player.seat == 1
    play(m, "bid 3", "bid 12")             # Ann, Ben
    assert m.pending.player.seat == 3 and m.pending.labels() == BIDS[:11]  # Cleo: 13 less Ann's 3
    play(m, "bid 10")
    assert m.pending.labels() == ["nil", "bid 1"]  # Dev: 13 less Ben's 12
    play(m, "nil")
    assert m.pending.player.seat == 1  # Ann leads


def test_SP_BREAK_1_SP_TRICK_1_SP_TRICK_2_no_spade_led_until_one_is_played_and_a_spade_wins():
    m = bids_then(match(), "bid 1", "bid 3", "bid 3", "bid 5")
    # Ben leads: spades are not broken and he holds other suits, so not his two spades
    assert options(m) == sorted(["2♥", "3♥", "4♥", "5♥", "6♥", "7♥", "8♥", "2♦", "3♦", "4♦", "5♦"])
    play(m, "8♥")
    assert len(options(m)) == 13            # Cleo has no heart: any card (SP-TRICK-1)
    play(m, "4♠")                           # and trumps, breaking spades
    assert options(m) == ["10♥", "9♥", "J♥"]  # Dev follows the hearts
    play(m, "J♥", "A♥")                     # Ann's ace of hearts
    assert [p.counters["tricks"] for p in m.players] == [0, 0, 1, 0]  # the 4 of spades beats the ace
    assert m.pending.player.seat == 3       # the winner leads (SP-TRICK-3)
    assert "5♠" in options(m) and len(options(m)) == 12  # spades are broken: any card
    play(m, "5♠")
    assert options(m) == ["7♠", "8♠", "9♠"]  # Dev follows the spades
    play(m, "7♠", "10♠", "2♠")              # Ann's 10, Ben's 2
    assert m.players[0].counters["tricks"] == 1  # the highest spade
    assert m.pending.player.seat == 1


def test_SP_TRICK_2_without_a_spade_the_highest_of_the_suit_led_wins():
    m = bids_then(match(), "bid 1", "bid 3", "bid 3", "bid 5")
    play(m, "5♦", "9♦", "K♦")               # Ann's one diamond, the ace, follows without asking
    assert m.players[0].counters["tricks"] == 1
    play(m, "A♣")                           # Ann leads the ace of clubs; Ben has no club and discards a heart
    play(m, "2♥", "2♣", "10♣")
    assert m.players[0].counters["tricks"] == 2  # a heart discarded on a club lead takes nothing


def test_SP_BREAK_1_a_leader_with_nothing_but_spades_leads_one():
    others = sorted(c for h in HANDS.values() for c in h if c[0] != "s")
    hands = {2: [c for h in HANDS.values() for c in h if c[0] == "s"], 1: others[:13], 3: others[13:26],
             4: others[26:]}
    m = bids_then(match(hands=hands), "bid 13", "nil", "nil", "nil")
    assert hand(m, 2) == sorted(hands[2]) and m.pending.player.seat == 2
    assert len(options(m)) == 13 and all(o.endswith("♠") for o in options(m))


def test_SP_OS_1_spades_are_never_broken():
    m = bids_then(match(rules="openspiel"), "bid 3", "bid 3", "bid 3", "bid 3")
    assert "A♠" not in options(m) and len(options(m)) == 8  # Ann leads: her hearts, clubs and diamond
    play(m, "A♥", "8♥", "4♠", "J♥")        # Cleo, with no heart, trumps
    assert m.players[2].counters["tricks"] == 1 and m.pending.player.seat == 3
    # a spade was played, but by OpenSpiel's rules Cleo may still not lead one
    assert not any(o.endswith("♠") for o in options(m)) and len(options(m)) == 10


def test_SP_OS_1_one_hand_and_each_player_scores_its_partnerships_points():
    m = bids_then(match(rules="openspiel"), "bid 5", "bid 3", "bid 3", "bid 2")
    while not m.over:
        m.choose(0)
    assert m.round == 1
    tricks = [p.counters["tricks"] for p in m.players]
    assert sum(tricks) == 13
    for seat in (1, 2):
        side = tricks[seat - 1] + tricks[seat + 1]
        contract = [5 + 3, 3 + 2][seat - 1]
        want = 10 * contract + side - contract if side >= contract else -10 * contract
        assert m.result.scores[seat] == m.result.scores[seat + 2] == want


def test_SP_END_1_SP_END_2_a_match_of_first_options_ends():
    m = match()
    while not m.over:
        m.choose(0)
    ns, ew = m.players[0].counters["points"], m.players[1].counters["points"]
    assert m.players[2].counters["points"] == ns and m.players[3].counters["points"] == ew
    assert m.result.scores == {1: ns, 2: ew, 3: 0, 4: 0}
    assert (max(ns, ew) >= 500 or min(ns, ew) <= -200) and ns != ew and m.result.rounds < 200
