"""Debtzilla's Family-Friendly Mode: DZ-FAM-1 .. DZ-FAM-4."""
from __future__ import annotations

import pytest

from interpreter.sim.run import play, seat_agents

from .conftest import debtzilla
from .helpers import empty_hands, has_line, heroes, ids, phase, stack

FAMILY_PILES = {"savings", "lifestyle", "credit_card_loan", "insurance"}


def fam(dz, players=2, **kw):
    s = dz(players, mode="family", **kw)
    heroes(s, *["the_oracle", "iron_girl", "debt_hulk", "ali_baba"][:players])
    return s


def test_dz_fam_1_five_face_up_cards_in_the_play_area(dz):
    """DZ-FAM-1: each player has 5 face-up cards (1 Savings, 2 Lifestyle, 2 Credit Card Loans) in the Play Area, and
    no Income deck."""
    s = fam(dz, 3)
    for p in s.match.players:
        assert sorted(ids(p.zones["play"])) == ["credit_card_loan"] * 2 + ["lifestyle"] * 2 + ["savings"]
        assert p.zones["deck"].items == [] and p.zones["discard"].items == []
    assert len(s.match.view(2)["players"][0]["zones"]["play"]["cards"]) == 5  # face up


def test_dz_fam_2_only_four_piles_on_the_working_board(dz):
    """DZ-FAM-2: only Savings, Lifestyle, Credit Card Loan and Insurance are on the Working Board."""
    s = fam(dz)
    for kind in ("savings", "insurance", "lifestyle", "credit_card_loan", "budgeting", "refinancing", "student_loan",
                 "housing_loan"):
        pile = s.zone(f"pile_{kind}").items
        assert bool(pile) == (kind in FAMILY_PILES)
    assert set(ids(s.zone("out_of_play"))) == {"budgeting", "refinancing", "student_loan", "housing_loan"}
    assert {c.card.id for c in s.zone("out_of_play").items} == {
        cid for cid, c in s.game.cards.items() if c.kind == "income" and not c.fields["family"]}


def test_dz_fam_3_gain_from_the_five_cards_then_replace_one(dz):
    """DZ-FAM-3: every Working phase the player gains from the 5 cards, then may replace one with a Working Board
    card (the old one goes back to its pile); the cards stay in the Play Area turn after turn."""
    s = fam(dz)
    p = s.p(1)
    d = s.call("work_family", p)
    assert p.counters["wonga"] == 1 and p.counters["happiness"] == 2
    assert d.labels() == ["Replace a card", "Keep the cards"]
    d = s.answer("Replace a card")
    assert d.labels() == ["Savings", "Lifestyle", "Lifestyle"]  # a Credit Card Loan needs 3W to be repaid first
    d = s.answer("Lifestyle")
    assert d.labels() == ["Savings", "Insurance", "Lifestyle", "Credit Card Loan"]
    s.answer("Insurance")
    assert sorted(ids(p.zones["play"])) == ["credit_card_loan"] * 2 + ["insurance", "lifestyle", "savings"]
    phase(s, "resolve")
    assert len(p.zones["play"].items) == 5 and p.zones["discard"].items == []  # not discarded
    s.match.round = 2
    s.call("work_family", p, answers=["Keep the cards"])
    assert p.counters["wonga"] == 2 and p.counters["happiness"] == 3 and p.counters["shields"] == 1


def test_dz_fam_4_a_debt_card_is_repaid_before_it_is_replaced(dz):
    """DZ-FAM-4: a Debt card must be repaid (its Repay cost and effect; Boss Health down) before it is replaced;
    the other rules are the standard ones (acquiring a Credit Card Loan gives 3W and raises Boss Health)."""
    s = fam(dz)
    p = s.p(1)
    p.counters["wonga"] = 2
    s.call("work_family", p, answers=["Replace a card", "Credit Card Loan", "Savings"])
    assert p.counters["wonga"] == 3 - 3 and s.match.counters["boss_health"] == 18 - 2
    assert ids(s.zone("removed")) == ["credit_card_loan"]
    assert sorted(ids(p.zones["play"])) == ["credit_card_loan", "lifestyle", "lifestyle", "savings", "savings"]
    s.match.round = 2
    s.call("work_family", p, answers=["Replace a card", "Lifestyle", "Credit Card Loan"])
    assert p.counters["wonga"] == 2 + 3 and s.match.counters["boss_health"] == 18
    assert has_line(s, "Ann puts Lifestyle back on the Working Board.")


def test_dz_fam_4_family_matches_follow_the_standard_rules_to_an_end(dz):
    """DZ-FAM-4: apart from the Working phase, a Family-Friendly match plays by the standard rules to one of the
    standard ends."""
    for seed in range(3):
        m = play(debtzilla(), 2, seed, {"mode": "family"}, seat_agents(2, "all", seed))
        assert m.result.reason in {"boss defeated", "no boss fight card to defeat", "all citizens bankrupt", "debt apocalypse"}
        assert any("scams" in line for line in m.lines)


def test_dz_fam_3_the_five_cards_are_not_drawn_so_inflationsaurus_does_not_feed(dz):
    """DZ-FAM-3, DZ-INF-2: the 5 face-up cards are kept in the Play Area and give their resources; they are never
    drawn, so Inflationsaurus ("+1 every time a player draws a Lifestyle") does not grow from the two Lifestyles,
    and the account says no Lifestyle was drawn."""
    s = fam(dz, boss="inflationsaurus")
    for rnd in (1, 2):
        s.match.round = rnd
        for p in s.match.players:
            s.call("work_family", p, answers=["Keep the cards"])
    assert s.match.counters["boss_health"] == 18
    assert [p.counters["happiness"] for p in s.match.players] == [4, 4]
    assert not any("draw" in line for line in s.match.lines)
    # in the standard game the same two Lifestyles, drawn, feed it
    d = dz(2, boss="inflationsaurus")
    heroes(d, "the_oracle", "iron_girl")
    p = d.p(1)
    empty_hands(d)
    stack(d, p.zones["deck"], "savings", "lifestyle", "lifestyle", "credit_card_loan", "credit_card_loan")
    d.call("work", p, answers=["Neither"])
    assert d.match.counters["boss_health"] == 18 + 2


@pytest.mark.parametrize("old", ["savings", "lifestyle", "insurance"])
def test_dz_fam_3_a_replaced_card_goes_back_to_its_own_pile(dz, old):
    """DZ-FAM-3: the card a player replaces goes back on its own Working Board pile."""
    s = fam(dz)
    p = s.p(1)
    if old == "insurance":
        s.call("work_family", p, answers=["Replace a card", "Lifestyle", "Insurance"])
        s.match.round = 2
    piles = {k: len(s.zone(f"pile_{k}").items) for k in ("savings", "lifestyle", "insurance")}
    label = {"savings": "Savings", "lifestyle": "Lifestyle", "insurance": "Insurance"}[old]
    take = "Lifestyle" if old != "lifestyle" else "Savings"
    s.call("work_family", p, answers=["Replace a card", label, take])
    after = {k: len(s.zone(f"pile_{k}").items) for k in piles}
    taken = take.lower()
    assert after == {k: n + (k == old) - (k == taken) for k, n in piles.items()}
