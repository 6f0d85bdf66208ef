"""Who may read what on the page: the account lines of a match as each viewer may read them.

The rules are the runtime's (runtime/secrecy.py): each decision carries the seats that may read its options
and its answer, and the match keeps, for each echo of an answer ("  Ann: <label>"), who may read it; anyone
else reads HIDDEN in its place. Lines the content writes with `say` are public narration by the content's own
contract and are passed on as they are.
"""
from __future__ import annotations

from ..runtime import secrecy
from ..runtime.secrecy import HIDDEN, prompt

__all__ = ["HIDDEN", "Account", "prompt", "readers", "unseen", "unseen_by"]


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


def readers(match, index: int) -> frozenset | None:
    """The seats that may read the echo of an answer to the pending decision (None: everyone): the decision's
    own declaration, the same whatever the answer `index`."""
    return match.pending.readers


class Account:
    """The account lines of one match with the echoes some viewers may not read."""

    def __init__(self, match):
        self.match = match

    @property
    def secret(self) -> dict:
        """Line index -> the seats that may read it, for the lines some viewers may not."""
        return self.match._sealed

    def choose(self, index) -> None:
        """Answer the pending decision (an option index or label): IllegalChoice, with the engine's reason,
        when refused."""
        self.match.choose(index)

    def lines(self, seat: int | None, start: int = 0, end: int | None = None) -> list[str]:
        """The lines from `start` as the player at `seat` (None: a spectator) may read them."""
        return secrecy.lines(self.match, seat, start, end)
