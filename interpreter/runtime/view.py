"""What one player may see: visible zones with their cards, hidden zones as counts only (with the cards
revealed to the viewer among them); the rules are secrecy.py's."""
from __future__ import annotations

from .secrecy import prompt, sees
from .state import Piece, Player, Zone


class _Viewer:
    """A viewer (a Player, or None for a spectator) and the pieces revealed to it."""
    __slots__ = ("player", "known")

    def __init__(self, match, player):
        self.player = player
        self.known = set() if player is None else \
            {id(p) for p, seats, zone, _ in match.revealed if p.zone is zone and player.seat in seats}

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


def _uid(p: Piece) -> int:
    return p.uid


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
