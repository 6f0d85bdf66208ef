"""Leduc poker: meeple's content/leduc-poker against OpenSpiel's `leduc_poker` (default parameters: 2 players,
100 chips each). A card is OpenSpiel's number, 2 x rank + suit (the field `number` in meeple); fold is action
0, call 1, raise 2. The chance outcomes are the private cards, the first player's first, then the public
card. A player sees its card, the public card, the round, the pot and every player's chips."""
from __future__ import annotations

import re

from .harness import Adapter

MOVES = {"fold": 0, "call": 1, "raise": 2}
NUMBER = {f"{rank}_{suit}": 2 * r + s for r, rank in enumerate(("jack", "queen", "king"))
          for s, suit in enumerate(("spades", "hearts"))}


class LeducPoker(Adapter):
    game = "leduc-poker"
    spiel = "leduc_poker"
    players = 2

    def chance(self, state, dealer, taken):
        m = dealer.match  # (meeple has dealt the card already: it plays on to its next decision)
        zone = m.players[taken].zones["hand"] if taken < 2 else m.zones["public"]
        return NUMBER[zone.items[0].card.id]

    def action(self, match, label):
        return MOVES[label]

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        public = v["zones"]["public"]["cards"]
        paid = [p["counters"]["paid"] for p in v["players"]]
        return {"private": v["players"][seat - 1]["zones"]["hand"]["cards"][0]["number"],
                "public": public[0]["number"] if public else None,
                "round": v["counters"]["betting_round"], "pot": v["counters"]["pot"],
                "money": [100 - x for x in paid], "ante": paid}

    def seen_by_spiel(self, state, player):
        # "[Observer: 1][Private: 2][Round 2][Player: 0][Pot: 2][Money: 99 99][Public: 4][Ante: 1 1]"
        fields = dict(re.findall(r"\[(\w+):? ([^\]]*)\]", state.observation_string(player)))
        return {"private": int(fields["Private"]),
                "public": int(fields["Public"]) if "Public" in fields else None,
                "round": int(fields["Round"]), "pot": int(fields["Pot"]),
                "money": [int(x) for x in fields["Money"].split()],
                "ante": [int(x) for x in fields["Ante"].split()]}

    def returns(self, result, players):
        return [float(result.scores[s]) for s in range(1, players + 1)]
