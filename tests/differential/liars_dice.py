"""Liar's Dice: meeple's content/liars-dice with `rules=openspiel` against OpenSpiel's `liars_dice` (default
parameters: 2 players, one six-sided die each, sixes wild, bids ranked quantity first). A bid of quantity q and
face f is OpenSpiel's action 6 x (q - 1) + f - 1, the number meeple's options carry; calling a bid a lie
("liar") is action 12. The chance outcomes are the dice rolled, the first player's first: a die showing v is
outcome v - 1. A player sees its own dice and every bid made."""
from __future__ import annotations

from .harness import Adapter

LIAR = 12  # OpenSpiel's: the total of dice (2) x the sides (6)


class LiarsDice(Adapter):
    game = "liars-dice"
    spiel = "liars_dice"
    players = 2
    options = {"rules": "openspiel"}

    def chance(self, state, dealer, taken):
        return dealer.picks[taken] - 1

    def action(self, match, label):
        if label == "liar":
            return LIAR
        quantity, face = (int(x) for x in label.split(" × "))
        return 6 * (quantity - 1) + face - 1

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        dice = sorted(d["value"] for d in v["players"][seat - 1]["zones"]["cup"]["cards"])
        return {"dice": dice, "bids": [(b // 6 + 1, b % 6 + 1) for b in v["vars"]["bids"]]}

    def seen_by_spiel(self, state, player):
        # "3 1-2 1-5": the player's dice, then every bid in order
        dice, *bids = state.information_state_string(player).split(" ")
        return {"dice": sorted(int(x) for x in dice),
                "bids": [tuple(int(x) for x in b.split("-")) for b in bids]}

    def returns(self, result, players):
        return [float(result.scores[s]) for s in range(1, players + 1)]
