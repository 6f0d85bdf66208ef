"""Small helpers shared by the Happy City scenario tests.

The game's files depend on the `grozilla` option (the expansion is an included file), so a scenario is built
on a GameDef loaded for that choice; `mode`, `scoring` and `destroyer` are plain rules options.
"""
from __future__ import annotations

import functools
from pathlib import Path

from interpreter import Match, load_game
from interpreter.agents import make_agent
from interpreter.runtime import ops
from interpreter.runtime.state import own_fields
from interpreter.testing import Scenario, finish, line_index  # noqa: F401 (used by the tests)

GAME = Path(__file__).resolve().parents[2] / "content" / "happy-city"
INCOME, ACTIONS, FINISH = 0, 1, 2


@functools.cache
def game(grozilla: bool = False):
    return load_game(GAME, options={"grozilla": "on" if grozilla else "off"})


def make(players=3, mode="family", grozilla=False, seed=0, setup=False, **options):
    """A scenario: empty zones (unless setup), every card in the box, 2 coins each."""
    opts = {"mode": mode, "grozilla": "on" if grozilla else "off", **options}
    return Scenario(game(grozilla), players, seed=seed, options=opts, setup=setup)


def fn(s, name, *args):
    """A game function (or value) as content calls it."""
    return s.game.functions[name](s.match, None, None, *args)


def field(s, piece, name):
    """A card's field or expression hook, as content reads it (`piece.name`)."""
    return ops.get(s.match, piece, name)


def city(s, seat, *ids):
    """Put cards from the box into a city, in order (position 1 first)."""
    return [s.put(card_id, s.p(seat).zones["city"]) for card_id in ids]


def market(s, seat, colour=None):
    """The Happy Market as a city's first card; coloured (expert side) when a colour is given. Without a colour
    it is white, and the card is seat 1's yellow-backed one, seat 2's blue-backed one, and so on."""
    side = colour or ["yellow", "blue", "green", "orange", "purple"][seat - 1]
    piece = s.put(f"happy_market_{side}", s.p(seat).zones["city"])
    if colour:
        own_fields(piece)["colours"] = [colour]
    return piece


def stack(s, zone, *ids):
    """Put cards from the box onto a zone so that the first id is on top (revealed first)."""
    return [s.put(card_id, zone) for card_id in reversed(ids)]


def ids(s, seat, zone="city"):
    return s.ids(s.p(seat).zones[zone])


def coins(s, seat):
    return s.p(seat).counters["coins"]


def set_coins(s, seat, n):
    s.p(seat).counters["coins"] = n


def score(s, seat):
    return s.game.score(s.match, s.p(seat), None)


def people(s, seat):
    return fn(s, "total_people", s.p(seat))


def hearts(s, seat):
    return fn(s, "total_hearts", s.p(seat))


def income(s, seat):
    return fn(s, "income_total", s.p(seat))


def price(s, card, seat):
    return fn(s, "price", card, s.p(seat))


def phase(s, k, answers=()):
    return s.run(s.game.phases[k].body, answers=answers)


def bot_match(players, seed, grozilla=False, check=None, **options):
    """A whole match played by random bots; `check(match)`, if given, runs at every decision."""
    opts = {"grozilla": "on" if grozilla else "off", **options}
    m = Match(game(grozilla), players, seed=seed, options=opts)
    agents = [make_agent("random", p.seat, seed) for p in m.players]
    while not m.over:
        d = m.pending
        if check is not None:
            check(m)
        m.choose(agents[d.player.index].choose(m.view(d.player), d))
    return m


def expert(players=3, grozilla=False):
    """An expert-mode table, each player with a Market of its colour."""
    s = make(players, mode="expert", grozilla=grozilla)
    for seat, colour in zip(range(1, players + 1), ("yellow", "blue", "green", "orange", "purple")[:players], strict=True):
        market(s, seat, colour)
    return s


def claim(s, seat, sid, answers=()):
    """`seat` claims the special `sid`, put in the specials row first."""
    piece = s.put(sid, s.zone("specials"))
    assert s.call("claim", s.p(seat), piece, answers=answers) is None
    return piece
