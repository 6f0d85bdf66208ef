"""Agents: whoever answers a decision. Every agent sees only its player's view and the decision."""
from .base import Agent, make_agent
from .human import HumanAgent
from .random_agent import RandomAgent
from .scripted import ScriptedAgent

__all__ = ["Agent", "HumanAgent", "RandomAgent", "ScriptedAgent", "make_agent"]
