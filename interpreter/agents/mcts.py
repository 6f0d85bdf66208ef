"""The search agent: information-set Monte Carlo tree search (single observer, Cowling et al. 2012).

Each iteration samples a world the seat cannot tell from the true one (Match.resample: every card hidden from the
seat dealt again, what was computed from them computed again), walks the shared tree in that world (every player
picks by UCB on *their own* rewards; edges are option labels, so that an edge means the same move in every world; a
child counts how often it was available), adds one node and credits every node of the path with its mover's reward
(a win, graded by the score margin: `rewards`; in a cooperative game the team's outcome). In a game without a value
the new node is judged by a playout, played by the search's own move statistics (playout.py, MAST), to the end or
until `cut` more rounds have begun, where the score judges it; the budget is the seat's match's simulated decisions
(`budget`), each decision taking its share, and stopping sooner once its most tried move cannot be overtaken
(`_settled`), or once every playout so far ended alike for the seat, all lost or all won (`DECIDED` iterations an
option; not in a cooperative game): what it leaves goes to the decisions after it; the move chosen is the most
tried. A decision that follows the seat's own at once (the rest of its move) goes on growing the subtree of the
move chosen there (`reuse`). In a game with a value (declared, or learned: learned.py) the node is judged by the
value at once (`mix=1`), 8 iterations a decision (one an option where it has more), and the move chosen is the one
whose best line through the rest of the mover's own move looks best (`backup=max`); where the value told none of
the options apart (each ends the mover's move and looks the same: a character chosen for the whole match),
`blind=N` searches the decision again by playouts alone, N per option (`_blind`), each of a decision made after
setup stopping once `horizon` more rounds have begun, judged by the value there.
`iterations` (deterministic) or `seconds` (wall clock: not reproducible) replace the budget.
"""
from __future__ import annotations

import math
import time

from .base import SearchAgent
from .judge import look, play_on, relative_rank, valued
from .playout import MAST, playout


class _Node:
    __slots__ = ("seat", "n", "w", "avail", "children", "look")

    def __init__(self, seat: int):
        self.seat = seat  # who made the move into this node
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict = {}
        self.look = None  # a root option's look by the game's score, the first time it was tried (`_blind`)


MAX_ITERATIONS = 400  # a search by `budget` stops here however short its playouts
VALUED_ITERATIONS = 8  # a decision's iterations in a game with a value, at least one an option (docs/bots.md)
MIN_SHARE = 0.005  # the least share of the match's budget a decision gets (the last ones, a budget spent)
LOST_MAX = 0.25  # a lost cooperative match's reward, at most: held out long after the search began
DECIDED = 5  # iterations an option after which a search whose every playout the seat lost (or won) stops
LOST_BELOW, WON_ABOVE = 0.2, 0.8  # a seat's reward (`rewards`) below: a loss; above: a win, alone


def team_score(m) -> float:
    """A cooperative game's score: the mean of its seats' scores."""
    return sum(look(m, p) for p in m.players) / len(m.players)


def rewards(m, team_before: float | None = None, round_before: int = 0) -> dict:
    """Each seat's reward in 0..1 at the end of a playout: a win, and by how much (the score margin
    graded, so that few playouts still tell a close loss from a rout); a cooperative game's outcome, 1 for a
    win and for a loss `LOST_MAX * (1 - 0.9 ** rounds)`, the rounds the team held out after the search began
    (`round_before`): where nearly every playout is lost, they still tell the options apart. A cooperative
    game not over yet is judged by the team's score against `team_before` (where the search started), the
    same for every seat: a seat's lead over its teammates is worth nothing there."""
    seats = [p.seat for p in m.players]
    r = m.result
    if r is not None and r.outcome == "won":
        return dict.fromkeys(seats, 1.0)
    if r is not None and r.outcome == "lost":
        held = max(0, r.rounds - round_before)
        return dict.fromkeys(seats, LOST_MAX * (1 - 0.9 ** held))
    if r is None and m.game.cooperative and _looks(m.game):
        before = team_before or 0.0
        gain = (team_score(m) - before) / (abs(before) + 10)
        return dict.fromkeys(seats, 0.5 + 0.5 * math.tanh(gain))
    if r is not None:
        scores = {s: r.scores.get(s, 0) for s in seats}
    elif _looks(m.game):  # a cut playout: the game's value (or score) decides
        scores = {p.seat: look(m, p) for p in m.players}
    else:
        return {s: relative_rank(m, s) for s in seats}
    out = {}
    for s in seats:
        mine = scores[s]
        best = max((v for k, v in scores.items() if k != s), default=mine)
        margin = (mine - best) / (abs(mine) + abs(best) + 1)
        win = (s in r.winners) / len(r.winners) if r is not None else mine > best
        out[s] = 0.6 * win + 0.4 * (1 + margin) / 2
    return out


def _looks(game) -> bool:
    """Whether the game says how a position looks mid-match: its `value:`, or its score."""
    return game.score is not None or valued(game)


def _best_line(node: _Node) -> float:
    """A node's value by its best line (the `max` backup): the best of its visited children's values where
    the same seat chooses again (the rest of its own move), else its mean reward. In a cooperative game too
    only the mover's own decisions count so: a best line through teammates' moves, each tried in other worlds,
    is too hopeful (docs/balance.md)."""
    best = None
    for ch in node.children.values():
        if ch.n and ch.seat == node.seat:
            v = _best_line(ch)
            if best is None or v > best:
                best = v
    return node.w / node.n if best is None else best


_GOES_ON = object()  # the look of a root option after which the mover chooses again: not judged by `_blind`


def _blind(root: _Node) -> bool:
    """Whether the game's score told none of the root's options from another: each tried, each ending the
    mover's move, each looking the same (a choice whose worth shows only later, such as a character for the
    whole match)."""
    looks = {ch.look for ch in root.children.values()}
    return len(looks) == 1 and None not in looks and _GOES_ON not in looks


def _backup(value: str) -> str:
    if value not in ("mean", "max"):
        raise ValueError(value)
    return value


_backup.__name__ = "`mean` or `max`"  # in the refusal of another value: "takes a `mean` or `max`"


class MCTSAgent(SearchAgent):
    name = "mcts"
    OPTIONS = {"iterations": int, "seconds": float, "c": float, "depth": int, "mix": float, "backup": _backup, "blind": int,
               "horizon": int, "eps": float, "decay": float, "budget": int, "reuse": int, "cut": int}

    # the defaults, one set for every game (docs/bots.md says why, with the figures): in a game with a value
    # (declared, or learned by `meeple train`) 8 iterations (at least one an option), each judging the move it adds by the value alone
    # (`mix=1`: no playout), the best line of the mover's own move counting (`backup=max`), a decision the value
    # cannot tell apart searched again by playouts (`blind=8` an option) to the end of the round after next
    # (`horizon=2`); else the seat's match's `budget` of simulated decisions, each iteration judged by its
    # playout alone (`mix=0`), played by the search's own move statistics (MAST: `eps`, `decay`) until `cut=8`
    # more rounds have begun and judged by the score there, the most tried move chosen; a decision that follows
    # the seat's own goes on with the subtree of the move chosen (`reuse`)
    def __init__(self, seat: int = 0, seed=0, iterations: int | None = None, seconds: float | None = None, c: float = 0.7,
                 depth: int | None = None, mix: float | None = None, backup: str | None = None, blind: int = 8,
                 horizon: int = 2, eps: float = 0.3, decay: float = 0.8, budget: int = 100_000, reuse: int = 1,
                 cut: int = 8):
        super().__init__(seat, seed)
        self.budget = max(1, int(budget))  # simulated decisions for the seat's whole match
        self.left = self.budget  # ... of which not yet spent
        self.policy = MAST(eps, decay)  # the playouts' default policy, learnt over the match's decisions
        self.backup = None if backup is None else _backup(backup)
        self.iterations = None if iterations is None else max(1, int(iterations))
        self.seconds = float(seconds) if seconds else None
        self.c = float(c)
        self.depth = int(depth) if depth else None
        self.mix = None if mix is None else min(1.0, max(0.0, float(mix)))
        self.blind = max(0, int(blind))
        self.horizon = max(0, int(horizon))
        self.reuse = bool(reuse)
        self.cut = max(0, int(cut))
        self.last_stats: dict = {}
        self._kept = None  # (match, its choices then, node): the subtree of the move just chosen (`_reused`)

    def search(self, match, decision) -> int:
        labels = [o.label for o in decision.options]
        distinct = set(labels)  # the moves: options labelled alike are one
        if len(distinct) == 1:
            return 0
        seat = decision.player.seat
        has_value = valued(match.game)
        self.policy.new_decision()
        mix = self.mix if self.mix is not None else 1.0 if has_value else 0.0
        iterations = self.iterations or (max(VALUED_ITERATIONS, len(distinct)) if has_value else None)
        reused = self._reused(match, seat, distinct)
        # without a value, a playout stops `cut` rounds on and the score judges it there (where the game has one):
        # the end of a long playout says little more of the move searched than its middle, at twice the cost
        cut = self.cut if self.cut and not has_value and _looks(match.game) else None
        root, done = self._search(match, seat, len(distinct), mix, iterations, self.seconds, cut, root=reused)
        if self.blind and mix and reused is None and _blind(root):
            # the score told no option from another: the playouts alone judge, `blind` times each option; after
            # setup, in a game with a value, up to `horizon` rounds on, where the value judges them (a random
            # playout to the end of a long match costs tens of looks and says little of a choice made in it)
            cut = self.horizon if self.horizon and match.round >= 1 and has_value else None
            root, done = self._search(match, seat, len(root.children), 0.0, self.blind * len(root.children), None, cut)
        if (self.backup or ("max" if has_value else "mean")) == "max":
            values = {lab: _best_line(ch) for lab, ch in root.children.items()}
            best = max(root.children.items(), key=lambda kv: (values[kv[0]], kv[1].n))[0]
        else:
            values = {lab: ch.w / ch.n if ch.n else 0.0 for lab, ch in root.children.items()}
            best = max(root.children.items(), key=lambda kv: (kv[1].n, kv[1].w))[0]
        self.last_stats = {"iterations": done, "children": {lab: (ch.n, values[lab]) for lab, ch in root.children.items()}}
        self._kept = (match, len(match.choices) + 1, root.children[best])
        return labels.index(best)

    def _reused(self, match, seat: int, labels: set):
        """The subtree of the move this agent chose at the match's decision just before, where this decision
        follows it at once and is the same seat's (the rest of its own move): its statistics, gathered in the
        worlds of the decision before, go on growing instead of starting from nothing. Its children that are not
        this decision's options, or were made by another mover (in a world where someone else decided next), are
        dropped."""
        kept, self._kept = self._kept, None
        if not self.reuse or kept is None or kept[0] is not match or kept[1] != len(match.choices):
            return None
        node = kept[2]
        node.children = {lab: ch for lab, ch in node.children.items() if ch.seat == seat and lab in labels}
        return node

    def _search(self, match, seat: int, options: int, mix: float, iterations: int, seconds: float | None,
                rounds: int | None = None, root: _Node | None = None):
        root = _Node(seat) if root is None else root
        deadline = time.perf_counter() + seconds if seconds else None
        done = spent = ahead = 0
        # the searching seat's least and greatest reward so far: where every playout ends in a loss for it, or
        # every one in a win, the options are alike to it as far as the search sees (DECIDED)
        low, high = 1.0, 0.0
        decides = iterations is None and deadline is None and not match.game.cooperative
        while True:
            if deadline is not None:
                if done >= options and time.perf_counter() >= deadline:
                    break
            elif iterations is not None:
                if done >= iterations:
                    break
            elif done >= MAX_ITERATIONS:
                break
            elif decides and done >= DECIDED * options and (high < LOST_BELOW or low > WON_ABOVE):
                break
            elif done >= options:
                share = self._share(ahead / done)
                # (each iteration plays at least the decision searched: `spent` is not 0)
                if spent >= share or self._settled(root, min((share - spent) * done / spent, MAX_ITERATIONS - done)):
                    break
            played, mine, reward = self._iterate(root, match, seat, mix, rounds)
            spent += played
            ahead += mine
            low, high = min(low, reward), max(high, reward)
            done += 1
        if iterations is None and deadline is None:
            self.left = max(0, self.left - spent)
        return root, done

    def _settled(self, root: _Node, left: float) -> bool:
        """Whether the most tried move stays the most tried whatever the iterations `left` try: it leads the next
        by more than they are (early termination: the decision's share not spent goes to the decisions after
        it). Only where the most tried move is the one chosen."""
        if self.backup == "max":
            return False
        first = second = 0
        for ch in root.children.values():
            n = ch.n
            if n > first:
                first, second = n, first
            elif n > second:
                second = n
        return first - second > left

    def _share(self, ahead: float) -> float:
        """This decision's share of what is left of the match's budget: as much as each of the decisions the
        seat has still to make (`ahead`: as many as the playouts met), at least MIN_SHARE of the budget."""
        return max(self.left / (1 + ahead), MIN_SHARE * self.budget)

    def _iterate(self, root: _Node, match, seat: int, mix: float, rounds: int | None = None) -> tuple:
        """One iteration: the number of decisions it played (tree and playout), of those the searching seat's
        own with a choice after the first, and the searching seat's reward."""
        rng = self.rng
        w = self.world(match, seat, copies=False)
        start = len(w.choices)
        team_before = team_score(w) if w.game.cooperative and _looks(w.game) else None
        round_before = w.round
        node = root
        path = []
        moves = set()  # (seat, label) of every move made in this iteration: the playout policy's statistics
        mine = -1  # the searching seat's decisions met, less the root's
        expanded = False
        while not w.over and not expanded:
            d = w.pending
            seat = d.player.seat
            index: dict = {}
            for i, o in enumerate(d.options):
                index.setdefault(o.label, i)
            children = node.children
            untried = [lab for lab in index if lab not in children]
            for lab in index:
                ch = children.get(lab)
                if ch is not None:
                    ch.avail += 1
            if untried:
                lab = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node(seat)
                child.avail = 1
                children[lab] = child
                expanded = True
            else:
                c = self.c
                best, best_u = None, -1.0
                for lab in index:
                    ch = children[lab]
                    u = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                    if u > best_u:
                        best, best_u = lab, u
                lab = best
                child = children[lab]
            moves.add((seat, d.key(index[lab])))
            mine += seat == root.seat
            w.choose(index[lab])
            path.append(child)
            node = child
        # the new node's own look, by the game's score (what greedy sees), then where a random playout ends
        first = self.blind and mix and len(path) == 1 and path[0].look is None  # a root option's first look (`_blind`)
        look = rewards(w, team_before, round_before) if mix or first else None
        if first:
            own = not w.over and w.pending.player.seat == path[0].seat
            path[0].look = _GOES_ON if own else look[path[0].seat]
        lookout = look if mix and not w.over else None
        if lookout is not None and mix == 1.0:
            r = lookout  # the node's look alone: no playout to mix in
        else:
            if self.policy.eps >= 1.0 or self.depth:
                play_on(w, rng.randrange, self.depth, rounds)  # uniformly at random: no label read
            else:
                mine += playout(w, self.policy, rng, rounds, moves, root.seat)
            r = rewards(w, team_before, round_before)
            if lookout is not None:
                r = {s: (1 - mix) * r[s] + mix * lookout[s] for s in r}
            self.policy.credit(moves, r)
        played = len(w.choices) - start
        w.close()
        for node in path:
            node.n += 1
            node.w += r[node.seat]
        return played, max(0, mine), r[root.seat]
