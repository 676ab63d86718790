"""Card scenario tests: a YAML scenario (setup, starting situation, scripted answers, expectations)
in; played in a real game with the engine's invariants checked after every decision; a result
naming the scenario's file and line for every expectation that failed."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler import diagnostics as d
from compiler.pipeline.load import Loaded, load_yaml_file
from compiler.scenarios.refusals import Refusal, RefusalWatch
from runtime.agents.scripted import Scripted, ScriptedAgent, UnscriptedDecision
from runtime.cards import CardSet
from runtime.decisions import Answer, Decision, IllegalAnswer
from runtime.game import Game, GameOver
from runtime.invariants import InvariantBroken, check
from runtime.setup import Setup, SetupError

PLAY_MODES = ("setup", "encounter", "turn", "game")


class ScenarioError(Exception):
    def __init__(self, message: str, line: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


@dataclass
class Result:
    path: str
    name: str
    failures: list[tuple[int, str]] = field(default_factory=list)
    seconds: float = 0.0
    log: list[str] = field(default_factory=list)
    # problems found before playing (the same diagnostics `cosmic validate` gives)
    diagnostics: list[d.Diagnostic] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


def discover(paths: Sequence[Path]) -> list[Path]:
    """The scenario files the paths name (see compiler.scenarios.files)."""
    from compiler.scenarios.files import find_scenarios

    return [f.path for f in find_scenarios(paths)[0]]


class Runner:
    def __init__(self, cards: CardSet, rules: Any) -> None:
        self.cards = cards
        self.rules = rules

    def run(self, path: Path, shown: str | None = None, packs: Sequence[str] = ("base",)) -> Result:
        """Play one scenario file; `packs` (the pack it belongs to) are played when its setup
        names none. A bad file fails with the validator's diagnostics; nothing here raises."""
        from compiler.scenarios.check import check_scenario

        started = time.perf_counter()
        shown = shown if shown is not None else str(path)
        loaded = load_yaml_file(path, shown)
        result = Result(shown, path.stem)
        problems = [x for x in loaded.diagnostics if x.is_error]
        if not problems:
            problems = [x for x in check_scenario(loaded, self.cards) if x.is_error]
        if problems:
            result.diagnostics = problems
            result.failures = [(x.span.line, f"{x.message}") for x in problems]
            return result
        data = loaded.data
        assert isinstance(data, dict)  # the checks above refuse anything else
        result.name = str(data.get("name", path.stem))
        try:
            self._play(loaded, data, result, packs)
        except ScenarioError as exc:
            result.failures.append((exc.line, exc.message))
        except Exception as exc:  # a bad scenario fails alone; it never stops the run
            result.failures.append((1, f"internal error: {type(exc).__name__}: {exc}"))
        result.seconds = time.perf_counter() - started
        return result

    # ---------------------------------------------------------------- building the game

    def _play(
        self, loaded: Loaded, data: dict[str, Any], result: Result, packs: Sequence[str]
    ) -> None:
        from compiler.tools.setups import with_requirements
        from runtime.rules.turn import play_game, play_turn, start_game

        setup_data = data.get("setup") or {}
        try:
            aliens = setup_data.get("aliens")
            chosen = with_requirements(self.cards, setup_data.get("packs", packs))
            setup = Setup(
                players=int(setup_data.get("players", 3)),
                packs=chosen,
                aliens=None if aliens is None else tuple(str(a) for a in aliens),
                options=dict(setup_data.get("options") or {}),
                seed=int(setup_data.get("seed", 1)),
                first_player=0,
            )
        except (SetupError, TypeError, ValueError) as exc:
            raise ScenarioError(f"bad setup: {exc}", loaded.span("/setup").line) from None
        script = self._script(loaded, data.get("answers") or [])
        auto = set(data.get("auto") or [])
        agent = ScriptedAgent(script, fallback=lambda d: _auto_answer(d, auto))
        refused = (data.get("expect") or {}).get("refused") or []
        watch = RefusalWatch(
            agent,
            [
                Refusal(seat, entry, loaded.span(f"/expect/refused/{i}").line)
                for i, (seat, entry) in enumerate(self._script(loaded, refused, "/expect/refused"))
            ],
        )
        try:
            game = Game(
                self.cards, setup, [watch] * setup.players, rules=self.rules, observer=check
            )
        except SetupError as exc:
            raise ScenarioError(
                f"cannot set up the game: {exc}", loaded.span("/setup").line
            ) from None
        mode = str(data.get("play", "encounter"))
        turns = re.fullmatch(r"([1-9]\d?) turns", mode)
        if mode not in PLAY_MODES and turns is None:
            raise ScenarioError(
                f"'play' is one of {', '.join(PLAY_MODES)} or 'N turns', not '{mode}'",
                loaded.span("/play").line,
            )
        try:
            try:
                start_game(game)
                self._start(game, loaded, data.get("start") or {})
                check(game)
                if mode == "game":
                    play_game(game)
                elif turns is not None:
                    for _ in range(int(turns.group(1))):
                        play_turn(game)
                        if game.state.over:
                            break
                        game.state.offense = (game.state.offense + 1) % game.state.n
                elif mode != "setup":
                    play_turn(game, encounters=1 if mode == "encounter" else None)
            except GameOver:
                pass
        except UnscriptedDecision as exc:
            result.log = game.log_lines()
            raise ScenarioError(
                f"unscripted decision: {exc.decision.describe()}", loaded.span("/answers").line
            ) from None
        except IllegalAnswer as exc:
            result.log = game.log_lines()
            raise ScenarioError(
                f"a scripted answer does not fit: {exc}", loaded.span("/answers").line
            ) from None
        except InvariantBroken as exc:
            result.log = game.log_lines()
            raise ScenarioError(f"engine invariant broken: {exc}", 1) from None
        result.log = game.log_lines()
        leftover = [(p, e) for p, e in agent.script]
        if leftover:
            seat, entry = leftover[0]
            result.failures.append(
                (
                    loaded.span("/answers").line,
                    f"{len(leftover)} scripted answer(s) were never asked for, first: {game.state.players[seat].color} {entry.kind}",
                )
            )
        result.failures.extend(watch.report([p.color for p in game.state.players]))
        self._expect(game, loaded, data.get("expect") or {}, result)

    def _script(
        self, loaded: Loaded, answers: list[Any], where: str = "/answers"
    ) -> list[tuple[int, Scripted]]:
        from runtime.setup import COLORS

        script = []
        if not isinstance(answers, list):
            raise ScenarioError("a list of 'colour kind: choice' pairs", loaded.span(where).line)
        for i, entry in enumerate(answers):
            line = loaded.span(f"{where}/{i}").line
            if not isinstance(entry, dict) or len(entry) != 1:
                raise ScenarioError("each answer is one 'colour kind: choice' pair", line)
            ((key, value),) = entry.items()
            color, _, kind = str(key).partition(" ")
            if color not in COLORS or not kind:
                raise ScenarioError(
                    f"'{key}' should be a colour and a decision kind, e.g. 'red launch.planet'",
                    line,
                )
            picks = tuple(value) if isinstance(value, list) else (value,)
            script.append(
                (
                    COLORS.index(color),
                    Scripted(tuple(str(p) if not isinstance(p, int) else p for p in picks), kind),
                )
            )
        return script

    def _take(self, game: Game, card_id: str, fixed: set[int]) -> int | None:
        """A copy of a card from the piles, or from the hand of a player whose hand the scenario
        leaves alone (that player gets the top card of the deck in exchange)."""
        st = game.state
        for pile in (st.deck, st.discard, st.reward_deck, st.reward_discard):
            for i in pile:
                if st.catalog[i] == card_id:
                    pile.remove(i)
                    return i
        for p in st.players:
            if p.seat in fixed:
                continue
            for i in p.hand:
                if st.catalog[i] == card_id:
                    game.from_hand(p.seat, i)
                    if st.deck:
                        game.to_hand(p.seat, st.deck.pop())
                    return i
        return None

    def _techs(self, game: Game, loaded: Loaded, start: dict[str, Any]) -> None:
        """`techs: {red: {xenon-lasers: 2}}` (face down, with ships researching them) and
        `completed techs: {red: [warpspace-key]}` (face up) replace the dealt techs."""
        st = game.state
        wanted_down = start.get("techs") or {}
        wanted_up = start.get("completed techs") or {}
        for color in set(wanted_down) | set(wanted_up):
            seat = self._seat(game, color, loaded.span("/start").line)
            player = st.players[seat]
            st.tech_deck.extend(player.techs)
            player.removed += sum(player.research.values())
            player.techs, player.research = [], {}
        for key, wanted in (("techs", wanted_down), ("completed techs", wanted_up)):
            for color, cards in wanted.items():
                line = loaded.span(f"/start/{key}/{color}").line
                player = st.players[self._seat(game, color, line)]
                ids = cards.items() if isinstance(cards, dict) else ((c, 0) for c in cards)
                for card_id, ships in ids:
                    tech = self._take_tech(game, str(card_id), line)
                    if key == "techs":
                        player.techs.append(tech)
                        player.research[tech] = int(ships)
                        player.removed -= int(ships)
                    else:
                        player.completed.append(tech)

    def _essence(self, game: Game, loaded: Loaded, start: dict[str, Any]) -> None:
        """`essence cache: {purple: [gridlock]}` puts those cards in the owner's cache (the
        rest go to its set); `essence unavailable:` moves cards of the set to the unavailable
        pile; `essence captives: {purple: {blue: depression}}` sets a ship of blue captive on
        that card of purple's; `essence before: {blue: [encounter-envy]}` lays its owner's essence
        cards face up before a player; `essence face down:` the same, face down."""
        from runtime.rules import essence

        for key in ("essence cache", "essence unavailable"):
            for color, cards in (start.get(key) or {}).items():
                line = loaded.span(f"/start/{key}/{color}").line
                seat = self._seat(game, color, line)
                p = game.state.players[seat]
                picked = self._essence_cards(game, seat, cards, line)
                if key == "essence cache":
                    essence.arrange(
                        game, seat, picked, [i for i in p.unavailable if i not in picked]
                    )
                else:
                    essence.arrange(game, seat, [i for i in p.cache if i not in picked], picked)
        for color, held in (start.get("essence captives") or {}).items():
            line = loaded.span(f"/start/essence captives/{color}").line
            alien = self._seat(game, color, line)
            for victim_color, card_id in held.items():
                victim = self._seat(game, victim_color, line)
                (card,) = self._essence_cards(game, alien, [card_id], line)
                p = game.state.players[alien]
                if card not in p.cache:
                    essence.arrange(game, alien, [*p.cache, card], p.unavailable)
                planet = max(game.state.planets, key=lambda q: q.ships[victim])
                planet.ships[victim] -= 1
                essence.place(game, alien, card, alien, False, captive=victim)
        for key, face_up in (("essence before", True), ("essence face down", False)):
            for color, cards in (start.get(key) or {}).items():
                line = loaded.span(f"/start/{key}/{color}").line
                holder = self._seat(game, color, line)
                for card_id in cards:
                    found = [
                        i
                        for i in game.instances_of.get(str(card_id), ())
                        if i not in game.state.placed
                    ]
                    if not found:
                        raise ScenarioError(
                            f"no essence card '{card_id}' of an alien in this game", line
                        )
                    owner = essence.owner_of(game, found[0])
                    p = game.state.players[owner]
                    if found[0] not in p.cache:
                        others = [i for i in p.unavailable if i != found[0]]
                        essence.arrange(game, owner, [*p.cache, found[0]], others)
                    essence.place(game, owner, found[0], holder, face_up)

    def _essence_cards(self, game: Game, seat: int, ids: list[Any], line: int) -> list[int]:
        """One of the player's essence cards (not laid) for each id named."""
        p = game.state.players[seat]
        pool = [*p.cache, *p.essence_set, *p.unavailable]
        picked: list[int] = []
        for card_id in ids:
            found = [i for i in pool if game.state.catalog[i] == str(card_id) and i not in picked]
            if not found:
                raise ScenarioError(f"{p.color} has no essence card '{card_id}'", line)
            picked.append(found[0])
        return picked

    def _take_tech(self, game: Game, card_id: str, line: int) -> int:
        st = game.state
        for pile in (st.tech_deck, st.tech_discard, *(p.techs for p in st.players)):
            for i in pile:
                if st.catalog[i] == card_id:
                    pile.remove(i)
                    return i
        raise ScenarioError(f"no tech '{card_id}' in the game (is the techs option on?)", line)

    def _seat(self, game: Game, color: Any, line: int) -> int:
        for p in game.state.players:
            if p.color == color:
                return p.seat
        raise ScenarioError(f"no player is {color}", line)

    def _planet(self, game: Game, name: Any, line: int) -> int:
        for planet in game.state.planets:
            if game.planet_name(planet.id) == name:
                return planet.id
        raise ScenarioError(
            f"no planet called '{name}' (planets are named like 'blue planet 1')", line
        )

    def _start(self, game: Game, loaded: Loaded, start: dict[str, Any]) -> None:
        st = game.state
        if "offense" in start:
            st.offense = self._seat(game, start["offense"], loaded.span("/start/offense").line)
        hands = start.get("hands") or {}
        fixed = {
            self._seat(game, color, loaded.span(f"/start/hands/{color}").line) for color in hands
        }
        for seat in fixed:
            for card in list(st.players[seat].hand):
                game.from_hand(seat, card)
                st.deck.insert(0, card)
        for color, card_ids in hands.items():
            line = loaded.span(f"/start/hands/{color}").line
            seat = self._seat(game, color, line)
            for card_id in card_ids:
                instance = self._take(game, str(card_id), fixed)
                if instance is None:
                    raise ScenarioError(f"no '{card_id}' left for {color}'s hand", line)
                game.to_hand(seat, instance)
        if "destiny" in start:
            # one card, or a list drawn in order: the first named is the first drawn
            named = start["destiny"]
            line = loaded.span("/start/destiny").line
            for wanted in reversed(named if isinstance(named, list) else [named]):
                pick = next(
                    (
                        i
                        for i in st.destiny_deck
                        if st.catalog[i] == str(wanted) or game.defs[i].color == str(wanted)
                    ),
                    None,
                )
                if pick is None:
                    raise ScenarioError(
                        f"no destiny card '{wanted}' left in the destiny deck", line
                    )
                st.destiny_deck.remove(pick)
                st.destiny_deck.append(pick)
        for color, planets in (start.get("ships") or {}).items():
            seat = self._seat(game, color, loaded.span(f"/start/ships/{color}").line)
            for name, count in planets.items():
                planet = self._planet(game, name, loaded.span(f"/start/ships/{color}").line)
                player = st.players[seat]
                player.removed += st.planets[planet].ships[seat] - int(count)
                st.planets[planet].ships[seat] = int(count)
        for color, count in (start.get("warp") or {}).items():
            seat = self._seat(game, color, loaded.span(f"/start/warp/{color}").line)
            player = st.players[seat]
            player.removed += player.warp - int(count)
            player.warp = int(count)
        self._techs(game, loaded, start)
        self._essence(game, loaded, start)
        for color, count in (start.get("lucre") or {}).items():
            seat = self._seat(game, color, loaded.span(f"/start/lucre/{color}").line)
            st.lucre_out += int(count) - st.players[seat].lucre
            st.players[seat].lucre = int(count)
        for p in st.players:
            if p.removed < 0:
                raise ScenarioError(
                    f"{p.color} would need more than {st.ships_per_player} ships",
                    loaded.span("/start").line,
                )
        from runtime.rules.ships import update_powers

        update_powers(game)

    # ---------------------------------------------------------------- expectations

    def _expect(self, game: Game, loaded: Loaded, expect: dict[str, Any], result: Result) -> None:
        st = game.state
        last = game.last_encounter

        def fail(pointer: str, message: str) -> None:
            result.failures.append((loaded.span("/expect" + pointer).line, message))

        for key, want in expect.items():
            p = "/" + key
            if key == "outcome":
                got = last.outcome if last is not None else None
                if got != want:
                    fail(p, f"expected the outcome '{want}', got '{got}'")
            elif key == "totals":
                got_totals = list(last.totals) if last is not None else None
                if got_totals != list(want):
                    fail(p, f"expected totals {list(want)}, got {got_totals}")
            elif key == "winners":
                got_w = sorted(st.players[s].color for s in st.winners)
                if got_w != sorted(want):
                    fail(p, f"expected winners {sorted(want)}, got {got_w}")
            elif key == "ship limit":
                for color, n in want.items():
                    seat = self._seat(game, color, loaded.span(f"/expect{p}/{color}").line)
                    got_limit = last.ship_limit[seat] if last is not None else None
                    if got_limit != n:
                        fail(f"{p}/{color}", f"expected {color}'s ship limit {n}, got {got_limit}")
            elif key in ("warp", "lucre", "hand size", "foreign colonies", "home colonies"):
                for color, n in want.items():
                    seat = self._seat(game, color, loaded.span(f"/expect{p}/{color}").line)
                    got_n = {
                        "warp": lambda s: st.players[s].warp,
                        "lucre": lambda s: st.players[s].lucre,
                        "hand size": lambda s: len(st.players[s].hand),
                        "foreign colonies": st.foreign_colonies,
                        "home colonies": st.home_colonies,
                    }[key](seat)
                    if got_n != n:
                        fail(f"{p}/{color}", f"expected {color}'s {key} to be {n}, got {got_n}")
            elif key in ("essence before", "unavailable"):
                for color, cards in want.items():
                    seat = self._seat(game, color, loaded.span(f"/expect{p}/{color}").line)
                    if key == "unavailable":
                        got_ids = sorted(st.catalog[i] for i in st.players[seat].unavailable)
                    else:  # a face-down card is written with its way up: "x (face down)"
                        got_ids = sorted(
                            st.catalog[i] + ("" if e.face_up else " (face down)")
                            for i, e in st.placed.items()
                            if e.holder == seat
                        )
                    if got_ids != sorted(cards):
                        fail(
                            f"{p}/{color}",
                            f"expected {key} {color}: {sorted(cards)}, got {got_ids}",
                        )
            elif key == "hand":
                for color, cards in want.items():
                    seat = self._seat(game, color, loaded.span(f"/expect{p}/{color}").line)
                    held = sorted(st.catalog[c] for c in st.players[seat].hand)
                    missing = [c for c in cards if c not in held]
                    if missing:
                        fail(
                            f"{p}/{color}",
                            f"expected {color} to hold {missing}; the hand is {held}",
                        )
            elif key == "planets":
                for name, owners in want.items():
                    planet = self._planet(game, name, loaded.span(f"/expect{p}").line)
                    for color, n in owners.items():
                        seat = self._seat(game, color, loaded.span(f"/expect{p}").line)
                        got_n = st.planets[planet].ships[seat]
                        if got_n != n:
                            fail(
                                f"{p}/{name}",
                                f"expected {n} {color} ship(s) on {name}, got {got_n}",
                            )
            elif key == "log":
                lines = result.log
                at = 0
                for i, fragment in enumerate(want):
                    found = next(
                        (k for k in range(at, len(lines)) if str(fragment) in lines[k]), None
                    )
                    if found is None:
                        fail(
                            f"{p}/{i}",
                            f"the log has no line containing '{fragment}' (after line {at})",
                        )
                        break
                    at = found + 1
            elif key == "no log":
                for i, fragment in enumerate(want):
                    if any(str(fragment) in line for line in result.log):
                        fail(f"{p}/{i}", f"the log should not mention '{fragment}'")
            elif key == "refused":
                pass  # checked as the decisions come (see compiler/scenarios/refusals.py)
            elif key == "aliens":
                for color, alien in want.items():
                    seat = self._seat(game, color, loaded.span(f"/expect{p}/{color}").line)
                    got_alien = st.players[seat].alien or "none"
                    if got_alien != alien:
                        fail(f"{p}/{color}", f"expected {color} to be {alien}, got {got_alien}")
            elif key == "power":
                for color, state in want.items():
                    seat = self._seat(game, color, loaded.span(f"/expect{p}/{color}").line)
                    on = game.has_power(seat)
                    if on != (state == "on"):
                        fail(f"{p}/{color}", f"expected {color}'s power to be {state}")
            else:
                fail(p, f"unknown expectation '{key}'")


def _auto_answer(decision: Decision, auto: set[str]) -> Answer | None:
    """For the kinds a scenario lists under `auto`: the do-nothing option, else no pick, else
    the first option."""
    if decision.kind not in auto:
        return None
    if decision.passive is not None:
        return (decision.passive,)
    if decision.minimum == 0:
        return ()
    return tuple(range(decision.minimum))
