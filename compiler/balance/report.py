"""report.html from a summary: one self-contained page (inline CSS, SVG plots, no scripts and
no links out), so it opens offline and can be mailed as one file."""

from __future__ import annotations

import html
from typing import Any

STYLE = """
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}td,th{padding:.2rem .6rem;text-align:right}
th:first-child,td:first-child{text-align:left}tr:nth-child(even){background:#f3f3f3}
.note{color:#555;font-size:.9rem}svg{max-width:100%;height:auto}
"""


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def rate_table(rows: list[dict[str, Any]], key: str, title: str) -> str:
    head = f"<tr><th>{html.escape(title)}</th><th>games</th><th>wins</th><th>win rate</th>"
    head += "<th>95% interval</th></tr>"
    body = "".join(
        f"<tr><td>{html.escape(str(r[key]))}</td><td>{r['games']}</td><td>{r['wins']}</td>"
        f"<td>{pct(r['win_rate'])}</td><td>{pct(r['low'])} to {pct(r['high'])}</td></tr>"
        for r in rows
    )
    return f"<table>{head}{body}</table>"


def render(summary: dict[str, Any]) -> str:
    # matplotlib takes a second or two to import: only a report being written pays for it
    from compiler.balance import plots

    study = summary["study"]
    fair = summary["fair_share"]
    agents = ",".join(study["agents"])
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Balance study: {summary['games']} games</title><style>{STYLE}</style></head><body>",
        f"<h1>Balance study: {summary['games']} games</h1>",
        "<p class='note'>"
        + html.escape(
            f"{study['players']} players; packs {', '.join(study['packs'])}; agents {agents}; "
            f"seeds {study['first_seed']} to {study['first_seed'] + study['games'] - 1}"
            + (f"; options {', '.join(study['options'])}" if study["options"] else "")
            + (
                f"; {summary['games']} of {study['games']} games played"
                if summary["games"] < study["games"]
                else ""
            )
        )
        + f". Fair share {pct(fair)}. A shared win counts as a win for each winner. "
        f"Games stopped at the turn cap (draws): {summary['draws']}.</p>",
    ]
    if summary["focus"]:
        parts.append(focus_section(summary["focus"], fair))
    if summary["aliens"]:
        parts += [
            "<h2>Win rate by alien</h2>",
            f"<p>{html.escape(headline(summary['aliens'], fair))}</p>",
            plots.rate_bars(summary["aliens"], "alien", fair, "Win rate by alien"),
            rate_table(summary["aliens"], "alien", "alien"),
            "<h2>Win rate by seat</h2><p class='note'>Seat 0 is the first seat at the table; "
            "who plays first is drawn at setup.</p>",
            plots.rate_bars(summary["seats"], "seat", fair, "Win rate by seat"),
            rate_table(summary["seats"], "seat", "seat"),
            "<h2>Win rate by agent</h2>",
            rate_table(summary["agents"], "agent", "agent"),
        ]
    shared = summary["shared_wins"]
    by = ", ".join(f"{k} winner(s): {n}" for k, n in shared["by_winners"].items())
    parts.append(
        f"<h2>Shared wins</h2><p>{shared['games']} games ended in a shared win ({by}).</p>"
    )
    length = summary["length"]
    parts.append(
        f"<h2>Game length</h2><p>Mean {length['mean_turns']} turns, median "
        f"{length['median_turns']}, 90th percentile {length['p90_turns']}; "
        f"{length['mean_encounters']} encounters a game on average.</p>"
    )
    if length["turns"]:
        parts.append(plots.length_histogram(length["turns"]))
    matchups = summary["matchups"]
    if len(matchups["aliens"]) > 1:
        parts += [
            "<h2>Matchups</h2><p class='note'>The win rate of the row's alien in games that also "
            f"dealt the column's alien; cells with fewer than {matchups['min_games']} games are "
            "left blank.</p>",
            plots.matchup_heatmap(matchups, fair),
        ]
    parts.append("</body></html>\n")
    return "\n".join(parts)


def headline(aliens: list[dict[str, Any]], fair: float) -> str:
    """The strongest alien in one sentence, and whether the data can tell it from the next."""
    best = aliens[0]
    text = (
        f"Strongest: {best['alien']}, {pct(best['win_rate'])} of its games "
        f"(95% interval {pct(best['low'])} to {pct(best['high'])}; fair share {pct(fair)})."
    )
    if len(aliens) > 1:
        second = aliens[1]
        if second["high"] >= best["low"]:
            text += f" Its interval overlaps {second['alien']}'s: more games would tell them apart."
        else:
            text += f" Clearly ahead of {second['alien']} ({pct(second['win_rate'])})."
    return text


def focus_section(focus: dict[str, Any], fair: float) -> str:
    alien = html.escape(focus["alien"])
    field = focus["field"]
    return (
        f"<h2>Focus: {alien}</h2><p>{alien} won {pct(focus['win_rate'])} of {focus['games']} "
        f"games (95% interval {pct(focus['low'])} to {pct(focus['high'])}); the other aliens "
        f"won {pct(field['win_rate'])} of their seats; the fair share is {pct(fair)}. Telling a "
        f"2-point difference at this rate takes about {focus['games_to_detect_2_points']} games "
        "(5% significance, 80% power).</p>"
        + rate_table(focus["against"], "opponent", f"{alien} when also dealt")
    )
