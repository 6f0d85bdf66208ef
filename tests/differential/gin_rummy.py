"""Gin Rummy: meeple's content/gin-rummy against OpenSpiel's `gin_rummy` (default parameters: knock card 10,
gin and undercut bonuses 25, not Oklahoma, 10 cards a hand). A card is OpenSpiel's action 13 x suit + rank
(suits spades, clubs, diamonds, hearts; ranks ace to king), its field `number` in meeple; 52 draws the upcard,
53 draws from the stock, 54 passes, 55 knocks, 56 + n lays down meld n (OpenSpiel's numbering of the 185
melds, written out in `meld_id`). The chance outcomes are the cards in the order they leave meeple's stock:
ten to the first player, ten to the second, the upcard, then each card drawn."""
from __future__ import annotations

from itertools import combinations

from .harness import Adapter

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SYMBOLS = "♠♣♦♥"
SPIEL_RANKS, SPIEL_SUITS = "A23456789TJQK", "scdh"
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD = 52, 53, 54, 55, 56
# a card's name in meeple (content/gin-rummy/cards/deck.yaml), its id and OpenSpiel's number for it
NUMBER = {f"{r}{SYMBOLS[s]}": 13 * s + i for s in range(4) for i, r in enumerate(RANKS)}
ID_NUMBER = {f"{'scdh'[s]}{r.lower()}": 13 * s + i for s in range(4) for i, r in enumerate(RANKS)}
WORDS = {"take the upcard": DRAW_UPCARD, "upcard": DRAW_UPCARD, "stock": DRAW_STOCK, "pass": PASS, "knock": KNOCK}


def meld_id(cards: list[int]) -> int:
    """OpenSpiel's number for a meld (its MeldToInt): the 65 sets first, five a rank (the four sets of three by
    the suit left out, then the set of four), then the runs of three, four and five, each by suit then by the
    rank of the lowest card."""
    ranks, suits = sorted(c % 13 for c in cards), {c // 13 for c in cards}
    if len(set(ranks)) == 1:
        return ranks[0] * 5 + (4 if len(cards) == 4 else ({0, 1, 2, 3} - suits).pop())
    (suit,) = suits
    base = {3: 65, 4: 65 + 44, 5: 65 + 44 + 40}[len(cards)]
    return base + suit * (14 - len(cards)) + ranks[0]


def spiel_card(text: str) -> int:
    return SPIEL_SUITS.index(text[1]) * 13 + SPIEL_RANKS.index(text[0])


def spiel_cards(text: str) -> list[int]:
    return [spiel_card(text[i:i + 2]) for i in range(0, len(text), 2)]


class GinRummy(Adapter):
    game = "gin-rummy"
    spiel = "gin_rummy"
    players = 2

    def chance(self, state, dealer, taken):
        return ID_NUMBER[dealer.dealt["stock"][taken]]

    def action(self, match, label):
        if label in WORDS:
            return WORDS[label]
        if " " in label:
            return MELD + meld_id([NUMBER[name] for name in label.split()])
        return NUMBER[label]

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        zones, players = v["zones"], v["players"]
        upcard = zones["upcard"]["cards"]
        return {"hand": sorted(c["number"] for c in players[seat - 1]["zones"]["hand"]["cards"]),
                "upcard": upcard[-1]["number"] if upcard else None,
                "stock": zones["stock"]["count"],
                "discard pile": [c["number"] for c in zones["discard"]["cards"]],
                "layoffs": [c["number"] for c in zones["layoffs"]["cards"]],
                "melds": [sorted(c["number"] for c in p["zones"]["melds"]["cards"]) for p in players]}

    def seen_by_spiel(self, state, player):
        """Read from OpenSpiel's observation string: each player's part (layoffs on it, melds laid down, the
        hand as four rows of cards, blank for the other player), then the stock size, upcard and discard pile."""
        seen = {"hand": [], "layoffs": [], "melds": [[], []]}
        who = None
        for line in state.observation_string(player).splitlines():
            if line.startswith("Player"):
                who = int(line[6])
            elif line.startswith("Layoffs: "):
                seen["layoffs"] = spiel_cards(line.removeprefix("Layoffs: "))
            elif line.startswith("Layed melds:"):
                seen["melds"][who] = sorted(c for m in line.split()[2:] for c in spiel_cards(m))
            elif line.startswith("|") and who == player:
                row = line[1:-1]
                seen["hand"] += [spiel_card(row[i:i + 2]) for i in range(0, len(row), 2) if row[i] != " "]
            elif line.startswith("Stock size: "):
                size, upcard = line.removeprefix("Stock size: ").split("  Upcard: ")
                seen["stock"] = int(size)
                seen["upcard"] = None if upcard == "XX" else spiel_card(upcard)
            elif line.startswith("Discard pile: "):
                seen["discard pile"] = spiel_cards(line.removeprefix("Discard pile: ").strip())
        seen["hand"].sort()
        return seen

    def returns(self, result, players):
        return [float(result.scores[s]) for s in range(1, players + 1)]


def _melds(cards: list[int]) -> list[frozenset]:
    """Every set of three or four and run of three to five among some cards (OpenSpiel's numbers)."""
    have, out = set(cards), []
    for r in range(13):
        same = [c for c in cards if c % 13 == r]
        out += [frozenset(x) for k in (3, 4) for x in combinations(same, k)]
    for first in have:
        for n in (3, 4, 5):
            run = [first + i for i in range(n)]
            if first % 13 + n <= 13 and have.issuperset(run):
                out.append(frozenset(run))
    return out


def _deadwood(cards: list[int]) -> int:
    """The least deadwood some cards leave (a plain search, for the leaning player only)."""
    melds, best = _melds(cards), 0

    def search(start, used, melded):
        nonlocal best
        best = max(best, melded)
        for j in range(start, len(melds)):
            if not melds[j] & used:
                search(j + 1, used | melds[j], melded + sum(min(10, c % 13 + 1) for c in melds[j]))
    search(0, frozenset(), 0)
    return sum(min(10, c % 13 + 1) for c in cards) - best


class LeaningGinRummy(GinRummy):
    """The same game played by a player who leans towards the end of a hand, so that knocks, gin, layoffs,
    undercuts and melds laid by both players come often (uniform play knocks in about one match in forty):
    it mostly knocks whenever it may, draws from the stock, discards the card leaving the least deadwood, and mostly lays off and
    lays down melds rather than pass. Each lean is taken with a chance, so the other moves are played too."""

    def pick(self, match, labels, rng):
        if "knock" in labels and rng.random() < 0.9:
            return labels.index("knock")
        if "stock" in labels and rng.random() < 0.7:
            return labels.index("stock")
        cards = [label for label in labels if label in NUMBER]
        if "pass" in labels and len(labels) > 1 and rng.random() < 0.8:
            return rng.choice([i for i, label in enumerate(labels) if label != "pass"])
        if cards and "pass" not in labels and rng.random() < 0.85:
            seat = match.pending.player.seat
            hand = [c["number"] for c in match.view(seat)["players"][seat - 1]["zones"]["hand"]["cards"]]
            left = {label: _deadwood([c for c in hand if c != NUMBER[label]]) for label in cards}
            return labels.index(min(left, key=left.get))
        return rng.randrange(len(labels))
