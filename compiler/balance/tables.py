"""The summary on the terminal as rich tables."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table


def rate_table(rows: list[dict[str, Any]], key: str, title: str) -> Table:
    table = Table(title=title)
    table.add_column(key)
    for name in ("games", "wins", "win rate", "95% interval"):
        table.add_column(name, justify="right")
    for r in rows:
        table.add_row(
            str(r[key]),
            str(r["games"]),
            str(r["wins"]),
            f"{r['win_rate']:.1%}",
            f"{r['low']:.1%} to {r['high']:.1%}",
        )
    return table


def show(summary: dict[str, Any], console: Console) -> None:
    fair = summary["fair_share"]
    console.print(rate_table(summary["aliens"], "alien", f"Win rate by alien (fair {fair:.0%})"))
    console.print(rate_table(summary["seats"], "seat", "Win rate by seat"))
    console.print(rate_table(summary["agents"], "agent", "Win rate by agent"))
    focus = summary["focus"]
    if focus:
        console.print(rate_table(focus["against"], "opponent", f"{focus['alien']} when also dealt"))
        console.print(
            f"{focus['alien']}: {focus['win_rate']:.1%} ({focus['low']:.1%} to "
            f"{focus['high']:.1%}); field {focus['field']['win_rate']:.1%}; "
            f"~{focus['games_to_detect_2_points']} games tell a 2-point difference"
        )
    length = summary["length"]
    console.print(
        f"shared wins: {summary['shared_wins']['games']}   draws: {summary['draws']}   "
        f"mean turns: {length['mean_turns']}   median turns: {length['median_turns']}"
    )
