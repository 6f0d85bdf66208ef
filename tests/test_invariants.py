"""Invariants over seeded bot matches of every bundled game and option: cards are conserved, counters stay in
their bounds, every decision offers options, every match ends; views never show hidden cards or their order.

The suite plays a few matches per game, player count and option; `python tools/soak.py` plays thousands.
"""
from __future__ import annotations

import json
import os
import random

import pytest

from interpreter import ContentError, Match, bundled_games, load_game
from interpreter.agents import make_agent

MATCHES = int(os.environ.get("MEEPLE_SOAK_MATCHES", "2"))


def option_sets(folder):
    """The defaults, then each value of each option alone."""
    try:
        g = load_game(folder)
    except ContentError:
        return []
    sets = [{}]
    for name, spec in g.options.items():
        sets += [{name: v} for v in spec.values if v != spec.default]
    return sets


def configs():
    out = []
    for name, folder in bundled_games().items():
        for opts in option_sets(folder):
            try:
                g = load_game(folder, options=opts)
            except ContentError:
                continue
            for n in range(g.min_players, g.max_players + 1):
                out.append(pytest.param(folder, opts, n, id=f"{name}-{n}p-" + ("-".join(f"{k}={v}" for k, v in opts.items()) or "default")))
    return out


def check_state(m: Match) -> None:
    zones = list(m.zones.values()) + [z for p in m.players for z in p.zones.values()]
    seen = set()
    for z in zones:
        for piece in z.items:
            assert piece.zone is z, f"{piece} is listed in {z} but thinks it is in {piece.zone}"
            assert piece.uid not in seen, f"{piece} is in two zones"
            seen.add(piece.uid)
    assert len(seen) == sum(c.copies for c in m.game.cards.values()), "a card was lost or created"
    for _owner, specs, values in [(None, m.game.counters, m.counters)] + [
            (p, m.game.player_counters, p.counters) for p in m.players]:
        for name, spec in specs.items():
            v = values[name]
            if spec.wrap:
                assert 0 <= v < spec.wrap, f"{name}={v} off its track"
            if spec.min is not None:
                assert v >= spec.min, f"{name}={v} below {spec.min}"
            if spec.max is not None:
                assert v <= spec.max, f"{name}={v} above {spec.max}"


@pytest.mark.parametrize("folder,options,players", configs())
def test_invariants_hold_in_bot_matches(folder, options, players):
    g = load_game(folder, options=options)
    for seed in range(MATCHES):
        m = Match(g, players, seed=1000 + seed, options=options)
        agents = [make_agent("random", p.seat, seed) for p in m.players]
        check_state(m)
        steps = 0
        while not m.over:
            d = m.pending
            assert d.options, "a decision with no option"
            assert d.player in m.players
            m.choose(agents[d.player.index].choose(m.view(d.player), d))
            steps += 1
            if steps % 7 == 0:
                check_state(m)
        check_state(m)
        assert m.result.rounds <= g.max_rounds and m.result.reason


def hidden_zones(m: Match, viewer):
    out = [z for z in m.zones.values() if z.spec.visibility == "hidden"]
    for p in m.players:
        for z in p.zones.values():
            if z.spec.visibility == "hidden" or (z.spec.visibility == "owner" and p is not viewer):
                out.append(z)
    return out


@pytest.mark.parametrize("name", sorted(bundled_games()))
def test_views_never_reveal_hidden_cards_or_their_order(name):
    folder = bundled_games()[name]
    try:
        g = load_game(folder)
    except ContentError:
        pytest.skip(f"{name} does not load yet")
    players = min(max(3, g.min_players), g.max_players)
    m = Match(g, players, seed=5)
    agents = [make_agent("random", p.seat, 5) for p in m.players]
    rng = random.Random(0)
    for _step in range(60):
        if m.over:
            break
        for viewer in m.players:
            before = json.dumps(m.view(viewer), sort_keys=True)
            hidden = hidden_zones(m, viewer)
            saved = [list(z.items) for z in hidden]
            hidden_uids = {p.uid for z in hidden for p in z.items}
            for z in hidden:
                rng.shuffle(z.items)  # a different hidden order: nothing the viewer sees may change
            after = json.dumps(m.view(viewer), sort_keys=True)
            for z, items in zip(hidden, saved, strict=True):
                z.items[:] = items
            assert before == after, f"{viewer.name}'s view depends on the order of a hidden zone"
            view = m.view(viewer)
            shown = {c["uid"] for z in view["zones"].values() for c in z.get("cards", [])}
            shown |= {c["uid"] for p in view["players"] for z in p["zones"].values() for c in z.get("cards", [])}
            assert not shown & hidden_uids, f"{viewer.name} sees a hidden card"
        d = m.pending
        m.choose(agents[d.player.index].choose(m.view(d.player), d))
