"""Kaiju Incorporated: the turn sequence (KI-TURN-1 .. KI-TURN-7) and the Building deck (KI-DECK-1)."""
from __future__ import annotations

import pytest

from .helpers import SOLVENT, income_bot, line_index, solvent, stack, tableau

DRAFT, TURN_END = 0, 1
ROW4 = ["tokyo_capsule_shelters", "moscow_samovar_smelter", "sydney_surf_club_drones", "london_tube_shelter"]
ROW_NAMES = ["Capsule Hotel Shelters", "Samovar Smelter", "Surf Club Drone Watch", "Blitz-Era Tube Shelter"]


def phase(s, k, answers=()):
    return s.run(s.game.phases[k].body, answers=answers)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ki_turn_1_row_of_players_plus_one(scenario, players):
    """KI-TURN-1: a turn starts by turning a row of (players + 1) Building-deck cards face up."""
    s = scenario("kaiju-inc", players, setup=True, seed=2)
    deck_before = s.ids(s.zone("building_deck"))
    d = phase(s, DRAFT)
    row = s.ids(s.zone("row"))
    assert len(row) == players + 1
    assert row == list(reversed(deck_before[-(players + 1):]))  # the top cards, in the order they were turned
    assert len(s.zone("building_deck").items) == len(deck_before) - players - 1
    assert d.player is s.match.first and len(d.labels()) == players + 1
    assert s.zone("sixth").items == []
    # the account shows the row as it is turned
    shown = s.lines()[line_index(s, "Row: ")]
    assert all(piece.card.name in shown for piece in s.zone("row").items)


def test_ki_turn_2_each_player_in_order_takes_one_card_then_acts(scenario):
    """KI-TURN-2: in turn order (clockwise from the start player) each player takes 1 card from the row, then
    builds it or takes income with it; the next player sees the smaller row."""
    s = scenario("kaiju-inc", 3)
    solvent(s)
    a, b, c = s.match.players
    s.match.first = b
    stack(s, s.zone("building_deck"), *ROW4)
    d = phase(s, DRAFT)
    assert d.player is b and d.labels() == ROW_NAMES
    d = s.answer("Capsule Hotel Shelters")
    assert s.ids(b.zones["chosen"]) == ["tokyo_capsule_shelters"]
    assert d.player is b and d.labels() == ["Build Capsule Hotel Shelters for 2¥",
                                            "Discard Capsule Hotel Shelters for construction income"]
    d = s.answer("Build")
    assert d.player is c and d.labels() == ROW_NAMES[1:]
    d = s.answer("Samovar Smelter", "Discard")
    assert d.player is a and d.labels() == ROW_NAMES[2:]
    assert s.answer("Surf Club Drone Watch", "Build") is None
    assert s.ids(b.zones["tableau"]) == [SOLVENT[1], "tokyo_capsule_shelters"]
    assert s.ids(c.zones["tableau"]) == [SOLVENT[2]]
    assert s.ids(a.zones["tableau"]) == [SOLVENT[0], "sydney_surf_club_drones"]
    assert s.ids(s.zone("building_discard")) == ["moscow_samovar_smelter"]
    assert s.ids(s.zone("row")) == ["london_tube_shelter"]
    assert all(p.zones["chosen"].items == [] for p in s.match.players)


def test_ki_turn_2_an_empty_row_gives_nothing_to_take(scenario):
    """KI-TURN-2: a player takes a card from the row; facing an empty row (only a deck and discard pile both
    exhausted could leave it so) she takes nothing, is asked nothing, and the account says so."""
    s = scenario("kaiju-inc", 3)
    solvent(s)
    a = s.p(1)
    assert s.call("take_turn", a) is None
    line_index(s, "The row is empty: Ann has no card to take.")
    assert a.zones["chosen"].items == [] and a.counters == {"money": 5, "research": 0, "kaiju": 0}
    assert s.zone("building_discard").items == []


def test_ki_turn_3_build_pays_the_cost_and_joins_the_tableau(scenario):
    """KI-TURN-3: building lowers the bank by the chosen card's cost; the Building joins the tableau."""
    s = scenario("kaiju-inc", 3)
    solvent(s)
    a = s.p(1)
    a.counters["money"] = 7
    stack(s, s.zone("row"), "sydney_opera_house_shelter", "tokyo_capsule_shelters")
    assert s.call("take_turn", a, answers=["Opera House", "Build Opera House Shelter Shells for 6¥"]) is None
    assert a.counters["money"] == 1
    assert s.ids(a.zones["tableau"]) == [SOLVENT[0], "sydney_opera_house_shelter"]
    assert s.ids(s.zone("row")) == ["tokyo_capsule_shelters"]
    assert s.zone("building_discard").items == []
    line_index(s, "Ann builds Opera House Shelter Shells (Sydney, construction) for 6¥.")
    # building gives no income: nothing else moved
    assert a.counters["research"] == 0 and a.counters["kaiju"] == 0


def test_ki_turn_3_exact_money_is_enough(scenario):
    """KI-TURN-3: a card costing exactly the bank can be built, leaving 0¥."""
    s = scenario("kaiju-inc", 3)
    solvent(s)
    a = s.p(1)
    a.counters["money"] = 9
    stack(s, s.zone("row"), "st_louis_mutagen_refinery", "london_tube_shelter")
    s.call("take_turn", a, answers=["Mississippi Mutagen Refinery", "Build"])
    assert a.counters["money"] == 0 and s.ids(a.zones["tableau"]) == [SOLVENT[0], "st_louis_mutagen_refinery"]


def test_ki_turn_4_special_action_pays_acts_and_is_discarded(scenario):
    """KI-TURN-4: a Special Action is paid, its effect is done, and it is discarded (it never joins the tableau)."""
    s = scenario("kaiju-inc", 3)
    solvent(s)
    a, b, c = s.match.players
    a.counters["money"] = 6
    a.counters["kaiju"] = 4
    stack(s, s.zone("row"), "kaiju_mind_control", "london_tube_shelter")
    d = s.call("take_turn", a, answers=["Kaiju Mind Control"])
    assert d.labels() == ["Play Kaiju Mind Control", "Discard Kaiju Mind Control for technology income"]
    assert s.answer("Play Kaiju Mind Control") is None
    assert a.counters["money"] == 2
    assert a.counters["kaiju"] == 0 and b.counters["kaiju"] == 1 and c.counters["kaiju"] == 1
    assert s.ids(s.zone("building_discard")) == ["kaiju_mind_control"]
    assert s.ids(a.zones["tableau"]) == [SOLVENT[0]] and a.zones["chosen"].items == []


def test_ki_turn_5_income_discards_the_chosen_card_and_pays_its_suit(scenario):
    """KI-TURN-5: taking income discards the chosen card; its suit (not another) triggers income."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    tableau(s, 1, "moscow_samovar_smelter", "tokyo_capsule_shelters")  # industrial 2¥ 1K, construction 2¥
    stack(s, s.zone("row"), "st_louis_mutagen_refinery", "london_tube_shelter")
    s.call("take_turn", a, answers=["Mississippi Mutagen Refinery", "Discard Mississippi Mutagen Refinery for industrial income"])
    assert s.ids(s.zone("building_discard")) == ["st_louis_mutagen_refinery"]
    assert a.counters == {"money": 7, "research": 0, "kaiju": 1}  # only the industrial Samovar Smelter paid
    assert s.ids(a.zones["tableau"]) == ["moscow_samovar_smelter", "tokyo_capsule_shelters"]
    line_index(s, "Ann discards Mississippi Mutagen Refinery for industrial income.")


def test_ki_turn_6_cannot_build_must_take_income_even_for_nothing(scenario):
    """KI-TURN-6: a player who cannot afford the chosen card is offered only the income option (it is taken at once,
    no pass exists), even when no building pays."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    a.counters["money"] = 3
    tableau(s, 1, "tokyo_capsule_shelters")  # construction only: industrial income yields nothing
    stack(s, s.zone("row"), "london_docklands_foundry", "st_louis_mutagen_refinery")
    d = s.call("take_turn", a, answers=["Docklands Mech Foundry"])
    assert d is None  # no menu was asked: the single option (income) was forced
    assert a.counters == {"money": 3, "research": 0, "kaiju": 0}
    assert s.ids(s.zone("building_discard")) == ["london_docklands_foundry"]
    assert a.zones["tableau"].items[0].card.id == "tokyo_capsule_shelters" and len(a.zones["tableau"].items) == 1
    line_index(s, "Ann discards Docklands Mech Foundry for industrial income.")


def test_ki_turn_6_the_menu_has_no_pass(scenario):
    """KI-TURN-6: with enough money the menu is build or income, never a pass."""
    s = scenario("kaiju-inc", 3)
    solvent(s)
    a = s.p(1)
    stack(s, s.zone("row"), "tokyo_capsule_shelters", "london_tube_shelter")
    d = s.call("take_turn", a, answers=["Capsule Hotel Shelters"])
    assert d.player is a
    assert d.labels() == ["Build Capsule Hotel Shelters for 2¥", "Discard Capsule Hotel Shelters for construction income"]


def test_ki_turn_6_unaffordable_action_forces_income(scenario):
    """KI-TURN-6: a Special Action the player cannot pay for is not offered; only income remains."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    a.counters["money"] = 8
    tableau(s, 1, "moscow_samovar_smelter")
    stack(s, s.zone("row"), "patent_lawsuit", "london_tube_shelter")
    assert s.call("take_turn", a, answers=["Patent Lawsuit"]) is None
    assert a.counters["money"] == 10 and a.zones["products"].items == []
    assert s.ids(s.zone("building_discard")) == ["patent_lawsuit"]


def test_ki_turn_7_turn_end_discards_rest_and_passes_start_player(scenario):
    """KI-TURN-7: after every player took a card, the remaining card is discarded, the start player passes
    clockwise and a new turn begins with a fresh row, the new start player choosing first."""
    s = scenario("kaiju-inc", 3)
    a, b, c = s.match.players
    s.match.first = c
    stack(s, s.zone("building_deck"), *ROW4, "rio_samba_school", "mumbai_gateway_bastion", "london_royal_society",
          "hong_kong_bamboo_scaffold")
    answers = ["Capsule", "Discard", "Samovar", "Discard", "Surf Club", "Discard"]
    assert phase(s, DRAFT, answers) is None
    assert s.ids(s.zone("row")) == ["london_tube_shelter"]
    assert phase(s, TURN_END) is None
    assert s.zone("row").items == []
    assert s.ids(s.zone("building_discard"))[-1] == "london_tube_shelter"
    assert len(s.zone("building_discard").items) == 4
    assert s.match.first is a  # clockwise from Cleo (seat 3) is Ann (seat 1)
    d = phase(s, DRAFT)
    assert d.player is a
    assert d.labels() == ["Samba School of Kaiju Studies", "Gateway of India Bastion", "Royal Society of Kaiju Sciences",
                          "Bamboo Scaffold Express"]


def test_ki_turn_7_start_player_goes_round_the_table(scenario):
    """KI-TURN-7: "The start player marker passes clockwise": over full rounds the start player, and the Start Player
    card with her, passes clockwise, seat after seat, and wraps around; the account says who holds it."""
    s = scenario("kaiju-inc", 3, setup=True, seed=4)
    starts = []
    for _ in range(4):
        starts.append(s.match.first.seat)
        income_bot(s, phase(s, DRAFT))
        income_bot(s, phase(s, TURN_END))
        assert s.zone("row").items == []
        holders = [p.seat for p in s.match.players if s.ids(p.zones["start_player"]) == ["start_player_card"]]
        assert holders == [s.match.first.seat]
        assert s.lines()[-1] == f"  The start player card passes to {s.match.first.name}."
    first = starts[0]
    assert starts == [(first - 1 + k) % 3 + 1 for k in range(4)]


def test_ki_deck_1_discard_pile_reshuffled_when_row_cannot_be_refilled(scenario):
    """KI-DECK-1: when the Building deck runs out while the row is refilled, the discard pile is shuffled into a
    new deck and the row is completed from it."""
    s = scenario("kaiju-inc", 3)
    stack(s, s.zone("building_deck"), "tokyo_capsule_shelters", "moscow_samovar_smelter")
    discard = ["sydney_surf_club_drones", "london_tube_shelter", "rio_samba_school", "mumbai_gateway_bastion",
               "london_royal_society"]
    stack(s, s.zone("building_discard"), *discard)
    d = phase(s, DRAFT)
    row = s.ids(s.zone("row"))
    assert len(row) == 4
    assert row[:2] == ["tokyo_capsule_shelters", "moscow_samovar_smelter"]  # the old deck first
    assert set(row[2:]) <= set(discard)
    assert s.zone("building_discard").items == []
    assert sorted(s.ids(s.zone("building_deck")) + row[2:]) == sorted(discard)
    assert len(s.zone("building_deck").items) == 3
    line_index(s, "The building discard pile is shuffled into a new deck.")
    assert d.labels()[0] == "Capsule Hotel Shelters"


def test_ki_deck_1_no_reshuffle_while_the_deck_suffices(scenario):
    """KI-DECK-1: the discard pile stays put as long as the deck can fill the row."""
    s = scenario("kaiju-inc", 3)
    stack(s, s.zone("building_deck"), *ROW4)
    stack(s, s.zone("building_discard"), "rio_samba_school")
    phase(s, DRAFT)
    assert s.ids(s.zone("row")) == ROW4
    assert s.ids(s.zone("building_discard")) == ["rio_samba_school"]
    assert s.zone("building_deck").items == []
    assert not any("shuffled" in line for line in s.lines())


def test_ki_deck_1_reshuffle_in_a_long_match(scenario):
    """KI-DECK-1: in a long bot-free match (everyone discards for income) the deck is rebuilt from the discard pile
    and every turn still gets a full row."""
    s = scenario("kaiju-inc", 5, setup=True, seed=9)
    for _ in range(12):  # 12 rows of 6 cards = 72 cards > 54 in the deck
        d = phase(s, DRAFT)
        assert len(s.zone("row").items) == 6
        income_bot(s, d)
        income_bot(s, phase(s, TURN_END))
    line_index(s, "The building discard pile is shuffled into a new deck.")
    total = (len(s.zone("building_deck").items) + len(s.zone("building_discard").items)
             + sum(len(p.zones["tableau"].items) for p in s.match.players))
    assert total == 54 + 15  # the deck's cards plus the 5 companies' start cards: none lost


def test_ki_deck_1_the_rebuilt_deck_is_shuffled(scenario):
    """KI-DECK-1: "reshuffle the discard pile": the first card drawn from the rebuilt deck is not always the same one
    (over 8 seeds), so the pile is shuffled, not just turned over."""
    firsts = set()
    for seed in range(8):
        s = scenario("kaiju-inc", 3, seed=seed)
        stack(s, s.zone("building_discard"), "sydney_surf_club_drones", "london_tube_shelter", "rio_samba_school",
              "mumbai_gateway_bastion", "london_royal_society")
        s.call("draw_building", s.zone("row"))
        firsts.add(s.ids(s.zone("row"))[0])
    assert len(firsts) >= 2
