"""Taking back an answer: a seat may take back its last answer while nothing hidden has been revealed to anyone
by it and no other seat has answered since.

Before each answer of a person the table keeps a copy of the match (`match.clone()`: the same position, the
same future random draws). Taking the answer back puts that copy in the match's place. What the answer made
known is judged once, right after it, by the one rule of who sees what (runtime/secrecy.py): a card some
viewer (a seat, or a spectator) sees now and did not see before (a card drawn, turned up, played from a hand,
revealed), or a random draw (a shuffle, a die: the copy would deal the same again, so an answer given again
would already know it), makes the answer stand.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..runtime import secrecy


def _seen(match) -> dict:
    """Viewer (a seat, or None for a spectator) -> the uids of the cards it sees."""
    zones = list(match.zones.values()) + [z for p in match.players for z in p.zones.values()]
    out = {}
    for viewer in [None, *match.players]:
        out[None if viewer is None else viewer.seat] = {
            piece.uid for z in zones for piece in z.items if secrecy.sees_card(match, piece, viewer)}
    return out


def _draws(match):
    """The state of the match's generator (None when it cannot say: a caller's own draws)."""
    state = getattr(match.rng, "getstate", None)
    return state() if state is not None else None


@dataclass
class Before:
    """What the table keeps of the position before a person's answer."""
    seat: int
    answers: int  # how many answers the table held before it
    readers: frozenset | None  # who may read the answer (its echo in the account)
    copy: object  # the match as it was: match.clone()
    label: str = ""
    seen: dict = field(default_factory=dict)
    draws: object = None
    revealed: str | None = None  # set after the answer: what it made known, or None

    @classmethod
    def take(cls, match, seat: int, answers: int) -> Before:
        return cls(seat, answers, match.pending.readers, match.clone(), seen=_seen(match), draws=_draws(match))

    def judge(self, match, label: str) -> None:
        """After the answer (`label`): whether it made anything hidden known."""
        self.label = label
        now = _seen(match)
        if self.draws is None or _draws(match) != self.draws:
            self.revealed = "it drew at random (a shuffle, a die, a card dealt)"
        elif any(now[v] - self.seen.get(v, set()) for v in now):
            self.revealed = "it showed a card that was hidden from someone"
        self.seen = {}  # no longer needed

    def refusal(self, match, seat: int, answers: int, names: dict) -> str | None:
        """Why `seat` may not take this answer back now (None: it may)."""
        if match.over:
            return "the match is over"
        if seat != self.seat or answers != self.answers + 1:
            return "another seat has answered since" + (f" ({names[self.seat]})" if seat != self.seat else "")
        if self.revealed:
            return f"your last answer stands: {self.revealed}"
        return None
