"""Invariants over seeded bot matches of every bundled game and option: cards are conserved, counters stay in
their bounds, every decision offers options, every match ends; views never show hidden cards or their order.

The suite plays a few matches per game, player count and option; `python tools/soak.py` plays thousands.
"""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from interpreter import ContentError, Match, bundled_games, load_game
from interpreter.agents import make_agent

ROOT = Path(__file__).resolve().parents[1]
MATCHES = int(os.environ.get("MEEPLE_SOAK_MATCHES", "2"))


def option_sets(g):
    """The defaults, then each value of each option alone."""
    sets = [{}]
    for name, spec in g.options.items():
        sets += [{name: v} for v in spec.values if v != spec.default]
    return sets


def configs():
    """Each bundled game, option set and player count; a game or option set that does not load is one case
    of its own, which fails with its diagnostics (a bundled game must load)."""
    out = []
    for name, folder in bundled_games().items():
        try:
            sets = option_sets(load_game(folder))
        except ContentError:
            out.append(pytest.param(folder, {}, None, id=f"{name}-does-not-load"))
            continue
        for opts in sets:
            label = "-".join(f"{k}={v}" for k, v in opts.items()) or "default"
            try:
                g = load_game(folder, options=opts)
            except ContentError:
                out.append(pytest.param(folder, opts, None, id=f"{name}-{label}-does-not-load"))
                continue
            for n in range(g.min_players, g.max_players + 1):
                out.append(pytest.param(folder, opts, n, id=f"{name}-{n}p-{label}"))
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
    g = load_game(folder, options=options)  # raises ContentError, with its places, for a game that does not load
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


# Who sees a zone's cards, as docs/language.md ("Who sees what") states it, by the zone's visibility and whose
# it is to the viewer: the viewer's own, another player's, a shared zone's; a spectator sees public zones only
SEEN = {
    "public": {"own": True, "another's": True, "shared": True, "spectator": True},
    "owner": {"own": True, "another's": False, "shared": False, "spectator": False},
    "others": {"own": False, "another's": True, "shared": True, "spectator": False},
    "hidden": {"own": False, "another's": False, "shared": False, "spectator": False},
}


def _whose(zone, viewer) -> str:
    if viewer is None:
        return "spectator"
    return "shared" if zone.owner is None else "own" if zone.owner is viewer else "another's"


def test_the_one_visibility_rule_is_the_documented_one():
    """runtime/secrecy.py's rule, which views, the page and the tests below read, against the statement above,
    for every visibility the schema allows and every viewer: each player, and a spectator."""
    from interpreter.runtime.secrecy import sees
    from interpreter.runtime.state import Player, Zone
    schema = json.loads((ROOT / "grammar" / "game.schema.json").read_text(encoding="utf-8"))
    assert set(SEEN) == set(_visibilities(schema))
    ann, ben = Player(0, "Ann"), Player(1, "Ben")
    for vis in SEEN:
        spec = type("Spec", (), {"visibility": vis})()
        for zone in (Zone("hand", ann, spec), Zone("pile", None, spec)):
            for viewer in (ann, ben, None):
                assert sees(zone, viewer) is SEEN[vis][_whose(zone, viewer)], (vis, zone.owner, viewer)


def _visibilities(schema) -> list:
    """The visibilities a zone may declare, from the schema (wherever a `visibility` enum is given)."""
    found = []
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if "visibility" in node and isinstance(node["visibility"], dict) and "enum" in node["visibility"]:
                found += [v for v in node["visibility"]["enum"] if v not in found]
            stack += list(node.values())
        elif isinstance(node, list):
            stack += node
    return found


def hidden_zones(m: Match, viewer):
    """The zones whose cards `viewer` may not see, by the one rule (secrecy.sees)."""
    from interpreter.runtime.secrecy import sees
    return [z for z in [*m.zones.values(), *(z for p in m.players for z in p.zones.values())] if not sees(z, viewer)]


@pytest.mark.parametrize("name", sorted(bundled_games()))
def test_views_never_reveal_hidden_cards_or_their_order(name):
    g = load_game(bundled_games()[name])
    players = min(max(3, g.min_players), g.max_players)
    m = Match(g, players, seed=5)
    agents = [make_agent("random", p.seat, 5) for p in m.players]
    rng = random.Random(0)
    for _step in range(60):
        if m.over:
            break
        for viewer in [*m.players, None]:  # each seat, and a spectator
            who = viewer.name if viewer is not None else "a spectator"
            before = json.dumps(m.view(viewer), sort_keys=True)
            hidden = hidden_zones(m, viewer)
            saved = [list(z.items) for z in hidden]
            hidden_uids = {p.uid for z in hidden for p in z.items}
            for z in hidden:
                rng.shuffle(z.items)  # a different hidden order: nothing the viewer sees may change
            after = json.dumps(m.view(viewer), sort_keys=True)
            for z, items in zip(hidden, saved, strict=True):
                z.items[:] = items
            assert before == after, f"{who}'s view depends on the order of a hidden zone"
            view = m.view(viewer)
            shown = {c["uid"] for z in view["zones"].values() for c in z.get("cards", [])}
            shown |= {c["uid"] for p in view["players"] for z in p["zones"].values() for c in z.get("cards", [])}
            assert not shown & hidden_uids, f"{who} sees a hidden card"
        d = m.pending
        m.choose(agents[d.player.index].choose(m.view(d.player), d))
