"""A shared screen's hand-over: which other seats may not see all that the deciding seat is shown, by the one rule
of who sees what (runtime/secrecy.py: `sees_card`, a decision's readers)."""
from __future__ import annotations

from ..runtime import secrecy
from ..runtime.secrecy import unseen


def unseen_by(match, decision, others) -> list[int]:
    """The seats of `others` (Players) that may not see all that the deciding seat is shown: a card its view
    shows that theirs does not, or the decision itself when they are not among its readers. A shared screen
    hands over to the deciding seat whenever one of them is there."""
    out = {o.seat for o in others if not secrecy.may_read(decision.readers, o)}
    for _piece, missed in unseen(match, decision.player, others):
        out.update(missed)
    return sorted(out)
