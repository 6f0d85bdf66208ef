"""Happy City: the printed account says each thing the rules make happen, so that a player can check the rules from
the account alone: every card bought, revealed, discarded or claimed, every coin an expert effect gives or takes,
every Stop-Zilla token taken or spent and every monster's move. Each test plays one rule and reads its line."""
from __future__ import annotations

from .helpers import INCOME, city, claim, coins, expert, line_index, make, market, phase, set_coins, stack


def test_hc_act_account_of_a_turn_reveal_discard_pass_and_claim():
    """HC-ACT-2, HC-ACT-3, HC-ACT-5, HC-ACT-8: a discard, each card revealed (and from which pile), the coin taken
    when nothing is bought, and a special claimed are each printed."""
    s = make(3)
    for seat in (1, 2, 3):
        market(s, seat)
    stack(s, s.zone("supply"), "zoo", "school", "bank")
    stack(s, s.zone("deck1"), "florist")
    s.call("discard_step", s.p(1), answers=["Zoo"])
    line_index(s, "Ann discards Zoo onto the discard pile of Pile III.")
    s.call("refill", s.p(1), answers=["Pile I"])
    line_index(s, "Ann reveals Florist from Pile I.")
    set_coins(s, 1, 0)
    s.call("action_step", s.p(1), answers=["Take 1 coin"])
    line_index(s, "Ann buys nothing and takes 1 coin.")
    city(s, 1, "school", "library")
    park = s.put("dinosaur_park", s.zone("specials"))
    s.call("claim", s.p(1), park)
    line_index(s, "Ann claims the special building Dinosaur Park.")


def test_hc_setup_account_first_player_specials_and_drafted_markets():
    """HC-SETUP-1, HC-SETUP-4, HC-EXP-2: the setup says who holds the first-player card, which specials are in the
    game, and which coloured Happy Market each player takes."""
    s = make(3, mode="expert", setup=True)
    first = s.match.first
    line_index(s, f"{first.name} takes the first-player card for the whole game.")
    line_index(s, "Special buildings: ")
    while s.match.pending is not None:
        s.answer(0)
    assert sum(" Happy Market." in line and " takes the " in line for line in s.lines()) == 3


def test_hc_exp_account_of_immediate_effects():
    """HC-EXP-4: the coins of Lottery Shop, Concert Arena and Colosseum, the Sky Highway's free card and the card the
    Statue of Liberty discards are printed."""
    s = expert()
    city(s, 1, "igloo")
    set_coins(s, 1, 0)
    claim(s, 1, "lottery_shop")
    line_index(s, "Lottery Shop: Ann gains 3 coins.")
    s = expert()
    city(s, 1, "garage")
    claim(s, 1, "concert_arena")
    line_index(s, "Concert Arena: Ann gains 6 coins.")
    s = expert()
    claim(s, 1, "colosseum")
    line_index(s, "Colosseum: every player gains 1 coin.")
    s = expert()
    claim(s, 1, "sky_highway")
    line_index(s, "Sky Highway: Ann's next card is free.")
    zoo = s.put("zoo", s.zone("supply"))
    s.call("buy", s.p(1), zoo)
    line_index(s, "Ann buys Zoo for 0 coins (free: Sky Highway).")
    s = expert()
    city(s, 1, "school", "museum")
    claim(s, 1, "statue_of_liberty")
    line_index(s, "Statue of Liberty: Ann discards Museum; the Statue takes its place.")


def test_hc_exp_account_of_coins_taken_during_play():
    """HC-EXP-4: Castle's coin, Versailles Palace's coin, the Arcade's 2 coins and the Louvre's copied income."""
    s = expert()
    claim(s, 1, "castle")
    set_coins(s, 2, 4)
    s.call("buy", s.p(2), s.put("museum", s.zone("supply")))
    line_index(s, "Castle: Ben spent 4; Ann takes 1 coin.")
    s = expert()
    claim(s, 1, "versailles_palace")
    claim(s, 3, "arcade")
    s.p(3).vars["claimed"] = True
    set_coins(s, 2, 5)
    phase(s, INCOME)
    line_index(s, "Arcade: Cleo gains 2 coins.")
    line_index(s, "Versailles Palace: Ann takes 1 coin from Ben.")
    s = expert()
    city(s, 2, "garage")
    claim(s, 1, "louvre")
    phase(s, INCOME, answers=["Ben"])
    line_index(s, "Louvre: Ann also gains 3 coins, Ben's income.")


def test_hc_exp_account_of_the_sphinx_copy():
    """HC-EXP-4 (Sphinx): the copied special is printed."""
    s = expert()
    claim(s, 1, "sphinx")
    claim(s, 2, "parthenon")
    s.call("end_choices", answers=["Parthenon"])
    line_index(s, "Sphinx: Ann copies Parthenon.")


def test_gz_account_of_tokens_and_monsters():
    """GZ-TOK-1, GZ-TOK-3, GZ-TOK-4, GZ-MON-1, GZ-DES-1: a token taken, a token spent as coins, a token that sends a
    monster on, a monster attacking and standing in front of a city, and the pause before a destruction."""
    s = make(3, grozilla=True)
    for seat in (1, 2, 3):
        market(s, seat)
    s.put("stop_zilla_green", s.zone("token_supply"))
    city(s, 1, "house", "treehouse")
    set_coins(s, 1, 3)
    s.call("buy", s.p(1), s.put("igloo", s.zone("supply")))
    line_index(s, "Ann has 3 green cards and takes one green Stop-Zilla token.")
    set_coins(s, 1, 0)
    s.call("buy", s.p(1), s.put("school", s.zone("supply")))
    line_index(s, "Ann spends one green Stop-Zilla token as 2 coins; it goes back to the box.")
    s.put("stop_zilla_green", s.p(2).zones["tokens"])
    s.put("grozilla", s.zone("deck4"))
    s.call("reveal", s.p(2), "Pile IV")
    line_index(s, "Grozilla attacks Ben's city!")
    line_index(s, "Ben spends one green Stop-Zilla token: Grozilla moves on to Cleo.")
    line_index(s, "Grozilla (green) stands in front of Cleo's city.")
    s.put("kotzilla", s.zone("deck4"))
    s.call("reveal", s.p(3), "Pile IV")
    line_index(s, "Cleo has two monsters: the game pauses and Grozilla destroys a building.")
    assert coins(s, 1) == 0
