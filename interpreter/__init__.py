"""meeple's interpreter: load a game written in YAML and the effect language, then play it.

The public API:

    from interpreter import load_game, Match
    game = load_game("content/GAME")          # ContentError lists every mistake, with its place
    match = Match(game, players=3, seed=7)
    while not match.over:
        decision = match.pending                     # .player, .prompt, .options (labels), .size
        match.choose(0)                              # IllegalChoice says why a choice is refused
    match.result                                     # winner, outcome, reason, scores
    match.view(1)                                    # what seat 1 may see
    match.clone(); match.resample(1, rng)            # copies: the same position; as seat 1 may imagine it
    make_agent("mcts", seat=2).act(match)            # a bot's answer when seat 2 decides
"""
from .agents.registry import make_agent
from .errors import ContentError, Diagnostic, IllegalChoice, MeepleError, Place, RuntimeContentError, UsageError
from .loader.layers import bundled_games
from .model.gamedef import GameDef
from .model.pipeline import load_game
from .runtime.decisions import Decision, Option
from .runtime.match import Match, Result

__all__ = ["ContentError", "Decision", "Diagnostic", "GameDef", "IllegalChoice", "Match", "MeepleError", "Option",
           "Place", "Result", "RuntimeContentError", "UsageError", "bundled_games", "load_game", "make_agent"]
