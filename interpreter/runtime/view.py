"""What one player may see: visible zones with their cards, hidden zones as counts only (with the cards
revealed to the viewer among them); the rules are secrecy.py's."""
from __future__ import annotations

from operator import attrgetter

from .secrecy import prompt, sees
from .state import Piece, Player, Zone


class _Viewer:
    """A viewer (a Player, or None for a spectator) and the pieces revealed to it."""
    __slots__ = ("player", "known")

    def __init__(self, match, player):
        self.player = player
        self.known = set() if player is None else \
            {id(p) for p, seats, zone, _ in match._revealed if p.zone is zone and player.seat in seats}

    def sees(self, p: Piece) -> bool:
        return sees(p.zone, self.player) or id(p) in self.known


def _card(p: Piece, viewer: _Viewer) -> dict:
    d = {"id": p.card.id, "name": p.card.name, "kind": p.card.kind, "uid": p.uid}
    if p.by is not None:  # who played it here (the player whose zone it left)
        d["played_by"] = p.by.seat
    d.update({k: _value(v, viewer) for k, v in p.f.items()})
    return d


def _value(v, viewer: _Viewer):
    """A var's or a field's value as the viewer may see it: a card lying where the viewer cannot see is hidden."""
    if type(v) is Piece:
        if not viewer.sees(v):
            return {"card": "(hidden)"}
        return {"card": v.card.name, "uid": v.uid}
    if type(v) is Player:
        return {"player": v.seat}
    if type(v) is list:
        return [_value(x, viewer) for x in v]
    return v


_uid = attrgetter("uid")  # a piece's uid (a sort key)


def _zone(z: Zone, viewer: _Viewer) -> dict:
    out = {"count": len(z.items), "visibility": z.spec.visibility}
    if sees(z, viewer.player):
        out["cards"] = [_card(p, viewer) for p in z.items]
    elif viewer.known:
        # in the order the cards were dealt into the match (uid), not their place in the zone: that is hidden
        shown = [_card(p, viewer) for p in sorted(z.items, key=_uid) if id(p) in viewer.known]
        if shown:  # cards revealed to the viewer (`reveal`), the others of the zone still hidden
            out["revealed"] = shown
    return out


def view(match, player) -> dict:
    """The match as `player` (a Player, a seat number, or None for a spectator) may see it."""
    if isinstance(player, int) and not isinstance(player, bool):
        player = match.players[player - 1]
    viewer = _Viewer(match, player)
    out = {
        "game": match.game.id, "round": match.round, "phase": match.phase,
        "viewer": player.seat if player is not None else None,
        "first_player": match.first.seat,
        "counters": dict(match.counters),
        "vars": {k: _value(v, viewer) for k, v in match.vars.items()},
        "zones": {n: _zone(z, viewer) for n, z in match.zones.items() if n != "box"},
        "players": [{
            "seat": p.seat, "name": p.name, "counters": dict(p.counters),
            "vars": {k: _value(v, viewer) for k, v in p.vars.items()},
            "zones": {n: _zone(z, viewer) for n, z in p.zones.items()},
        } for p in match.players],
    }
    d = match.pending
    if d is not None:
        out["pending"] = {"player": d.player.seat, "prompt": prompt(d, player)}
        if player is d.player:
            out["pending"]["options"] = d.labels()
    if match.result is not None:
        out["result"] = match.result.as_dict()
    return out


def same_view(a, b, seat: int) -> bool:
    """Whether two matches of one game show the player at `seat` the same: `view(a, seat) == view(b, seat)`,
    found without building either view (a search tells worlds apart by it many times a decision). Where the
    quick look is not sure (a card's fields that hold cards), the views decide."""
    va, vb = _Viewer(a, a.players[seat - 1]), _Viewer(b, b.players[seat - 1])
    if (a.round, a.phase, a.first.index, a.result is None) != (b.round, b.phase, b.first.index, b.result is None) \
            or a.counters != b.counters or not _same_store(a.vars, b.vars, va, vb):
        return False
    for pa, pb in zip(a.players, b.players, strict=True):
        if pa.counters != pb.counters or not _same_store(pa.vars, pb.vars, va, vb):
            return False
    for za, zb in zip(a._all_zones, b._all_zones, strict=True):
        xs, ys = za.items, zb.items
        if not xs and not ys or za.name == "box" and za.owner is None:
            continue
        if len(xs) != len(ys):
            return False
        if sees(za, va.player):
            pairs = zip(xs, ys, strict=True)
        elif va.known or vb.known:
            shown_a = sorted((p for p in xs if id(p) in va.known), key=_uid)
            shown_b = sorted((p for p in ys if id(p) in vb.known), key=_uid)
            if len(shown_a) != len(shown_b):
                return False
            pairs = zip(shown_a, shown_b, strict=True)
        else:
            continue
        for x, y in pairs:
            if x.uid != y.uid or x.card is not y.card or (x.by is None) != (y.by is None) \
                    or (x.by is not None and x.by.index != y.by.index):
                return False
            if x.f is not y.f and x.f != y.f and not _same_store(x.f, y.f, va, vb):
                return False
    da, db = a.pending, b.pending
    if (da is None) != (db is None):
        return False
    if da is not None:
        if da.player.index != db.player.index or prompt(da, va.player) != prompt(db, vb.player):
            return False
        if da.player is va.player and da.labels() != db.labels():
            return False
    return a.result is None or a.result.as_dict() == b.result.as_dict()


def _same_store(x: dict, y: dict, va: _Viewer, vb: _Viewer) -> bool:
    if x.keys() != y.keys():
        return False
    for k, v in x.items():
        w = y[k]
        if v is w or (type(v) is type(w) and type(v) in (int, str, bool) and v == w):
            continue
        if _value(v, va) != _value(w, vb):
            return False
    return True
