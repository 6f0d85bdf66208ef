"""Skat: meeple's content/skat with `rules=openspiel` against OpenSpiel's `skat` (no parameters: one deal,
player 0 forehand). A card is OpenSpiel's number, 8 x the suit's place (diamonds, hearts, spades, clubs) + the
rank's (7, 8, 9, queen, king, ten, ace, jack); passing is action 32, naming a game 32 + its place (diamonds,
hearts, spades, clubs, grand, null). The chance outcomes are the 32 cards in the order dealt, which is the
printed order on both sides (three each from forehand, two to the skat, four each, three each), so
OpenSpiel's k-th card is meeple's k-th from the top of its shuffled deck. A player sees the phase, its hand,
the declarer, the game, the cards laid away (the declarer only), the current trick with its leader and the
previous trick; the returns are meeple's scores over 240."""
from __future__ import annotations

from .harness import Adapter

RANKS = ["7", "8", "9", "Q", "K", "10", "A", "J"]
SUITS = "♦♥♠♣"
LETTERS = "dhsc"
GAMES = ["pass", "diamonds", "hearts", "spades", "clubs", "grand", "null"]
PHASES = ["bidding", "discard", "play"]


def number(card_id: str) -> int:
    """OpenSpiel's number of a meeple card id (d7, c10, sj)."""
    return LETTERS.index(card_id[0]) * 8 + RANKS.index(card_id[1:].upper())


def named(label: str) -> int:
    """OpenSpiel's number of a card by its meeple name (10♦, J♣)."""
    return SUITS.index(label[-1]) * 8 + RANKS.index(label[:-1])


class Skat(Adapter):
    game = "skat"
    spiel = "skat"
    players = 3
    options = {"rules": "openspiel"}
    matches = 100  # in the default suite (tests/differential/test_agreement.py); 10,000 behind the `slow` marker

    def chance(self, state, dealer, taken):
        return number(dealer.dealt["deck"][taken])

    def action(self, match, label):
        if label in GAMES:
            return 32 + GAMES.index(label)
        return named(label)

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        declarer = v["vars"]["declarer"]
        solo = declarer["player"] - 1 if declarer else -1
        me = v["players"][seat - 1]["zones"]
        laid = [number(c["id"]) for c in me["laid"].get("cards", [])]
        trick = v["zones"]["trick"]["cards"]
        played = v["zones"]["played"]["cards"]
        if solo < 0:
            phase = "bidding"
        else:
            phase = "discard" if v["players"][solo]["zones"]["laid"]["count"] < 2 else "play"
        if trick:
            leader = trick[0]["played_by"] - 1
        elif played:
            leader = v["vars"]["leader"]["player"] - 1
        else:
            leader = -1
        return {"phase": phase,
                "hand": sorted(number(c["id"]) for c in me["hand"]["cards"]),
                "solo": solo,
                "skat": sorted(laid),
                "game": GAMES.index(v["vars"]["game"]) if v["vars"]["game"] else 0,
                "leader": leader if phase == "play" else -1,
                "trick": [number(c["id"]) for c in trick],
                "previous": [number(c["id"]) for c in played[-3:]]}

    def seen_by_spiel(self, state, player):
        t = list(state.observation_tensor(player))
        at = 0

        def take(n):
            nonlocal at
            part = t[at:at + n]
            at += n
            return part

        def one(part):
            return part.index(1.0) if 1.0 in part else -1

        def cards(part):
            return [i for i, x in enumerate(part) if x]

        take(3)
        phase = one(take(3))
        hand = cards(take(32))
        take(21)
        solo = one(take(3))
        skat = cards(take(32))
        game = one(take(7))
        leader = one(take(3))
        trick = [c for c in (one(take(32)) for _ in range(3)) if c >= 0]
        take(3)
        previous = [c for c in (one(take(32)) for _ in range(3)) if c >= 0]
        return {"phase": PHASES[phase], "hand": hand, "solo": solo, "skat": skat, "game": game,
                "leader": leader, "trick": trick, "previous": previous}

    def returns(self, result, players):
        return [result.scores[s] / 240 for s in range(1, players + 1)]
