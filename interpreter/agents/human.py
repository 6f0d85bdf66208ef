"""The human agent: numbered options at a terminal prompt."""
from __future__ import annotations

import sys

from .base import Agent


class HumanAgent(Agent):
    name = "human"
    wants_view = False

    def __init__(self, read=input, write=print):
        super().__init__()
        self.read, self.write = read, write

    def choose(self, view, decision) -> int:
        self.write(f"\n{decision.player.name}: {decision.prompt}")
        for i, label in enumerate(decision.labels(), 1):
            self.write(f"  {i}. {label}")
        while True:
            try:
                raw = self.read("> ").strip()
            except EOFError:
                self.write("(no more input)")
                sys.exit(1)
            if raw.isdigit() and 1 <= int(raw) <= len(decision.options):
                return int(raw) - 1
            self.write(f"Type a number from 1 to {len(decision.options)}.")
