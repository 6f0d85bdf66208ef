"""Goofspiel: meeple's content/goofspiel against OpenSpiel's `goofspiel` (13 cards, 2 players, random point
order, win/loss returns). Actions are bids, card value - 1; a chance outcome is the point card, value - 1."""
from __future__ import annotations

from .harness import Adapter


class Goofspiel(Adapter):
    game = "goofspiel"
    spiel = "goofspiel"
    players = 2

    def chance(self, state, dealer, taken):
        return int(dealer.dealt["point_deck"][taken].split("_")[1]) - 1

    def action(self, match, label):
        return int(label) - 1

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        me = v["players"][seat - 1]
        point = v["zones"]["point"]["cards"]
        rivals = {}
        for p in v["players"]:
            if p["seat"] != seat:  # a rival's hand: the cards it has not bid yet, known from the revealed ones
                played = {c["value"] for c in p["zones"]["played"]["cards"]}
                rivals[p["seat"] - 1] = sorted(set(range(1, 14)) - played)
        return {"point": point[0]["value"] if point else None,
                # a bid lies face down until every player has bid: OpenSpiel counts it in the hand till then
                "hand": sorted(c["value"] for z in ("hand", "bid") for c in me["zones"][z]["cards"]),
                "rivals": rivals,
                "points": [p["counters"]["points"] for p in v["players"]]}

    def seen_by_spiel(self, state, player):
        lines = dict(line.split(": ", 1) if ": " in line else (line.rstrip(":"), "")
                     for line in state.observation_string(player).splitlines() if line.strip())
        hands = {q: sorted(int(x) for x in lines.get(f"P{q} hand", "").split()) for q in range(self.players)}
        return {"point": int(lines["Current point card"]) if "Current point card" in lines else None,
                "hand": hands[player],
                "rivals": {q: h for q, h in hands.items() if q != player},
                "points": [int(x) for x in lines["Points"].split()]}

    def returns(self, result, players):
        if len(result.winners) > 1:
            return [0.0] * players
        return [1.0 if s == result.winner else -1.0 for s in range(1, players + 1)]
