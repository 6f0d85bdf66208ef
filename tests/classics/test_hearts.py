"""Hearts by OpenSpiel's rules (its `hearts` game, default parameters): scenario tests of each rule.

The rules, as OpenSpiel's hearts.cc states them, with the IDs the tests name (seats 1-4 are OpenSpiel's
players 0-3, North, East, South, West; "left" is the next seat):
HE-PASS-1   the pass direction is drawn at random: no pass, left, across or right, one chance in four each (with
            pass_cards off: no pass, and nothing drawn).
HE-DEAL-1   the 52 cards are dealt one at a time from seat 1: the first card to seat 1, the second to seat 2...
HE-PASS-2   each player in seat order chooses three cards of the hand, one at a time; once all four have chosen,
            the cards go to the player in the direction drawn (a player's cards received are not in the hand
            while anyone is still choosing).
HE-LEAD-1   the holder of the 2 of clubs leads it (with can_lead_any_club: any club).
HE-FOLLOW-1 a player follows the suit led if able; otherwise any card (HE-FIRST-1 and HE-BREAK-1 aside).
HE-FIRST-1  on the first trick no heart and not the queen of spades may be played, unless the player holds
            nothing else (with no_pts_on_first_trick off: anything).
HE-BREAK-1  hearts may not be led until hearts are broken, unless the leader holds only hearts (with
            must_break_hearts off they may).
HE-BREAK-2  a heart played to a trick breaks hearts, and so does the queen of spades (with qs_breaks_hearts
            off: not the queen).
HE-TRICK-1  the highest card of the suit led wins the trick; its winner leads the next.
HE-SCORE-1  each heart taken is a point and the queen of spades 13 (with jd_bonus: the jack of diamonds -10).
HE-MOON-1   a player who took every heart and the queen of spades shoots the moon: 26 points less, every
            other player 26 points more.
HE-SCORE-2  each player scores 26 minus the points (OpenSpiel's returns); the fewest points win.
HE-END-1    the game ends after the thirteenth trick.
"""
from __future__ import annotations

import random

import pytest

from tests.classics.helpers import Stacked, ids, options
from tests.conftest import game as bundled

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a"]
SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def label(cid: str) -> str:
    return f"{cid[1:].upper()}{SYMBOL[cid[0]]}"


def deck(hands):
    """The deck, top first, that deals `hands` (by seat index) one card at a time from seat 1."""
    assert sorted(c for h in hands for c in h) == sorted(f"{s}{r}" for r in RANKS for s in "cdhs")
    return [hands[k % 4][k // 4] for k in range(52)]


def match(hands, direction=0, **options):
    from interpreter import Match
    opts = {k: "on" if v else "off" for k, v in options.items()}
    return Match(bundled("hearts"), 4, 1, opts, rng=Stacked(deck(hands), pick=direction))


def hand(m, seat):
    return sorted(ids(m.players[seat - 1].zones["hand"]))


def labels(*cids):
    return sorted(label(c) for c in cids)


def play(m, *cids):
    """Play these cards in turn; a card that is its player's only option is played without asking."""
    for cid in cids:
        if label(cid) in m.pending.labels():
            m.choose(label(cid))
        else:
            played = ids(m.zones["trick"]) + [c for p in m.players for c in ids(p.zones["taken"])]
            assert cid in played, f"{cid} was neither offered nor played"


def run(m, prefer):
    """Play to the end: each seat the first of its preferred cards it may play, else its first option."""
    while not m.over:
        seat, offered = m.pending.player.seat, m.pending.labels()
        m.choose(next((label(c) for c in prefer.get(seat, []) if label(c) in offered), offered[0]))


# Ann (seat 1) to Dev (seat 4): Ben holds the 2 of clubs; Dev the ace of clubs and most hearts.
ANN = ["c3", "c4", "c5", "c6", "d2", "d3", "d4", "d5", "s2", "s3", "s4", "h2", "h3"]
BEN = ["c2", "c7", "c8", "c9", "d6", "d7", "d8", "d9", "s5", "s6", "s7", "h4", "h5"]
CLEO = ["c10", "cj", "cq", "ck", "d10", "dj", "dq", "dk", "s8", "s9", "s10", "h6", "h7"]
DEV = ["ca", "da", "sj", "sq", "sk", "sa", "h8", "h9", "h10", "hj", "hq", "hk", "ha"]
HANDS = [ANN, BEN, CLEO, DEV]


def swap(hands, a, b):
    """The hands with cards `a` and `b` trading places."""
    return [[b if c == a else a if c == b else c for c in h] for h in hands]


@pytest.mark.parametrize("direction", [0, 1, 2, 3])
def test_he_pass_1_the_direction_is_drawn_among_four(direction):
    """HE-PASS-1: the chance outcome drawn is the direction: 0 no pass, 1 left, 2 across, 3 right."""
    r = Stacked(deck(HANDS), pick=direction)
    from interpreter import Match
    m = Match(bundled("hearts"), 4, 1, rng=r)
    assert r.picks == 1 and m.vars["pass_dir"] == direction
    if direction == 0:  # no pass: Ben's 2 of clubs is led at once (HE-LEAD-1), Cleo is asked
        assert m.pending.player.seat == 3 and ids(m.zones["trick"]) == ["c2"]
    else:
        assert m.pending.player.seat == 1 and len(m.pending.labels()) == 13


def test_he_pass_1_with_pass_cards_off_nothing_is_drawn_and_nothing_passed():
    r = Stacked(deck(HANDS), pick=2)
    from interpreter import Match
    m = Match(bundled("hearts"), 4, 1, {"pass_cards": "off"}, rng=r)
    assert r.picks == 0 and m.vars["pass_dir"] == 0
    assert ids(m.zones["trick"]) == ["c2"] and hand(m, 1) == sorted(ANN)


def test_he_deal_1_one_card_at_a_time_from_seat_1():
    """HE-DEAL-1: the deck's first card goes to Ann, the second to Ben, the fifth to Ann again."""
    order = [f"{s}{r}" for r in RANKS for s in "cdhs"]  # c2 d2 h2 s2 c3 ...
    from interpreter import Match
    m = Match(bundled("hearts"), 4, 1, {"pass_cards": "off"}, rng=Stacked(order, pick=0))
    for seat in range(1, 5):
        got = ids(m.players[seat - 1].zones["hand"]) + [c for c in ids(m.zones["trick"]) if seat == 1]
        assert sorted(got) == sorted(order[seat - 1::4])
    assert not m.zones["deck"].items


@pytest.mark.parametrize("direction,receiver", [(1, 2), (2, 3), (3, 4)])
def test_he_pass_2_three_cards_each_in_seat_order_received_once_all_chose(direction, receiver):
    """HE-PASS-2: Ann chooses three cards (13, then 12, then 11 offered), then Ben... Ben's hand holds none of
    Ann's cards while he chooses; once Dev chose, the receiver in the direction (left: Ben, across: Cleo,
    right: Dev) holds Ann's three and still 13 cards."""
    m = match(HANDS, direction)
    chosen = {}
    for seat in range(1, 5):
        own = list(HANDS[seat - 1])
        chosen[seat] = own[-3:]
        for k, cid in enumerate(chosen[seat]):
            assert m.pending.player.seat == seat and len(m.pending.labels()) == 13 - k
            assert hand(m, seat) == sorted(c for c in own if c not in chosen[seat][:k])
            m.choose(label(cid))
    got = hand(m, receiver)
    mine = HANDS[receiver - 1]
    assert sorted(set(got) - set(mine)) == sorted(chosen[1])
    holder = next(p for p in m.players if "c2" in ids(m.zones["trick"]) and m.zones["trick"].items[0].by is p)
    assert all(len(p.zones["hand"].items) == 13 - (p is holder) for p in m.players)
    for p in m.players:  # every card received knows who passed it; the passer sees it in the receiver's hand
        passer = m.players[(p.index - direction) % 4]
        received = [c for c in p.zones["hand"].items if c.by is not None]
        assert sorted(c.card.id for c in received) == sorted(chosen[passer.seat])
        assert all(c.by is passer for c in received)
        seen = m.view(passer.seat)["players"][p.index]["zones"]["hand"].get("revealed", [])
        assert sorted(c["id"] for c in seen if c["id"] not in ids(m.zones["trick"])) == \
            sorted(c for c in chosen[passer.seat] if c not in ids(m.zones["trick"]))


def test_he_pass_2_no_pass_asks_nothing_before_the_lead():
    m = match(HANDS, 0)
    assert m.pending.player.seat == 3 and all(len(p.zones["hand"].items) == 13 - (p.seat == 2) for p in m.players)


def test_he_lead_1_the_2_of_clubs_is_led_and_nothing_else():
    """HE-LEAD-1: Ben holds four clubs but must lead the 2 (his only option, played without asking)."""
    m = match(HANDS)
    assert ids(m.zones["trick"]) == ["c2"] and m.zones["trick"].items[0].by is m.players[1]


def test_he_lead_1_with_can_lead_any_club_any_club():
    m = match(HANDS, can_lead_any_club=True)
    assert m.pending.player.seat == 2 and options(m) == labels("c2", "c7", "c8", "c9")


def test_he_follow_1_a_player_holding_the_suit_led_must_follow():
    """HE-FOLLOW-1: Cleo holds four clubs: only they; Dev holds one club: played without asking."""
    m = match(HANDS)
    assert options(m) == labels("c10", "cj", "cq", "ck")
    m.choose(label("ck"))
    assert ids(m.zones["trick"]) == ["c2", "ck", "ca"] and m.pending.player.seat == 1
    assert options(m) == labels("c3", "c4", "c5", "c6")


def test_he_follow_1_and_first_1_a_void_player_discards_but_no_points_on_the_first_trick():
    """HE-FOLLOW-1, HE-FIRST-1: Dev, with no club (his ace traded for Ann's 2 of diamonds), may play any card but a
    heart or the queen of spades on the first trick."""
    m = match(swap(HANDS, "ca", "d2"))
    m.choose(label("ck"))
    assert m.pending.player.seat == 4
    assert options(m) == labels("d2", "da", "sj", "sk", "sa")


def test_he_first_1_a_player_with_nothing_else_may_play_points():
    """HE-FIRST-1, the other side: Dev holds only hearts and the queen of spades (his other cards traded for Ann's,
    Ben's and Cleo's lowest hearts): all of them may be played."""
    hands = swap(swap(swap(swap(swap(HANDS, "ca", "h2"), "da", "h3"), "sj", "h4"), "sk", "h5"), "sa", "h6")
    dev = hands[3]
    assert all(c[0] == "h" or c == "sq" for c in dev)
    m = match(hands)
    m.choose(options(m)[0])
    assert m.pending.player.seat == 4 and options(m) == labels(*dev)


def test_he_first_1_off_points_may_be_played_on_the_first_trick():
    m = match(swap(HANDS, "ca", "d2"), no_pts_on_first_trick=False)
    m.choose(label("ck"))
    assert options(m) == labels(*[c for c in DEV if c != "ca"], "d2")


def test_he_trick_1_the_highest_of_the_suit_led_wins_not_a_higher_card_of_another_suit():
    """HE-TRICK-1: Cleo's king of clubs beats Ben's 2 and Ann's 3; Dev's ace of diamonds (no club) does not:
    Cleo wins and leads; with Dev's ace of clubs in the trick, Dev wins and leads."""
    m = match(swap(HANDS, "ca", "d2"))
    play(m, "ck", "da", "c3")
    assert ids(m.players[2].zones["taken"]) == ["c2", "ck", "da", "c3"] and m.pending.player.seat == 3
    m = match(HANDS)
    play(m, "ck", "ca", "c3")
    assert ids(m.players[3].zones["taken"]) == ["c2", "ck", "ca", "c3"] and m.pending.player.seat == 4


def test_he_break_1_hearts_are_not_led_before_they_are_broken():
    """HE-BREAK-1: Dev wins the first trick and leads: any card but a heart."""
    m = match(HANDS)
    play(m, "ck", "ca", "c3")
    assert options(m) == labels("da", "sj", "sq", "sk", "sa")


def test_he_break_1_a_leader_with_only_hearts_may_lead_them():
    """HE-BREAK-1, the other side: Dev, holding the ace of clubs and twelve hearts, wins the first trick and may
    lead any heart."""
    hands = swap(swap(swap(swap(HANDS, "da", "h2"), "sj", "h3"), "sq", "h4"), "sk", "h5")
    hands = swap(hands, "sa", "h6")
    m = match(hands)
    play(m, "ck", "ca", "c3")
    assert m.pending.player.seat == 4 and options(m) == labels(*[c for c in hands[3] if c != "ca"])


def test_he_break_1_with_must_break_hearts_off_hearts_may_be_led():
    m = match(HANDS, must_break_hearts=False)
    play(m, "ck", "ca", "c3")
    assert options(m) == labels(*[c for c in DEV if c != "ca"])


@pytest.mark.parametrize("qs_breaks", [True, False])
def test_he_break_2_a_heart_or_the_queen_of_spades_breaks_hearts(qs_breaks):
    """HE-BREAK-2: after Dev leads the queen of spades hearts are broken (unless qs_breaks_hearts is off);
    a heart discarded breaks them: then Dev may lead one."""
    m = match(HANDS, qs_breaks_hearts=qs_breaks)
    play(m, "ck", "ca", "c3")
    assert m.vars["broken"] is False
    play(m, "sq")
    assert m.vars["broken"] is qs_breaks
    play(m, "s2", "s5", "s8")  # Dev's queen wins; he leads
    assert m.pending.player.seat == 4 and (label("ha") in options(m)) is qs_breaks


def test_he_break_2_a_heart_discarded_breaks_hearts():
    """Ann, with no spade (hers traded for Dev's hearts), discards a heart on Dev's ace of spades: hearts
    are broken, and Dev may lead one next."""
    hands = swap(swap(swap(HANDS, "s2", "h8"), "s3", "h9"), "s4", "h10")
    m = match(hands)
    play(m, "ck", "ca", "c3", "sa")
    assert m.pending.player.seat == 1 and m.vars["broken"] is False
    play(m, "h8")
    assert m.vars["broken"] is True
    play(m, "s5", "s8")
    assert m.pending.player.seat == 4 and label("ha") in options(m)


# Dev can take every heart and the queen of spades: the ace of clubs, the top diamonds and spades, six hearts;
# Cleo holds the ace of hearts.
MOON = [ANN, BEN,
        ["c10", "cj", "cq", "ck", "d10", "dj", "dq", "s8", "s9", "s10", "h6", "h7", "ha"],
        ["ca", "da", "dk", "sa", "sk", "sq", "sj", "hk", "hq", "hj", "h10", "h9", "h8"]]
DEV_LEADS = ["ca", "da", "dk", "sa", "sk", "sq", "sj", "hk", "hq", "hj", "h10", "h9", "h8"]


def test_he_score_1_a_heart_is_a_point_the_queen_of_spades_13_and_he_end_1_after_13_tricks():
    """HE-SCORE-1, HE-END-1: after each trick its winner's points grow by its hearts and 13 for the queen of
    spades; the game is not over after the 12th trick, and is after the 13th."""
    cards = [f"{s}{r}" for r in RANKS for s in "cdhs"]
    random.Random(5).shuffle(cards)
    m = match([cards[k::4] for k in range(4)])
    tricks = 0
    while True:
        before = {p.seat: (p.counters["points"], ids(p.zones["taken"])) for p in m.players}
        m.choose(m.pending.labels()[len(m.pending.labels()) // 2])
        if m.over:
            break
        taken = sum(len(p.zones["taken"].items) for p in m.players)
        assert sum(p.counters["tricks"] for p in m.players) <= 12  # not over: a trick is still to be played
        if taken > sum(len(b[1]) for b in before.values()):  # a trick was won (or two, forced cards and all)
            tricks += 1
            for p in m.players:
                won = [c for c in ids(p.zones["taken"]) if c not in before[p.seat][1]]
                assert p.counters["points"] - before[p.seat][0] == \
                    sum(1 if c[0] == "h" else 13 if c == "sq" else 0 for c in won)
    assert tricks >= 10 and sum(p.counters["tricks"] for p in m.players) == 13
    assert "thirteen tricks" in m.result.reason
    points = sorted(p.counters["points"] for p in m.players)
    assert sum(points) == 26 and points != [0, 0, 0, 26]  # no moon here (HE-MOON-1 has one)


def test_he_score_1_with_jd_bonus_the_jack_of_diamonds_is_minus_10():
    m = match(HANDS, jd_bonus=True)
    run(m, {})
    holder = next(p for p in m.players if "dj" in ids(p.zones["taken"]))
    hearts = sum(1 for c in ids(holder.zones["taken"]) if c[0] == "h") + 13 * ("sq" in ids(holder.zones["taken"]))
    assert holder.counters["points"] in (hearts - 10, hearts - 10 - 26, hearts - 10 + 26)
    assert m.result.parts[holder.seat]["jack of diamonds"] == 10  # the result shows the -10 points as +10


def test_he_moon_1_all_hearts_and_the_queen_shoot_the_moon():
    """HE-MOON-1, HE-SCORE-2: Cleo throws her ace of hearts on Dev's last spade; Dev takes all 26 points: he
    ends with 0 and scores 26, each other player 26 points and scores 0."""
    m = match(MOON)
    run(m, {4: DEV_LEADS, 3: ["ha"]})
    assert [p.counters["tricks"] for p in m.players] == [0, 0, 0, 13]
    assert [p.counters["points"] for p in m.players] == [26, 26, 26, 0]
    assert m.result.scores == {1: 0, 2: 0, 3: 0, 4: 26} and m.result.winners == [4]
    # the result's parts: Dev took 13 hearts and the queen (-13 - 13), the moon gave them back (+26); the others
    # took nothing and were given 26 each by the moon
    assert m.result.parts[4] == {"the 26 points": 26, "hearts": -13, "queen of spades": -13, "jack of diamonds": 0,
                                 "the moon and no-trick bonus": 26}
    assert m.result.parts[1] == {"the 26 points": 26, "hearts": 0, "queen of spades": 0, "jack of diamonds": 0,
                                 "the moon and no-trick bonus": -26}


def test_he_moon_1_the_other_side_one_heart_short_is_no_moon():
    """HE-MOON-1, the other side: Cleo keeps her ace of hearts and wins Dev's king with it: Dev takes less than
    26 points and nobody shoots the moon: the points stand, 26 in all, and each scores 26 minus them."""
    m = match(MOON)
    run(m, {4: DEV_LEADS, 3: ["c10", "cj", "cq", "s8", "s9", "s10", "d10", "dj", "dq", "ha"]})
    points = [p.counters["points"] for p in m.players]
    assert 0 < points[2] and points[3] < 26 and sum(points) == 26
    assert m.result.scores == {s: 26 - points[s - 1] for s in range(1, 5)}


def test_he_score_2_the_fewest_points_win_ties_share():
    m = match(HANDS)
    run(m, {})
    points = {p.seat: p.counters["points"] for p in m.players}
    assert m.result.scores == {s: 26 - points[s] for s in points}
    fewest = min(points.values())
    assert sorted(m.result.winners) == sorted(s for s in points if points[s] == fewest)
