"""A simple cooperative strategy for Debtzilla, for tests that need sensible play (random bots almost never win).

It reads the match (not only its view): it is a test tool, not a fair player. It never borrows, repays when it can,
buys gadgets, gathers every Hero on the villain already most hurt, keeps its dice on villains, and changes dice
towards the weak points still free.
"""
from __future__ import annotations

import re


def _f(piece, name):
    f = piece.f
    if f is not None and name in f:
        return f[name]
    return piece.card.fields.get(name)


class Cooperative:
    def __init__(self, match):
        self.m = match

    # what the player still needs: the free weak point values of its targets
    def needed(self, p):
        out = []
        placed = self.m.zones["placed"].items
        for v in p.vars["targets"]:
            hit = {_f(d, "wp") for d in placed if _f(d, "sits_on") is v}
            out += [w for j, w in enumerate(_f(v, "weak") or [], 1) if j not in hit]
        return out

    def useless(self, p, dice_zone="rolled"):
        need = list(self.needed(p))
        bad = []
        for d in p.zones[dice_zone].items:
            v = _f(d, "value")
            if v in need:
                need.remove(v)
            else:
                bad.append(d)
        return bad

    def choose(self, d) -> int:
        labels, prompt, p = d.labels(), d.prompt, d.player

        def pick(*prefs, default=0):
            for pref in prefs:
                for i, label in enumerate(labels):
                    if label.startswith(pref):
                        return i
            return default

        def die_value(label):
            return int(label.split()[0])

        if "summon" in prompt:
            return pick("Summon nobody")
        if "acquire a card from the Working Board" in prompt:
            return pick("Repay a Debt card", "Acquire a card")
        if "replace one of your 5 cards" in prompt:
            return pick("Replace a card") if p.counters["wonga"] >= 3 else pick("Keep the cards")
        if "replace which card" in prompt:
            return pick("Credit Card Loan", "Lifestyle")
        if "acquire which card" in prompt or "take which card" in prompt:
            return pick("Savings", "Insurance", "Debt Refinancing", "Lifestyle")
        if "resolve which card next" in prompt:
            return pick("Savings", "Lifestyle", "Insurance", "Debt Refinancing")
        if prompt.startswith("Budgeting"):
            return pick("Remove nothing")
        if "at the Shopping Board" in prompt:
            return pick("Buy a gadget", "Done shopping")
        if "buy which gadget" in prompt:
            return pick("Banana Mech", "Spare Die", "Mega Fist", "Fistful", "Loaded Dice", "Power Glove",
                        "Bananarang", "Second Wind", "Delivery Drone", default=len(labels) - 1)
        if "fill the empty space" in prompt:
            return pick("Basic", "Advanced", "Leave")
        if "use an Ability or a Special Move" in prompt:
            return pick("Lady Easing's Special", "Debt Hulk's Special", "Ali Baba's Special", "Iron Girl's Ability",
                        "Lady Easing's Ability", "Done")
        if prompt.startswith("Lady Easing") or prompt.startswith("Tweetman"):
            cits = sorted(self.m.zones["citizens"].items, key=lambda c: _f(c, "wealth"))
            return pick(cits[0].card.name) if cits else 0
        if prompt.startswith("Iron Girl: give"):
            return pick(p.zones["hero"].items[0].card.name)
        if "how to target" in prompt or "target one villain" in prompt:
            return pick("Target one villain")
        if "target which villain" in prompt or "target which villain first" in prompt:
            placed = self.m.zones["placed"].items
            vs = self.m.zones["villains"].items
            best = max(vs, key=lambda v: (sum(1 for x in placed if _f(x, "sits_on") is v), -len(_f(v, "weak")),
                                          -_f(v, "slot")))
            return pick(best.card.name)
        if "which other villains" in prompt:
            return pick("(done)")
        if ": dice " in prompt and " against " in prompt:
            if self.useless(p):
                return pick("Use a gadget", "The Oracle's Ability", "The Oracle's Special", "Done")
            return pick("Done")
        if "Use which gadget" in prompt:
            return 0
        m = re.search(r"add (\d+) to which", prompt)
        if m:
            n, need = int(m.group(1)), self.needed(p)
            for i, label in enumerate(labels):
                if min(6, die_value(label) + n) in need and die_value(label) not in need:
                    return i
            return 0
        if "flip which die" in prompt:
            need = self.needed(p)
            for i, label in enumerate(labels):
                if 7 - die_value(label) in need and die_value(label) not in need:
                    return i
            return 0
        if "to which face" in prompt:
            need = self.needed(p)
            return pick(str(need[0])) if need else 0
        if "reroll" in prompt:
            need = self.needed(p)
            for i, label in enumerate(labels):
                if label[0].isdigit() and die_value(label) not in need:
                    return i
            return pick("(done)", default=0)
        if "put a die on a weak point" in prompt:
            return 0
        if "take back a die?" in prompt:
            return pick("Leave them")
        if "Block it" in prompt:
            return pick("Block it")
        return 0


def play_cooperatively(game, players, seed, options):
    from interpreter import Match
    m = Match(game, players, seed, options)
    agent = Cooperative(m)
    while not m.over:
        m.choose(agent.choose(m.pending))
    return m
