"""Bridge, one board by the printed rules of duplicate contract bridge: scenario tests of each rule.

The rules, with the IDs the tests name (seat 1 is North, then East, South, West clockwise; North and South are
partners, and East and West):
BR-DEAL-1  the board's dealer (an option, North by default) deals the 52 cards one at a time clockwise from
           the left, 13 each.
BR-CALL-1  the auction begins with the dealer and goes clockwise; each call is a pass, a bid or (BR-CALL-2) a
           double or redouble; a bid names a level, 1 to 7, and a denomination, in the order clubs,
           diamonds, hearts, spades, notrump, and must be higher than the last bid: more tricks, or as many in a
           higher denomination.
BR-CALL-2  a player may double the last bid if an opponent made it and it stands undoubled, and redouble it if
           the player's side made it and an opponent doubled it; a new bid cancels both.
BR-CALL-3  three passes in a row after a bid end the auction, the last bid being the contract; four passes at
           the start pass the board out, and nobody scores.
BR-CALL-4  the declarer is the player of the contract's side who first named its denomination; the
           declarer's partner is the dummy.
BR-PLAY-1  the player on the declarer's left leads; the dummy's hand is then laid face up on the table, seen
           by all, and the declarer plays its cards in turn.
BR-PLAY-2  each player follows the suit led if able, else plays any card.
BR-PLAY-3  the highest trump wins the trick; without one (or in notrump), the highest card of the suit led.
BR-PLAY-4  the winner of a trick leads the next; after 13 tricks the board is scored.
BR-SCORE-1 a contract made scores its tricks bid (20 each in clubs and diamonds, 30 in hearts and spades,
           40 for the first in notrump and 30 after), times 2 doubled and 4 redoubled; 300 for a game (100 or
           more; 500 vulnerable), else 50; 500 more for a small slam (750 vulnerable), 1000 for a grand slam
           (1500); 50 for making it doubled, 100 redoubled; overtricks at the tricks' value undoubled, or 100
           each doubled (200 vulnerable), twice that redoubled.
BR-SCORE-2 a contract failed scores the defenders 50 a trick short (100 vulnerable); doubled, 100 for the
           first, 200 for the second and the third and 300 for each after (vulnerable: 200, then 300 each);
           redoubled, twice that. Which sides are vulnerable is an option.

BR-SCORE-1 and BR-SCORE-2 are positions in content/bridge/tests/rules.yaml.
"""
from __future__ import annotations

from tests.classics.helpers import Stacked, ids, options
from tests.conftest import game as bundled

SEATS = ["north", "east", "south", "west"]
HANDS = {1: ["sa", "sk", "sq", "sj", "ha", "hk", "hq", "da", "dk", "dq", "ca", "ck", "cq"],
         2: ["s10", "s9", "s8", "hj", "h10", "h9", "dj", "d10", "d9", "cj", "c10", "c9", "c8"],
         3: ["s7", "s6", "s5", "s4", "h8", "h7", "h6", "d8", "d7", "d6", "c7", "c6", "c5"],
         4: ["s3", "s2", "h5", "h4", "h3", "h2", "d5", "d4", "d3", "d2", "c4", "c3", "c2"]}


def dealt(hands, dealer):
    """The deck, top first, that deals `hands` (by seat) one card at a time from the dealer's left."""
    return [hands[(dealer + j) % 4 + 1][j // 4] for j in range(52)]


def match(dealer="north", vulnerable="none", hands=HANDS):
    from interpreter import Match
    deck = dealt(hands, SEATS.index(dealer) + 1)
    return Match(bundled("bridge"), 4, 1, {"dealer": dealer, "vulnerable": vulnerable}, rng=Stacked(deck))


def held(m, seat, zone="hand"):
    return sorted(ids(m.players[seat - 1].zones[zone]))


def play(m, *moves):
    for move in moves:
        m.choose(move)


def test_BR_DEAL_1_one_card_at_a_time_from_the_dealers_left():
    top = dealt(HANDS, 2)[0]  # East deals: the top card goes to South
    m = match(dealer="east")
    assert top in held(m, 3)
    assert all(held(m, s) == sorted(h) for s, h in HANDS.items())
    assert m.pending.player.seat == 2  # BR-CALL-1: the dealer calls first


def test_BR_CALL_1_a_bid_must_be_higher_than_the_last():
    m = match()
    assert m.pending.player.seat == 1
    first = m.pending.labels()
    assert len(first) == 36 and first[:3] == ["pass", "1♣", "1♦"] and first[-1] == "7NT"
    assert "double" not in first and "redouble" not in first  # no bid to double yet
    play(m, "1♥")
    after = m.pending.labels()
    assert m.pending.player.seat == 2
    assert "1♥" not in after and "1♦" not in after and "1♠" in after and "1NT" in after
    assert len(after) == 2 + 32  # pass, double, and 1♠ to 7NT
    play(m, "1NT")
    assert "1NT" not in m.pending.labels() and "2♣" in m.pending.labels()


def test_BR_CALL_2_double_an_opponents_bid_redouble_ones_own():
    m = match()
    play(m, "1♥", "pass")
    assert "double" not in m.pending.labels()  # South may not double partner's bid
    play(m, "pass")
    assert "double" in m.pending.labels() and "redouble" not in m.pending.labels()  # West, an opponent
    play(m, "double")
    assert "redouble" in m.pending.labels() and "double" not in m.pending.labels()  # North, whose side bid
    play(m, "redouble")
    assert "double" not in m.pending.labels() and "redouble" not in m.pending.labels()  # East: all done
    assert m.vars["risk"] == 4
    play(m, "1♠")  # a new bid cancels the doubling
    assert m.vars["risk"] == 1 and "double" in m.pending.labels()


def test_BR_CALL_3_four_passes_pass_the_board_out():
    m = match()
    play(m, "pass", "pass", "pass")
    assert not m.over
    play(m, "pass")
    assert m.over and m.result.scores == {1: 0, 2: 0, 3: 0, 4: 0}
    assert all(m.result.outcome_of(s) == "draw" for s in range(1, 5))


def test_BR_CALL_3_three_passes_after_a_bid_end_the_auction():
    m = match()
    play(m, "pass", "1♣", "pass", "pass")
    assert m.vars["declarer"] is None and m.pending.player.seat == 1  # North, after two passes, may still call
    play(m, "pass")
    assert m.vars["bid"] == 1 and m.vars["declarer"].seat == 2  # 1♣ by East; South, on his left, leads
    assert m.pending.player.seat == 3 and "7♣" in m.pending.labels()


def test_BR_CALL_4_the_first_of_the_side_to_name_the_denomination_declares():
    m = match()
    play(m, "1♥", "pass", "2♥", "pass", "pass", "pass")
    assert m.vars["declarer"].seat == 1 and m.vars["dummy"].seat == 3  # North named hearts first
    assert m.pending.player.seat == 2  # BR-PLAY-1: East leads
    m = match()
    play(m, "1♣", "1♥", "2♥", "pass", "pass", "pass")
    assert m.vars["declarer"].seat == 3  # East named hearts first, but East is an opponent: South declares


def test_BR_PLAY_1_the_dummy_is_faced_after_the_lead_and_the_declarer_plays_it():
    m = match()
    play(m, "1♣", "pass", "pass", "pass")  # 1♣ by North: East leads, South is the dummy
    assert m.pending.player.seat == 2 and held(m, 3, "table") == []
    assert "cards" not in m.view(2)["players"][2]["zones"]["hand"]  # East does not see South's hand yet
    play(m, "J♥")
    assert held(m, 3) == [] and held(m, 3, "table") == sorted(HANDS[3])
    assert len(m.view(2)["players"][2]["zones"]["table"]["cards"]) == 13  # now every player sees it
    assert m.pending.player.seat == 1  # the declarer plays the dummy's card
    assert options(m) == ["6♥", "7♥", "8♥"]  # BR-PLAY-2: the dummy follows hearts


def test_BR_PLAY_2_BR_PLAY_3_BR_PLAY_4_follow_suit_trumps_win_the_winner_leads():
    m = match()
    play(m, "1♣", "pass", "pass", "pass", "J♥", "6♥")
    assert m.pending.player.seat == 4 and options(m) == ["2♥", "3♥", "4♥", "5♥"]
    play(m, "5♥")
    assert options(m) == ["A♥", "K♥", "Q♥"]
    play(m, "A♥")
    assert m.players[0].counters["tricks"] == 1 and m.pending.player.seat == 1  # North won and leads
    # West's last spade follows without asking (a single legal card is played at once)
    play(m, "A♠", "8♠", "4♠", "2♠", "K♠", "9♠", "5♠", "Q♠", "6♠")  # East's ♠10 too
    assert m.pending.player.seat == 4 and len(options(m)) == 10  # West has no spade: any of his ten cards
    play(m, "2♣")  # a club, the trump suit, beats the queen of spades
    assert m.players[0].counters["tricks"] == 3 and m.players[3].counters["tricks"] == 1
    assert m.pending.player.seat == 4  # West leads the next trick


def test_a_whole_board_is_scored_for_the_declaring_side():
    m = match(vulnerable="both")
    play(m, "pass", "pass", "pass", "7NT", "pass", "pass")  # 7NT by West, vulnerable (East can only pass)
    while not m.over:
        m.choose(0)
    taken = m.players[1].counters["tricks"] + m.players[3].counters["tricks"]
    assert taken < 13  # North's top cards take tricks: down 13 - taken, 100 a trick vulnerable
    assert m.result.scores[1] == 100 * (13 - taken) and m.result.scores[2] == 0
    assert m.result.outcome_of(1) == "won" and m.result.outcome_of(3) == "won"
