"""What one player may see: visible zones with their cards, hidden zones as counts only."""
from __future__ import annotations

from .state import Piece, Player, Zone


def _seen(z: Zone | None, viewer) -> bool:
    if z is None:
        return True
    vis = z.spec.visibility
    return vis == "public" or (vis == "owner" and viewer is not None and z.owner is viewer)


def _card(p: Piece, viewer) -> dict:
    d = {"id": p.card.id, "name": p.card.name, "kind": p.card.kind, "uid": p.uid}
    d.update({k: _value(v, viewer) for k, v in p.f.items()})
    return d


def _value(v, viewer):
    """A var's or a field's value as the viewer may see it: a card lying where the viewer cannot see is hidden."""
    if type(v) is Piece:
        if not _seen(v.zone, viewer):
            return {"card": "(hidden)"}
        return {"card": v.card.name, "uid": v.uid}
    if type(v) is Player:
        return {"player": v.seat}
    if type(v) is list:
        return [_value(x, viewer) for x in v]
    return v


def _zone(z: Zone, viewer) -> dict:
    out = {"count": len(z.items), "visibility": z.spec.visibility}
    if _seen(z, viewer):
        out["cards"] = [_card(p, viewer) for p in z.items]
    return out


def view(match, player) -> dict:
    """The match as `player` (a Player, a seat number, or None for a spectator) may see it."""
    if isinstance(player, int) and not isinstance(player, bool):
        player = match.players[player - 1]
    out = {
        "game": match.game.id, "round": match.round, "phase": match.phase,
        "viewer": player.seat if player is not None else None,
        "first_player": match.first.seat,
        "counters": dict(match.counters),
        "vars": {k: _value(v, player) for k, v in match.vars.items()},
        "zones": {n: _zone(z, player) for n, z in match.zones.items() if n != "box"},
        "players": [{
            "seat": p.seat, "name": p.name, "counters": dict(p.counters),
            "vars": {k: _value(v, player) for k, v in p.vars.items()},
            "zones": {n: _zone(z, player) for n, z in p.zones.items()},
        } for p in match.players],
    }
    d = match.pending
    if d is not None:
        out["pending"] = {"player": d.player.seat, "prompt": d.prompt}
        if player is d.player:
            out["pending"]["options"] = d.labels()
    if match.result is not None:
        out["result"] = match.result.as_dict()
    return out
