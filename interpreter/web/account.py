"""The account of a match as each viewer may read it: the match's lines (who may read each echo of an answer
is the runtime's rule, runtime/secrecy.py), with the table's own notes between them (an answer taken back)."""
from __future__ import annotations

from ..runtime import secrecy


class Account:
    """The account lines of one match as each viewer may read them, with the table's own notes (an answer
    taken back) between them."""

    def __init__(self, match, notes=()):
        self.match = match
        self.notes: list[tuple[int, str, str, frozenset | None]] = list(notes)  # (before line, text, hidden text, readers)

    def choose(self, index) -> None:
        """Answer the pending decision (an option index or label): IllegalChoice, with the engine's reason,
        when refused."""
        self.match.choose(index)

    def note(self, text: str, hidden: str, readers: frozenset | None) -> None:
        """A line of the table's own after the match's lines so far: `text` for `readers` (None: everyone),
        `hidden` for the others."""
        self.notes.append((len(self.match.lines), text, hidden, readers))

    def lines(self, seat: int | None, start: int = 0, end: int | None = None) -> list[str]:
        """The lines from `start` as the player at `seat` (None: a spectator) may read them."""
        if not self.notes:
            return secrecy.lines(self.match, seat, start, end)
        out, k = [], 0
        for i, line in enumerate(secrecy.lines(self.match, seat)):
            while k < len(self.notes) and self.notes[k][0] <= i:
                out.append(self._read(self.notes[k], seat))
                k += 1
            out.append(line)
        out += [self._read(n, seat) for n in self.notes[k:]]
        return out[start:end]

    def size(self) -> int:
        return len(self.match.lines) + len(self.notes)

    @staticmethod
    def _read(note, seat) -> str:
        _, text, hidden, readers = note
        return text if secrecy.may_read(readers, seat) else hidden
