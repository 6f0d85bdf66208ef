"""The account as the terminal prints it: one line per action. The engine echoes every answer ("  Ann: Red
One", "  Ann: Play Red One"), and the content narrates what answers did ("  Ann plays Red One."). A content
line that is a sentence about the player who answered (it begins with their name) and holds every word of the
answer (the first perhaps conjugated, "passes", or left out: the verb of a menu's "Play X", in "Ann plays X")
says that answer: the echo is left out, with the answers of that player just before it that led there (a
menu's choice, then the card). An answer taken without asking (the only option) is kept unless the line says
it, and printed with the question it answers, in short: "  Ben: which player? Ann (no other choice)" (a bare
"Ben: Ann" would not say what was decided); any other echo is printed as the engine says it."""
from __future__ import annotations

import re

from ..runtime.secrecy import Echo

_WORD = re.compile(r"[^\s(),.;:!?\"]+")
# a sentence's end inside a prompt: "... Board (Coin Flipper 2W). What do you do?" (not "St. Louis")
_SENTENCE = re.compile(r"(?<=[\w)]{3}[.!])\s+(?=[A-Z])")


def asked(prompt: str) -> str:
    """A decision's prompt in short, as a forced answer's line names it: its first question, from the start of
    its sentence ("you have 0W at ... What do you do? 1: ..." -> "What do you do?"); a prompt that asks no
    question is kept whole, with a colon ("Choose:")."""
    head, mark, _ = prompt.partition("?")
    return _SENTENCE.split(head.strip())[-1] + (mark or ":")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def says(line: str, who: str, echoed: str) -> bool:
    """Whether a content line says the answer `echoed` ("  Ann: Play Red One") of player `who`."""
    if not line.lstrip().startswith(who + " "):
        return False
    answer = _WORD.findall(echoed.partition(": ")[2].lower())
    said = _words(line)
    if not answer or not set(answer[1:]) <= said:
        return False
    # the first word as answered, or conjugated ("pass": "passes"), or left out ("Play X": "plays X")
    return len(answer) > 1 or any(w.startswith(answer[0]) for w in said)


class Account:
    """Lines in, lines out (`out`), each echo held until the next line says whether it is needed."""

    def __init__(self, out):
        self.out = out
        # (whose answer, the answer as this terminal may read it, as printed, taken without asking)
        self.held: list[tuple[str, str, str, bool]] = []

    def add(self, line: str, shown: str | None = None) -> None:
        """A line of the match's account; `shown`: the text this terminal may print for it (a masked echo,
        whose hidden answer is never compared with anything: only what this terminal reads decides)."""
        shown = line if shown is None else shown
        if isinstance(line, Echo):
            read, forced = shown, line.alone is not None
            if forced and shown == line:
                answer = line.alone[len(f"  {line.who}: "):]
                read, shown = line.alone, f"  {line.who}: {asked(line.question)} {answer} (no other choice)"
            self.held.append((line.who, read, shown, forced))
            return
        if self.held and says(line, *self.held[-1][:2]):
            who, k = self.held[-1][0], len(self.held) - 1
            while k > 0 and self.held[k - 1][0] == who and (not self.held[k - 1][3] or says(line, *self.held[k - 1][:2])):
                k -= 1
            del self.held[k:]  # the line says them
        self.flush()
        self.out(shown)

    def flush(self) -> None:
        """Prints the echoes held (before a question at this terminal, or at the end)."""
        for *_, shown, _ in self.held:
            self.out(shown)
        self.held = []
