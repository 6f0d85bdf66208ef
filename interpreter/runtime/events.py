"""Events: a name and its parameters, heard by the game's handlers and by cards in active zones."""
from __future__ import annotations

from .modifiers import expire
from .ops import as_me
from .secrecy import expire as unreveal


def emit(M, name: str, params: dict):
    """Run every handler of `name`, the game's first, then the cards' in active zones."""
    me = as_me(params.get("player"), f"event `{name}`")
    for handler in M.game.handlers.get(name, ()):
        handler(M, me, None, **params)
    if name in M._listening:
        for zone in M._active_zones:
            for piece in list(zone.items):
                h = piece.card.handlers.get(name)
                if h is not None and piece.zone is zone:
                    h(M, zone.owner, piece, **params)
    if M._modifiers:
        expire(M, name)
    if M._revealed:
        unreveal(M, name)
