"""Agents: whoever answers a decision. Every agent sees only its player's view and the decision; search
agents search the worlds its seat may imagine (Match.resample), hidden cards dealt anew."""
from .base import Agent
from .greedy import GreedyAgent
from .human import HumanAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent
from .registry import agent_classes, make_agent
from .scripted import ScriptedAgent

__all__ = ["Agent", "GreedyAgent", "HumanAgent", "MCTSAgent", "RandomAgent", "ScriptedAgent", "agent_classes",
           "make_agent"]
