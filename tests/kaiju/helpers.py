"""Small helpers shared by the Kaiju Incorporated scenario tests."""
from __future__ import annotations

from interpreter.runtime import ops
from interpreter.testing import finish, line_index  # noqa: F401 (used by the tests)

SUITS = ("construction", "industrial", "technology")


def stack(s, zone, *ids):
    """Put cards from the box onto a zone so that the first id is on top (drawn first)."""
    for card_id in reversed(ids):
        s.put(card_id, zone)


def tableau(s, seat, *ids):
    for card_id in ids:
        s.put(card_id, s.p(seat).zones["tableau"])


def company(s, seat, card_id):
    s.put(card_id, s.p(seat).zones["company"])


def field(s, piece, name):
    """A card's field or expression, as content reads it (`piece.name`)."""
    return ops.get(s.match, piece, name)


def vp(s, player):
    """The game's score expression for one player."""
    return s.game.score(s.match, player, None)


def cards_of(s, kind, **fields):
    """Ids of every card definition of a kind whose fields match."""
    out = []
    for card in s.game.cards.values():
        if card.kind == kind and all(card.fields.get(k) == v for k, v in fields.items()):
            out += [card.id] * card.copies
    return out


# A Your Turn Technology building that pays 1¥ (or 2¥) per seat: with one of these a player is never in the
# special case (KI-INC-8), so the turn menu is just build / income.
SOLVENT = ["start_gwai_ghost_net_lab", "start_babayagitch_hut_on_legs_lab", "st_louis_cornfield_sensors",
           "mumbai_dabbawala_drones", "hong_kong_mong_kok_arcade"]


def solvent(s):
    """Give every player a Your Turn Technology building that pays ¥ (see SOLVENT)."""
    for p in s.match.players:
        s.put(SOLVENT[p.index], p.zones["tableau"])


def income_bot(s, d):
    """Answer decisions until none is pending: take the first card of the row, take income with it (never build),
    pick the first option of anything else (a Eureka, a kaiju stomp)."""
    while d is not None:
        labels = d.labels()
        if "card do you take from the row" in d.prompt:
            k = 0
        else:
            k = next((i for i, lab in enumerate(labels) if lab.startswith("Discard")), 0)
        d = s.answer(k)
