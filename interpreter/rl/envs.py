"""Any game as a PettingZoo AEC environment (every seat an agent) or a Gymnasium environment (one seat
learns, meeple's agents play the others). Both play an ordinary match (draws from its seed) and observe it
as the seats see it (spaces.py: `Spaces.encode`, the view's vector with no view built). A match narrates
its account only for an environment made with a `render_mode` (the account is what `render` shows)."""
from __future__ import annotations

import copy
import random

import gymnasium
import numpy as np
from gymnasium import Env, spaces
from pettingzoo import AECEnv

from ..agents.registry import make_agent
from ..errors import UsageError
from ..model.pipeline import load_game
from ..runtime.match import Match
from .spaces import Spaces
from .spiel import returns_of


def _loaded(game, options):
    return game if hasattr(game, "cards") else load_game(game, options=options)


def _space(sp: Spaces) -> spaces.Dict:
    return spaces.Dict({"observation": spaces.Box(-np.inf, np.inf, (sp.observation_size,), np.float32),
                        "action_mask": spaces.Box(0, 1, (sp.size,), np.int8)})


def _mask(sp: Spaces, legal: dict | None) -> np.ndarray:
    mask = np.zeros(sp.size, np.int8)
    if legal:
        m = memoryview(mask)
        for a in legal:  # (one by one, through a memoryview: numpy's list index costs more than a few actions)
            m[a] = 1
    return mask


def _info(sp: Spaces, decision, legal: dict) -> dict:
    """The info of the seat asked: its action mask, what it is asked and what each legal action means."""
    return {"action_mask": _mask(sp, legal), "prompt": decision.prompt, "labels": sp.labels(decision, legal)}


def _observation(sp: Spaces, match, seat: int, legal: dict | None) -> dict:
    return {"observation": sp.encode(match, seat), "action_mask": _mask(sp, legal)}


def _unrendered() -> None:
    gymnasium.logger.warn("render() of an environment made without a render_mode: its match narrates nothing "
                          "(make it with render_mode='ansi' or 'human')")


class MeepleAEC(AECEnv):
    """A PettingZoo AEC environment: agents `player_1`..`player_N` (seats), `Discrete(K)` actions, each
    observation a Dict of the view's vector and the action mask (only the agent to move has legal actions),
    rewards at the end (`returns_of`: each seat's score less the mean; a cooperative team's outcome)."""
    metadata = {"render_modes": ["human", "ansi"], "name": "meeple", "is_parallelizable": False}

    def __init__(self, game, players: int, options: dict | None = None, seed: int = 0, render_mode=None):
        super().__init__()
        self.game, self.n, self.options, self.seed = _loaded(game, options), players, dict(options or {}), seed
        self.sp = Spaces(self.game, players)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(1, players + 1)]
        self._seats = {a: s for s, a in enumerate(self.possible_agents, 1)}
        self._obs_space, self._act_space = _space(self.sp), spaces.Discrete(self.sp.size)
        self.metadata = dict(self.metadata, name=f"meeple_{self.game.id}")
        self.match = None
        self.shown = 0

    def __deepcopy__(self, memo):
        """An independent environment at the same point: the match cloned (Match.clone), the game and its
        spaces shared (they do not change). From the first copy on, both matches capture quiet points, so that
        a copy replays the few choices since the last one, not the whole match."""
        other = copy.copy(self)
        memo[id(self)] = other
        for name, value in vars(self).items():
            if name not in ("game", "sp", "match", "_obs_space", "_act_space"):
                setattr(other, name, copy.deepcopy(value, memo))
        if self.match is not None:
            other.match = self.match.clone()
            self.match._keeps = other.match._keeps = True  # copied once, copied again: quiet points from here on
        return other

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def reset(self, seed=None, options=None):
        if seed is not None:
            self.seed = seed
        self.match = Match(self.game, self.n, self.seed, self.options, narrate=self.render_mode is not None,
                           start=False)
        # no quiet point captured (position.py) until the environment is first copied: most never are, and a
        # capture costs a tenth of a step; the first copy replays the match from its start
        self.match._keeps = False
        self.match.begin()
        self.seed += 1  # the next reset without a seed plays another match
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.shown = 0
        self.agent_selection = self.possible_agents[0]  # (a match may end in its setup: no one ever moves)
        self._asked = None  # the agent whose info says what it is asked (the others': an empty mask)
        self._next()

    def _next(self):
        m = self.match
        if m.over:
            returns = returns_of(m)
            for i, a in enumerate(self.agents):
                self.rewards[a] = returns[i]
                self.terminations[a] = True
            self.legal = {}
        else:
            self.legal = self.sp.actions(m.pending)
            self.agent_selection = asked = self.possible_agents[m.pending.player.index]
            # only the info of the agent asked before and of the one asked now change
            for a in (self.agents if self._asked is None else (self._asked,)):
                if a != asked:
                    self.infos[a] = {"action_mask": _mask(self.sp, None)}
            self.infos[asked] = _info(self.sp, m.pending, self.legal)
            self._asked = asked

    def observe(self, agent):
        seat = self._seats[agent]
        m = self.match
        if m is not None and m.result is None and m.pending.player.seat == seat:
            # the mask of the agent asked is its info's (made at the step): a copy, not made again
            return {"observation": self.sp.encode(m, seat),
                    "action_mask": self.infos[agent]["action_mask"].copy()}
        return _observation(self.sp, self.match, seat, None)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        if action not in self.legal:
            raise ValueError(f"action {action} is not legal for {agent}: {sorted(self.legal)}")
        self._cumulative_rewards[agent] = 0.0
        self.match.choose(self.legal[action])
        self._next()
        if self.match.result is not None:  # (the rewards are 0 until the end)
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return _unrendered()
        lines = self.match.lines[self.shown:] if self.match else []
        self.shown += len(lines)
        text = "\n".join(lines)
        if self.render_mode == "ansi":
            return text
        if text:
            print(text)
        return None

    def close(self):
        pass


class MeepleGym(Env):
    """A Gymnasium environment: seat `seat` learns; `opponents` ("random", an agent's name or a list of one a
    seat, or callables `f(view, decision) -> option index`) play the others. Observations as in MeepleAEC;
    `info["action_mask"]` too. An action outside the mask plays the lowest legal action."""
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game, players: int, seat: int = 1, opponents="random", options: dict | None = None,
                 seed: int = 0, render_mode=None):
        self.game, self.n, self.seat = _loaded(game, options), players, seat
        self.options, self.seed, self.render_mode = dict(options or {}), seed, render_mode
        self.sp = Spaces(self.game, players)
        self.observation_space, self.action_space = _space(self.sp), spaces.Discrete(self.sp.size)
        others = opponents if isinstance(opponents, (list, tuple)) else [opponents] * (players - 1)
        self.opponent_specs = {s: others[i] for i, s in enumerate(s for s in range(1, players + 1) if s != seat)}
        self.match = None

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is not None:
            self.seed = seed
        self.match = Match(self.game, self.n, self.seed, self.options, narrate=self.render_mode is not None)
        self.opponents = {s: self._opponent(spec, s) for s, spec in self.opponent_specs.items()}
        self.seed += 1
        self._play_others()
        return self._obs(), self._info()

    def _opponent(self, spec, seat):
        if callable(spec):
            return spec
        if spec == "random":
            rng = random.Random(f"{self.seed}:{seat}")
            return _Blind(lambda view, decision: rng.randrange(decision.size))
        agent = make_agent(spec, seat, self.seed)
        if agent.wants_view:
            return agent.choose
        return _Blind(lambda view, decision: agent.choose(None, decision))

    def _play_others(self):
        m = self.match
        while not m.over and m.pending.player.seat != self.seat:
            d = m.pending
            opponent = self.opponents[d.player.seat]
            m.choose(opponent(None if type(opponent) is _Blind else m.view(d.player.seat), d))
        self.legal = {} if m.over else self.sp.actions(m.pending)

    def _obs(self):
        return _observation(self.sp, self.match, self.seat, self.legal)

    def _info(self):
        m = self.match
        return {"action_mask": _mask(self.sp, self.legal)} if m.over else _info(self.sp, m.pending, self.legal)

    def step(self, action):
        if self.match is None or self.match.over:
            raise UsageError("the episode is over (it terminated): call reset() to play another"
                             if self.match is not None else "call reset() before the first step")
        action = int(action)
        if action not in self.legal:
            action = min(self.legal)
        self.match.choose(self.legal[action])
        self._play_others()
        over = self.match.over
        reward = returns_of(self.match)[self.seat - 1] if over else 0.0
        return self._obs(), reward, over, False, self._info()

    def render(self):
        if self.render_mode is None:
            return _unrendered()
        return "\n".join(self.match.lines) if self.match else ""


class _Blind:
    """An opponent that reads no view (random, or an agent that wants none): none is built for it."""
    __slots__ = ("play",)

    def __init__(self, play):
        self.play = play

    def __call__(self, view, decision):
        return self.play(view, decision)


def aec_env(game, players: int, options: dict | None = None, seed: int = 0, render_mode=None) -> MeepleAEC:
    return MeepleAEC(game, players, options, seed, render_mode)


def gym_env(game, players: int, seat: int = 1, opponents="random", options: dict | None = None, seed: int = 0,
            render_mode=None) -> MeepleGym:
    return MeepleGym(game, players, seat, opponents, options, seed, render_mode)
