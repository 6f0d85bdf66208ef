"""A shared screen's hand-over: which other seats may not see all that the deciding seat is shown, by the one rule
of who sees what (runtime/secrecy.py: `sees_card`, a decision's readers)."""
from __future__ import annotations

from ..runtime import secrecy


def unseen(match, player, others):
    """(piece, the seats of `others` that do not see it) for each card `player` sees (a zone it sees, a card
    revealed to it: secrecy.sees_card) that some of `others` (Players) do not."""
    zones = list(match.zones.values()) + [z for p in match.players for z in p.zones.values()]
    for z in zones:
        if not z.items or (secrecy.sees(z, player) and all(secrecy.sees(z, o) for o in others)):
            continue  # what `player` sees here, they all see
        for piece in z.items:
            if secrecy.sees_card(match, piece, player):
                missed = [o.seat for o in others if not secrecy.sees_card(match, piece, o)]
                if missed:
                    yield piece, missed


def unseen_by(match, decision, others) -> list[int]:
    """The seats of `others` (Players) that may not see all that the deciding seat is shown: a card its view
    shows that theirs does not, or the decision itself when they are not among its readers. A shared screen
    hands over to the deciding seat whenever one of them is there."""
    out = {o.seat for o in others if not secrecy.may_read(decision.readers, o)}
    for _piece, missed in unseen(match, decision.player, others):
        out.update(missed)
    return sorted(out)
