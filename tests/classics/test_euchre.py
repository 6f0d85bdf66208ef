"""Euchre by the printed North American rules, and OpenSpiel's `euchre` as the option `rules=openspiel`:
scenario tests of each rule.

The rules, with the IDs the tests name (seats 1 and 3 are partners, and 2 and 4):
EU-DEAL-1  the first dealer is drawn at random; the deal passes to the left after each hand.
EU-DEAL-2  the dealer deals five cards each from the left, in packets of three, two, three, two, then two,
           three, two, three, and turns up the next card.
EU-MAKE-1  from the dealer's left each player in turn passes or orders the turned card up (the dealer: picks it
           up): its suit is trumps, and the dealer takes it and discards one of the other cards.
EU-MAKE-2  when all four pass, the card is turned down and each in turn passes or names another suit trumps.
EU-MAKE-3  when all pass again the hand is thrown in and the next dealer deals.
EU-ALONE-1 the player who made trumps may go alone: the partner sits the hand out.
EU-BOWER-1 in trumps the jack (right bower) is highest, then the jack of the other suit of its colour (left
           bower), a trump for every purpose and no card of its printed suit, then ace, king, queen, 10, 9.
EU-TRICK-1 each player follows the suit led if able, else plays any card.
EU-TRICK-2 the highest trump wins the trick; without one, the highest card of the suit led.
EU-TRICK-3 the player on the dealer's left leads the first trick (the next, if that one sits out); the winner of
           a trick leads the next.
EU-SCORE-1 the makers score 1 point for three or four tricks and 2 for all five, 4 when going alone; taking
           fewer than three they are euchred and the defenders score 2.
EU-END-1   the first partnership to 10 points wins.
EU-OS-1    with rules=openspiel (OpenSpiel's euchre): one hand; when the other three pass twice the dealer must
           name trumps; each player scores the hand's points for its side, the losing side the same less.

EU-SCORE-1 and EU-END-1 are positions in content/euchre/tests/rules.yaml.
"""
from __future__ import annotations

from tests.classics.helpers import Stacked, ids, options
from tests.conftest import game as bundled

# Ann deals (a pick of 0); the hearts ace is turned up. The kitty: the aces of clubs and diamonds, the spade jack.
HANDS = {2: ["d9", "d10", "hj", "s10", "sq"], 3: ["dj", "h9", "cq", "ck", "sk"],
         4: ["hk", "hq", "dq", "dk", "cj"], 1: ["h10", "c9", "c10", "s9", "sa"]}
UPCARD = "ha"


def dealt(hands, upcard):
    """The deck, top first, that deals `hands` (by seat) from the left of the dealer at seat 1 in packets."""
    out, got = [], {s: 0 for s in hands}
    for packets in ([3, 2, 3, 2], [2, 3, 2, 3]):
        for seat, n in zip((2, 3, 4, 1), packets, strict=True):
            out += hands[seat][got[seat]:got[seat] + n]
            got[seat] += n
    return out + [upcard]


def match(rules="printed", hands=HANDS, upcard=UPCARD):
    from interpreter import Match
    return Match(bundled("euchre"), 4, 1, {"rules": rules}, rng=Stacked(dealt(hands, upcard), pick=0))


def hand(m, seat):
    return sorted(ids(m.players[seat - 1].zones["hand"]))


def play(m, *moves):
    for move in moves:
        m.choose(move)


def test_EU_DEAL_2_five_cards_each_in_threes_and_twos_and_a_card_turned_up():
    m = match()
    assert all(hand(m, s) == sorted(h) for s, h in HANDS.items())
    assert ids(m.zones["upcard"]) == ["ha"] and len(m.zones["deck"].items) == 3


def test_EU_MAKE_1_ordered_up_the_dealer_takes_the_card_and_discards_another():
    m = match()
    assert m.pending.player.seat == 2 and options(m) == ["order up", "pass"]
    play(m, "order up")
    assert m.pending.player.seat == 1  # the dealer discards, never the card taken up
    assert options(m) == ["10♣", "10♥", "9♠", "9♣", "A♠"]
    play(m, "9♠")
    assert hand(m, 1) == ["c10", "c9", "h10", "ha", "sa"] and ids(m.players[0].zones["discard"]) == ["s9"]
    assert m.pending.player.seat == 2 and options(m) == ["go alone", "play with partner"]


def test_EU_MAKE_2_EU_MAKE_3_all_pass_twice_and_the_hand_is_thrown_in():
    m = match()
    play(m, "pass", "pass", "pass")
    assert options(m) == ["pass", "pick up"]  # the dealer picks up
    play(m, "pass")
    assert m.zones["upcard"].items == [] and m.pending.player.seat == 2
    assert options(m) == ["clubs", "diamonds", "pass", "spades"]  # not the suit turned down
    play(m, "pass", "pass", "pass", "pass")
    # EU-DEAL-1: thrown in, the deal passes to Ben; Cleo bids first
    assert not m.over and m.round == 2 and m.pending.player.seat == 3
    assert m.counters["north_south"] == m.counters["east_west"] == 0


def test_EU_OS_1_openspiel_sticks_the_dealer():
    m = match(rules="openspiel")
    play(m, "pass", "pass", "pass", "pass", "pass", "pass", "pass")
    assert m.pending.player.seat == 1 and options(m) == ["clubs", "diamonds", "spades"]


def test_EU_BOWER_1_EU_TRICK_1_EU_TRICK_2_the_left_bower_is_a_trump_and_no_diamond():
    m = match()
    play(m, "order up", "9♠", "play with partner")  # hearts are trumps: the jack of diamonds is the left bower
    assert m.pending.player.seat == 2  # EU-TRICK-3: the dealer's left leads
    play(m, "9♦")
    # Cleo's only diamond-faced card is a trump: she has no diamond to follow with and may play anything
    assert m.pending.player.seat == 3 and len(options(m)) == 5
    play(m, "J♦")
    assert options(m) == ["K♦", "Q♦"]  # Dev follows the diamonds
    play(m, "K♦")
    play(m, "A♥")  # Ann, with no diamond, trumps with the ace
    assert m.players[2].counters["tricks"] == 1  # the left bower beats the ace of trumps
    assert m.pending.player.seat == 3  # the winner leads
    play(m, "9♥")
    assert options(m) == ["K♥", "Q♥"]
    play(m, "Q♥")  # Ann's 10 and Ben's right bower follow, one trump each, without asking
    assert m.players[1].counters["tricks"] == 1  # the right bower beats everything


def test_EU_ALONE_1_EU_TRICK_3_a_lone_makers_partner_sits_out_and_the_next_leads():
    m = match()
    play(m, "pass", "order up", "9♠", "go alone")  # Cleo makes hearts and goes alone: Ann, her partner, sits out
    assert m.pending.player.seat == 2  # Ben, the dealer's left, leads
    play(m, "9♦", "J♦", "K♦")  # Dev plays; Ann is skipped: three cards make the trick
    assert m.zones["trick"].items == [] and m.players[2].counters["tricks"] == 1
