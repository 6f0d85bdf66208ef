"""Kuhn poker: meeple's content/kuhn-poker against OpenSpiel's `kuhn_poker`, for 2 and 3 players. A card is
its value (Jack 0, Queen 1, King 2, Ace 3), OpenSpiel's card number; pass is action 0, bet 1. The chance
outcomes are the cards dealt, the first player's first. A player sees its card and every player's chips in
the pot."""
from __future__ import annotations

from .harness import Adapter

VALUE = {"jack": 0, "queen": 1, "king": 2, "ace": 3}


class KuhnPoker(Adapter):
    game = "kuhn-poker"
    spiel = "kuhn_poker"
    players = 2
    params = {"players": 2}

    def chance(self, state, dealer, taken):
        return VALUE[dealer.dealt["deck"][taken]]

    def action(self, match, label):
        return {"pass": 0, "bet": 1}[label]

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        players = v["players"]
        return {"card": players[seat - 1]["zones"]["hand"]["cards"][0]["value"],
                "paid": [p["counters"]["paid"] for p in players]}

    def seen_by_spiel(self, state, player):
        text = state.observation_string(player)
        return {"card": int(text[0]), "paid": [int(x) for x in text[1:]]}

    def returns(self, result, players):
        return [float(result.scores[s]) for s in range(1, players + 1)]


class KuhnPoker3(KuhnPoker):
    name = "kuhn-poker-3"
    players = 3
    params = {"players": 3}
