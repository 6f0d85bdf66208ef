"""Plain state of a match: pieces (card instances), zones, players. Small and cheap to rebuild."""
from __future__ import annotations


class Piece:
    """One physical card in play: its definition plus fields changed during the match. `by` is the player
    whose zone it left at its last move (content's `played_by`): none when that zone is no player's. `mix`: the
    last shuffle it went through (a token the pieces shuffled together share; none before any): a search's
    worlds deal a zone whose contents are known only among the pieces of one shuffle (copies.pools)."""
    __slots__ = ("uid", "card", "f", "zone", "by", "mix")

    def __init__(self, uid: int, card, zone=None):
        self.uid = uid
        self.card = card
        self.f = card.fields  # its fields: the card's, until a write gives the piece its own (own_fields)
        self.zone = zone
        self.by = None
        self.mix = None

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def fields(self) -> dict:
        """Its fields as they stand in the match (a field content wrote is the piece's own), to read from Python:
        `piece.fields["cost"]`; `piece.card.fields` are the card's as its file gives them."""
        return self.f

    def __repr__(self) -> str:
        return f"<{self.card.id}#{self.uid}>"


def own_fields(piece: Piece) -> dict:
    """The piece's fields, to write: a copy of its card's made at the first write (most pieces never get one:
    a match copies no card's fields at its setup), so that the card and every other piece keep theirs."""
    f = piece.f
    if f is piece.card.fields:
        f = piece.f = dict(f)
    return f


class Zone:
    """An ordered pile of pieces; the end of the list is the top. True when it holds any."""
    __slots__ = ("name", "owner", "items", "spec")

    def __init__(self, name: str, owner, spec):
        self.name = name
        self.owner = owner
        self.items: list = []
        self.spec = spec

    def __bool__(self) -> bool:  # `if hand { ... }` in content: compiled conditions test zones as Python does
        return bool(self.items)

    def __repr__(self) -> str:
        who = f"{self.owner.name}." if self.owner is not None else ""
        return f"<zone {who}{self.name} ({len(self.items)})>"


class Player:
    __slots__ = ("index", "seat", "name", "counters", "zones", "vars", "match")

    def __init__(self, index: int, name: str):
        self.index = index
        self.seat = index + 1
        self.name = name
        self.counters: dict = {}
        self.zones: dict = {}
        self.vars: dict = {}
        self.match = None

    def __repr__(self) -> str:
        return f"<player {self.seat}>"


class Options:
    """The match's rules options, read in content as `options.NAME`."""
    __slots__ = ("values",)

    def __init__(self, values: dict):
        self.values = values
