"""Game setups: which packs, options, players, aliens and seed a game starts from (JSON-able)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

COLORS: tuple[str, ...] = ("red", "blue", "purple", "yellow", "green", "orange", "black", "white")

# Options of the base rules; packs may declare more (see PackDef.options).
BASE_OPTIONS: dict[str, tuple[Any, str]] = {
    "planets_per_player": (5, "home planets each player starts with"),
    "ships_per_planet": (4, "ships on each home planet at the start"),
    "ships_per_player": (20, "ships each player owns"),
    "hand_size": (8, "cards in a new hand"),
    "colonies_to_win": (5, "foreign colonies needed to win"),
    "power_threshold": (3, "home colonies a player needs to use its power"),
    "max_gate_ships": (4, "ships a player may commit to an encounter"),
    "max_encounters": (2, "encounters the offense may have in one turn"),
    "flares_in_deck": (
        10,
        "flares shuffled into the cosmic deck (those of the aliens in play come first)",
    ),
    "deal_offers": (4, "offers the main players may exchange before a deal fails"),
    "failed_deal_loss": (3, "ships each main player loses when a deal fails"),
    "use_flares": (True, "shuffle flares into the cosmic deck"),
    "max_turns": (1000, "turns after which an unfinished game stops"),
    "alien_selection": (
        "random",
        "how aliens are dealt: random, or combo (from a revealed combination card)",
    ),
}


# The range of each whole-number base option: a setup outside it could never end, or not start.
BASE_LIMITS: dict[str, tuple[int, int]] = {
    "planets_per_player": (1, 10),
    "ships_per_planet": (1, 20),
    "ships_per_player": (1, 100),
    "hand_size": (1, 20),
    "colonies_to_win": (1, 50),
    "power_threshold": (0, 10),
    "max_gate_ships": (1, 20),
    "max_encounters": (1, 10),
    "flares_in_deck": (0, 100),
    "deal_offers": (1, 20),
    "failed_deal_loss": (0, 20),
    "max_turns": (1, 10_000),
}
BASE_CHOICES: dict[str, tuple[str, ...]] = {"alien_selection": ("random", "combo")}
MAX_PLAYERS = len(COLORS)
MAX_SEED = 2**63 - 1


class SetupError(ValueError):
    """A setup that cannot be played: an unknown pack or alien, a broken card requirement."""


def check_option(
    name: str,
    value: Any,
    default: Any,
    *,
    low: int | None = None,
    high: int | None = None,
    choices: tuple[Any, ...] = (),
) -> None:
    """Refuse an option value of the wrong type, outside its range or not among its choices."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise SetupError(f"option '{name}' must be true or false, not {value!r}")
    elif isinstance(default, int):
        if not isinstance(value, int) or isinstance(value, bool):
            raise SetupError(f"option '{name}' must be a whole number, not {value!r}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise SetupError(f"option '{name}' must be from {low} to {high}, not {value}")
    elif not isinstance(value, str):
        raise SetupError(f"option '{name}' must be a word, not {value!r}")
    if choices and value not in choices:
        shown = ", ".join(str(c) for c in choices)
        raise SetupError(f"option '{name}' is one of {shown}, not {value!r}")


def check_base_option(name: str, value: Any) -> None:
    low, high = BASE_LIMITS.get(name, (None, None))
    default = BASE_OPTIONS[name][0]
    check_option(name, value, default, low=low, high=high, choices=BASE_CHOICES.get(name, ()))


@dataclass(frozen=True)
class Setup:
    players: int = 5
    packs: tuple[str, ...] = ("base",)
    aliens: tuple[str, ...] | None = None  # one per seat; None picks at random
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 1
    colors: tuple[str, ...] | None = None
    first_player: int | None = None

    def option(self, name: str) -> Any:
        if name in self.options:
            return self.options[name]
        return BASE_OPTIONS[name][0]

    def to_data(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "packs": list(self.packs),
            "aliens": None if self.aliens is None else list(self.aliens),
            "options": dict(sorted(self.options.items())),
            "seed": self.seed,
            "colors": None if self.colors is None else list(self.colors),
            "first_player": self.first_player,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Setup:
        known = {"players", "packs", "aliens", "options", "seed", "colors", "first_player"}
        extra = set(data) - known
        if extra:
            raise SetupError(f"unknown setup field(s): {', '.join(sorted(extra))}")
        try:
            aliens = data.get("aliens")
            colors = data.get("colors")
            return cls(
                players=_whole(data.get("players", 5), "players"),
                packs=tuple(str(p) for p in data.get("packs", ("base",))),
                aliens=None if aliens is None else tuple(str(a) for a in aliens),
                options=dict(data.get("options", {})),
                seed=_whole(data.get("seed", 1), "seed"),
                colors=None if colors is None else tuple(str(c) for c in colors),
                first_player=data.get("first_player"),
            )
        except (TypeError, ValueError, OverflowError) as exc:
            raise SetupError(f"malformed setup: {exc}") from exc


def _whole(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"'{name}' must be a whole number, not {value!r}")
    return value
