"""Hanabi: meeple's content/hanabi against OpenSpiel's `hanabi` (the Hanabi Learning Environment, HLE, default
parameters: 2 players, 5 colours, 5 ranks, hands of 5, 8 information tokens, 3 life tokens).

OpenSpiel's actions, for H cards a hand and N players: discard slot k is k, play slot k is H + k, telling the
player at offset o (1 = the next seat) the colour c is 2H + (o - 1) x 5 + c, the rank r (from 0) is
2H + (N - 1) x 5 + (o - 1) x 5 + r. A chance outcome is a card drawn, 5 x colour + rank (from 0); meeple's deck
is shuffled once and dealt from the top, so the n-th chance outcome is the n-th card of that shuffle. What a
player sees is OpenSpiel's observation string: tokens, fireworks, every hand from the player's own (its
cards hidden) with what its holder was told of each slot (HLE's card knowledge), the deck's size and the
discards in order."""
from __future__ import annotations

from .harness import Adapter

COLOURS = ["red", "yellow", "green", "white", "blue"]
LETTERS = "RYGWB"


def card_code(colour: str, rank: int) -> str:
    return f"{LETTERS[COLOURS.index(colour)]}{rank}"


class Hanabi(Adapter):
    game = "hanabi"
    spiel = "hanabi"
    players = 2
    hand = 5

    def chance(self, state, dealer, taken):
        colour, rank = dealer.dealt["deck"][taken].split("_")
        return 5 * COLOURS.index(colour) + int(rank) - 1

    def action(self, match, label):
        words = label.split()
        h, n = self.hand, self.players
        if words[0] in ("play", "discard"):
            return (h if words[0] == "play" else 0) + int(words[2]) - 1
        # "tell Ben the red cards", "tell Ben the 2s"
        names = [p["name"] for p in match.view(None)["players"]]
        offset = (names.index(words[1]) - (match.pending.player.seat - 1)) % n
        if words[-1] == "cards":
            return 2 * h + (offset - 1) * 5 + COLOURS.index(words[3])
        return 2 * h + (n - 1) * 5 + (offset - 1) * 5 + int(words[3].removesuffix("s")) - 1

    def seen_by_meeple(self, match, seat):
        v = match.view(seat)
        n = len(v["players"])
        fireworks = {c: 0 for c in COLOURS}
        for c in v["zones"]["fireworks"]["cards"]:
            fireworks[c["colour"]] = max(fireworks[c["colour"]], c["rank"])
        hands = []
        for i in range(n):
            p = v["players"][(seat - 1 + i) % n]
            z = p["zones"]["hand"]
            cards = [card_code(c["colour"], c["rank"]) for c in z["cards"]] if "cards" in z else ["XX"] * z["count"]
            knowledge = []
            var = p["vars"]
            for k in range(z["count"]):
                told = (LETTERS[COLOURS.index(var["told_colour"][k])] if var["told_colour"][k] else "X") + \
                    (str(var["told_rank"][k]) if var["told_rank"][k] else "X")
                maybe = "".join(LETTERS[COLOURS.index(c)] for c in var["maybe_colours"][k]) + \
                    "".join(str(r) for r in var["maybe_ranks"][k])
                knowledge.append(f"{told}|{maybe}")
            hands.append(list(zip(cards, knowledge, strict=True)))
        counters = v["counters"]
        return {"life": counters["fuses"], "info": counters["info"],
                "fireworks": [fireworks[c] for c in COLOURS], "hands": hands,
                "deck": v["zones"]["deck"]["count"],
                "discards": [card_code(c["colour"], c["rank"]) for c in v["zones"]["discard"]["cards"]]}

    def seen_by_spiel(self, state, player):
        lines = state.observation_string(player).splitlines()
        fields = {}
        hands: list = [[]]
        in_hands = False
        for line in lines:
            if line == "Hands:":
                in_hands = True
            elif in_hands and line.startswith("Deck size: "):
                in_hands = False
                fields["deck"] = int(line.split(": ")[1])
            elif in_hands:
                if line == "-----":
                    hands.append([])
                elif line != "Cur player":
                    card, knowledge = line.split(" || ")
                    hands[-1].append((card, knowledge))
            elif ": " in line or line.endswith(":"):
                key, _, value = line.partition(":")
                fields[key] = value.strip()
        return {"life": int(fields["Life tokens"]), "info": int(fields["Info tokens"]),
                "fireworks": [int(f[1:]) for f in fields["Fireworks"].split()], "hands": hands,
                "deck": fields["deck"], "discards": fields["Discards"].split()}

    def returns(self, result, players):
        return [float(result.scores[s]) for s in range(1, players + 1)]


class SteeredHanabi(Hanabi):
    """The same game, its moves steered so that matches reach the ends random play seldom does (the deck run
    out, completed fireworks, a full count of tokens): mostly a card that fits is played (the player's own
    cards read from another seat's view, as the test may), else a card no firework needs is discarded, else a
    random move. Only the choice of moves is steered; both engines still take the same one."""
    careless = 0.1  # the share of moves picked at random all the same

    def pick(self, match, labels, rng):
        if rng.random() < self.careless:
            return rng.randrange(len(labels))
        seat = match.pending.player.seat
        other = match.view(seat % self.players + 1)
        mine = other["players"][seat - 1]["zones"]["hand"]["cards"]
        height = {c: 0 for c in COLOURS}
        for c in other["zones"]["fireworks"]["cards"]:
            height[c["colour"]] = max(height[c["colour"]], c["rank"])
        for k, c in enumerate(mine, 1):
            if c["rank"] == height[c["colour"]] + 1 and f"play card {k}" in labels:
                return labels.index(f"play card {k}")
        for k, c in enumerate(mine, 1):
            if c["rank"] <= height[c["colour"]] and f"discard card {k}" in labels:
                return labels.index(f"discard card {k}")
        safe = [i for i, label in enumerate(labels) if not label.startswith("play")]
        return rng.choice(safe)
