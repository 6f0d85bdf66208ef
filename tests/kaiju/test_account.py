"""Kaiju Incorporated: the printed account says what happened, true when it is printed (KI-INC-2, KI-INC-1,
KI-TURN-7, KI-INC-8), so that a player can check the rules from the account alone."""
from __future__ import annotations

import pytest

from interpreter.runtime.state import own_fields

from .helpers import line_index, stack, tableau

TURN_END = 1


@pytest.mark.parametrize("money,after,line", [
    (6, 10, "Ann collects 4¥ 1R 2K from 2 industrial buildings."),
    (7, 11, "Ann collects 4¥ 1R 2K from 2 industrial buildings."),
    (8, 11, "Ann collects 4¥ 1R 2K from 2 industrial buildings; the bank stops at 11¥, so it gains only 3¥."),
    (11, 11, "Ann collects 4¥ 1R 2K from 2 industrial buildings; the bank stops at 11¥, so it gains only 0¥."),
])
def test_ki_inc_2_account_says_the_income_after_the_cap(scenario, money, after, line):
    """KI-INC-2: income above 11¥ is lost, and the account says how much was added (below, at and above the cap)."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    tableau(s, 1, "tokyo_tsukiji_processing", "moscow_samovar_smelter")  # YT industrial 2¥ 1R 1K + 2¥ 0R 1K
    a.counters["money"] = money
    s.call("income", a, "industrial")
    assert a.counters["money"] == after
    assert "  " + line in s.lines()


def test_ki_inc_1_account_says_an_active_players_empty_income(scenario):
    """KI-INC-1, KI-TURN-6: an active player with no Your Turn building of the suit takes nothing, and the account
    says so; a rival without a Rival's Turn building of the suit is not mentioned."""
    s = scenario("kaiju-inc", 3)
    a, b, c = s.match.players
    tableau(s, 1, "tokyo_odaiba_robot_plant")  # her own Rival's Turn industrial: not on her turn
    tableau(s, 2, "hong_kong_pearl_river_shipyard")  # RT industrial 2¥ 1R 1K
    s.call("income", a, "industrial")
    assert a.counters == {"money": 5, "research": 0, "kaiju": 0}
    line_index(s, "Ann has no industrial building that pays on their own turn: no income.")
    line_index(s, "Ben collects 2¥ 1R 1K from 1 industrial building.")
    assert not any(line.strip().startswith("Cleo") for line in s.lines())


def test_ki_turn_7_account_shows_banks_and_wheels_at_the_turn_end(scenario):
    """KI-TURN-7 (the account): at each turn's end, every player's bank and both wheels, clockwise from the start
    player, before the start player card passes."""
    s = scenario("kaiju-inc", 3)
    a, b, c = s.match.players
    s.match.first = b
    a.counters.update(money=3, research=4, kaiju=5)
    b.counters.update(money=11, research=0, kaiju=1)
    c.counters.update(money=0, research=2, kaiju=0)
    s.run(s.game.phases[TURN_END].body)
    lines = [line for line in s.lines() if "wheel" in line]
    assert lines == ["  Ben: bank 11¥, research wheel 0, kaiju wheel 1.",
                     "  Cleo: bank 0¥, research wheel 2, kaiju wheel 0.",
                     "  Ann: bank 3¥, research wheel 4, kaiju wheel 5."]
    assert s.match.first is c


NO_YEN = ["hong_kong_feng_shui_deflector", "moscow_sputnik_radar"]  # 0¥ buildings


def test_ki_inc_8_special_case_second_card_from_the_row_is_said(scenario):
    """KI-INC-8 (reading: the building may be bought from the row, a second card): the account says it was a second
    card taken from the row, and the chosen card goes to the discard pile."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    tableau(s, 1, *NO_YEN)
    stack(s, s.zone("row"), "hong_kong_kowloon_towers", "tokyo_capsule_shelters", "london_tube_shelter")
    s.call("take_turn", a, answers=["Kowloon", "Scrap the tableau", "Capsule Hotel Shelters"])
    assert s.ids(a.zones["tableau"]) == ["tokyo_capsule_shelters"]
    assert a.counters["money"] == 9  # 11 - 2
    assert s.ids(s.zone("row")) == ["london_tube_shelter"]
    line_index(s, "Ann buys Capsule Hotel Shelters for 2¥, a second card taken from the row (9¥ left).")
    assert "hong_kong_kowloon_towers" in s.ids(s.zone("building_discard"))


def test_ki_inc_8_special_case_buying_the_chosen_card_takes_no_second_card(scenario):
    """KI-INC-8: buying the chosen card itself leaves the row as it was."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    tableau(s, 1, *NO_YEN)
    stack(s, s.zone("row"), "hong_kong_kowloon_towers", "tokyo_capsule_shelters", "london_tube_shelter")
    s.call("take_turn", a, answers=["Kowloon", "Scrap the tableau", "Kowloon"])
    assert s.ids(a.zones["tableau"]) == ["hong_kong_kowloon_towers"]
    assert a.counters["money"] == 3  # 11 - 8
    assert sorted(s.ids(s.zone("row"))) == ["london_tube_shelter", "tokyo_capsule_shelters"]
    line_index(s, "Ann buys Kowloon")
    assert not any("second card" in line for line in s.lines())


# ---------------------------------------------------------------- the page's "K to an attack" (KI-INC-4)

def _attacked_after(scenario, option, wheel, k):
    """Whether Ann, her kaiju wheel on `wheel`, is attacked when her Your Turn income brings k K."""
    s = scenario("kaiju-inc", 3, options={"backward_attacks": option})
    s.put("godzillionaire", s.zone("kaiju_current"))
    s.put("gazhonga", s.zone("kaiju_deck"))
    own_fields(s.put("moscow_samovar_smelter", s.p(1).zones["tableau"]))["kaiju"] = k
    s.p(1).counters["kaiju"] = wheel
    s.call("collect", s.p(1), "industrial", "your_turn")
    return any("attacks Ann!" in line for line in s.lines())


@pytest.mark.parametrize("option", ["on", "leaving", "off"])
def test_ki_inc_4_page_says_the_k_that_bring_an_attack(scenario, option):
    """KI-INC-4: the page's "K to an attack" is true under each backward_attacks reading, on every space of the wheel:
    the forward K bring an attack ("from the 5 space back onto, or past, the Kaiju Attack K space") and one K fewer
    does not; the backward K it names bring one and one fewer does not; with off, no backward K brings one."""
    s = scenario("kaiju-inc", 3, options={"backward_attacks": option})
    shown = s.game.functions["k_to_an_attack"]
    for wheel in range(6):
        s.p(1).counters["kaiju"] = wheel
        words = shown(s.match, None, None, s.p(1))
        ahead, _, back = words.partition(" or ")
        forward = int(ahead.lstrip("+"))
        assert forward == 6 - wheel
        assert _attacked_after(scenario, option, wheel, forward)
        assert not _attacked_after(scenario, option, wheel, forward - 1)
        if option == "off":
            assert back == ""
            assert not any(_attacked_after(scenario, option, wheel, -k) for k in range(1, 7))
            continue
        backward = int(back.lstrip("-"))
        assert backward == (wheel if option == "on" and wheel > 0 else 6 if option == "on" else wheel + 1)
        assert _attacked_after(scenario, option, wheel, -backward)
        assert not _attacked_after(scenario, option, wheel, -(backward - 1))
