"""Who may read what: the account lines of a match as each viewer may read them.

The engine echoes every answer into the account ("  Ann: <option label>"). An answer may name a card only its
chooser can see (a card picked from a hand that only its owner sees), so before each answer is applied
we work out who may read that echo; anyone else reads "(hidden)" in its place. Lines the content writes with
`say` are public narration by the content's own contract and are passed on as they are.
"""
from __future__ import annotations

from ..runtime.state import Piece

HIDDEN = "(a hidden choice)"


def sees(zone, viewer) -> bool:
    """The rule of runtime/view.py: public zones, and `owner` zones to their owner."""
    vis = zone.spec.visibility
    return vis == "public" or (vis == "owner" and viewer is not None and zone.owner is viewer)


def _zones(match):
    yield from match.zones.values()
    for p in match.players:
        yield from p.zones.values()


def readers(match, index: int) -> frozenset | None:
    """The players who may read the echo of answer `index` to the pending decision (None: everyone)."""
    d = match.pending
    option = d.options[index]
    decider = d.player
    viewers = [None, *match.players]
    # names of the cards the decider sees and a viewer might not: a label may name one without being it
    private = {}
    for z in _zones(match):
        if z.name != "box" and z.items and sees(z, decider) and z.spec.visibility != "public":
            private[z] = {p.card.name for p in z.items}

    def may_read(v) -> bool:
        if v is decider:
            return True
        value = option.value
        if type(value) is Piece and value.zone is not None and not sees(value.zone, v):
            return False
        for z, names in private.items():
            if not sees(z, v) and any(n and n in option.label for n in names):
                return False
        return True

    allowed = [v for v in viewers if may_read(v)]
    if len(allowed) == len(viewers):
        return None
    return frozenset(v.seat for v in allowed if v is not None)


class Account:
    """The account lines of one match with the echoes some viewers may not read."""

    def __init__(self, match):
        self.match = match
        self.secret: dict[int, frozenset] = {}  # line index -> seats that may read it

    def choose(self, index) -> None:
        """Answer the pending decision (an option index or label), noting who may read the echo."""
        m = self.match
        d = m.pending
        if d is not None and isinstance(index, str) and index in d.labels():
            index = d.labels().index(index)
        allowed = None
        if d is not None and isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(d.options):
            allowed = readers(m, index)
        at = len(m.lines)
        m.choose(index)  # IllegalChoice, with the engine's reason, when refused
        if allowed is not None and at < len(m.lines):
            self.secret[at] = allowed

    def lines(self, seat: int | None, start: int = 0, end: int | None = None) -> list[str]:
        """The lines from `start` as the player at `seat` (None: a spectator) may read them."""
        out = []
        lines = self.match.lines
        stop = len(lines) if end is None else min(end, len(lines))
        for i in range(start, stop):
            allowed = self.secret.get(i)
            if allowed is not None and seat not in allowed:
                line = lines[i]
                name = line.split(":", 1)[0] if ":" in line else ""
                out.append(f"{name}: {HIDDEN}")
            else:
                out.append(lines[i])
        return out
