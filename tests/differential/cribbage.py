"""Cribbage: meeple's content/cribbage with `rules=openspiel` against OpenSpiel's `cribbage` (winner_bonus_reward
1000), for 2, 3 and 4 players. A card is OpenSpiel's number, 13 x the suit's place (clubs, diamonds, hearts,
spades) + the rank's place (ace to king); laying away one card (three or four players) or playing one is that
number; laying away two (two players) is 52 + 52 x the lower card's number + the higher's, the two ordered by
rank, then suit; OpenSpiel's pass (2756), the only move of a player who cannot play, is never asked of meeple.
The chance outcomes of a hand are the cards: OpenSpiel deals each player's whole hand in seat order, then (three
players) the crib's card, then the starter; meeple deals one card at a time from the dealer's left, as the
printed rules do, so OpenSpiel's k-th card is that player's (k mod hand size)-th in meeple's deal. The dealer is
seat 1 in the first hand and the seat to the left in each next one on both sides. A player sees the dealer, the
points, the starter, its hand, the running total and the cards of the count being played."""
from __future__ import annotations

import functools
import re

from .harness import Adapter

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SYMBOLS = "♣♦♥♠"


@functools.cache
def number(name: str) -> int:
    """OpenSpiel's number of a card from its meeple name ("10♥") or id ("h10")."""
    if name[-1] in SYMBOLS:
        rank, suit = name[:-1], SYMBOLS.index(name[-1])
    else:
        rank, suit = name[1:].upper(), SUITS.index(name[0].upper())
    return suit * 13 + RANKS.index(rank.replace("10", "T"))


@functools.cache
def spiel_number(text: str) -> int:
    return SUITS.index(text[1]) * 13 + RANKS.index(text[0])


class Cribbage(Adapter):
    game = "cribbage"
    spiel = "cribbage"
    players = 2
    params = {"players": 2}
    options = {"rules": "openspiel"}
    matches = 20  # in the default suite (tests/differential/test_agreement.py): a match is some 300 moves

    @property
    def hand_size(self) -> int:
        return 6 if self.players == 2 else 5

    def chance(self, state, dealer, taken):
        n, size = self.players, self.hand_size
        per = n * size + (1 if n == 3 else 0) + 1
        hand, k = divmod(taken, per)
        deck = [cards for zone, cards in dealer.shuffles if zone == "deck"][hand]
        if k < n * size:
            seat, i = divmod(k, size)
            j = i * n + (seat - hand % n - 1) % n
        else:
            j = k
        return number(deck[j])

    def action(self, match, label):
        cards = [number(name) for name in label.split(" and ")]
        if len(cards) == 1:
            return cards[0]
        a, b = sorted(cards, key=lambda c: (c % 13, c // 13))
        return 52 + 52 * a + b

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        starter = v["zones"]["starter"]["cards"]
        return {"dealer": v["vars"]["dealer"]["player"] - 1,
                "points": [p["counters"]["points"] for p in v["players"]],
                "starter": number(starter[0]["id"]) if starter else None,
                "hand": sorted(number(c["id"]) for c in v["players"][seat - 1]["zones"]["hand"]["cards"]),
                "total": v["counters"]["total"],
                "count": [number(c["id"]) for c in v["zones"]["sequence"]["cards"]]}

    def seen_by_spiel(self, state, player):
        text = state.observation_string(player)
        starter = re.search(r"^Starter: (\S\S)$", text, re.M)
        hand = re.search(r"^Hand:(.*)$", text, re.M).group(1).split()
        played = re.search(r"^Played cards:(.*)$", text, re.M).group(1).split()
        return {"dealer": int(re.search(r"^Dealer: (\d+)$", text, re.M).group(1)),
                "points": [int(float(x)) for x in re.search(r"^Scores:(.*)$", text, re.M).group(1).split()],
                "starter": spiel_number(starter.group(1)) if starter else None,
                "hand": sorted(spiel_number(c) for c in hand),
                "total": int(re.search(r"^Running total: (-?\d+)$", text, re.M).group(1)),
                "count": [spiel_number(c) for c in played]}

    def returns(self, result, players):
        return [float(result.scores[s]) for s in range(1, players + 1)]


class Cribbage3(Cribbage):
    name = "cribbage-3"
    players = 3
    params = {"players": 3}


class Cribbage4(Cribbage):
    name = "cribbage-4"
    players = 4
    params = {"players": 4}
