"""Blackjack: meeple's content/blackjack with `rules=openspiel` against OpenSpiel's `blackjack` (one player
against the dealer). A card is OpenSpiel's number, 13 x the suit's place (clubs, diamonds, hearts, spades) +
the rank's (ace to king); hit is action 0, stand 1. OpenSpiel deals the player's two cards, then the dealer's
hole card, then the upcard; meeple deals as the printed rules do (a card to the player, the upcard, the
player's second card, the hole card), so the first four chance outcomes are meeple's cards 1, 3, 4 and 2, and
every draw after them is the next card of meeple's deck. A player sees its cards and the dealer's face-up
ones."""
from __future__ import annotations

import re

from .harness import Adapter

RANKS = "A23456789TJQK"
SUITS = "CDHS"
DEAL = [0, 2, 3, 1]  # OpenSpiel's k-th card of the deal is meeple's DEAL[k]-th


def number(card_id: str) -> int:
    rank = card_id[1:].upper().replace("10", "T")
    return SUITS.index(card_id[0].upper()) * 13 + RANKS.index(rank)


def spiel_number(text: str) -> int:
    return SUITS.index(text[0]) * 13 + RANKS.index(text[1])


class Blackjack(Adapter):
    game = "blackjack"
    spiel = "blackjack"
    players = 1
    options = {"rules": "openspiel"}

    def chance(self, state, dealer, taken):
        return number(dealer.dealt["deck"][DEAL[taken] if taken < len(DEAL) else taken])

    def action(self, match, label):
        return {"hit": 0, "stand": 1}[label]

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        dealer = sorted(number(c["id"]) for c in v["zones"]["upcard"]["cards"])
        return {"cards": [number(c["id"]) for c in v["players"][seat - 1]["zones"]["hand"]["cards"]],
                "dealer": dealer, "hidden": v["zones"]["hole"]["count"]}

    def seen_by_spiel(self, state, player):
        # "Current Phase: Player Turn\nCurrent Player: 0\nPlayer 0: Cards: CA S5\nDealer: Cards: ?? H4\n"
        text = state.observation_string(player)
        mine = re.search(r"Player 0: Cards: (.*)", text).group(1).split()
        dealer = re.search(r"Dealer: Cards: (.*)", text).group(1).split()
        return {"cards": [spiel_number(c) for c in mine],
                "dealer": sorted(spiel_number(c) for c in dealer if c != "??"),
                "hidden": dealer.count("??")}

    def returns(self, result, players):
        return [float(result.scores[s]) for s in range(1, players + 1)]
