"""Hearts: meeple's content/hearts against OpenSpiel's `hearts` (default parameters: passing in a direction drawn
at random, no points on the first trick, hearts broken before they are led, the queen of spades breaking them,
the 2 of clubs leading; the others as options). A card is OpenSpiel's action 4 x rank + suit (ranks 2 to
ace, suits clubs, diamonds, hearts, spades), in meeple its id: the suit's letter and the rank (c2, h10, sq).
Passing a card and playing a card are the card's action. The chance outcomes are the pass direction (0 none,
1 left, 2 across, 3 right: meeple's `random([0, 1, 2, 3])`), then the cards in the order they leave meeple's
deck, dealt one at a time from the first player.

What a player may see is read from OpenSpiel's information state string (the pass direction, the hand, the
cards passed and received, the tricks, the points) and compared, with whether hearts are broken, to the
player's meeple view: its hand; the cards it passes (its `passing` zone, then the same cards revealed to it in
the receiver's hand) and the cards it received (those in its hand that another player's zone gave it:
`played_by`), each while not yet played (OpenSpiel lists them hand long, meeple's view holds them until they
are played: a played card lies in a trick, which both show); the trick being played with who played each card;
the cards each player took; and the points."""
from __future__ import annotations

from .harness import Adapter

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a"]
LETTERS = "cdhs"
SPIEL_RANKS = "23456789TJQKA"
SPIEL_SUITS = "CDHS"
DIRECTIONS = ["No Pass", "Left", "Across", "Right"]
ID_NUMBER = {f"{LETTERS[s]}{r}": 4 * i + s for i, r in enumerate(RANKS) for s in range(4)}
SYMBOLS = "♣♦♥♠"
NAME_NUMBER = {f"{r.upper()}{SYMBOLS[s]}": 4 * i + s for i, r in enumerate(RANKS) for s in range(4)}


def spiel_card(text: str) -> int:
    return 4 * SPIEL_RANKS.index(text[0]) + SPIEL_SUITS.index(text[1])


def winner(leader: int, cards: list) -> int:
    """The player who wins a trick led by `leader`: the highest card of the suit led."""
    led = cards[0] % 4
    best = max((c // 4, k) for k, c in enumerate(cards) if c % 4 == led)[1]
    return (leader + best) % 4


class Hearts(Adapter):
    game = "hearts"
    spiel = "hearts"
    players = 4

    def chance(self, state, dealer, taken):
        if taken == 0:
            return dealer.picks[0] if self.params.get("pass_cards", True) else 0
        return ID_NUMBER[dealer.dealt["deck"][taken - 1]]

    def action(self, match, label):
        return NAME_NUMBER[label]

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        players = v["players"]
        me = players[seat - 1]["zones"]
        hand = me["hand"]["cards"]
        receiver = players[(seat - 1 + v["vars"]["pass_dir"]) % 4]["zones"]["hand"]
        passed = me["passing"]["cards"] + ([] if receiver is players[seat - 1]["zones"]["hand"]
                                           else receiver.get("revealed", []))
        return {"pass": v["vars"]["pass_dir"],
                "hand": sorted(ID_NUMBER[c["id"]] for c in hand),
                "passed": sorted(ID_NUMBER[c["id"]] for c in passed),
                "received": sorted(ID_NUMBER[c["id"]] for c in hand if c.get("played_by") is not None),
                "trick": [(c["played_by"] - 1, ID_NUMBER[c["id"]]) for c in v["zones"]["trick"]["cards"]],
                "taken": [sorted(ID_NUMBER[c["id"]] for c in p["zones"]["taken"]["cards"]) for p in players],
                "points": [p["counters"]["points"] for p in players],
                "broken": v["vars"]["broken"]}

    def seen_by_spiel(self, state, player):
        lines = state.information_state_string(player).split("\n")
        direction = DIRECTIONS.index(lines[0].removeprefix("Pass Direction: "))
        at = lines.index("Hand: ")
        hand = []
        for line in lines[at + 1:at + 5]:  # "S KQ8", "H none": the ranks held in each suit
            if not line.endswith("none"):
                hand += [4 * SPIEL_RANKS.index(ch) + SPIEL_SUITS.index(line[0]) for ch in line[2:]]
        fields = {}
        for line in lines:
            for name in ("Passed Cards: ", "Received Cards: "):
                if line.startswith(name):
                    fields[name] = [spiel_card(x) for x in line[len(name):].split()]
        tricks = []  # (leader, cards), each trick of the "N  E  S  W  N  E  S" table
        points = [0, 0, 0, 0]
        if "Tricks:" in lines:
            at = lines.index("Tricks:") + 2
            while at < len(lines) and lines[at].strip():
                row = lines[at]
                tricks.append(((len(row) - len(row.lstrip(" "))) // 3, [spiel_card(x) for x in row.split()]))
                at += 1
            at = lines.index("Points:")
            points = [int(float(lines[at + 1 + k].split(": ")[1])) for k in range(4)]
        played = {c for _, cards in tricks for c in cards}
        taken = [[] for _ in range(4)]
        trick = []
        for leader, cards in tricks:
            if len(cards) == 4:
                taken[winner(leader, cards)] += cards
            else:
                trick = [((leader + k) % 4, c) for k, c in enumerate(cards)]
        return {"pass": direction,
                "hand": sorted(hand),
                "passed": sorted(c for c in fields.get("Passed Cards: ", []) if c not in played),
                "received": sorted(c for c in fields.get("Received Cards: ", []) if c in hand),
                "trick": trick,
                "taken": [sorted(t) for t in taken],
                "points": points,
                "broken": state.hearts_broken()}

    def returns(self, result, players):
        return [float(result.scores[s]) for s in range(1, players + 1)]
