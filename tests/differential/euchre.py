"""Euchre: meeple's content/euchre with `rules=openspiel` against OpenSpiel's `euchre` (default parameters: one
hand, stick the dealer, no lone defender). A card is OpenSpiel's number, 4 x the rank's place (9 to ace) + the
suit's (clubs, diamonds, hearts, spades); pass is action 24, a suit made trumps 25 + the suit's place (ordering
the turned card up makes its suit), going alone 29, playing with the partner 30. The chance outcomes are the
dealer, then the cards: OpenSpiel deals one at a time from the dealer, meeple in threes and twos from the
dealer's left as the printed rules do, so OpenSpiel's k-th card (to player dealer + k) is that player's
(k / 4)-th card in meeple's deal; the 21st is the turned card. A player sees the dealer, its hand and every
card played."""
from __future__ import annotations

import re

from .harness import Adapter

RANKS = "9TJQKA"
SUITS = "CDHS"
SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"]
SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
MOVES = {"pass": 24, "go alone": 29, "play with partner": 30}


def number(card_id: str) -> int:
    return RANKS.index(card_id[1:].upper().replace("10", "T")) * 4 + SUITS.index(card_id[0].upper())


def meeple_deal() -> list:
    """(player after the dealer, 1 to 4; the card's place in that player's hand) of meeple's cards in order."""
    out, got = [], {p: 0 for p in range(1, 5)}
    for packets in ([3, 2, 3, 2], [2, 3, 2, 3]):
        for p, n in zip(range(1, 5), packets, strict=True):
            for _ in range(n):
                out.append((p, got[p]))
                got[p] += 1
    return out


PLACE = {where: j for j, where in enumerate(meeple_deal())}


class Euchre(Adapter):
    game = "euchre"
    spiel = "euchre"
    players = 4
    options = {"rules": "openspiel"}

    def chance(self, state, dealer, taken):
        if taken == 0:
            return dealer.picks[0]
        k = taken - 1
        j = PLACE[((k - 1) % 4 + 1, k // 4)] if k < 20 else 20  # k = 0 goes to the dealer, 4 places after it
        return number(dealer.dealt["deck"][j])

    def action(self, match, label):
        if label in MOVES:
            return MOVES[label]
        if label in ("order up", "pick up"):
            return 25 + SUIT_NAMES.index(match.zones["upcard"].items[0].card.fields["suit"])
        if label in SUIT_NAMES:
            return 25 + SUIT_NAMES.index(label)
        return RANKS.index(label[:-1].replace("10", "T")) * 4 + SUITS.index(SYMBOLS[label[-1]])

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        played = v["zones"]["played"]["cards"] + v["zones"]["trick"]["cards"]
        return {"dealer": v["vars"]["dealer"]["player"] - 1,
                "hand": sorted(number(c["id"]) for c in v["players"][seat - 1]["zones"]["hand"]["cards"]),
                "played": sorted(number(c["id"]) for c in played)}

    def seen_by_spiel(self, state, player):
        text = state.information_state_string(player)
        head = text.split("\n\n")[0]
        hand = [RANKS.index(r) * 4 + SUITS.index(s)
                for s, ranks in re.findall(r"^([CDHS]) (\S+)$", head, re.M) if ranks != "none" for r in ranks]
        tricks = text.split("Tricks:")[1].split("Points:")[0] if "Tricks:" in text else ""
        played = [RANKS.index(c[1]) * 4 + SUITS.index(c[0]) for c in re.findall(r"\b[CDHS][9TJQKA]\b", tricks)]
        return {"dealer": "NESW".index(re.search(r"Dealer: (\w)", text).group(1)),
                "hand": sorted(hand), "played": sorted(played)}

    def returns(self, result, players):
        return [float(result.scores[s]) for s in range(1, players + 1)]
