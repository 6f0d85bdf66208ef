"""The account as the terminal prints it: one line per action. The engine echoes every answer ("  Cleo: No-Bid
Contract", "  Cleo: Play No-Bid Contract"), and the content narrates what the answers did ("  Cleo plays No-Bid
Contract."); where the content's next line is a sentence about the player who answered (it begins with their
name), it says the action and the echoes before it are left out. An echo the content does not narrate is
printed, an answer taken without asking (the only option) as "  Ann: draw (no other choice)"."""
from __future__ import annotations

from ..runtime.secrecy import Echo


class Account:
    """Lines in, lines out (`out`), each echo held until the next line says whether it is needed."""

    def __init__(self, out):
        self.out = out
        self.held: list[tuple[str, str]] = []  # (the echo as printed, whose answer it is)

    def add(self, line: str, shown: str | None = None) -> None:
        """A line of the match's account; `shown`: the text this terminal may print for it (a masked echo)."""
        shown = line if shown is None else shown
        if isinstance(line, Echo):
            if line.alone is not None and shown == line:
                shown = f"{line.alone} (no other choice)"
            self.held.append((shown, line.who))
            return
        if self.held and all(who == self.held[0][1] for _, who in self.held) \
                and line.lstrip().startswith(self.held[0][1] + " "):
            self.held = []  # the content's line says what was answered
        self.flush()
        self.out(shown)

    def flush(self) -> None:
        """Prints the echoes held (before a question at this terminal, or at the end)."""
        for shown, _ in self.held:
            self.out(shown)
        self.held = []
