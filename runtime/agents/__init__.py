"""Agents answer decisions: random, heuristic, scripted (tests); the terminal agent lives in the CLI."""

from __future__ import annotations

from runtime.agents.heuristic import HeuristicAgent
from runtime.agents.random import RandomAgent
from runtime.agents.scripted import ScriptedAgent, UnscriptedDecision

AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent}

__all__ = ["AGENTS", "HeuristicAgent", "RandomAgent", "ScriptedAgent", "UnscriptedDecision"]
