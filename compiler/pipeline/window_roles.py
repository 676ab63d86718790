"""Which roles exist in which window: a window and a role in, why no one can hold that role there
(message and hint) out, or None when someone can."""

from __future__ import annotations

# Windows where nobody is the defense yet (or any more), and where no one is an ally yet.
NO_DEFENSE = {
    "game.setup",
    "turn.start",
    "turn.end",
    "regroup.start",
    "regroup.retrieve",
    "regroup.end",
    "destiny.before_draw",
}
NO_ALLIES = NO_DEFENSE | {
    "destiny.after_draw",
    "launch.after_aim",
    "launch.after_ships",
    "alliance.start",
    "alliance.after_invites",
}
NEEDS_DEFENSE = {"defense", "main player"}
NEEDS_ALLIES = {"ally", "offensive ally", "defensive ally"}


def absent_role(window: str, role: str) -> tuple[str, str | None] | None:
    """Why no one can hold `role` in `window` (message and hint), or None if someone can."""
    if window == "game.setup" and role == "offense":
        return "there is no offense at game setup", None
    if window == "game.setup" and role in NEEDS_DEFENSE | NEEDS_ALLIES:
        return "no one is the {role} at game setup", "setup effects act for their owner alone"
    if window in NO_DEFENSE and role in NEEDS_DEFENSE:
        return "no one is the {role} in {window}", "the defense is known from destiny.after_draw on"
    if window in NO_ALLIES and role in NEEDS_ALLIES:
        return "no one is an {role} yet in {window}", "allies are known from alliance.end on"
    return None
