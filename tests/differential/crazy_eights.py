"""Crazy Eights: meeple's content/crazy-eights against OpenSpiel's `crazy_eights` (default parameters: 5
players, 5 draws a turn, 100 plays, no special cards, no reshuffle). A card is OpenSpiel's action 4 x rank +
suit (ranks 2 to ace, suits clubs, diamonds, hearts, spades), its field `number` in meeple; 52 is a draw, 53 a
pass, 54-57 name clubs, diamonds, hearts, spades. The chance outcomes are the dealer (52 + player), then the
cards in the order they leave meeple's deck: the hands, each eight turned up (OpenSpiel puts it back as
meeple shuffles it back), the card turned up, then each card drawn."""
from __future__ import annotations

from .harness import Adapter

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["clubs", "diamonds", "hearts", "spades"]
SYMBOLS = "♣♦♥♠"
SPIEL_RANKS = "23456789TJQKA"
DRAW, PASS, NOMINATE = 52, 53, 54
# a card's name in meeple (content/crazy-eights/cards/deck.yaml), its id and OpenSpiel's number for it
NUMBER = {f"{r}{SYMBOLS[s]}": 4 * i + s for i, r in enumerate(RANKS) for s in range(4)}
ID_NUMBER = {f"{SUITS[s][0]}{r.lower()}": 4 * i + s for i, r in enumerate(RANKS) for s in range(4)}


class CrazyEights(Adapter):
    game = "crazy-eights"
    spiel = "crazy_eights"
    players = 5

    def chance(self, state, dealer, taken):
        if taken == 0:
            return 52 + dealer.picks[0]  # meeple's `random(players)`: the dealer's index, OpenSpiel's player
        return ID_NUMBER[self.order(dealer)[taken - 1]]

    def order(self, dealer):
        """The cards in the order they leave meeple's deck: every shuffle but the last gave its cards up to the
        eight turned up (the first also the hands), and the last gives the rest."""
        decks = [cards for zone, cards in dealer.shuffles if zone == "deck"]
        dealt = self.players * (7 if self.players == 2 else 5)
        order = decks[0][:dealt + 1] if len(decks) > 1 else []
        for cards in decks[1:-1]:
            order += cards[:1]
        return order + (decks[-1] if len(decks) > 1 else decks[0])

    def action(self, match, label):
        if label in ("draw", "pass"):
            return DRAW if label == "draw" else PASS
        if label in SUITS:
            return NOMINATE + SUITS.index(label)
        return NUMBER[label]

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        players = v["players"]
        top = v["zones"]["discard"]["cards"][-1]
        n = len(players)
        return {"hand": sorted(c["number"] for c in players[seat - 1]["zones"]["hand"]["cards"]),
                "previous card": top["number"],
                "previous suit": SUITS.index(v["vars"]["suit"]),
                "cards": [players[(seat - 1 + i) % n]["zones"]["hand"]["count"] for i in range(n)]}

    def seen_by_spiel(self, state, player):
        lines = state.observation_string(player).splitlines()
        hand = []
        for line in lines[1:5]:  # "Suit C:  3    8    KA": the rank letters in the columns after "Suit C: "
            s = "CDHS".index(line[5])
            hand += [4 * SPIEL_RANKS.index(ch) + s for ch in line[8:] if ch != " "]
        fields = dict(line.split(": ", 1) for line in lines[5:])
        previous = fields["Previous card"]
        counts = fields["Starting counterclockwise, other players have"].removesuffix(" cards.")
        return {"hand": sorted(hand),
                "previous card": 4 * SPIEL_RANKS.index(previous[1]) + "CDHS".index(previous[0]),
                "previous suit": "CDHS".index(fields["Previous suit"]),
                "cards": [int(x) for x in counts.split(", ")]}

    def returns(self, result, players):
        return [float(result.scores[s]) for s in range(1, players + 1)]
