"""Dou Dizhu: meeple's content/dou-dizhu with `rules=openspiel` against OpenSpiel's `dou_dizhu`.

OpenSpiel numbers its ~26,000 moves by combination (pass 0, bids 1 to 3, then every solo, chain, pair, ..., bomb
and the rocket). The adapter maps meeple's option by meaning: a label "trio with a solo: 3 3 3 + 5" is written as
OpenSpiel writes that combination (its ranks lowest first, "3335"; an airplane with wings as its chain, a dash and
its wings, "333444-57"; the jokers "(BWJ)" and "(CJ)"), and looked up among the strings OpenSpiel gives each of
its actions (`action_to_string`, read once). The chance outcomes: first the place in the deal of the card turned
up (meeple's first random pick), then the 51 cards dealt one at a time from seat 1, as meeple deals them (a card
is OpenSpiel's number 13 x the suit's place in clubs, diamonds, hearts, spades + the rank's order, 3 lowest; the
jokers 52 and 53). A player sees its hand, the cards played, the rank of the card turned up, the first bidder and
its place after the highest bidder (OpenSpiel's observation string). One move in four is the combination of the
most cards (`pick`), so that big combinations are played and followed too."""
from __future__ import annotations

import re

from .harness import Adapter

SPIEL_RANKS = ["3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "(BWJ)", "(CJ)"]
MEEPLE_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ"]
SUITS = "cdhs"
WINGED = ("airplane with solos", "airplane with pairs")
_ACTIONS: dict = {}


def actions() -> dict:
    """OpenSpiel's string of each of its moves -> the move's number (each string names one move)."""
    if not _ACTIONS:
        import pyspiel
        game = pyspiel.load_game("dou_dizhu")
        state = game.new_initial_state()
        for a in range(game.num_distinct_actions()):
            _ACTIONS[state.action_to_string(0, a)] = a
    return _ACTIONS


def number(card_id: str) -> int:
    if card_id in ("bj", "rj"):
        return 52 if card_id == "bj" else 53
    return SUITS.index(card_id[0]) * 13 + MEEPLE_RANKS.index(card_id[1:].upper())


def orders(words: str) -> list:
    return sorted(MEEPLE_RANKS.index(w) for w in words.split())


def spiel_text(label: str) -> str:
    """OpenSpiel's string of the combination meeple's label names."""
    kind, cards = label.split(": ")
    body, _, wings = cards.partition(" + ")
    if kind in WINGED:
        return "".join(SPIEL_RANKS[r] for r in orders(body)) + "-" + "".join(SPIEL_RANKS[r] for r in orders(wings))
    return "".join(SPIEL_RANKS[r] for r in orders(f"{body} {wings}"))


def spiel_orders(text: str) -> list:
    return sorted(SPIEL_RANKS.index(t) for t in re.findall(r"\(BWJ\)|\(CJ\)|[2-9TJQKA]", text))


class DouDizhu(Adapter):
    game = "dou-dizhu"
    spiel = "dou_dizhu"
    players = 3
    options = {"rules": "openspiel"}
    matches = 100  # in the default suite (tests/differential/test_agreement.py); 10,000 behind the `slow` marker

    def chance(self, state, dealer, taken):
        if taken == 0:
            return dealer.picks[0]
        return 51 + number(dealer.dealt["deck"][taken - 1])

    def action(self, match, label):
        if label == "pass":
            return 0
        if label.startswith("bid "):
            return int(label[4:])
        return actions()[spiel_text(label)]

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        played = v["zones"]["played"]["cards"] + v["zones"]["table"]["cards"]
        high = v["vars"]["landlord"]
        high = -3 if high is None else high["player"] - 1  # OpenSpiel's kInvalidPlayer before any bid
        return {"hand": sorted(c["order"] for c in v["players"][seat - 1]["zones"]["hand"]["cards"]),
                "played": sorted(c["order"] for c in played),
                "turned": v["vars"]["turned_order"], "first": v["vars"]["first_bidder"]["player"] - 1,
                "from high bidder": (seat - 1 - high + 3) % 3}

    def seen_by_spiel(self, state, player):
        text = state.observation_string(player)
        got = re.match(r"My hand (.*)\nPlayed cards (.*)\nface up card rank: (\d+)start player: (\d+)"
                       r"My position from Dizhu: (\d+)", text)
        return {"hand": spiel_orders(got.group(1)), "played": spiel_orders(got.group(2)),
                "turned": int(got.group(3)), "first": int(got.group(4)), "from high bidder": int(got.group(5))}

    def pick(self, match, labels, rng):
        """At random; one time in four the combination of the most cards, so that airplanes with wings, four with
        two and long chains are played and followed, which random play seldom does."""
        if rng.random() < 0.25:
            return max(range(len(labels)), key=lambda k: (len(labels[k].split()), k))
        return rng.randrange(len(labels))

    def returns(self, result, players):
        return [float(result.scores[s]) for s in range(1, players + 1)]
