"""Debtzilla's alternate boss Inflationsaurus (DZ-INF-1 .. DZ-INF-4), and a third boss brought by a mod."""
from __future__ import annotations

import textwrap

from interpreter import Match, load_game
from interpreter.sim.run import play, seat_agents
from tests.conftest import CONTENT

from .conftest import debtzilla
from .helpers import card_in, empty_hands, heroes, ids, phase, stack, value

REASONS = {"boss defeated", "no boss fight card to defeat", "all citizens bankrupt", "debt apocalypse"}


def inf(dz, players=2, **kw):
    s = dz(players, boss="inflationsaurus", **kw)
    heroes(s, *["the_oracle", "iron_girl", "debt_hulk", "ali_baba"][:players])
    return s


def test_dz_inf_1_inflationsaurus_replaces_the_health_card_and_boss_cards(dz):
    """DZ-INF-1: with boss=inflationsaurus, its Boss Health card and its 8 boss cards replace Debtzilla's."""
    s = inf(dz)
    assert ids(s.zone("boss_space")) == ["inflationsaurus_health"]
    assert len(s.zone("boss_deck").items) == 8
    assert sorted(ids(s.zone("boss_deck"))) == sorted(
        ["price_surge", "shrinkflation", "consumer_frenzy", "wage_freeze", "hyperinflation", "cost_of_living_crisis",
         "currency_collapse", "price_gouging"])
    assert "rate_hike" not in debtzilla("inflationsaurus").cards
    assert "price_surge" not in debtzilla().cards
    assert s.match.counters["boss_health"] == 18


def test_dz_inf_2_every_lifestyle_drawn_feeds_it(dz):
    """DZ-INF-2: Boss Health +1 whenever a player draws a Lifestyle in the Working phase."""
    s = inf(dz)
    empty_hands(s)
    stack(s, s.p(1).zones["deck"], "lifestyle", "savings", "lifestyle", "lifestyle", "insurance")
    s.call("work", s.p(1), answers=["Neither"])
    assert s.match.counters["boss_health"] == 18 + 3
    # a boss card may make each Lifestyle feed it more (a modifier, not blockable)
    stack(s, s.zone("active_events"), "consumer_frenzy")
    stack(s, s.p(2).zones["deck"], "lifestyle", "savings", "savings", "savings", "savings")
    s.call("work", s.p(2), answers=["Neither"])
    assert s.match.counters["boss_health"] == 21 + 2


def test_dz_inf_3_debt_and_bankruptcy_raise_it_repaying_lowers_it(dz):
    """DZ-INF-3: + the Debt Value on acquiring, - the Debt Value on repaying, + starting Wealth on a bankruptcy."""
    s = inf(dz)
    p = s.p(1)
    loan = card_in(s.zone("pile_student_loan"), "student_loan")
    s.call("acquire_to", p, loan, p.zones["discard"])
    assert s.match.counters["boss_health"] == 22
    s.match.place(loan, p.zones["play"])
    p.counters["wonga"] = 5
    s.call("repay", p, loan)
    assert s.match.counters["boss_health"] == 18
    c = s.zone("citizens").items[0]
    start = c.card.fields["start_wealth"]
    s.call("reduce_wealth", c, 99, "a test")
    assert s.match.counters["boss_health"] == 18 + start


def test_dz_inf_4_no_interest(dz):
    """DZ-INF-4: Inflationsaurus does not grow with interest (Debtzilla would)."""
    s = inf(dz)
    s.match.counters["boss_health"] = 51
    phase(s, "resolve")
    assert s.match.counters["boss_health"] == 51
    d = dz(2)
    d.match.counters["boss_health"] = 51
    phase(d, "resolve")
    assert d.match.counters["boss_health"] == 56


MOD_YAML = """
mod: mynewboss
extends: debtzilla
name: My New Boss
options:
  boss: {values: [mynewboss]}
"""

BOSS_YAML = """
mod: mynewboss-boss
extends: debtzilla
name: Stonkosaurus
cards: [mynewboss_cards.yaml]
procedures:
  interest:
    do: |
      boss_grow(1, "a flat rate")
on:
  debt_acquired: |
    boss_grow(card.debt * 2, "{player.name} acquired {card.name}")
  debt_repaid: |
    boss_shrink(card.debt, "{player.name} repaid {card.name}")
  citizen_bankrupt: |
    boss_grow(citizen.start_wealth, "{citizen.name} went bankrupt")
"""

BOSS_CARDS = """
- id: stonkosaurus_health
  name: Stonkosaurus
  kind: boss
  text: "Debt counts double; interest is a flat 1."
""" + "".join(f"""
- id: meme_{i}
  name: Meme Stock {i}
  kind: boss_card
  scam: 2
  blue: [{i}, {7 - i if 7 - i != i else 6}]
  yellow: [{(i % 6) + 1}]
  red: [{((i + 1) % 6) + 1}]
  event_text: "Every player loses 1W."
  fight_text: "The attacker loses 1W."
  on:
    working_start: |
      for p in players {{
        if p.wonga > 0 and hit(p, this) {{ p.wonga -= 1 }}
      }}
  fight: |
    me.wonga -= 1
""" for i in range(1, 7))


def test_a_third_boss_written_as_a_mod_is_chosen_by_its_option(tmp_path):
    """DZ-INF-1: a boss is a file; a mod folder brings a new one (bosses/mynewboss.yaml) and adds it to the boss
    option. Nothing in the engine names any boss: the mod's boss plays whole matches."""
    mod = tmp_path / "mynewboss"
    (mod / "bosses").mkdir(parents=True)
    (mod / "mod.yaml").write_text(textwrap.dedent(MOD_YAML))
    (mod / "bosses" / "mynewboss.yaml").write_text(textwrap.dedent(BOSS_YAML))
    (mod / "bosses" / "mynewboss_cards.yaml").write_text(textwrap.dedent(BOSS_CARDS))
    game = load_game(CONTENT / "debtzilla", mods=[mod], options={"boss": "mynewboss"})
    assert "meme_1" in game.cards and "rate_hike" not in game.cards and "price_surge" not in game.cards
    opts = {"boss": "mynewboss", "heroes": "random"}
    m = Match(game, 3, seed=1, options=opts)
    assert [p.card.id for p in m.zones["boss_space"].items] == ["stonkosaurus_health"]
    assert len(m.zones["boss_deck"].items) == 6
    reasons = set()
    for seed in range(6):
        m = play(game, 3, seed, opts, seat_agents(3, "all", seed))
        assert m.over and m.result.reason in REASONS
        reasons.add(m.result.reason)
        assert any(line.startswith("The boss: Stonkosaurus, Boss Health 27.") for line in m.lines)
        assert any("(a flat rate)" in line for line in m.lines)
    assert reasons


def test_dz_inf_2_the_bots_value_counts_each_lifestyle_still_to_feed_inflationsaurus(dz):
    """DZ-INF-2 in the bots' value (designed, docs/balance.md): each Lifestyle among a player's Income cards (its
    deck, discard pile and Play Area) will feed Inflationsaurus 1 about every other turn, and lowers the player's
    value by 45 (7.5 Boss Health at the value's 6 a point); against Debtzilla, which a Lifestyle does not feed, by
    nothing. One Lifestyle in each of the three places, then none."""
    for boss, each in (("inflationsaurus", 45), ("debtzilla", 0)):
        s = dz(2, boss=boss)
        empty_hands(s)
        p = s.p(1)
        stack(s, p.zones["deck"], "savings", "savings")
        none = s.match.value_of(p)
        assert value(s, "boss_upkeep", p) == 0
        for z in ("deck", "discard", "play"):
            stack(s, p.zones[z], "lifestyle")
        assert value(s, "boss_upkeep", p) == 3 * each
        assert none - s.match.value_of(p) == 3 * each
