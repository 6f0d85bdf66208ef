"""Tiny Bridge: meeple's content/tiny-bridge against OpenSpiel's `tiny_bridge_2p` (not abstracted).

A card is OpenSpiel's number, 4 x the suit's place (hearts, spades) + the rank's (jack to ace); a hand is one
chance outcome, hi x (hi - 1) / 2 + lo for its two cards hi > lo: West's first, then East's, the top two cards
of meeple's deck and the next two. A call is 0 for pass, 1 to 6 for 1♥, 1♠, 1NT, 2♥, 2♠, 2NT. A player sees its
hand and the calls. OpenSpiel's return is the contract's score averaged over the six ways the opponents' cards
may lie, added up lie by lie in its order (North's two cards the lowest numbered first); meeple's score keeps
each lie as a part, in that order, and the return is their sum the same way.
"""
from __future__ import annotations

from .harness import Adapter

CALLS = ["pass", "1♥", "1♠", "1NT", "2♥", "2♠", "2NT"]
SPIEL_CALLS = ["Pass", "1H", "1S", "1NT", "2H", "2S", "2NT"]
RANKS = "JQKA"


def number(card_id: str) -> int:
    return "hs".index(card_id[0]) * 4 + RANKS.index(card_id[1].upper())


def hand_outcome(ids) -> int:
    hi, lo = sorted((number(c) for c in ids), reverse=True)
    return hi * (hi - 1) // 2 + lo


class TinyBridge(Adapter):
    game = "tiny-bridge"
    spiel = "tiny_bridge_2p"
    players = 2
    matches = 200  # in the default suite (tests/differential/test_agreement.py); 10,000 behind the `slow` marker

    def chance(self, state, dealer, taken):
        deck = dealer.dealt["deck"]
        return hand_outcome(deck[2 * taken:2 * taken + 2])

    def action(self, match, label):
        return CALLS.index(label)

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        return {"hand": sorted(number(c["id"]) for c in v["players"][seat - 1]["zones"]["hand"]["cards"]),
                "calls": [CALLS.index(c) for c in v["vars"]["calls"]]}

    def seen_by_spiel(self, state, player):
        parts = state.information_state_string(player).split(" ")
        hand = [("HS".index(parts[0][i]) * 4 + RANKS.index(parts[0][i + 1])) for i in (0, 2)]
        calls = [SPIEL_CALLS.index(c) for c in parts[2].split("-")] if len(parts) > 2 else []
        return {"hand": sorted(hand), "calls": calls}

    def returns(self, result, players):
        out = []
        for seat in range(1, players + 1):
            u = 0.0
            for value in result.parts[seat].values():
                u += value * (1.0 / 6)
            out.append(u)
        return out
