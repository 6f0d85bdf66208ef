"""Hanabi by OpenSpiel's rules (its `hanabi`, the Hanabi Learning Environment's, default parameters): scenario
tests of each rule.

The rules, as HLE's hanabi_state.cc and hanabi_hand.cc state them, with the IDs the tests name:
HA-DEAL-1   each player is dealt 5 cards (4 with 4 or 5 players), the first seat's first; the first seat moves
            first, then each in seat order.
HA-DRAW-1   a player who played or discarded draws a card, while the deck has one, to the end of the hand:
            the cards after the one that left move down a slot (slot 1 is the oldest card).
HA-PLAY-1   a card played whose rank is one more than its colour's firework is added to that firework.
HA-PLAY-2   any other card played is discarded and a fuse burns (HLE's life token).
HA-PLAY-3   a card that completes a firework (its 5) gives back an information token, if fewer than 8 are left.
HA-DISCARD-1 a discard gives back an information token; a player may not discard with all 8 tokens left.
HA-HINT-1   a hint costs an information token; none may be given with no token left.
HA-HINT-2   a hint tells another player which of their cards have a colour (or a rank), and so which do not:
            the receiver's knowledge of each slot (HLE's card knowledge) is kept with the slot.
HA-HINT-3   a hint must name a colour or rank the receiver holds.
HA-END-1    the game ends when the third fuse burns; the score is then 0.
HA-END-2    the game ends when the fireworks are complete (25 points).
HA-END-3    once the last card is drawn each player, from the next one, has one more turn; then the game ends.
HA-SCORE-1  the score, the same for every player, is the number of cards in the fireworks (0 with no fuse).
"""
from __future__ import annotations

import pytest

from interpreter import Match
from tests.classics.helpers import Stacked
from tests.conftest import game as bundled

COLOURS = ["red", "yellow", "green", "white", "blue"]


ANN = ["red_1", "yellow_2", "green_5", "white_3", "blue_1"]
BEN = ["red_2", "red_3", "white_1", "blue_4", "yellow_1"]


def new(ann=ANN, ben=BEN, rest=(), players=2):
    return Match(bundled("hanabi"), players, 1, rng=Stacked([*ann, *ben, *rest]), narrate=False)


def hand(m, seat):
    return [p.card.id for p in m.players[seat - 1].zones["hand"].items]


def ids(m, zone):
    return [p.card.id for p in m.zones[zone].items]


def options(m):
    return m.pending.labels()


def put(m, zone, cards):
    """Moves cards from the deck to a zone of the table (a position built for a test)."""
    for cid in cards:
        piece = next(p for p in m.zones["deck"].items if p.card.id == cid)
        m.zones["deck"].items.remove(piece)
        m.zones[zone].items.append(piece)
        piece.zone = m.zones[zone]


def leave_in_deck(m, n):
    """Takes all but the deck's bottom `n` cards out of play (the top is drawn next)."""
    deck, box = m.zones["deck"], m.zones["box"]
    for piece in deck.items[n:]:
        piece.zone = box
        box.items.append(piece)
    del deck.items[n:]


def test_ha_deal_1_five_cards_each_the_first_seat_first_and_it_moves_first():
    """HA-DEAL-1: Ann (seat 1) gets the first five cards, Ben the next five, in that order; 40 are left and Ann
    is asked first."""
    m = new()
    assert hand(m, 1) == ANN and hand(m, 2) == BEN
    assert len(m.zones["deck"].items) == 50 - 10
    assert m.pending.player.seat == 1
    assert m.counters["info"] == 8 and m.counters["fuses"] == 3


def test_ha_deal_1_four_cards_each_with_four_players():
    """HA-DEAL-1: with four players each is dealt 4 cards (HLE's default hand size)."""
    m = Match(bundled("hanabi"), 4, 1, narrate=False)
    assert [len(p.zones["hand"].items) for p in m.players] == [4, 4, 4, 4]


def test_ha_play_1_and_draw_1_a_card_that_fits_joins_its_firework_and_the_new_card_goes_last():
    """HA-PLAY-1, HA-DRAW-1: Ann plays her red 1 (slot 1) on an empty red firework: it fits; her other cards
    move down a slot and the card drawn (green 1) is her slot 5; no fuse burns, no token moves."""
    m = new(rest=["green_1"])
    m.choose("play card 1")
    assert ids(m, "fireworks") == ["red_1"]
    assert hand(m, 1) == ["yellow_2", "green_5", "white_3", "blue_1", "green_1"]
    assert m.counters["fuses"] == 3 and m.counters["info"] == 8
    assert m.pending.player.seat == 2


def test_ha_play_2_a_card_that_does_not_fit_burns_a_fuse():
    """HA-PLAY-2: Ann's yellow 2 on an empty yellow firework does not fit: discarded, one fuse burns (2 left);
    then Ben's red 2 on a red firework at 1 fits, his red 3 after it too."""
    m = new()
    m.choose("play card 2")
    assert ids(m, "discard") == ["yellow_2"] and ids(m, "fireworks") == []
    assert m.counters["fuses"] == 2 and not m.over
    m.choose("play card 5")  # Ben's yellow 1
    m.choose("play card 1")  # Ann's red 1
    m.choose("play card 1")  # Ben's red 2
    m.choose("tell Ben the red cards")
    m.choose("play card 1")  # Ben's red 3
    assert ids(m, "fireworks") == ["yellow_1", "red_1", "red_2", "red_3"] and m.counters["fuses"] == 2


@pytest.mark.parametrize("before, after", [(7, 8), (8, 8), (0, 1)])
def test_ha_play_3_a_completed_firework_gives_back_a_token_up_to_eight(before, after):
    """HA-PLAY-3: Ann completes the green firework with her green 5: one token back, none above 8."""
    m = new()
    put(m, "fireworks", ["green_1", "green_2", "green_3", "green_4"])
    m.counters["info"] = before
    m.choose("play card 3")
    assert ids(m, "fireworks")[-1] == "green_5"
    assert m.counters["info"] == after


def test_ha_play_3_a_five_that_does_not_complete_burns_a_fuse_and_gives_nothing():
    """HA-PLAY-3 (the other side): a 5 played on a firework at 3 is a wrong play: no token back."""
    m = new()
    put(m, "fireworks", ["green_1", "green_2", "green_3"])
    m.counters["info"] = 5
    m.choose("play card 3")
    assert m.counters["info"] == 5 and m.counters["fuses"] == 2


def test_ha_discard_1_a_discard_gives_back_a_token_and_is_not_offered_at_eight():
    """HA-DISCARD-1: with 8 tokens Ann may not discard; after her hint (7 left) Ben may, and his discard brings
    the count back to 8, when Ann may not discard again."""
    m = new()
    assert not any(o.startswith("discard") for o in options(m))
    m.choose("tell Ben the red cards")
    assert m.counters["info"] == 7
    assert [o for o in options(m) if o.startswith("discard")] == [f"discard card {k}" for k in range(1, 6)]
    m.choose("discard card 4")
    assert m.counters["info"] == 8 and ids(m, "discard") == ["blue_4"]
    assert not any(o.startswith("discard") for o in options(m))


def test_ha_hint_1_a_hint_costs_a_token_and_none_is_offered_at_zero():
    """HA-HINT-1: with 1 token left, Ann may hint (and is left with 0); Ben may then not hint, only play or
    discard."""
    m = new()
    m.choose("tell Ben the red cards")
    m.choose("discard card 4")
    m.counters["info"] = 1
    m.choose("play card 1")  # Ann's red 1: the token count is read at the next question
    assert any(o.startswith("tell") for o in options(m))
    m.choose("tell Ann the 2s")
    assert m.counters["info"] == 0
    assert not any(o.startswith("tell") for o in options(m))
    assert all(o.startswith(("play", "discard")) for o in options(m))


def test_ha_hint_2_the_receiver_learns_which_slots_have_the_colour_and_which_not():
    """HA-HINT-2: Ann tells Ben his red cards (slots 1 and 2): they are told red; the others may be anything
    but red. Told his 1s then, slot 3 (white 1) and 5 (yellow 1) are told 1; slot 4 may be 2 to 5."""
    m = new()
    m.choose("tell Ben the red cards")
    ben = m.players[1].vars
    assert ben["told_colour"] == ["red", "red", "", "", ""]
    assert ben["maybe_colours"][0] == ["red"] and ben["maybe_colours"][3] == ["yellow", "green", "white", "blue"]
    m.choose("discard card 4")  # Ben's blue 4 goes, his yellow 1 moves down to slot 4, a card comes to slot 5
    assert ben is m.players[1].vars and m.players[1].vars["told_colour"][:4] == ["red", "red", "", ""]
    m.choose("tell Ben the 1s")
    ben = m.players[1].vars
    assert ben["told_rank"] == [0, 0, 1, 1, 0]
    assert ben["maybe_ranks"][0] == [2, 3, 4, 5] and ben["maybe_ranks"][2] == [1]


def test_ha_hint_2_a_slot_told_keeps_what_it_was_told_when_the_slots_before_it_leave():
    """HA-HINT-2, HA-DRAW-1: Ben's yellow 1 (slot 5) is told 1; after Ben plays slot 1 it is slot 4, still
    told 1, and the new card in slot 5 is told nothing."""
    m = new()
    m.choose("tell Ben the yellow cards")
    m.choose("play card 1")  # Ben's red 2 on an empty red firework: a fuse
    v = m.players[1].vars
    assert v["told_colour"] == ["", "", "", "yellow", ""]
    assert v["maybe_colours"][4] == COLOURS


def test_ha_hint_3_only_a_colour_or_a_rank_the_receiver_holds():
    """HA-HINT-3: Ben holds red, white, blue and yellow cards of ranks 1 to 4: Ann may tell him those, not
    green nor 5."""
    m = new()
    hints = {o for o in options(m) if o.startswith("tell")}
    assert hints == {"tell Ben the red cards", "tell Ben the white cards", "tell Ben the blue cards",
                     "tell Ben the yellow cards", "tell Ben the 1s", "tell Ben the 2s", "tell Ben the 3s",
                     "tell Ben the 4s"}


def test_ha_end_1_the_third_fuse_ends_the_game_with_no_score():
    """HA-END-1, HA-SCORE-1: with one red firework card played, two wrong plays leave one fuse and the game
    goes on; the third ends it, and the score is 0 for both."""
    m = new(ann=["red_1", "yellow_2", "green_5", "white_3", "blue_4"], ben=["red_4", "red_3", "white_2",
                                                                            "blue_4", "yellow_3"])
    m.choose("play card 1")   # Ann's red 1 fits
    m.choose("play card 1")   # Ben's red 4: a fuse
    m.choose("play card 1")   # Ann's yellow 2: a fuse
    assert not m.over and m.counters["fuses"] == 1
    m.choose("play card 1")   # Ben's red 3: the third fuse
    assert m.over and m.result.reason == "the third fuse burnt" and m.result.outcome == "lost"
    assert m.result.scores == {1: 0, 2: 0}
    # the red 1 stands in the fireworks; the last fuse takes it away
    assert m.result.parts[2] == {"red": 1, "yellow": 0, "green": 0, "white": 0, "blue": 0, "no fuse left": -1,
                                 "the bots' look in play": 0}


def test_ha_end_2_the_twenty_fifth_card_ends_the_game_the_twenty_fourth_does_not():
    """HA-END-2, HA-SCORE-1: with 23 cards played and Ann's green 5 and Ben's blue 5 the last two, Ann's play
    leaves 24 (the game goes on) and Ben's makes 25: the game ends, won, 25 each."""
    m = new(ann=["red_1", "yellow_2", "green_5", "white_3", "blue_1"],
            ben=["red_2", "blue_5", "white_1", "blue_4", "yellow_1"])
    played = [f"{c}_{r}" for c in COLOURS for r in range(1, 6) if f"{c}_{r}" not in ("green_5", "blue_5")]
    put(m, "fireworks", played)
    m.choose("play card 3")
    assert not m.over and len(m.zones["fireworks"].items) == 24
    m.choose("play card 2")
    assert m.over and m.result.reason == "the fireworks are complete" and m.result.outcome == "won"
    assert m.result.scores == {1: 25, 2: 25}
    assert m.result.parts[1] == {**{c: 5 for c in COLOURS}, "no fuse left": 0, "the bots' look in play": 0}


def test_ha_end_3_one_more_turn_each_after_the_last_card_is_drawn():
    """HA-END-3: Ann draws the last card; Ben has one more turn, then Ann one more (the game goes on after
    Ben's), then the game ends; the score is the fireworks' size (HA-SCORE-1)."""
    m = new()
    deck = m.zones["deck"]
    leave_in_deck(m, 1)
    m.choose("tell Ben the red cards")
    m.choose("discard card 3")        # Ben draws the last card
    assert len(deck.items) == 0 and not m.over
    m.choose("play card 1")           # Ann: red 1 fits
    assert not m.over
    m.choose("play card 1")           # Ben: red 2 fits
    assert m.over and m.result.reason == "the deck ran out a round ago"
    assert m.result.scores == {1: 2, 2: 2}
    assert len(m.players[1].zones["hand"].items) == 4 and len(m.players[0].zones["hand"].items) == 4


def test_ha_end_3_no_end_while_the_deck_has_a_card():
    """HA-END-3 (the other side): with two cards in the deck, Ann draws one (the game goes on with one card
    left, turn after turn), Ben the last; then Ann and Ben have one more turn each, and the game is not over
    before the second of them."""
    m = new()
    leave_in_deck(m, 2)
    m.choose("tell Ben the red cards")
    m.choose("tell Ann the 2s")
    m.choose("discard card 3")        # Ann draws one: one left
    assert len(m.zones["deck"].items) == 1 and not m.over
    m.choose("discard card 3")        # Ben draws the last
    assert len(m.zones["deck"].items) == 0
    for _ in range(2):
        assert not m.over
        m.choose("tell Ben the 1s" if m.pending.player.seat == 1 else "tell Ann the 2s")
    assert m.over and m.result.scores == {1: 0, 2: 0}
