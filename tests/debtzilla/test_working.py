"""Debtzilla Working phase: DZ-WORK-1 .. DZ-WORK-7 and the eight Income cards (DZ-INC-...)."""
from __future__ import annotations

from .helpers import card_in, empty_hands, field, has_line, ids, stack, take, value


def hand(dz, *top, players=2, **options):
    """A scenario whose player 1 has these cards on top of an otherwise empty Income deck."""
    s = dz(players, **options)
    empty_hands(s)
    stack(s, s.p(1).zones["deck"], *top)
    return s


def test_dz_work_1_reshuffle_discard_under_a_short_deck(dz):
    """DZ-WORK-1: with fewer than 5 cards in the Income deck, the discard pile is shuffled and put under it."""
    s = hand(dz, "savings", "savings", "savings")
    stack(s, s.p(1).zones["discard"], *["lifestyle"] * 7)
    s.call("work", s.p(1), answers=["Neither"])
    p = s.p(1)
    assert ids(p.zones["play"]) == ["savings"] * 3 + ["lifestyle"] * 2  # the old deck's 3 first, then the discard
    assert ids(p.zones["deck"]) == ["lifestyle"] * 5 and p.zones["discard"].items == []
    assert has_line(s, "Ann shuffles the discard pile and puts it under the Income deck.")


def test_dz_work_1_the_discard_pile_is_shuffled(dz):
    """DZ-WORK-1: "turn your Discard Pile face-down, shuffle it, and place it under your Income Deck": the cards of
    the discard pile come back in a new order (the same 7 cards, in an order that changes with the seed)."""
    orders = set()
    for seed in range(4):
        s = hand(dz, "savings", "savings", seed=seed)
        p = s.p(1)
        stack(s, p.zones["discard"], *["lifestyle"] * 7)
        before = list(p.zones["discard"].items)  # bottom to top: seven distinct pieces
        s.call("work", p, answers=["Neither"])
        pile = list(p.zones["deck"].items) + list(reversed(p.zones["play"].items))  # bottom to top, as it was drawn
        assert [c.card.id for c in pile[-2:]] == ["savings", "savings"]  # the old deck stays on top
        came_back = pile[:7]
        assert sorted(map(id, came_back)) == sorted(map(id, before))
        orders.add(tuple(before.index(c) for c in came_back))
    assert len(orders) > 1  # without the shuffle every seed gives the order the pile had


def test_dz_work_1_no_reshuffle_with_five_cards(dz):
    """DZ-WORK-1: with 5 cards left the discard pile stays where it is."""
    s = hand(dz, *["savings"] * 5)
    stack(s, s.p(1).zones["discard"], "lifestyle")
    s.call("work", s.p(1), answers=["Neither"])
    assert ids(s.p(1).zones["discard"]) == ["lifestyle"] and s.p(1).zones["deck"].items == []


def test_dz_work_2_draw_five_into_the_play_area(dz):
    """DZ-WORK-2: the top 5 Income cards go to the Play Area."""
    s = hand(dz, "savings", "lifestyle", "savings", "insurance", "lifestyle", "savings", "savings")
    s.call("work", s.p(1), answers=["Neither"])
    p = s.p(1)
    assert ids(p.zones["play"]) == ["savings", "lifestyle", "savings", "insurance", "lifestyle"]
    assert ids(p.zones["deck"]) == ["savings", "savings"]
    assert p.counters["wonga"] == 2 and p.counters["happiness"] == 2 and p.counters["shields"] == 1


def test_dz_work_3_any_order_and_budgeting_may_be_declined(dz):
    """DZ-WORK-3: drawn cards resolve in the order the player likes; an ability such as Budgeting may be declined."""
    s = hand(dz, "budgeting", "savings", "lifestyle", "lifestyle", "lifestyle")
    d = s.call("work", s.p(1))
    assert d.prompt == "Ann: resolve which card next?" and d.labels() == ["Budgeting", "Savings", "Lifestyle"]
    d = s.answer("Lifestyle")
    assert d.labels() == ["Budgeting", "Savings", "Lifestyle"]  # two Lifestyles are still unresolved
    d = s.answer("Budgeting")
    assert d.labels() == ["Budgeting (Play Area)", "Savings (Play Area)", "Lifestyle (Play Area)", "Remove nothing"]
    s.answer("Remove nothing", "Neither")
    p = s.p(1)
    assert p.counters["wonga"] == 1 and p.counters["happiness"] == 3
    assert len(p.zones["play"].items) == 5 and s.zone("removed").items == []
    assert has_line(s, "Budgeting: Ann removes nothing.")


def test_dz_work_3_order_matters_for_budgeting(dz):
    """DZ-WORK-3: resolving Savings before Budgeting removes it keeps its 1W."""
    s = hand(dz, "budgeting", "savings", "lifestyle", "lifestyle", "lifestyle")
    s.call("work", s.p(1), answers=["Savings", "Budgeting", "Savings (Play Area)", "Neither"])
    p = s.p(1)
    assert p.counters["wonga"] == 1
    assert ids(s.zone("removed")) == ["savings"] and len(p.zones["play"].items) == 4


def test_dz_work_4_acquire_one_card_to_the_discard_pile(dz):
    """DZ-WORK-4: then the player acquires one Working Board card (to the discard pile) OR repays, once."""
    s = hand(dz, *["lifestyle"] * 5)
    d = s.call("work", s.p(1))
    assert d.labels() == ["Acquire a card", "Neither"]  # nothing to repay
    d = s.answer("Acquire a card")
    assert d.labels() == ["Savings", "Insurance", "Lifestyle", "Budgeting", "Debt Refinancing", "Credit Card Loan",
                          "Student Loan", "Housing Loan"]
    before = len(s.zone("pile_insurance").items)
    assert s.answer("Insurance") is None  # one card only: the Working phase is over
    assert ids(s.p(1).zones["discard"]) == ["insurance"]
    assert len(s.zone("pile_insurance").items) == before - 1


def test_dz_work_4_repay_instead_of_acquiring(dz):
    """DZ-WORK-4: with a Debt card in the Play Area and the W to repay it, repaying is the other choice."""
    s = hand(dz, "credit_card_loan", *["savings"] * 4)
    d = s.call("work", s.p(1))
    assert d.labels() == ["Acquire a card", "Repay a Debt card", "Neither"]
    assert s.answer("Repay a Debt card") is None  # the only Debt card: no question; no acquiring after
    assert s.p(1).zones["discard"].items == [] and ids(s.zone("removed")) == ["credit_card_loan"]


def test_dz_work_5_acquiring_debt_raises_boss_health(dz):
    """DZ-WORK-5: acquiring a Debt card raises Boss Health by its Debt Value."""
    s = hand(dz, *["lifestyle"] * 5)
    s.call("work", s.p(1), answers=["Acquire a card", "Student Loan"])
    assert s.match.counters["boss_health"] == 18 + 4
    s2 = hand(dz, *["lifestyle"] * 5)
    s2.call("work", s2.p(1), answers=["Acquire a card", "Savings"])
    assert s2.match.counters["boss_health"] == 18


def test_dz_work_6_repay_pays_lowers_health_and_runs_the_repay_effect(dz):
    """DZ-WORK-6: repaying pays the Repay cost, lowers Boss Health by the Debt Value, runs the Repay effect."""
    s = hand(dz, "student_loan", *["savings"] * 4)
    s.p(1).counters["wonga"] = 3
    hulk = s.p(1).zones["hero"].items[0]
    dice_before = value(s, "attack_dice", hulk)
    s.call("work", s.p(1), answers=["Repay a Debt card"])
    p = s.p(1)
    assert p.counters["wonga"] == 3 + 4 - 5
    assert s.match.counters["boss_health"] == 18 - 4
    assert ids(s.zone("removed")) == ["student_loan"]  # the Repay effect: removed from the game ...
    assert value(s, "attack_dice", hulk) == dice_before + 1  # ... and one more die this turn
    s.emit("turn_end")
    assert value(s, "attack_dice", hulk) == dice_before


def test_dz_work_6_cannot_repay_without_the_cost(dz):
    """DZ-WORK-6: a Debt card whose Repay cost the player cannot pay is not offered."""
    s = hand(dz, "housing_loan", *["savings"] * 4)
    d = s.call("work", s.p(1))  # 4W, Repay 7W
    assert "Repay a Debt card" not in d.labels()


def test_dz_work_7_an_empty_pile_stays_empty(dz):
    """DZ-WORK-7 (and the FAQ): an exhausted Working Board pile cannot be acquired from again."""
    s = hand(dz, *["lifestyle"] * 5)
    for piece in list(s.zone("pile_student_loan").items):
        s.match.place(piece, s.zone("removed"))
    d = s.call("work", s.p(1), answers=["Acquire a card"])
    assert "Student Loan" not in d.labels() and len(d.labels()) == 7
    s.answer("Savings")
    s.call("resolve_draws", s.p(1))
    assert s.zone("pile_student_loan").items == []
    assert "Student Loan" not in [c.card.name for c in value(s, "board_tops")]


# ---------------------------------------------------------------- the eight Income cards

def resolve(s, seat=1):
    return s.call("resolve_draws", s.p(seat))


def test_dz_inc_sav_savings_gives_1w(dz):
    """DZ-INC-SAV: Savings gives +1W when drawn."""
    s = hand(dz)
    stack(s, s.p(1).zones["play"], "savings", "savings")
    resolve(s)
    assert s.p(1).counters["wonga"] == 2


def test_dz_inc_ins_insurance_gives_a_shield(dz):
    """DZ-INC-INS: Insurance gives +1 Insurance Shield when drawn (from the 12 tokens of the box)."""
    s = hand(dz)
    stack(s, s.p(1).zones["play"], "insurance", "insurance")
    resolve(s)
    assert s.p(1).counters["shields"] == 2 and s.match.counters["shield_supply"] == 10
    s.match.counters["shield_supply"] = 0
    take(s, "insurance", s.p(2).zones["play"])
    resolve(s, 2)
    assert s.p(2).counters["shields"] == 0 and has_line(s, "no Insurance Shield is left")


def test_dz_inc_lif_lifestyle_gives_happiness_up_to_the_maximum(dz):
    """DZ-INC-LIF: Lifestyle gives +1 Happiness when drawn, never above the Hero's maximum (5)."""
    s = hand(dz)
    s.p(1).counters["happiness"] = 3
    stack(s, s.p(1).zones["play"], *["lifestyle"] * 4)
    resolve(s)
    assert s.p(1).counters["happiness"] == 5
    assert all(field(s, h, "happiness_max") == 5 for h in s.zone("hero_pool").items)


def test_dz_inc_bud_budgeting_removes_itself_or_a_non_debt_card(dz):
    """DZ-INC-BUD: Budgeting may remove itself or another non-Debt card from the Play Area or the discard pile."""
    s = hand(dz)
    p = s.p(1)
    stack(s, p.zones["play"], "budgeting", "credit_card_loan")
    stack(s, p.zones["discard"], "lifestyle", "credit_card_loan", "savings")
    d = resolve(s)
    assert d.labels() == ["Budgeting (Play Area)", "Savings (discard pile)", "Lifestyle (discard pile)", "Remove nothing"]
    s.answer("Lifestyle (discard pile)")
    assert ids(s.zone("removed")) == ["lifestyle"] and ids(p.zones["discard"]) == ["savings", "credit_card_loan"]
    s2 = hand(dz)
    take(s2, "budgeting", s2.p(1).zones["play"])
    s2.call("resolve_draws", s2.p(1), answers=["Budgeting (Play Area)"])
    assert ids(s2.zone("removed")) == ["budgeting"] and s2.p(1).zones["play"].items == []


def test_dz_inc_ref_refinancing_pays_per_debt_card(dz):
    """DZ-INC-REF: Debt Refinancing gives +1W per Debt card in the Play Area (an equipped Housing Loan is there)."""
    s = hand(dz)
    p = s.p(1)
    stack(s, p.zones["play"], "refinancing", "credit_card_loan", "student_loan", "savings")
    take(s, "housing_loan", p.zones["equip"])
    resolve(s)
    assert p.counters["wonga"] == 3 + 1


def test_dz_inc_ccl_credit_card_loan(dz):
    """DZ-INC-CCL: Credit Card Loan is a Debt card: +3W on acquiring (and Debt Value 2 on Boss Health);
    Repay 3W removes it from the game."""
    s = hand(dz)
    p = s.p(1)
    ccl = card_in(s.zone("pile_credit_card_loan"), "credit_card_loan")
    assert field(s, ccl, "debt") == 2 and field(s, ccl, "repay_cost") == 3
    s.call("acquire_to", p, ccl, p.zones["discard"])
    assert p.counters["wonga"] == 3 and s.match.counters["boss_health"] == 20
    s.match.place(ccl, p.zones["play"])
    s.call("repay", p, ccl)
    assert p.counters["wonga"] == 0 and s.match.counters["boss_health"] == 18 and ccl.zone is s.zone("removed")
    before = p.counters["wonga"]
    take(s, "credit_card_loan", p.zones["play"])
    resolve(s)  # drawn, a Debt card does nothing
    assert p.counters["wonga"] == before


def test_dz_inc_stu_student_loan(dz):
    """DZ-INC-STU: Student Loan (Debt 4): acquire +2 Happiness; Repay 5W: removed, and +1 die this turn."""
    s = hand(dz)
    p = s.p(1)
    c = card_in(s.zone("pile_student_loan"), "student_loan")
    s.call("acquire_to", p, c, p.zones["discard"])
    assert p.counters["happiness"] == 2 and s.match.counters["boss_health"] == 22 and c.zone is p.zones["discard"]
    s.match.place(c, p.zones["play"])
    p.counters["wonga"] = 5
    h = p.zones["hero"].items[0]
    n = value(s, "attack_dice", h)
    s.call("repay", p, c)
    assert p.counters["wonga"] == 0 and s.match.counters["boss_health"] == 18
    assert c.zone is s.zone("removed") and value(s, "attack_dice", h) == n + 1


def test_dz_inc_hou_housing_loan(dz):
    """DZ-INC-HOU: Housing Loan (Debt 6): acquire +5W and the wrench (the Equip Area, where it is always in play);
    Repay 7W: removed, +2 Happiness."""
    s = hand(dz)
    p = s.p(1)
    c = card_in(s.zone("pile_housing_loan"), "housing_loan")
    s.call("acquire_to", p, c, p.zones["discard"])
    assert p.counters["wonga"] == 5 and s.match.counters["boss_health"] == 24 and c.zone is p.zones["equip"]
    assert value(s, "debts_in_play", p) == 1
    p.counters["wonga"] = 7
    assert value(s, "repayable", p) == [c]  # repayable from the Equip Area
    s.call("repay", p, c)
    assert p.counters["wonga"] == 0 and p.counters["happiness"] == 2
    assert c.zone is s.zone("removed") and s.match.counters["boss_health"] == 18
