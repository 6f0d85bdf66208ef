"""The engine's own attributes of a card, a player and a zone (`c.name`, `p.left`, `z.size`): the registry the
checker, the optimiser, the code generator, runtime.ops and the language server read, as they read the verbs'
(runtime.verbs). Each is declared here once:

    Attribute("player", "left", "player", lambda M, p: ..., "M.players[({o}.index + 1) % len(M.players)]",
              "The next player in seat order.")

with what it is read of (its owner), its name, its type in the verbs' words (runtime.verbs.TYPES, `or none` when
it may be none), how the runtime reads it of a value of its owner's type (ops.get), the Python code generation
writes for it where the object is known to be one (`{o}`: the object's code, written once, so that the object
is evaluated once), and what it means. A game's own data of the same name comes first, as ops.get reads it
(a card's fields and expression hooks; a player's counters, zones and vars): the checker and the optimiser
use an attribute only where the game gives its owner nothing of that name (check.names.NameTable.builtin).
A test checks every inline form against its runtime read.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .state import Piece, Player, Zone

OWNERS = {"card": Piece, "player": Player, "zone": Zone}  # what an attribute is read of -> its runtime type


@dataclass(frozen=True, slots=True)
class Attribute:
    owner: str  # a key of OWNERS
    name: str
    type: str  # runtime.verbs.TYPES, or one of them `or none`
    read: Callable  # (match, an object of the owner's type) -> the value
    inline: str  # Python of the value, `{o}` the object's code: an expression binding tighter than `if`
    doc: str

    @property
    def cls(self) -> type:
        return OWNERS[self.owner]


def _zone_name(M, c):
    return c.zone.name if c.zone is not None else None


def _zone_owner(M, c):
    return c.zone.owner if c.zone is not None else None


def _left(M, p):
    ps = M.players
    return ps[(p.index + 1) % len(ps)]


def _right(M, p):
    ps = M.players
    return ps[(p.index - 1) % len(ps)]


_DECLARED = (
    Attribute("card", "id", "text", lambda M, c: c.card.id, "{o}.card.id", "The card's id, as its file names it."),
    Attribute("card", "name", "text", lambda M, c: c.card.name, "{o}.card.name", "The card's name, as shown."),
    Attribute("card", "kind", "text", lambda M, c: c.card.kind, "{o}.card.kind", "The card's kind (of `kinds:`)."),
    Attribute("card", "owner", "player or none", _zone_owner, "{o}.zone.owner",  # a piece always lies in a zone
              "The player whose zone holds the card; none in a zone no player owns."),
    Attribute("card", "zone", "text", _zone_name, "{o}.zone.name", "The name of the zone holding the card."),
    Attribute("card", "uid", "number", lambda M, c: c.uid, "{o}.uid",
              "The number of this copy of the card, its own in the match."),
    Attribute("card", "played_by", "player or none", lambda M, c: c.by, "{o}.by",
              "The player whose zone the card left at its last move; none when it came from a zone no player "
              "owns or has not moved since the setup."),
    Attribute("player", "seat", "number", lambda M, p: p.seat, "{o}.seat", "The player's seat, from 1."),
    Attribute("player", "name", "text", lambda M, p: p.name, "{o}.name", "The player's name."),
    Attribute("player", "index", "number", lambda M, p: p.index, "{o}.index",
              "The player's place in `players`, from 0."),
    Attribute("player", "left", "player", _left, "M.players[({o}.index + 1) % len(M.players)]",
              "The next player in seat order (the first after the last)."),
    Attribute("player", "right", "player", _right, "M.players[({o}.index - 1) % len(M.players)]",
              "The player before in seat order (the last before the first)."),
    Attribute("zone", "size", "number", lambda M, z: len(z.items), "len({o}.items)", "How many cards the zone holds."),
    Attribute("zone", "top", "card or none", lambda M, z: z.items[-1] if z.items else None, "({o}.items or (None,))[-1]",
              "The card on top (the last put there); none when the zone is empty."),
    Attribute("zone", "bottom", "card or none", lambda M, z: z.items[0] if z.items else None,
              "({o}.items or (None,))[0]", "The card at the bottom; none when the zone is empty."),
    Attribute("zone", "owner", "player or none", lambda M, z: z.owner, "{o}.owner",
              "The player the zone belongs to; none for a shared zone."),
    Attribute("zone", "name", "text", lambda M, z: z.name, "{o}.name", "The zone's name."),
)

ATTRIBUTES: dict = {owner: {a.name: a for a in _DECLARED if a.owner == owner} for owner in OWNERS}


def names(owner: str) -> tuple:
    """The names of the attributes of a card, a player or a zone, in their order here."""
    return tuple(ATTRIBUTES[owner])


def listed() -> list[dict]:
    """Every attribute as the language server and the docs show it: owner, name, type and doc."""
    return [{"owner": a.owner, "name": a.name, "type": a.type, "doc": a.doc} for a in _DECLARED]
