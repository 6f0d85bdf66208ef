"""Spades: meeple's content/spades with `rules=openspiel` against OpenSpiel's `spades` (default parameters: one
hand; its target of 500 and mercy of -350 are out of one hand's reach, so no bonus is ever added). A card is
OpenSpiel's number, 13 x the suit's place (clubs, diamonds, hearts, spades) + the rank's (2 to ace); a bid of n
tricks is action 52 + n, nil being 52. The chance outcomes are the cards: OpenSpiel deals one at a time from
North (its player 0), and meeple's OpenSpiel rules put the deal at West, so that it deals one at a time from
North too: OpenSpiel's k-th card is meeple's k-th from the top of the shuffled deck. A player sees its hand,
the bids made, every card played in order and the tricks each player took. Half the bids are steered low, so
that nil bids made and failed, both partners nil, and ten bags in one hand all come up."""
from __future__ import annotations

import re

from .harness import Adapter

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def number(card_id: str) -> int:
    return SUITS.index(card_id[0].upper()) * 13 + RANKS.index(card_id[1:].upper().replace("10", "T"))


class Spades(Adapter):
    game = "spades"
    spiel = "spades"
    players = 4
    options = {"rules": "openspiel"}
    matches = 100  # in the default suite (tests/differential/test_agreement.py); 10,000 behind the `slow` marker

    def chance(self, state, dealer, taken):
        return number(dealer.dealt["deck"][taken])

    def action(self, match, label):
        if label == "nil":
            return 52
        if label.startswith("bid "):
            return 52 + int(label[4:])
        return SUITS.index(SYMBOLS[label[-1]]) * 13 + RANKS.index(label[:-1].replace("10", "T"))

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        played = v["zones"]["played"]["cards"] + v["zones"]["trick"]["cards"]
        return {"hand": sorted(number(c["id"]) for c in v["players"][seat - 1]["zones"]["hand"]["cards"]),
                "bids": [p["counters"]["bid"] for p in v["players"]],
                "played": [number(c["id"]) for c in played],
                "won": [p["counters"]["tricks"] for p in v["players"]]}

    def seen_by_spiel(self, state, player):
        text = state.observation_string(player)
        hand = [SUITS.index(s) * 13 + RANKS.index(r)
                for s, ranks in re.findall(r"^([CDHS]) (\S+)$", text, re.M) if ranks != "none" for r in ranks]
        bids = []
        if "North East  South  West        " in text:
            auction = text.split("North East  South  West        ")[1].split("N  E  S  W")[0]
            bids = [0 if b == "Nil" else int(b) for b in re.findall(r"Nil|\d+", auction)]
        played, won = [], [0, 0, 0, 0]
        if "N  E  S  W  N  E  S" in text:
            play, taken = text.split("N  E  S  W  N  E  S")[1].split("Tricks taken:")
            played = [SUITS.index(c[0]) * 13 + RANKS.index(c[1]) for c in re.findall(r"\b[CDHS][2-9TJQKA]\b", play)]
            won = [int(x) for x in taken.split("West")[1].split()]
        return {"hand": sorted(hand), "bids": bids + [-1] * (4 - len(bids)), "played": played, "won": won}

    def pick(self, match, labels, rng):
        """Half the bids are nil, 1 or 2, so that low contracts, their bags and the bags' cost come up often."""
        if labels[0] == "nil" and rng.random() < 0.5:
            return rng.randrange(min(3, len(labels)))
        return rng.randrange(len(labels))

    def returns(self, result, players):
        return [float(result.scores[s]) for s in range(1, players + 1)]
