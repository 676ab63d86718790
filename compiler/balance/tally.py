"""Counts kept while rows stream in (a few counters per alien, seat, agent and pair, so memory
does not grow with the number of games), and the summary built from them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from compiler.balance.spec import Study
from compiler.balance.stats import games_to_detect, wilson

SUMMARY_FORMAT = "cosmic-balance-summary"
SUMMARY_VERSION = 1
MATCHUP_MIN_GAMES = 20  # a pair dealt together fewer times shows no rate in the heatmap


class Tally:
    def __init__(self, study: Study) -> None:
        self.study = study
        self.games = 0
        self.draws = 0
        self.seconds = 0.0
        self.alien_games: Counter[str] = Counter()
        self.alien_wins: Counter[str] = Counter()
        self.seat_games: Counter[int] = Counter()
        self.seat_wins: Counter[int] = Counter()
        self.agent_games: Counter[str] = Counter()
        self.agent_wins: Counter[str] = Counter()
        self.winner_counts: Counter[int] = Counter()  # winners per game -> games
        self.turns: Counter[int] = Counter()
        self.encounters = 0
        self.pair_games: Counter[tuple[str, str]] = Counter()
        self.pair_wins: Counter[tuple[str, str]] = Counter()

    def add_all(self, rows: Iterable[dict[str, Any]]) -> None:
        for row in rows:
            self.add(row)

    def add(self, row: dict[str, Any]) -> None:
        self.games += 1
        self.seconds += row["seconds"]
        winners = set(row["winners"])
        self.draws += row["drawn"]
        self.winner_counts[len(winners)] += 1
        self.turns[row["turns"]] += 1
        self.encounters += row["encounters"]
        aliens = row["aliens"]
        for seat, (alien, agent) in enumerate(zip(aliens, row["agents"], strict=True)):
            won = seat in winners
            self.alien_games[alien] += 1
            self.alien_wins[alien] += won
            self.seat_games[seat] += 1
            self.seat_wins[seat] += won
            self.agent_games[agent] += 1
            self.agent_wins[agent] += won
            for other in aliens:
                if other != alien:
                    self.pair_games[alien, other] += 1
                    self.pair_wins[alien, other] += won

    # ------------------------------------------------------------------ the summary

    def summary(self) -> dict[str, Any]:
        study = self.study
        fair = 1 / study.players
        return {
            "format": SUMMARY_FORMAT,
            "version": SUMMARY_VERSION,
            "study": study.to_data(),
            "games": self.games,
            "draws": self.draws,
            "fair_share": fair,
            "game_seconds": round(self.seconds, 3),
            "aliens": sorted(
                rates(self.alien_games, self.alien_wins, "alien"),
                key=lambda r: (-r["win_rate"], r["alien"]),
            ),
            "seats": rates(self.seat_games, self.seat_wins, "seat"),
            "agents": rates(self.agent_games, self.agent_wins, "agent"),
            "shared_wins": {
                "games": sum(n for k, n in self.winner_counts.items() if k > 1),
                "by_winners": {str(k): n for k, n in sorted(self.winner_counts.items())},
            },
            "length": self.length(),
            "matchups": self.matchups(),
            "focus": self.focus(),
        }

    def length(self) -> dict[str, Any]:
        ordered = sorted(self.turns.items())
        return {
            "mean_turns": round(sum(t * n for t, n in ordered) / max(1, self.games), 3),
            "median_turns": percentile(ordered, 0.5),
            "p90_turns": percentile(ordered, 0.9),
            "mean_encounters": round(self.encounters / max(1, self.games), 3),
            "turns": {str(t): n for t, n in ordered},
        }

    def matchups(self) -> dict[str, Any]:
        """Win rate of the row alien in games that also dealt the column alien."""
        shown = sorted(
            (a for a, n in self.alien_games.items() if n >= MATCHUP_MIN_GAMES and a != "none"),
            key=lambda a: (-self.alien_wins[a] / self.alien_games[a], a),
        )
        table = []
        for a in shown:
            row = []
            for b in shown:
                n = self.pair_games[a, b]
                rate = self.pair_wins[a, b] / n if a != b and n >= MATCHUP_MIN_GAMES else None
                row.append({"games": n, "win_rate": None if rate is None else round(rate, 4)})
            table.append(row)
        return {"aliens": shown, "min_games": MATCHUP_MIN_GAMES, "cells": table}

    def focus(self) -> dict[str, Any] | None:
        alien = self.study.focus
        if alien is None:
            return None
        games, wins = self.alien_games[alien], self.alien_wins[alien]
        field_games = sum(n for a, n in self.alien_games.items() if a != alien)
        field_wins = sum(n for a, n in self.alien_wins.items() if a != alien)
        rate = wins / games if games else 0.0
        opponents = [
            {"opponent": b, **rate_row(self.pair_games[alien, b], self.pair_wins[alien, b])}
            for b in sorted(a for a in self.alien_games if a != alien)
        ]
        return {
            "alien": alien,
            **rate_row(games, wins),
            "field": rate_row(field_games, field_wins),
            "difference_from_fair_share": round(rate - 1 / self.study.players, 4),
            "games_to_detect_2_points": games_to_detect(rate if games else 1 / self.study.players),
            "against": sorted(opponents, key=lambda r: (-r["win_rate"], r["opponent"])),
        }


def rate_row(games: int, wins: int) -> dict[str, Any]:
    low, high = wilson(wins, games)
    return {
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "low": round(low, 4),
        "high": round(high, 4),
    }


def rates(games: Counter[Any], wins: Counter[Any], key: str) -> list[dict[str, Any]]:
    return [{key: k, **rate_row(games[k], wins[k])} for k in sorted(games)]


def percentile(ordered: list[tuple[int, int]], q: float) -> int:
    total = sum(n for _, n in ordered)
    seen = 0
    for value, n in ordered:
        seen += n
        if seen >= q * total:
            return value
    return 0
