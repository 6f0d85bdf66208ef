"""Oh Hell: meeple's content/oh-hell with `rules=openspiel` against OpenSpiel's `oh_hell` (default parameters:
52 cards, one hand of a size drawn at random, the dealer drawn at random, 1 point a trick and 10 for the bid
made), for 3 to 7 players. A card is OpenSpiel's number, 4 x the rank's place (2 to ace) + the suit's (clubs,
diamonds, spades, hearts); a bid of n is action 52 + n. The chance outcomes are the hand's size, the dealer,
then the cards: OpenSpiel deals from its player 0, meeple from the dealer's left as the printed rules do, so
OpenSpiel's k-th card (to player k mod n) is meeple's card dealt to that player in the same pass; the next is
the trump turned up. A player sees the size, the dealer, its hand, the trump, the bids and the tricks won."""
from __future__ import annotations

import re

from .harness import Adapter

RANKS = "23456789TJQKA"
SUITS = "CDSH"
SYMBOLS = {"♣": "C", "♦": "D", "♠": "S", "♥": "H"}


def number(card_id: str) -> int:
    return RANKS.index(card_id[1:].upper().replace("10", "T")) * 4 + SUITS.index(card_id[0].upper())


class OhHell(Adapter):
    game = "oh-hell"
    spiel = "oh_hell"
    players = 3
    params = {"players": 3}
    options = {"rules": "openspiel"}

    def chance(self, state, dealer, taken):
        if taken == 0:
            return dealer.picks[0] + 1      # the hand's size: range(1, most) picked by its index
        if taken == 1:
            return dealer.picks[1]          # the dealer's index
        n, size, first = self.players, dealer.picks[0] + 1, dealer.picks[1] + 1
        k = taken - 2
        j = k // n * n + (k % n - first) % n if k < n * size else n * size
        return number(dealer.dealt["deck"][j])

    def action(self, match, label):
        if label.startswith("bid "):
            return 52 + int(label[4:])
        return RANKS.index(label[:-1].replace("10", "T")) * 4 + SUITS.index(SYMBOLS[label[-1]])

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        trump = v["zones"]["trump"].get("cards", [])
        return {"size": v["counters"]["size"], "dealer": v["vars"]["dealer"]["player"] - 1,
                "trump": number(trump[0]["id"]) if trump else None,
                "hand": sorted(number(c["id"]) for c in v["players"][seat - 1]["zones"]["hand"]["cards"]),
                "bids": [p["counters"]["bid"] for p in v["players"]],
                "won": [p["counters"]["tricks"] for p in v["players"]]}

    def seen_by_spiel(self, state, player):
        text = state.information_state_string(player)
        trump = re.search(r"Trump: (\w\w)", text)
        hand = []
        for suit, ranks in re.findall(r"^    ([CDSH]): (\S*)$", text, re.M):
            hand += [RANKS.index(r) * 4 + SUITS.index(suit) for r in ranks]
        return {"size": int(re.search(r"Num Total Tricks: (\d+)", text).group(1)),
                "dealer": int(re.search(r"Dealer: (\d+)", text).group(1)),
                "trump": RANKS.index(trump.group(1)[1]) * 4 + SUITS.index(trump.group(1)[0]) if trump else None,
                "hand": sorted(hand),
                "bids": [int(x) for x in re.search(r"Bids: +([-\d ]+)", text).group(1).split()],
                "won": [int(x) for x in re.search(r"Tricks Won: +([-\d ]+)", text).group(1).split()]}

    def returns(self, result, players):
        return [float(result.scores[s]) for s in range(1, players + 1)]


def _at(players: int) -> type:
    return type(f"OhHell{players}", (OhHell,), {"name": f"oh-hell-{players}", "players": players,
                                                  "params": {"players": players}})


OhHell4, OhHell5, OhHell6, OhHell7 = (_at(n) for n in (4, 5, 6, 7))
