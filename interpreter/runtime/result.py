"""What a finished match gives: its Result (the scores and the parts they are made of, the ranking, the winners,
the teams), how the top of the ranking was decided, and the sentences that say so at the terminal and on the
page.

The players are ranked by side: each player alone, or each team (a game's `team:`), whose score and ranking
keys are the sums of its players'. A team wins, loses or draws as one."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import RuntimeContentError
from .ops import describe, text
from .state import Player


@dataclass
class Result:
    outcome: str  # "won"/"lost" (cooperative) or "ranked"
    reason: str
    winner: int | None  # seat number: the first of `winners`
    scores: dict  # seat -> score
    ranking: list  # seats, best first (a team's players together)
    rounds: int
    decisions: int
    details: dict = field(default_factory=dict)
    winners: list = field(default_factory=list)  # every seat of the side(s) at the top; none for a cooperative end
    parts: dict = field(default_factory=dict)  # seat -> {part: value}: a score given as parts (`score:` terms)
    keys: dict = field(default_factory=dict)  # seat -> [the value of each `ranking:` key]
    key_names: list = field(default_factory=list)  # the name of each ranking key
    teams: dict = field(default_factory=dict)  # seat -> its team's name; empty: each player plays alone
    # how the top was found by the score: {"by": "score" | "ranking" | "shared", "key": the ranking key that broke
    # the tie, "level": the sides level on the score}; empty when the game's end named its winner or outcome
    decided: dict = field(default_factory=dict)
    counted: dict = field(default_factory=dict)  # seat -> {part: how the rules count it, with its figures}

    def side(self, seat: int):
        """The seat's team, or the seat itself when it plays alone."""
        return self.teams.get(seat, seat)

    def standing(self) -> dict:
        """side -> (score, each ranking key), a team's the sums of its players'."""
        return _standing(self.ranking, self.side, self.scores, self.keys)

    def outcome_of(self, seat: int) -> str:
        """"won", "lost" or "draw" (a win shared by sides tied at the top) for a seat: its team's, in a game of
        teams; the players' together in a cooperative game."""
        if self.outcome in ("won", "lost"):
            return self.outcome
        if seat not in self.winners:
            return "lost"
        return "won" if len({self.side(s) for s in self.winners}) == 1 else "draw"

    def told(self, names: dict) -> list[str]:
        """What decided the result, in sentences (`names`: seat -> the player's name)."""
        if not self.decided:
            return []
        standing, level = self.standing(), self.decided["level"]

        def who(side, members=True) -> str:
            if side in self.teams.values():
                named = _and([names[s] for s in self.ranking if self.teams[s] == side])
                return f"team {side} ({named})" if members else f"team {side}"
            return names[side]

        def listed(sides, i) -> str:
            return ", ".join(f"{who(x, False)} {standing[x][i]}" for x in sides)

        top = standing[level[0]][0]
        if self.decided["by"] == "score":
            rest = [x for x in standing if x != level[0]]
            nxt = f" (next: {listed(rest[:1], 0)})" if rest else ""
            return [f"{who(level[0])} scored the most: {top}{nxt}."]
        tied = f"{_and([who(x) for x in level])} tied at {top}"
        if not self.key_names:
            return [f"{tied}, and the game breaks no tie: they share the win."]
        steps = []
        for i, sides in _narrowing(standing, level, len(self.key_names)):
            steps.append(f"{self.key_names[i - 1]} ({listed(sides, i)})")
        if self.decided["by"] == "shared":
            return [f"{tied} and on every tie-break ({'; '.join(steps)}): they share the win."]
        said = "the tie-break" if len(steps) == 1 else "the tie-breaks in order"
        return [f"{tied}; {said} {', then '.join(steps)} decided: {who(self.side(self.winner), False)} wins."]

    def as_dict(self) -> dict:
        out = {"winner": self.winner, "winners": self.winners, "outcome": self.outcome, "reason": self.reason,
               "rounds": self.rounds, "decisions": self.decisions,
               "scores": {str(k): v for k, v in self.scores.items()}, "ranking": self.ranking}
        if "factions" in self.details:
            out["factions"] = {str(k): v for k, v in self.details["factions"].items()}
        if self.parts:
            out["parts"] = {str(k): v for k, v in self.parts.items()}
        if self.key_names:
            out["key_names"] = self.key_names
            out["keys"] = {str(k): list(v) for k, v in self.keys.items()}
        if self.teams:
            out["teams"] = {str(k): v for k, v in self.teams.items()}
        if self.decided:
            out["decided"] = self.decided
        if self.counted:
            out["counted"] = {str(k): v for k, v in self.counted.items()}
        return out


def result_of(match, outcome, reason, winner) -> Result:
    """The Result of a match that ended: `outcome` "won"/"lost" (a cooperative end) or None to rank the
    players; `winner` the player the game's end named, or None to find it by the score and ranking keys."""
    g = match.game
    seats = [p.seat for p in match.players]
    parts = {p.seat: parts_of(match, p) for p in match.players} if g.score_parts else {}
    scores = {s: sum(parts[s].values()) for s in seats} if parts else \
        {p.seat: match.score_of(p) for p in match.players}
    keys = {p.seat: match._ranking_keys(p) for p in match.players}
    teams = {p.seat: team_of(match, p) for p in match.players} if g.team is not None else {}

    def side(s):
        return teams.get(s, s)

    standing = _standing(seats, side, scores, keys)
    first = {}
    for s in seats:
        first.setdefault(side(s), s)
    # the best side first (ties in seat order), a team's players together, the best of them first
    ranking = sorted(seats, key=lambda s: (standing[side(s)], -first[side(s)], scores[s], keys[s]), reverse=True)
    winners, decided = [], {}
    if isinstance(winner, Player):
        winner = winner.seat
    if outcome is None:
        outcome = "ranked"
        if winner is None and ranking:  # the best by score, then by the ranking keys: all of them if tied
            top = standing[side(ranking[0])]
            winners = [s for s in ranking if standing[side(s)] == top]
            winner = winners[0]
            decided = _decided(standing, ranking, side, len(g.ranking), g.ranking_names)
    if outcome in ("won", "lost"):
        winner = None
    elif winner is not None and not winners:  # named by the game's end: with the players of its team
        winners = [winner] + [s for s in ranking if s != winner and side(s) == side(winner)]
    details = {}
    if g.faction is not None:
        details["factions"] = {p.seat: text(g.faction(match, p, None)) for p in match.players}
    return Result(outcome, reason or "", winner, scores, ranking, match.round, len(match.choices), details, winners,
                  parts, {s: list(k) for s, k in keys.items()} if g.ranking else {}, list(g.ranking_names), teams,
                  decided, {p.seat: counted_of(match, p) for p in match.players} if g.score_counted else {})


def summed(parts: tuple, places: tuple):
    """The score of a game that gives it as parts: their sum, each part a number."""
    def score(match, me, this):
        return sum(_part(match, me, fn, name, place) for (name, fn), place in zip(parts, places, strict=True))
    return score


def parts_of(match, player) -> dict:
    """{part: value} of a player's score given as parts; a failure names its place in the content."""
    g = match.game
    try:
        return {name: _part(match, player, fn, name, place) for (name, fn), place in zip(g.score_parts, g.part_places, strict=True)}
    except Exception as e:  # content's mistake, or the engine's (failure)
        raise match._failure(e) from None


def counted_of(match, player) -> dict:
    """{part: text} of a player's score parts that say how the rules count them (a part's `counted:`)."""
    out = {}
    for name, fn in match.game.score_counted:
        try:
            v = fn(match, player, None)
        except Exception as e:  # content's mistake, or the engine's (failure)
            raise match._failure(e) from None
        if type(v) is not str:
            raise RuntimeContentError(f"how the score's part `{name}` is counted is a text, not {describe(v)}",
                                      dict(zip((n for n, _ in match.game.score_parts), match.game.part_places,
                                               strict=True)).get(name))
        out[name] = v
    return out


def team_of(match, player) -> str:
    """The name of a player's team (the game's `team:`), a text or a number."""
    try:
        v = match.game.team(match, player, None)
    except Exception as e:  # content's mistake, or the engine's (failure)
        raise match._failure(e) from None
    if type(v) not in (str, int):
        raise RuntimeContentError(f"a team is named by a string or a number, not {describe(v)}", match.game.team_place)
    return text(v)


def _part(match, me, fn, name, place) -> int:
    v = fn(match, me, None)
    if type(v) is not int:
        raise RuntimeContentError(f"the score's part `{name}` is a number, not {describe(v)}", place)
    return v


def _standing(seats, side, scores, keys) -> dict:
    out: dict = {}
    for s in seats:
        mine = (scores[s], *keys.get(s, ()))
        had = out.get(side(s))
        out[side(s)] = mine if had is None else tuple(a + b for a, b in zip(had, mine, strict=True))
    return out


def _narrowing(standing: dict, level: list, n: int):
    """(key index from 1, the sides still level before it) for each ranking key read to break a tie of the
    score, until one side is left."""
    sides = level
    for i in range(1, n + 1):
        if len(sides) < 2:
            return
        yield i, sides
        best = max(standing[x][i] for x in sides)
        sides = [x for x in sides if standing[x][i] == best]


def _decided(standing, ranking, side, n, key_names) -> dict:
    order = list(dict.fromkeys(side(s) for s in ranking))
    level = [x for x in order if standing[x][0] == standing[order[0]][0]]
    if len(level) == 1:
        return {"by": "score", "key": None, "level": level}
    steps = list(_narrowing(standing, level, n))
    if steps:
        i, sides = steps[-1]
        best = max(standing[x][i] for x in sides)
        if sum(standing[x][i] == best for x in sides) == 1:
            return {"by": "ranking", "key": key_names[i - 1], "level": level}
    return {"by": "shared", "key": None, "level": level}


def _and(words: list) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
