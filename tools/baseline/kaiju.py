"""Kaiju Incorporated written by hand in plain Python: the yardstick of the interpreter's speed.

The same rules as content/kaiju-inc/game.yaml, the same card data (read from its card files; what a card
*does* is written here by hand, keyed by its id), the same random agent, and the same use of the match's
random generator, draw for draw: for the same seed it plays the very same match as the interpreter
(tests/test_sim.py checks winners, scores, rounds and decisions). It is what a careful person would write
without an interpreter: plain lists and ints, decisions as direct calls to the agent, no generators.

    python tools/baseline/kaiju.py --games 200 --players 3
"""
from __future__ import annotations

import glob
import os
import random
import sys

import yaml

CARDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "content", "kaiju-inc", "cards")
BANK_CAP = 11
CITY_MAJORITY_VP = 5
DIVERSITY_VP = [0, 1, 3, 6, 10, 14, 17, 19]
MAX_ROUNDS = 200
RESEARCH_WRAP = 5
KAIJU_WRAP = 6


class Card:
    __slots__ = ("id", "name", "kind", "city", "suit", "cost", "timing", "money", "research", "kaiju", "start",
                 "handbag")

    def __init__(self, d: dict):
        self.id, self.name, self.kind = d["id"], d["name"], d["kind"]
        self.city = d.get("city")
        self.suit = d.get("suit")
        self.cost = d.get("cost", 0)
        self.timing = d.get("timing")
        self.money = d.get("money", 0)
        self.research = d.get("research", 0)
        self.kaiju = d.get("kaiju", 0)
        self.start = d.get("start", False)
        self.handbag = d.get("handbag", False)


def load_cards(folder: str = CARDS) -> list[dict]:
    """The card records, in the interpreter's order (files sorted by name, then as written), copies expanded."""
    out = []
    for path in sorted(glob.glob(os.path.join(folder, "*.yaml"))):
        with open(path, encoding="utf-8") as f:
            for d in yaml.safe_load(f) or []:
                out += [d] * int(d.get("copies", 1))
    return out


class Player:
    __slots__ = ("index", "money", "research", "kaiju", "turn_position", "company", "tableau", "products", "chosen",
                 "tracker")

    def __init__(self, index: int):
        self.index = index
        self.money, self.research, self.kaiju, self.turn_position = 5, 0, 0, 0
        self.company = None
        self.tableau: list = []
        self.products: list = []
        self.chosen: list = []
        self.tracker: list = []


class Kaiju:
    """One match. `agents[i](n)` answers a decision of seat i+1 with an index below n."""

    def __init__(self, records: list, players: int, seed: int, agents: list):
        self.rng = random.Random(seed)
        self.agents = agents
        self.players = [Player(i) for i in range(players)]
        self.box = [Card(d) for d in records]
        self.deck, self.discard, self.row, self.sixth = [], [], [], []
        self.product_deck, self.products = [], []
        self.kaiju_deck, self.kaiju_current, self.kaiju_discard = [], [], []
        self.kaiju_triggered = False
        self.first = self.players[0]
        self.round = 0
        self.decisions = 0
        self.end_reason = None

    # ---- decisions and small helpers
    def ask(self, p: Player, n: int) -> int:
        if n == 1:
            return 0
        self.decisions += 1
        return self.agents[p.index](n)

    def pick(self, p: Player, cards: list):
        if not cards:
            return None
        return cards[self.ask(p, len(cards))]

    def rivals(self, p: Player) -> list:
        ps = self.players
        n = len(ps)
        return [ps[(p.index + i) % n] for i in range(1, n)]

    def clockwise(self, p: Player) -> list:
        ps = self.players
        n = len(ps)
        return [ps[(p.index + i) % n] for i in range(n)]

    def left(self, p: Player) -> Player:
        return self.players[(p.index + 1) % len(self.players)]

    def pay(self, p: Player, n: int) -> None:
        p.money = max(0, min(BANK_CAP, p.money - n))

    def earn(self, p: Player, n: int) -> None:
        p.money = max(0, min(BANK_CAP, p.money + n))

    def trigger_end(self, reason: str) -> None:
        if self.end_reason is None:
            self.end_reason = reason

    def add_research(self, p: Player, n: int) -> None:
        wraps, p.research = divmod(p.research + n, RESEARCH_WRAP)
        for _ in range(wraps):
            self.eureka(p)

    def add_kaiju(self, p: Player, n: int) -> None:
        v = p.kaiju
        p.kaiju = (v + n) % KAIJU_WRAP
        if n >= 0:  # forward from 5 onto or past the Kaiju Attack space
            laps = (v + n) // KAIJU_WRAP
        else:  # backward from 1 onto or past it (backward_attacks=on, the default)
            laps = (v - 1) // KAIJU_WRAP - (v + n - 1) // KAIJU_WRAP
        for _ in range(laps):
            self.kaiju_attack(p)

    # ---- setup (KI-SETUP-1..6)
    def setup(self) -> None:
        box, rng = self.box, self.rng
        for p in self.players:
            companies = [c for c in box if c.kind == "company"]
            company = companies[rng.randrange(len(companies))]
            box.remove(company)
            p.company = company
            for c in [c for c in box if c.kind == "building" and c.start and c.city == company.city]:
                box.remove(c)
                p.tableau.append(c)
            tracker = next(c for c in box if c.kind == "tracker")
            box.remove(tracker)
            p.tracker.append(tracker)
        self.deck = [c for c in box if (c.kind == "building" and not c.start) or c.kind == "action"]
        rng.shuffle(self.deck)
        self.product_deck = [c for c in box if c.kind == "product" and not c.handbag]
        rng.shuffle(self.product_deck)
        for c in [c for c in box if c.kind == "product" and c.handbag]:
            self.product_deck.insert(0, c)
        for _ in range(3):
            if self.product_deck:
                self.products.append(self.product_deck.pop())
        self.kaiju_deck = [c for c in box if c.kind == "kaiju"]
        rng.shuffle(self.kaiju_deck)
        self.kaiju_current.append(self.kaiju_deck.pop())
        self.first = self.players[rng.randrange(len(self.players))]
        for position, p in enumerate(self.clockwise(self.first), 1):
            p.turn_position = position

    # ---- the deck, products, kaiju
    def draw_building(self, dest: list) -> None:
        if not self.deck:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
        if self.deck:
            dest.append(self.deck.pop())

    def turned_up(self, c: Card) -> None:
        if c.handbag:
            self.trigger_end("a Kaijuskin Handbag was turned up")

    def reveal_product(self) -> None:
        if self.product_deck:
            c = self.product_deck.pop()
            self.products.append(c)
            self.turned_up(c)

    def replace_kaiju(self) -> None:
        if self.kaiju_triggered:
            if not self.kaiju_deck and self.kaiju_discard:  # rebuilt before the triggered card is discarded
                self.kaiju_deck, self.kaiju_discard = self.kaiju_discard, []
                self.rng.shuffle(self.kaiju_deck)
            if self.kaiju_deck:
                self.kaiju_discard += self.kaiju_current
                self.kaiju_current = [self.kaiju_deck.pop()]
            self.kaiju_triggered = False

    def eureka(self, p: Player) -> None:
        c = self.pick(p, self.products)
        if c is not None:
            self.products.remove(c)
            p.products.append(c)
            self.reveal_product()

    def kaiju_attack(self, p: Player) -> None:
        if self.kaiju_current:
            self.kaiju_triggered = True
            ATTACKS[self.kaiju_current[-1].id](self, p)

    # ---- income (KI-INC-1..8)
    def collect(self, p: Player, suit: str, timing: str) -> None:
        paying = [b for b in p.tableau if b.suit == suit and b.timing == timing]
        if paying:
            m = r = k = 0
            for b in paying:
                m += b.money
                r += b.research
                k += b.kaiju
            self.earn(p, m)
            self.add_research(p, r)
            self.add_kaiju(p, k)

    def income(self, active: Player, suit: str) -> None:
        self.collect(active, suit, "your_turn")
        for r in self.rivals(active):
            self.collect(r, suit, "rival_turn")
        self.replace_kaiju()

    # ---- a turn (KI-TURN-2..6)
    def takeover_targets(self, p: Player, suit: str) -> list:
        return [b for r in self.rivals(p) for b in r.tableau
                if b.suit == suit and b.cost <= p.money and b.cost + r.money <= BANK_CAP]

    def can_build(self, p: Player, c: Card) -> bool:
        if c.kind == "building":
            return p.money >= c.cost
        if c.kind == "action" and p.money >= c.cost:
            if c.id == "no_bid_contract":
                return any(b.kind == "building" for b in self.deck)
            if c.id == "patent_lawsuit":
                return bool(self.product_deck)
            return c.id not in TAKEOVER_SUIT or bool(self.takeover_targets(p, TAKEOVER_SUIT[c.id]))
        return False

    def take_turn(self, p: Player) -> None:
        row = self.row
        c = row.pop(self.ask(p, len(row)))
        p.chosen.append(c)
        offered = []
        if c.kind == "building" and self.can_build(p, c):
            offered.append("build")
        if c.kind == "action" and self.can_build(p, c):
            offered.append("play")
        offered.append("discard")
        if not any(b.money > 0 for b in p.tableau) and any(x.kind == "building" and x.money > 0 for x in row + p.chosen):
            offered.append("scrap")
        what = offered[self.ask(p, len(offered))]
        if what == "build":
            self.pay(p, c.cost)
            p.chosen.remove(c)
            p.tableau.append(c)
        elif what == "play":
            self.pay(p, c.cost)
            ACTIONS[c.id](self, p)
            p.chosen.remove(c)
            self.discard.append(c)
            self.replace_kaiju()
        elif what == "discard":
            p.chosen.remove(c)
            self.discard.append(c)
            self.income(p, c.suit)
        else:
            self.special_case(p)

    def special_case(self, p: Player) -> None:
        self.discard += p.tableau
        p.tableau = []
        p.money = BANK_CAP
        b = self.pick(p, [x for x in self.row + p.chosen if x.kind == "building" and x.money > 0 and x.cost <= p.money])
        if b is not None:
            self.pay(p, b.cost)
            (self.row if b in self.row else p.chosen).remove(b)
            p.tableau.append(b)
        self.discard += p.chosen
        p.chosen = []

    # ---- a round (KI-TURN-1, KI-TURN-7, KI-2P-1..3)
    def draft(self) -> None:
        if len(self.players) == 2:
            for _ in range(5):
                self.draw_building(self.row)
            self.draw_building(self.sixth)
            a = self.first
            for p in (a, self.left(a), a, self.left(a)):
                self.take_turn(p)
        else:
            for _ in range(len(self.players) + 1):
                self.draw_building(self.row)
            for p in self.clockwise(self.first):
                self.take_turn(p)

    def turn_end(self) -> None:
        self.discard += self.row
        self.row = []
        if self.sixth:
            six = self.sixth[-1]
            for p in self.clockwise(self.first):
                self.collect(p, six.suit, "rival_turn")
            self.replace_kaiju()
            self.sixth.remove(six)
            self.discard.append(six)
        self.first = self.left(self.first)

    def play(self) -> dict:
        self.setup()
        while self.end_reason is None:
            self.round += 1
            if self.round > MAX_ROUNDS:
                self.end_reason = f"round limit ({MAX_ROUNDS}) reached"
                break
            self.draft()
            self.turn_end()
        scores = {p.index + 1: self.score(p) for p in self.players}
        keys = {p.index + 1: (p.money, p.turn_position) for p in self.players}
        ranking = sorted(scores, key=lambda s: (scores[s], keys[s]), reverse=True)
        return {"winner": ranking[0], "reason": self.end_reason, "rounds": self.round, "decisions": self.decisions,
                "scores": scores, "ranking": ranking}

    # ---- scoring (KI-END-2..5)
    def city_count(self, p: Player, city: str) -> int:
        return sum(1 for b in p.tableau if b.city == city)

    def score(self, p: Player) -> int:
        home = p.company.city
        mine = self.city_count(p, home)
        best_rival = max((self.city_count(r, home) for r in self.rivals(p)), default=0)
        majority = CITY_MAJORITY_VP if mine > best_rival else 0
        cities = len({b.city for b in p.tableau})
        return sum(PRODUCTS[c.id](self, p) for c in p.products) + majority + DIVERSITY_VP[max(0, cities - 1)]


# ---- what the cards do, by id
def _stomp(test):
    def attack(g: Kaiju, p: Player) -> None:
        b = g.pick(p, [b for b in p.tableau if test(g, p, b)])
        if b is not None:
            p.tableau.remove(b)
            g.discard.append(b)
    return attack


def _godzillionaire(g, p):
    g.pay(p, (p.money + 1) // 2)


def _brainasaur(g, p):
    p.research = 0


def _smogmire(g, p):
    g.pay(p, min(4, sum(1 for b in p.tableau if b.kaiju > 0)))


def _shortseller_rex(g, p):
    g.pay(p, 2)
    for r in g.rivals(p):
        g.earn(r, 1)


ATTACKS = {
    "queen_conga": _stomp(lambda g, p, b: b.suit == "construction" and b.timing == "rival_turn"),
    "gazhonga": _stomp(lambda g, p, b: b.suit == "industrial" and b.timing == "your_turn"),
    "krakenstein": _stomp(lambda g, p, b: b.suit == "industrial" and b.timing == "rival_turn"),
    "gigantipede": _stomp(lambda g, p, b: b.suit == "construction" and b.timing == "your_turn"),
    "voltorrax": _stomp(lambda g, p, b: b.suit == "technology" and b.timing == "your_turn"),
    "hydrabyte": _stomp(lambda g, p, b: b.suit == "technology" and b.timing == "rival_turn"),
    "nibblor": _stomp(lambda g, p, b: b.cost <= 3),
    "homewrecker": _stomp(lambda g, p, b: b.city == p.company.city),
    "godzillionaire": _godzillionaire,
    "brainasaur": _brainasaur,
    "smogmire": _smogmire,
    "shortseller_rex": _shortseller_rex,
}

TAKEOVER_SUIT = {"hostile_takeover_industrial": "industrial", "hostile_takeover_construction": "construction",
                 "hostile_takeover_technology": "technology"}


def _takeover(suit):
    def play(g: Kaiju, p: Player) -> None:
        targets = g.takeover_targets(p, suit)  # "You may purchase": taking over nothing is the last option
        k = g.ask(p, len(targets) + 1)
        b = targets[k] if k < len(targets) else None
        if b is not None:
            rival = next(r for r in g.players if b in r.tableau)
            g.pay(p, b.cost)
            g.earn(rival, b.cost)
            rival.tableau.remove(b)
            p.tableau.append(b)
    return play


def _kaiju_mind_control(g, p):
    p.kaiju = 0
    for r in g.rivals(p):
        g.add_kaiju(r, 1)


def _no_bid_contract(g, p):
    cands = [c for c in g.deck if c.kind == "building"]
    if cands:
        b = cands[g.rng.randrange(len(cands))]
        g.deck.remove(b)
        p.tableau.append(b)


def _patent_lawsuit(g, p):
    if g.product_deck:
        c = g.product_deck[g.rng.randrange(len(g.product_deck))]
        g.product_deck.remove(c)
        p.products.append(c)
        g.turned_up(c)


ACTIONS = {**{k: _takeover(s) for k, s in TAKEOVER_SUIT.items()}, "kaiju_mind_control": _kaiju_mind_control,
           "no_bid_contract": _no_bid_contract, "patent_lawsuit": _patent_lawsuit}


def _count(p, test):
    return sum(1 for b in p.tableau if test(b))


def _suits(p):
    return [_count(p, lambda b, s=s: b.suit == s) for s in ("construction", "industrial", "technology")]


PRODUCTS = {
    "mecha_grade_rebar": lambda g, p: min(8, 3 * (_count(p, lambda b: b.suit == "construction") // 2)),
    "giant_robot_chassis": lambda g, p: min(8, 3 * (_count(p, lambda b: b.suit == "industrial") // 2)),
    "kaiju_early_warning_app": lambda g, p: min(8, 3 * (_count(p, lambda b: b.suit == "technology") // 2)),
    "triple_threat_defence_package": lambda g, p: min(8, 2 * min(_suits(p))),
    "vertically_integrated_mecha": lambda g, p: min(8, max(_suits(p))),
    "global_kaiju_franchise": lambda g, p: len({b.city for b in p.tableau}),
    "hometown_hero_action_figures": lambda g, p: min(8, 2 + 2 * _count(p, lambda b: b.city == p.company.city and not b.start)),
    "emerging_market_kaiju_insurance": lambda g, p: min(8, 2 * _count(p, lambda b: b.city in ("london", "mumbai", "rio_de_janeiro"))),
    "round_the_clock_kaiju_hotline": lambda g, p: min(8, 1 + min(_count(p, lambda b: b.timing == "your_turn"),
                                                                  _count(p, lambda b: b.timing == "rival_turn"))),
    "bargain_bin_kaiju_repellent": lambda g, p: min(8, 2 * _count(p, lambda b: b.cost <= 3 and not b.start)),
    "luxury_kaiju_cruises": lambda g, p: min(8, 2 + 3 * _count(p, lambda b: b.cost >= 7)),
    "blue_chip_disaster_fund": lambda g, p: min(8, sum(b.cost for b in p.tableau) // 6),
    "plush_kaiju_in_every_price_range": lambda g, p: min(8, len({b.cost for b in p.tableau})),
    "kaiju_dna_sequencer": lambda g, p: min(8, sum(b.research for b in p.tableau) // 2),
    "eco_certified_kaiju_deterrent": lambda g, p: max(1, 8 - max(0, sum(b.kaiju for b in p.tableau)) // 2),
    "kaiju_petting_zoo": lambda g, p: 2 + p.kaiju,
    "catastrophe_bonds": lambda g, p: 2 + p.money // 2,
    "since_1954_heritage_brand": lambda g, p: 1 + 2 * _count(p, lambda b: b.start),
    "synergistic_product_bundle": lambda g, p: min(8, 1 + len(p.products)),
    "market_leading_mecha_suit": lambda g, p: min(8, 2 + 2 * sum(1 for r in g.rivals(p) if len(r.tableau) < len(p.tableau))),
    "kaijuskin_handbag": lambda g, p: 4,
}


def random_agents(seed: int, players: int) -> list:
    """The interpreter's random agent, seat by seat: its generator is seeded "SEED:SEAT"."""
    return [random.Random(f"{seed}:{seat}").randrange for seat in range(1, players + 1)]


def play(records: list, players: int, seed: int) -> dict:
    return Kaiju(records, players, seed, random_agents(seed, players)).play()


def main(argv=None) -> int:
    import argparse
    import time
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    records = load_cards()
    t = time.perf_counter()
    for s in range(a.seed, a.seed + a.games):
        play(records, a.players, s)
    dt = time.perf_counter() - t
    print(f"{a.games} matches of {a.players} players in {dt:.2f} s: {a.games / dt:.1f} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
