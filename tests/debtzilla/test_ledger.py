"""Debtzilla's account as a ledger (DZ-TURN-1, issue: "a player must be able to check the rules from the account
alone"): whole matches are read line by line, every change of a player's W, Happiness and Shields, of Boss Health
and of each citizen's Wealth is said with its amount, each running total said agrees with the changes said before
it, and every turn's totals agree with them. A change made without its line, or a line whose amount is not the
change made, breaks the ledger."""
from __future__ import annotations

import re

import pytest

from interpreter.sim.run import play, seat_agents

from .conftest import debtzilla

MATCHES = [("debtzilla", "standard", 2, 1), ("debtzilla", "standard", 3, 5), ("debtzilla", "standard", 4, 2),
           ("inflationsaurus", "standard", 2, 7), ("inflationsaurus", "family", 3, 3), ("debtzilla", "family", 2, 4)]

GAIN_W = re.compile(r"^[^:]+: (\w+) \+(\d+)W\b.*\((\d+)W\)")
LOSE_W = re.compile(r": (\w+) loses (\d+)W \((\d+)W\)\.$")
PAY = [re.compile(r"^(\w+) repays .* for (\d+)W\.$"), re.compile(r"^(\w+) buys .* for (\d+)W \("),
       re.compile(r"^(\w+) pays (1)W to replace "), re.compile(r"^(\w+) summons .* for (\d+)W: ")]
COLLECT = re.compile(r"^(\w+) collects the (\d+)W that ")
GAIN_H = re.compile(r": (\w+) \+(\d+) Happiness \((\d)/5\)")
LOSE_H = re.compile(r": (\w+) loses (\d+) Happiness \((\d)/5\)")
SPEND_H = re.compile(r"^(\w+) spends all Happiness on ")
LADY = re.compile(r"^(\w+) uses Lady Easing's Ability: ")
SHIELD = re.compile(r"^Insurance: (\w+) takes an Insurance Shield \((\d+) Insurance Shields? in all\)\.$")
BLOCK = re.compile(r"^(\w+) spends an Insurance Shield: ")
TOTALS = re.compile(r"^(\w+) \([^)]*\): (\d+)W, Happiness (\d+), (\d+) Insurance Shields?, gadgets ")
BOSS = re.compile(r"^Boss Health ([+-])(\d+) \(.*\): (\d+) -> (\d+)\.$")
BOSS_START = re.compile(r"^The boss: .*, Boss Health (\d+)\.")
BOSS_END = re.compile(r"^End of turn (\d+): Boss Health (\d+)")
REACHES = re.compile(r"^Boss Health reaches (\d+): ")
APPEARS = re.compile(r"^(.+) appears in citizen space \d \((\d+)W\)\.$")
SCAMMED = re.compile(r"^.*: ([^:]+) loses (\d+)W \((\d+)/(\d+)W\)")
RESTORED = re.compile(r"^(.+) is restored (\d+)W \((\d+)/(\d+)W\)\.$")
BANKRUPT = re.compile(r"^(.+) is Bankrupt and goes to the Courthouse\.$")
CITIZENS = re.compile(r"\d: (.+?) (\d+)/(\d+)W")


class Ledger:
    def __init__(self):
        self.w, self.h, self.sh, self.wealth = {}, {}, {}, {}
        self.boss = None
        self.checked = 0

    def read(self, raw):
        line = raw.strip()
        if m := re.match(r"^(\w+) plays .+ \(\w+\)\.$", line):
            p = m.group(1)
            self.w[p], self.h[p], self.sh[p] = 0, 0, 0
        elif m := BOSS_START.match(line):
            self.boss = int(m.group(1))
        elif m := GAIN_W.match(line):
            p, n, total = m.group(1), int(m.group(2)), int(m.group(3))
            self.w[p] += n
            self.agree(self.w[p], total, raw)
        elif m := LOSE_W.search(line):
            p, n, total = m.group(1), int(m.group(2)), int(m.group(3))
            self.w[p] -= n
            self.agree(self.w[p], total, raw)
        elif m := next((r.match(line) for r in PAY if r.match(line)), None):
            self.w[m.group(1)] -= int(m.group(2))
            assert self.w[m.group(1)] >= 0, raw
        elif m := COLLECT.match(line):
            self.w[m.group(1)] += int(m.group(2))
        elif m := GAIN_H.search(line):
            p, n, total = m.group(1), int(m.group(2)), int(m.group(3))
            self.h[p] += n
            self.agree(self.h[p], total, raw)
        elif m := LOSE_H.search(line):
            p, n, total = m.group(1), int(m.group(2)), int(m.group(3))
            self.h[p] -= n
            self.agree(self.h[p], total, raw)
        elif m := SPEND_H.match(line):
            assert self.h[m.group(1)] == 5, raw  # DZ-HERO-2: a full meter
            self.h[m.group(1)] = 0
        elif m := LADY.match(line):
            self.h[m.group(1)] -= 1
            assert self.h[m.group(1)] >= 0, raw
        elif m := SHIELD.match(line):
            self.sh[m.group(1)] += 1
            self.agree(self.sh[m.group(1)], int(m.group(2)), raw)
        elif m := BLOCK.match(line):
            self.sh[m.group(1)] -= 1
            assert self.sh[m.group(1)] >= 0, raw
        elif m := TOTALS.match(line):
            p = m.group(1)
            self.agree((self.w[p], self.h[p], self.sh[p]), tuple(int(m.group(i)) for i in (2, 3, 4)), raw)
        elif m := BOSS.match(line):
            sign, n, a, b = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))
            self.agree(a, self.boss, raw)
            self.boss = min(999, a + n) if sign == "+" else max(0, a - n)
            self.agree(b, self.boss, raw)
        elif m := BOSS_END.match(line):
            self.agree(int(m.group(2)), self.boss, raw)
            self.citizens(line)
        elif m := REACHES.match(line):
            assert self.boss >= int(m.group(1)), raw
        elif m := APPEARS.match(line):
            self.wealth[m.group(1)] = int(m.group(2))
        elif m := RESTORED.match(line):
            c, n, w = m.group(1), int(m.group(2)), int(m.group(3))
            self.wealth[c] += n
            self.agree(self.wealth[c], w, raw)
            assert w <= int(m.group(4)), raw  # never above the starting Wealth
        elif (m := SCAMMED.match(line)) and m.group(1) in self.wealth:
            c, n, w = m.group(1), int(m.group(2)), int(m.group(3))
            self.wealth[c] -= n
            self.agree(self.wealth[c], w, raw)
        elif m := BANKRUPT.match(line):
            self.agree(self.wealth.pop(m.group(1)), 0, raw)

    def citizens(self, line):
        part = line.split(" Citizens: ", 1)[1] if " Citizens: " in line else ""
        shown = {m.group(1): int(m.group(2)) for m in CITIZENS.finditer(part)}
        self.agree(shown, self.wealth, line)

    def agree(self, mine, said, line):
        assert mine == said, f"the account says {said!r} where its own lines give {mine!r}: {line!r}"
        self.checked += 1


def account(boss, mode, players, seed):
    m = play(debtzilla(boss), players, seed, {"boss": boss, "mode": mode, "heroes": "random"},
             seat_agents(players, "all", seed))
    return m.lines


@pytest.mark.parametrize("boss,mode,players,seed", MATCHES)
def test_the_account_is_a_ledger(boss, mode, players, seed):
    """DZ-TURN-1: every W, Happiness, Shield, Boss Health and Wealth change of a whole match is said with its
    amount, and the totals said agree with the changes said."""
    ledger = Ledger()
    lines = account(boss, mode, players, seed)
    for line in lines:
        ledger.read(line)
    assert ledger.checked > 50
