"""The scripted agent, for tests: answers from a list of option labels (or indexes), in order."""
from __future__ import annotations

from ..errors import IllegalChoice
from .base import Agent


class ScriptedAgent(Agent):
    name = "scripted"

    def __init__(self, answers, fallback: Agent | None = None):
        super().__init__()
        self.answers = list(answers)
        self.fallback = fallback

    @property
    def wants_view(self) -> bool:
        return self.fallback is not None and getattr(self.fallback, "wants_view", True)

    def choose(self, view, decision) -> int:
        if not self.answers:
            if self.fallback is None:
                raise IllegalChoice(f"the script has no answer left for: {decision.prompt} "
                                    f"(options: {', '.join(decision.labels())})")
            return self.fallback.choose(view, decision)
        a = self.answers.pop(0)
        if isinstance(a, int):
            return a
        labels = decision.labels()
        if a in labels:
            return labels.index(a)
        starts = [i for i, lab in enumerate(labels) if lab.startswith(a)]
        if len(starts) == 1:
            return starts[0]
        raise IllegalChoice(f"scripted answer {a!r} is not an option of: {decision.prompt} "
                            f"(options: {', '.join(labels)})")
