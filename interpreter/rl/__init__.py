"""Any game as a learning environment (docs/rl.md): PettingZoo, Gymnasium and OpenSpiel, from the content.

    from interpreter.rl import aec_env, gym_env, openspiel_game

Needs the `rl` extra (`pip install 'meeple[rl]'`: pettingzoo, gymnasium, open-spiel).
"""
from .envs import aec_env, gym_env
from .spiel import openspiel_game

__all__ = ["aec_env", "gym_env", "openspiel_game"]
