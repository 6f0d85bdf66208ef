"""Bridge: meeple's content/bridge (one board, the printed rules) against OpenSpiel's `bridge` with
use_double_dummy_result=false (the tricks played, not a solver's count), for boards of several dealers and
vulnerabilities (OpenSpiel's `dealer`, `dealer_vul` and `non_dealer_vul` from meeple's `dealer` and `vulnerable`).

A card is OpenSpiel's number, 4 x the rank's place (2 to ace) + the suit's (clubs, diamonds, hearts, spades); a
call is 52 + 0 for pass, 1 double, 2 redouble, and 3 + 5 x (level - 1) + the denomination's place (clubs,
diamonds, hearts, spades, notrump) for a bid. The chance outcomes are the cards: OpenSpiel deals its k-th card
to player k mod 4 (North first, whoever deals), meeple one at a time from the dealer's left as the printed rules
do, so OpenSpiel's k-th card is the one meeple dealt (k / 4)-th to that player. The declarer chooses the
dummy's cards on both sides. A player sees its own cards, the dummy's once faced, the calls, the contract once
the auction is over, the cards played (and the current trick in order) and the tricks each side won.
"""
from __future__ import annotations

import re

from .harness import Adapter

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "cdhs"
SYMBOLS = "♣♦♥♠"
STRAINS = ["♣", "♦", "♥", "♠", "NT"]
SEATS = ["North", "East", "South", "West"]
COMPASS = ["north", "east", "south", "west"]
CALLS = {"pass": 52, "double": 53, "redouble": 54, "Pass": 52, "Dbl": 53, "RDbl": 54}


def number(card_id: str) -> int:
    return RANKS.index(card_id[1:].upper()) * 4 + SUITS.index(card_id[0])


def call(label: str) -> int:
    if label in CALLS:
        return CALLS[label]
    return 55 + 5 * (int(label[0]) - 1) + STRAINS.index(label[1:])


def card_of(label: str) -> int:
    return RANKS.index(label[:-1]) * 4 + SYMBOLS.index(label[-1])


def board(dealer: int, vulnerable: str) -> tuple:
    """meeple's options and OpenSpiel's parameters of a board: its dealer (0 North to 3 West) and who is
    vulnerable (none, north-south, east-west, both); OpenSpiel says it from the dealer's side."""
    side = "north-south" if dealer % 2 == 0 else "east-west"
    other = "east-west" if side == "north-south" else "north-south"
    return ({"dealer": COMPASS[dealer], "vulnerable": vulnerable},
            {"use_double_dummy_result": False, "dealer": dealer, "dealer_vul": vulnerable in (side, "both"),
             "non_dealer_vul": vulnerable in (other, "both")})


class Bridge(Adapter):
    game = "bridge"
    spiel = "bridge"
    players = 4
    dealer = 0
    options, params = board(0, "none")
    matches = 40  # in the default suite (tests/differential/test_agreement.py): a board takes ~0.25 s

    def chance(self, state, dealer, taken):
        player, place = taken % 4, taken // 4
        j = 4 * place + (player - self.dealer - 1) % 4
        return number(dealer.dealt["deck"][j])

    def action(self, match, label):
        if match.vars["declarer"] is None:  # the auction (a bid and a card may read alike: 2♠)
            return call(label)
        return card_of(label)

    def pick(self, match, labels, rng):
        """In the auction, three calls in four are steered toward low contracts (a pass half the time, a double
        or redouble when open a tenth each, else one of the three lowest bids), so that contracts are made as
        often as they fail, undoubled, doubled and redoubled; the rest at random, as in the play."""
        if match.vars["declarer"] is not None or rng.random() < 0.25:
            return rng.randrange(len(labels))
        r = rng.random()
        for call_label, p in (("double", 0.1), ("redouble", 0.1)):
            if call_label in labels and r < p:
                return labels.index(call_label)
        if r < 0.6 or len(labels) == 1:
            return labels.index("pass")
        bids = [i for i, label in enumerate(labels) if label not in CALLS]
        return rng.choice(bids[:3]) if bids else labels.index("pass")

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        me = v["players"][seat - 1]["zones"]
        dummy = [number(c["id"]) for p in v["players"] for c in p["zones"]["table"]["cards"]]
        out = {"hand": sorted(number(c["id"]) for c in me["hand"]["cards"] + me["table"]["cards"]),
               "dummy": sorted(dummy), "calls": [call(c) for c in v["vars"]["calls"]],
               "played": sorted(number(c["id"]) for c in v["zones"]["played"]["cards"]),
               "trick": [(c["played_by"] - 1, number(c["id"])) for c in v["zones"]["trick"]["cards"]]}
        if v["vars"]["declarer"] is not None:  # the auction is over
            out["contract"] = match_contract(v)
            out["tricks"] = declarer_tricks(v)
        return out

    def seen_by_spiel(self, state, player):
        text = state.information_state_string(player)
        hand = _suits(text.split("you hold:\n")[1].split("\n\n")[0])
        dummy = _suits(text.split("it holds:\n")[1].split("\n\n")[0]) if "it holds:" in text else []
        auction = text.split("West  North East  South\n")[1].split("\n\n")[0]
        calls = [CALLS[t] if t in CALLS else call(t) for t in auction.split() if t != "?"]
        play = text.split("Trick 1.", 1)[1] if "Trick 1." in text else ""
        played, trick = [], []
        for line in ("Trick 1." + play).split("\n") if play else []:
            if not line.startswith("Trick"):
                continue
            cards = [(SEATS.index(p), card_of(c[1:] + c[0])) for p, c in re.findall(r"(\w+): (\S\w+)", line)]
            if "Won by" in line:
                played += [c for _, c in cards]
            else:
                trick = cards
        out = {"hand": sorted(hand), "dummy": sorted(dummy), "calls": calls, "played": sorted(played),
               "trick": trick}
        m = re.search(r"Contract: (.*)\n", text)
        if m:
            out["contract"] = m.group(1).replace("Doubled", "doubled").replace("Redoubled", "redoubled")
            out["tricks"] = int(re.search(r"Declarer tricks won: (\d+)", text).group(1)) if play else 0
        return out

    def returns(self, result, players):
        ns, ew = result.scores[1], result.scores[2]
        return [float(ns - ew), float(ew - ns), float(ns - ew), float(ew - ns)]


def _suits(block: str) -> list:
    out = []
    for line in block.strip().split("\n"):
        symbol, *ranks = line.split()
        out += [RANKS.index(r) * 4 + SYMBOLS.index(symbol) for r in ranks if r != "none"]
    return out


def match_contract(v) -> str:
    bid, risk = v["vars"]["bid"], v["vars"]["risk"]
    name = f"{(bid - 1) // 5 + 1}{STRAINS[(bid - 1) % 5]}"
    return name + {1: "", 2: " doubled", 4: " redoubled"}[risk] + " by " + SEATS[v["vars"]["declarer"]["player"] - 1]


def declarer_tricks(v) -> int:
    d = v["vars"]["declarer"]["player"]
    return sum(p["counters"]["tricks"] for p in v["players"] if (p["seat"] - d) % 2 == 0)


class BridgeEastNorthSouth(Bridge):
    """East deals; North and South are vulnerable (board 2)."""
    name = "bridge-east-ns"
    dealer = 1
    options, params = board(1, "north-south")


class BridgeSouthEastWest(Bridge):
    """South deals; East and West are vulnerable (board 3)."""
    name = "bridge-south-ew"
    dealer = 2
    options, params = board(2, "east-west")


class BridgeWestBoth(Bridge):
    """West deals; both sides are vulnerable (board 4)."""
    name = "bridge-west-both"
    dealer = 3
    options, params = board(3, "both")
