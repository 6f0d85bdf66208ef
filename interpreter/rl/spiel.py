"""Any game as an OpenSpiel game: `openspiel_game(folder, players=N)` is a registered Python `pyspiel.Game`.

Its states answer OpenSpiel's State API from a meeple match: the legal actions are the pending decision's in
the game's action space (spaces.py), every random draw is an explicit chance node (draws.py), the returns are
the scores less their mean (a cooperative game: 1 each if won, -1 if lost), and what a player observes is
read from its view alone: the observation is the view now, the information state the player's view at each
of its decisions so far (and at the end) with its choice there, in order (perfect recall).
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pyspiel

from ..model.pipeline import load_game
from ..runtime.match import Match, resolve_options
from .draws import Draws, replay, resume, sampled, waiting
from .spaces import Spaces, flat_view, view_change, view_text

_REGISTERED: dict = {}
_BY_NAME: dict = {}  # registered name -> the game's class (what a pickled position names)
TRIES = 200  # resample_from_infostate's samples by rejection before it imagines a world
REJECTION_DRAWS = 12  # ... tried only in a match of so few draws (Kuhn and Leduc poker deal 2 to 5)
REJECTION_WARMUP, REJECTION_RATE = 20, 0.05  # ... and, past its first samples at a game's number of steps,
# only while at least that share of them were taken there (a sample costs a match replayed from its start)
_RESAMPLING = random.Random(0)  # resample_from_infostate's draws when its caller gives no sampler


def _pick(outcomes: list, u: float) -> int:
    """The chance outcome a uniform number in [0, 1) falls on."""
    for outcome, p in outcomes:
        u -= p
        if u < 0:
            return outcome
    return outcomes[-1][0]


def returns_of(match) -> list[float]:
    """A finished match's returns: each seat's score less the mean score (they sum to zero), or in a
    cooperative game the team's outcome for each seat (1 won, -1 lost)."""
    r = match.result
    seats = range(1, len(match.players) + 1)
    if r.outcome in ("won", "lost"):
        return [1.0 if r.outcome == "won" else -1.0 for _ in seats]
    mean = sum(r.scores.values()) / len(r.scores)
    return [float(r.scores[s] - mean) for s in seats]


def openspiel_game(game, players: int, options: dict | None = None) -> pyspiel.Game:
    """A meeple game (a folder or a loaded GameDef) for `players` players as a pyspiel.Game, registered as
    `meeple_<game>` (`pyspiel.load_game("meeple_kuhn_poker", {"players": 3})` once this was called), with
    `__<option>_<value>` for each option not at its default (a game `mygame` with option `variant=short`: `meeple_mygame__variant_short`)."""
    loaded = hasattr(game, "cards")  # a GameDef already, else a folder
    chosen = tuple(sorted((options or {}).items()))
    key = (id(game), chosen) if loaded else (str(Path(game).resolve()), chosen)
    if key not in _REGISTERED:
        g = game if loaded else load_game(game, options=options)
        values = resolve_options(g, options or {})
        same = [c for c in _REGISTERED.values()  # the same game with its options said otherwise
                if (c.meeple is g if loaded else c.source == key[0]) and resolve_options(c.meeple, c.options) == values]
        if same:
            _REGISTERED[key] = same[0]
            return same[0]({"players": players})
        off = {k: v for k, v in sorted(values.items()) if v != g.options[k].default}
        name = _name(g, off)
        kind = pyspiel.GameType(
            short_name=name, long_name=f"{g.name} (meeple" + "".join(f", {k}={v}" for k, v in off.items()) + ")",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.IDENTICAL if g.cooperative else pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=g.max_players, min_num_players=g.min_players,
            provides_information_state_string=True, provides_information_state_tensor=True,
            provides_observation_string=True, provides_observation_tensor=True,
            parameter_specification={"players": g.min_players})
        # a class, not a closure: pyspiel keeps the factory past the interpreter's end, and a class outlives it
        cls = type(f"Meeple_{name}", (MeepleGame,),
                   {"meeple": g, "options": dict(options or {}), "kind": kind, "numbered": {}, "nodes": {}, "count": [0], "starts": {},
                    "rejection": {},
                    "source": None if loaded else key[0]})
        if name not in pyspiel.registered_names():
            pyspiel.register_game(kind, cls)
        _REGISTERED[key] = _BY_NAME[name] = cls
    return _REGISTERED[key]({"players": players})


def _name(g, off: dict) -> str:
    """The game's registered name: its id and the options off their defaults (`off`); another game of that
    name in this process (from another folder) gets a number after it."""
    name = "meeple_" + _word(g.id) + "".join(f"__{k}_{_word(str(v))}" for k, v in off.items())
    taken, n = name, 1
    while taken in _BY_NAME:
        n += 1
        taken = f"{name}_{n}"
    return taken


def _word(text: str) -> str:
    return re.sub(r"\W", "_", text)


class MeepleGame(pyspiel.Game):
    meeple = None     # the GameDef, options and GameType of a game's own subclass (openspiel_game)
    options: dict = {}
    kind = None
    numbered: dict = {}  # players -> Spaces
    nodes: dict = {}     # players -> the Node of the start, the root of the tree of positions met (spiel.Position)
    count: list = [0]    # the Nodes in the trees (past Position.CACHE, a new tree is started)
    starts: dict = {}    # players -> a Position at the start, its match not at hand (MeepleState)
    recalls = False      # whether an information state was asked for: then views are read where each is made
    rejection: dict = {}  # steps -> [samples tried, taken] by resample_from_infostate's rejection, at that many
    source = None        # the folder it was loaded from (None: made from a loaded GameDef)

    def __reduce__(self):
        """A game pickles as the call that makes it: `openspiel_game(folder, players, options)`."""
        if self.source is None:
            raise TypeError("a meeple OpenSpiel game made from a loaded GameDef does not pickle: make it from its "
                            "folder, openspiel_game(FOLDER, players=N)")
        return openspiel_game, (self.source, self.num_players(), dict(self.options) or None)

    def __init__(self, params=None):
        game = self.meeple
        players = (params or {}).get("players", game.min_players)
        spaces = self.spaces_for(players)
        bound = 1e4  # scores are any numbers the content computes: a generous bound
        info = pyspiel.GameInfo(
            num_distinct_actions=spaces.size,
            max_chance_outcomes=max(len(spaces.cards), 100),
            num_players=players, min_utility=-1.0 if game.cooperative else -bound,
            max_utility=1.0 if game.cooperative else bound, utility_sum=None if game.cooperative else 0.0,
            max_game_length=10_000)
        super().__init__(self.kind, info, {"players": players})

    @classmethod
    def spaces_for(cls, players: int) -> Spaces:
        # kept by the class: pyspiel may hand a state a copy of its game without the attributes set here
        if players not in cls.numbered:
            cls.numbered[players] = Spaces(cls.meeple, players)
        return cls.numbered[players]

    @property
    def spaces(self) -> Spaces:
        return self.spaces_for(self.num_players())

    def new_initial_state(self):
        return MeepleState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self, recall)


class Node:
    """What a position shows: who is to move and the legal actions (and them sorted), the draw wanted (a chance
    node), the returns at the end, the players' views (the one to move's, or at the end everyone's: read when
    first asked for, see `view`), each player's recall (`trail`) and information state string once made;
    shared by every state at that position. A game's Nodes form a tree (`children`, by step), so that a step
    to a known position is one lookup."""
    __slots__ = ("player", "legal", "actions", "wanted", "returns", "views", "_flat", "_changes", "path",
                 "depth", "trail", "infos", "children", "game", "__weakref__")

    def __init__(self, spaces: Spaces, match, wanted, path: tuple | None = None, depth: int = 0, game=None,
                 eager: bool = True):
        self.wanted, self.legal, self.actions, self.returns, self.views = wanted, {}, [], None, ()
        self._flat = self._changes = self.infos = None
        # its steps as a chain (the last step, the chain before), shared with the Nodes before it: a Node costs
        # the same at any depth (a tuple of every step would make a long game's tree grow with its square)
        self.path, self.depth = path, depth
        self.game, self.children, self.trail = game, None, ()
        if match is None:
            self.player = int(pyspiel.PlayerId.CHANCE)
            return
        n = len(match.players)
        if match.over:
            self.player, self.returns = int(pyspiel.PlayerId.TERMINAL), returns_of(match)
        else:
            self.player, self.legal = match.pending.player.index, spaces.actions(match.pending)
            self.actions = sorted(self.legal)
        # a view is read here only if information states are asked for (eager), else when first asked for
        self.views = [match.view(p + 1) if eager and (match.over or p == self.player) else None for p in range(n)]

    @property
    def steps(self) -> tuple:
        """Its steps from the start, ("choice", option index) and ("chance", outcome), in order."""
        return tuple(_unfold(self.path))

    def view(self, p: int) -> dict:
        """Player p's view here (the player to move's, or anyone's at the end)."""
        v = self.views[p]
        if v is None:
            _fill_views(p, [self])
            v = self.views[p]
        return v

    def flat(self, p: int, game) -> dict:
        """Player p's view as a flat dict (spaces.flat_view), made when first read (most are never read)."""
        if self._flat is None:
            self._flat = [None] * len(self.views)
        if self._flat[p] is None:
            self._flat[p] = flat_view(self.view(p), game)
        return self._flat[p]

    def change(self, p: int, before, game) -> str:
        """Player p's view here as a line: what changed since its view at the Node `before` (None: all of it);
        the last one made kept."""
        if self._changes is None:
            self._changes = [None] * len(self.views)
        known = self._changes[p]
        if known is None or known[0] is not before:
            known = self._changes[p] = (before, view_change(None if before is None else before.flat(p, game),
                                                            self.flat(p, game)))
        return known[1]


def _unfold(chain) -> list:
    """A chain (its last entry, the chain before: a Node's steps, a player's recall) as a list, oldest first."""
    out = []
    while chain is not None:
        out.append(chain[0])
        chain = chain[1]
    out.reverse()
    return out


def _fill_views(p: int, nodes: list) -> None:
    """The views of player p at `nodes` (Nodes of one line of play) that were not read when they were made: one
    replay of the steps of the latest of them, the view read as the match passes each (a decision's position
    is the match after the choices before it). (An imagined world's Nodes read their views when made.)"""
    wanted = [node for node in nodes if node.views[p] is None]
    if not wanted:
        return
    deepest = max(wanted, key=lambda node: node.depth)
    steps = deepest.steps  # (the others' are its first ones: one line of play)
    choices = [0]  # the choices among its first k steps
    for kind, _ in steps:
        choices.append(choices[-1] + (kind == "choice"))
    missing = {choices[node.depth]: node for node in wanted}
    g = deepest.game
    spaces = g.spaces_for(len(deepest.views))
    draws = Draws([v for kind, v in steps if kind == "chance"], spaces.card_at)
    match = Match(g.meeple, len(deepest.views), 0, g.options, rng=draws, narrate=False)
    done = 0
    for kind, v in steps:
        if done in missing:
            missing.pop(done).views[p] = match.view(p + 1)
        if kind == "choice":
            match.choose(v)
            done += 1
    if done in missing:
        missing.pop(done).views[p] = match.view(p + 1)
    match.close()


class Position:
    """Where a state's match is: its Node (what the position shows, its steps ("choice", option index) and
    ("chance", outcome) in order; kept by the game for every position met, a tree search meets each many
    times) and the match there, if one is at hand.

    The match itself is kept while the state is played forward. A copy of the state (pyspiel deep-copies its
    attributes) shares the Node and makes a match only when it needs one: a clone of the match it was copied
    from, while that one is still where it was, else a replay of the steps (draws.replay); after a draw the
    match is replayed too (the draw stopped it). A world imagined by `resample_from_infostate` is not the
    replay of its steps: its match is cloned at every copy, and nothing of it is kept by the game."""
    CACHE = 200_000  # positions a game keeps

    def __init__(self, game: MeepleGame, match=None, origin=None, trail=None, skip: int | None = None):
        self.game_class, self.spaces = type(game), game.spaces
        self.players = game.num_players()
        self.imagined = match is not None
        # an imagined world's: what the state it was imagined from was (its origin, history and draws: see
        # _state_after), and the player and seed it was imagined with
        self.origin = origin
        self.rng = random.Random(len(match.choices)) if self.imagined else None  # an imagined world's draws
        self.source = None  # (a match, its number of choices when this position was copied from it)
        self.drawing = None  # at a draw a choice wanted: that choice's place in the steps
        self.base = None     # ... and the match before it, made once (never played on: only cloned)
        self.waiting = None  # at a chance node: this position's match, suspended at the draw (draws.waiting)
        if match is None:
            # pyspiel copies a state by making a new one and then copying the attributes over: the start is
            # looked up, not replayed, once known
            known = self.game_class.nodes.get(self.players)
            if known is None:
                match, wanted = self._at_draw(*self._replay(()))
                known = self._node(match, wanted, None, None)
            self.node = known
        else:
            self.node = self._node(match, None, None, None, trail, skip)
        self.match = match

    @property
    def steps(self) -> tuple:
        return self.node.steps

    def __deepcopy__(self, memo):
        other = Position.__new__(Position)
        other.__dict__.update(self.__dict__)
        other.match = other.waiting = None  # (a copy at a draw replays its match there: see advance)
        if self.imagined:
            other.rng = random.Random(self.rng.getrandbits(64))
            with sampled(other.rng):
                other.match = self.match.clone()
        elif self.match is not None:
            other.source = (self.match, len(self.match.choices))
        return other

    def __reduce__(self):
        """A position pickles as where it is: its game's name, the players, its steps (and an imagined world's
        origin and draws); unpickled, it is played there again."""
        return _position_of, (self.game_class.kind.short_name, self.players, self.origin, list(self.steps),
                              self.rng.getstate() if self.imagined else None)

    def _replay(self, steps):
        g = self.game_class
        return replay(g.meeple, self.players, g.options, list(steps), self.spaces.card_at)

    def live(self):
        """The match at this position (none at a chance node)."""
        if self.match is None and self.node.wanted is None:
            source = self.source
            if source is not None and len(source[0].choices) == source[1] and not source[0].over:
                self.match = source[0].clone()
            else:
                self.match = self._replay(self.node.steps)[0]
            self.source = None
        return self.match

    def _node(self, match, wanted, path, said: str | None, trail=None, skip: int | None = None) -> Node:
        """The Node of a new position after the steps of `path` (Node.path; None: the start), with each player's
        recall: the one before's (`trail`, else the parent's), the choice made (`said`), and this position if the
        player decides here (or at the end), but for player `skip` (whose recall `trail` already ends here: a world
        it imagines)."""
        g = self.game_class
        before = self.node if path is not None else None
        depth = before.depth + 1 if before is not None else 0
        if self.imagined:
            node = Node(self.spaces, match, wanted, path, depth)
        else:
            node = Node(self.spaces, match, wanted, path, depth, g, g.recalls)
        trail = list(trail if trail is not None else before.trail if before is not None else [None] * self.players)
        if said is not None:
            mover = before.player
            trail[mover] = (said, trail[mover])
        for p in range(len(trail)):
            if p != skip and (node.returns is not None or p == node.player):
                trail[p] = (node, trail[p])
        node.trail = tuple(trail)
        if not self.imagined:
            if before is None:
                g.nodes[self.players] = node
            else:
                if g.count[0] > self.CACHE:  # a new tree from here on (states keep the Nodes they are at)
                    g.nodes.clear()
                    g.starts.clear()  # (a new state starts from a new root: the old tree is let go)
                    g.count[0] = 0
                if before.children is None:
                    before.children = {}
                before.children[path[0]] = node
                g.count[0] += 1
        return node

    def advance(self, kind: str, value: int, action: int | None = None) -> None:
        """One step: a choice (the option's index; `action` its action, if known) or a chance outcome."""
        step = (kind, value)
        node = self.node
        children = node.children
        known = None if self.imagined or children is None else children.get(step)
        path = known.path if known is not None else (step, node.path)
        wanted = None
        if self.imagined:
            with sampled(self.rng):
                self.match.choose(value)
        elif kind == "choice" and (self.match is not None or known is None):
            match = self.live()  # at this position, before the step
            match.choose(value)
            self.match, wanted = self._at_draw(match, waiting(match))
            if wanted is not None:
                self.drawing, self.base = node.depth, None
        elif kind == "chance" and self.waiting is not None:  # the match suspended at the draw goes on
            match, self.waiting = self.waiting, None
            self.match, wanted = self._at_draw(match, resume(match, value))
        elif known is not None:
            self.match = None
        else:
            # the next card of the same shuffle follows without playing the match
            following = node.wanted.after(value) if kind == "chance" else None
            if following is not None:
                self.match, wanted = None, following
            else:
                self.match, wanted = self._drawn(_unfold(path))
        self.source = None
        if known is None:
            said = None
            if kind == "choice":
                if action is None:
                    action = next(a for a, k in node.legal.items() if k == value)
                said = "I chose " + self.spaces.action_name(action)
            known = self._node(self.match, wanted, path, said)
        self.node = known
        if self.node.wanted is None:
            self.drawing = self.base = None

    def _drawn(self, steps):
        """The match once the draws taken so far are made: the choice that wanted them answered again on a
        clone of the match before it (`base`, replayed once for all the draws of that choice), its generator
        given the draws; or, for draws of the setup, a replay."""
        if self.drawing is None:  # a draw of the setup
            return self._at_draw(*self._replay(steps))
        if self.base is None:
            g = self.game_class
            self.base = replay(g.meeple, self.players, g.options, list(steps[:self.drawing]), self.spaces.card_at)[0]
        match = self.base.clone()
        draws = Draws([v for kind, v in steps if kind == "chance"], self.spaces.card_at)
        draws.taken = match.rng.taken
        match.draw_from(draws)  # (its copies too: they replay to here, then draw from these)
        match.choose(steps[self.drawing][1])
        return self._at_draw(match, waiting(match))

    def _at_draw(self, match, wanted):
        """(match, None) where the match is at a decision or over; (None, the draw) where it waits at a draw,
        this position then keeping it (`waiting`) to go on from there."""
        if wanted is None:
            return match, None
        self.waiting = match
        return None, wanted

    def lines(self) -> list[str]:
        match = self.live() if self.node.wanted is None else None
        return match.lines if match else []


def _position_of(name: str, players: int, origin, steps: list, rng) -> Position:
    game = _BY_NAME[name]({"players": players})
    at = Position(game) if origin is None else _state_after(game, *origin[:3])._imagine(*origin[3:]).at
    for kind, value in steps:
        at.advance(kind, value)
    if rng is not None:
        at.rng.setstate(rng)
    return at


def _state_after(game, origin, history: list, rng=None):
    """A state pickled: its game's after `history` (from the start, or in the world imagined from `origin`)."""
    s = game.new_initial_state() if origin is None else _state_after(game, *origin[:3])._imagine(*origin[3:])
    for a in history:
        s.apply_action(a)
    if rng is not None:
        s.at.rng.setstate(rng)
    return s


class MeepleState(pyspiel.State):
    def __init__(self, game: MeepleGame):
        super().__init__(game)
        # a copy of the start's Position, known once made (pyspiel's clone makes a new state, then copies over
        # it: the start is not worth more)
        known = type(game).starts.get(game.num_players())
        if known is None:
            self.at = Position(game)
            known = type(game).starts[game.num_players()] = Position.__new__(Position)
            known.__dict__.update(self.at.__dict__, match=None, source=None, waiting=None)
        else:
            self.at = Position.__new__(Position)
            self.at.__dict__.update(known.__dict__)

    @property
    def n(self) -> int:
        return self.at.players

    @property
    def trail(self) -> list:
        """What each player observed so far, decision by decision: the Nodes it decided at (and the end) and its
        own choices (texts), in order."""
        return [_unfold(t) for t in self.at.node.trail]

    @property
    def spaces(self) -> Spaces:
        return self.at.spaces

    def __reduce__(self):
        """A state pickles as its game and history: unpickled (in any process), it is played there again; an
        imagined world is imagined again from the same state with the same seed, then played on."""
        return _state_after, (self.get_game(), self.at.origin, self.history(),
                              self.at.rng.getstate() if self.at.imagined else None)

    def view_of(self, p: int) -> dict | None:
        """Player p's view now (at a draw: the last it had)."""
        node = self.at.node
        if not node.views:
            last = next((e for e in reversed(_unfold(node.trail[p])) if type(e) is not str), None)
            return None if last is None else last.view(p)
        if node.views[p] is None:
            node.views[p] = self.at.live().view(p + 1)
        return node.views[p]

    @property
    def legal(self) -> dict:
        return self.at.node.legal

    def current_player(self):
        return self.at.node.player

    def _legal_actions(self, player):
        node = self.at.node
        return node.actions if player == node.player else []

    def chance_outcomes(self):
        return self.at.node.wanted.outcomes

    def _apply_action(self, action):
        at = self.at
        if at.node.player == pyspiel.PlayerId.CHANCE:
            at.advance("chance", int(action))
        else:
            at.advance("choice", at.node.legal[action], action)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action}"
        return self.spaces.action_name(action)

    def is_terminal(self):
        return self.at.node.returns is not None

    def returns(self):
        node = self.at.node
        return list(node.returns) if node.returns is not None else [0.0] * self.at.players

    def __str__(self):
        return "\n".join(self.at.lines()) or f"after {len(self.at.steps)} steps"

    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A state the player cannot tell from this one. First by rejection: the same actions, the draws
        sampled anew, until the player's information state is the same (exact, and the state goes on with
        chance nodes), for a match of at most REJECTION_DRAWS draws so far. Past `TRIES` such samples, or
        in a match of more draws, or where fewer than REJECTION_RATE of the samples tried at this many steps of
        this game were taken (`rejection`: cards dealt face down at the start and turned up one by one are
        draws the player sees; a sample is taken there only if it turned up the same ones), a world the
        player imagines (`Match.resample`): its information state is the player's, the other players' recall
        starts there, and its draws are sampled (no chance nodes)."""
        uniform = probability_sampler if callable(probability_sampler) else _RESAMPLING.random
        history = self.history()
        want = self.information_state_string(player_id)
        draws = sum(kind == "chance" for kind, _ in self.at.steps)
        tally = self.at.game_class.rejection.setdefault(len(history), [0, 0])  # [samples tried, taken]
        for _ in range(TRIES if draws <= REJECTION_DRAWS else 0):
            if tally[0] >= REJECTION_WARMUP and tally[1] < tally[0] * REJECTION_RATE:
                break  # at this many steps, samples are seldom taken: a world imagined costs less
            tally[0] += 1
            s = self.get_game().new_initial_state()
            for a in history:
                if s.is_chance_node():
                    s.apply_action(_pick(s.chance_outcomes(), uniform()))
                elif a in s.legal and want.startswith(s.information_state_string(player_id)):
                    s.apply_action(a)
                else:
                    break
            else:
                if s.information_state_string(player_id) == want:
                    tally[1] += 1
                    return s
        match = self.at.live()
        if match is None or match.over:  # a draw or the end: nothing to imagine past what is seen
            return self.clone()
        return self._imagine(player_id, int(uniform() * 2**63))

    def _imagine(self, player_id: int, seed: int):
        """The world `player_id` imagines from here with `seed` (Match.resample): a state whose recall is the
        player's, the other players' starting there."""
        with sampled(random.Random(seed)):
            world = self.at.live().resample(player_id + 1, random.Random(seed))  # its future drawn by a random.Random
        s = MeepleState.__new__(MeepleState)
        pyspiel.State.__init__(s, self.get_game())
        origin = (self.at.origin, self.history(), self.at.rng.getstate() if self.at.imagined else None, player_id, seed)
        trail = [t if p == player_id else None for p, t in enumerate(self.at.node.trail)]
        s.at = Position(self.get_game(), world, origin, trail, skip=player_id)
        return s

    def information_state_string(self, player=None):
        node = self.at.node
        p = node.player if player is None else player
        if node.infos is None:
            node.infos = [None] * self.at.players
        known = node.infos[p]
        if known is None:
            self.at.game_class.recalls = True  # from now on a view is read where its position is made
            lines, before, game = [], None, self.spaces.game
            entries = _unfold(node.trail[p])
            seen = [e for e in entries if type(e) is not str]
            if seen:
                _fill_views(p, seen)  # (the views not read when their positions were made)
            for e in entries:
                if type(e) is str:
                    lines.append(e)
                else:
                    lines.append(e.change(p, before, game))
                    before = e
            known = node.infos[p] = "\n".join(lines)
        return known

    def observation_string(self, player=None):
        view = self.view_of(self.current_player() if player is None else player)
        return "" if view is None else view_text(view)

    def information_state_tensor(self, player=None):
        return list(Observer(self.get_game(), True).tensor_of(self, self.current_player() if player is None else player))

    def observation_tensor(self, player=None):
        return list(Observer(self.get_game(), False).tensor_of(self, self.current_player() if player is None else player))


class Observer:
    """OpenSpiel's observer of a meeple state: the observation vector of the player's view (spaces.py); with
    perfect recall, followed by how often the player took each action so far (the string holds all of it)."""

    def __init__(self, game: MeepleGame, recall: bool):
        self.spaces, self.recall = game.spaces, recall
        size = self.spaces.observation_size + (self.spaces.size if recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def tensor_of(self, state, player) -> np.ndarray:
        out = np.zeros_like(self.tensor)
        node = state.at.node
        if node.views and node.views[player] is None:  # the match is at hand, or made: no view needed
            out[:self.spaces.observation_size] = self.spaces.encode(state.at.live(), player + 1)
        else:
            view = state.view_of(player)
            if view is not None:
                out[:self.spaces.observation_size] = self.spaces.observe(view)
        if self.recall:
            base = self.spaces.observation_size
            for p, a in _moves(state):
                if p == player:
                    out[base + a] += 1
        return out

    def set_from(self, state, player):
        self.tensor[:] = self.tensor_of(state, player)

    def string_from(self, state, player):
        return state.information_state_string(player) if self.recall else state.observation_string(player)


def _moves(state):
    """(player, action) of every choice so far."""
    return [(h.player, h.action) for h in state.full_history() if h.player >= 0]
