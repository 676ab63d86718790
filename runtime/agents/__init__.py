"""Agents answer decisions: random, heuristic, look-ahead (Monte Carlo), scripted (tests); the terminal agent lives in the CLI."""

from __future__ import annotations

from runtime.agents.heuristic import HeuristicAgent
from runtime.agents.lookahead import LookaheadAgent
from runtime.agents.random import RandomAgent
from runtime.agents.scripted import ScriptedAgent, UnscriptedDecision

AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent, "lookahead": LookaheadAgent}

__all__ = [
    "AGENTS",
    "HeuristicAgent",
    "LookaheadAgent",
    "RandomAgent",
    "ScriptedAgent",
    "UnscriptedDecision",
]
