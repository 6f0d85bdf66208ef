"""Any game as an OpenSpiel game: `openspiel_game(folder, players=N)` is a registered Python `pyspiel.Game`.

Its states answer OpenSpiel's State API from a meeple match: the legal actions are the pending decision's in
the game's action space (spaces.py), every random draw is an explicit chance node (draws.py), the returns are
the scores less their mean (a cooperative game: 1 each if won, -1 if lost), and what a player observes is
read from its view alone: the observation is the view now, the information state every view the player had
at each decision of the match so far, with its own choices, in order (perfect recall).
"""
from __future__ import annotations

import random
import re

import numpy as np
import pyspiel

from ..model.build import load_game
from .draws import NeedDraw, replay
from .spaces import Spaces, view_text

_REGISTERED: dict = {}


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
    `meeple_<game>` (`pyspiel.load_game("meeple_kuhn_poker", {"players": 3})` once this was called)."""
    g = load_game(game, options=options) if not hasattr(game, "cards") else game
    key = (g.id, tuple(sorted((options or {}).items())))
    if key not in _REGISTERED:
        name = "meeple_" + re.sub(r"\W", "_", g.id)
        kind = pyspiel.GameType(
            short_name=name, long_name=f"{g.name} (meeple)",
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
                   {"meeple": g, "options": dict(options or {}), "kind": kind, "numbered": {}})
        if not any(key[0] == k[0] for k in _REGISTERED):
            pyspiel.register_game(kind, cls)
        _REGISTERED[key] = cls
    return _REGISTERED[key]({"players": players})


class MeepleGame(pyspiel.Game):
    meeple = None     # the GameDef, options and GameType of a game's own subclass (openspiel_game)
    options: dict = {}
    kind = None
    numbered: dict = {}  # players -> Spaces

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


class Position:
    """Where a state's match is: its steps, and the match there (none while it waits for a draw, `wanted`
    then saying which). pyspiel copies a state by deep-copying its attributes: this one is copied by replay
    (draws.replay), the one way a match is copied here."""

    def __init__(self, game: MeepleGame, steps: list):
        self.meeple, self.options, self.card_at = game.meeple, game.options, game.spaces.card_at
        self.players = game.num_players()
        self.steps = steps  # ("choice", option index) and ("chance", outcome), in order
        self.match, self.wanted = replay(self.meeple, self.players, self.options, steps, self.card_at)

    def __deepcopy__(self, memo):
        other = Position.__new__(Position)
        other.__dict__.update(self.__dict__)
        other.steps = list(self.steps)
        other.match, other.wanted = replay(self.meeple, self.players, self.options, other.steps, self.card_at)
        return other

    def choose(self, k: int) -> None:
        self.steps.append(("choice", k))
        try:
            self.match.choose(k)
        except NeedDraw as wanted:
            self.match, self.wanted = None, wanted

    def draw(self, outcome: int) -> None:
        self.steps.append(("chance", outcome))
        self.match, self.wanted = replay(self.meeple, self.players, self.options, self.steps, self.card_at)


class Seen(list):
    """The players' views at a position: never changed once made, so a copy of the state shares them."""

    def __deepcopy__(self, memo):
        return self


class MeepleState(pyspiel.State):
    def __init__(self, game: MeepleGame):
        super().__init__(game)
        self.n = game.num_players()
        self.trail = [[] for _ in range(self.n)]  # what each player observed, decision by decision
        self.views = Seen([None] * self.n)
        self.at = Position(game, [])
        self._arrived()

    @property
    def spaces(self) -> Spaces:
        return self.get_game().spaces

    # ---- where the match is
    def _arrived(self) -> None:
        """At a decision or the end (not a draw): what each player sees now joins its trail."""
        self.legal = {}
        match = self.at.match
        if match is None:
            return
        if not match.over:
            self.legal = self.spaces.actions(match.pending)
        self.views = Seen([match.view(p + 1) for p in range(self.n)])
        for p in range(self.n):
            self.trail[p].append(view_text(self.views[p]))

    def current_player(self):
        match = self.at.match
        if match is None:
            return pyspiel.PlayerId.CHANCE
        if match.over:
            return pyspiel.PlayerId.TERMINAL
        return match.pending.player.index

    def _legal_actions(self, player):
        return sorted(self.legal) if player == self.current_player() else []

    def chance_outcomes(self):
        return list(self.at.wanted.outcomes)

    def _apply_action(self, action):
        if self.at.match is None:
            self.at.draw(int(action))
        else:
            self.trail[self.at.match.pending.player.index].append(f"I chose {self.spaces.action_name(action)}")
            self.at.choose(self.legal[action])
        if self.at.match is not None:
            self._arrived()

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action}"
        return self.spaces.action_name(action)

    def is_terminal(self):
        return self.at.match is not None and self.at.match.over

    def returns(self):
        return returns_of(self.at.match) if self.is_terminal() else [0.0] * self.n

    def __str__(self):
        if self.at.match is None:
            return f"a chance node after {len(self.at.steps)} steps"
        return "\n".join(self.at.match.lines) or f"after {len(self.at.steps)} steps"

    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A state the player cannot tell from this one, its draws sampled anew (rejection sampling: the same
        actions, draws at random, until the player's information state is the same)."""
        rng = random.Random(len(self.at.steps) if probability_sampler is None else None)
        history = self.history()
        want = self.information_state_string(player_id)
        for _ in range(10_000):
            s = self.get_game().new_initial_state()
            try:
                for a in history:
                    if s.is_chance_node():
                        outcomes = s.chance_outcomes()
                        s.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
                    elif a in s.legal:
                        s.apply_action(a)
                    else:
                        raise LookupError
            except LookupError:
                continue
            if s.information_state_string(player_id) == want:
                return s
        raise RuntimeError("no state found like this one for the player in 10,000 samples")

    def information_state_string(self, player=None):
        return "\n".join(self.trail[self.current_player() if player is None else player])

    def observation_string(self, player=None):
        return self.trail[self.current_player() if player is None else player][-1]

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
        view = state.views[player]
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
