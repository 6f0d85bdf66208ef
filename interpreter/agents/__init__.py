"""Agents: whoever answers a decision. Every agent sees only its player's view and the decision;
search agents also get the match's public facts (worlds.Table) and imagine hidden cards anew."""
from .base import Agent
from .greedy import GreedyAgent
from .human import HumanAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent
from .registry import agent_classes, make_agent
from .scripted import ScriptedAgent
from .worlds import Table

__all__ = ["Agent", "GreedyAgent", "HumanAgent", "MCTSAgent", "RandomAgent", "ScriptedAgent", "Table",
           "agent_classes", "make_agent"]
