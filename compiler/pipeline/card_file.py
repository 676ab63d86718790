"""One card file in, a CardDef (or nothing) and its diagnostics out: schema, then every effect
field parsed and resolved, with each problem placed at its line and column in the YAML file."""

from __future__ import annotations

import os
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from compiler import diagnostics as d
from compiler.pipeline import schema_check
from compiler.pipeline.compiled import CardFile
from compiler.pipeline.language_table import CARD_KINDS, GAME_SETUP, ROLES, STEP, WINDOWS
from compiler.pipeline.loaded import Loaded
from compiler.pipeline.shared_texts import Kinds, read_text
from compiler.pipeline.syntax_errors import EffectSyntaxError
from compiler.pipeline.window_roles import absent_role
from runtime import ir
from runtime.cards import CardDef, Hook

if TYPE_CHECKING:
    from compiler.pipeline.resolve import ResolveError


TARGET_WINDOW = "destiny.after_draw"  # where a special destiny card's `target:` is read
LIMITS = {"once per encounter": "encounter", "once per turn": "turn", "once per game": "game"}


class _Compiler:
    def __init__(self, loaded: Loaded, pack: str) -> None:
        self.loaded = loaded
        self.pack = pack
        self.diags: list[d.Diagnostic] = []
        data = loaded.data if isinstance(loaded.data, dict) else {}
        declared = data.get("markers")
        # the kinds of markers the card's effects may name (`markers: [point]`)
        self.marker_kinds = (
            tuple(str(k).lower() for k in declared) if isinstance(declared, list) else ()
        )
        piles = data.get("piles")
        # the card's own piles its effects may name (`piles: [hoard]`)
        self.pile_names = tuple(str(k).lower() for k in piles) if isinstance(piles, list) else ()
        self.kinds = (self.marker_kinds, self.pile_names)

    def error(
        self,
        code: d.Code,
        message: str,
        pointer: str,
        hint: str | None = None,
        *,
        key: bool = False,
    ) -> None:
        self.diags.append(d.Diagnostic(code, message, self.loaded.span(pointer, key=key), hint))

    # ---------------------------------------------------------------- effect text

    def _span(self, pointer: str, start: int, end: int) -> d.Span:
        line, column = self.loaded.locate(pointer, start)
        end_line, end_column = self.loaded.locate(pointer, max(start, end - 1))
        return d.Span(self.loaded.path, line, column, end_column + 1 if end_line == line else None)

    def _report_resolve(self, pointer: str, errors: list[ResolveError]) -> None:
        for e in errors:
            self.diags.append(d.Diagnostic(e.code, e.message, self._span(pointer, *e.pos), e.hint))

    def _syntax(self, pointer: str, exc: EffectSyntaxError) -> None:
        unknown = exc.message.startswith(("unknown word", "unknown phrase"))
        code = d.UNKNOWN_WORD if unknown else d.PARSE_ERROR
        if "is out of range" in exc.message:
            code = d.NUMBER_OUT_OF_RANGE
        if "indentation" in exc.message or "tabs" in exc.message:
            code = d.BAD_INDENT
        self.diags.append(
            d.Diagnostic(
                code,
                exc.message,
                self._span(pointer, exc.offset, exc.offset + exc.length),
                exc.hint,
            )
        )

    def _field(
        self,
        start: str,
        text: Any,
        pointer: str,
        window: str | None,
        kinds: Kinds,
    ) -> tuple[ir.Node | None, bool]:
        """One effect-text field read (see shared_texts.read_text), its problems reported at `pointer`: the
        node, and whether it read without problems."""
        if not isinstance(text, str):
            return None, False
        try:
            node, errors = read_text(start, text, window, kinds)
        except EffectSyntaxError as exc:
            self._syntax(pointer, exc)
            return None, False
        self._report_resolve(pointer, errors)
        return node, not errors

    def effect(self, text: Any, pointer: str, window: str | None) -> ir.Node | None:
        node, clean = self._field("start", text, pointer, window, self.kinds)
        return node if clean else None

    def condition(self, text: Any, pointer: str, window: str | None) -> ir.Node | None:
        return self._field("cond_start", text, pointer, window, self.kinds)[0]

    def target(self, text: Any, pointer: str) -> ir.Node | None:
        # a target names players only: no marker kinds or piles to check
        return self._field("np_start", text, pointer, TARGET_WINDOW, (None, None))[0]

    # ---------------------------------------------------------------- hooks

    def roles(self, spec: dict[str, Any], pointer: str) -> tuple[str, ...]:
        text = spec.get("as")
        if not isinstance(text, str):
            return ()
        roles = tuple(r.strip() for r in text.split(" or "))
        return roles if all(r in ROLES for r in roles) else ()

    def check_window(self, window: str, roles: tuple[str, ...], pointer: str) -> None:
        """A hook whose every role is impossible in its window can never act."""
        w = WINDOWS.get(window)
        if w is None or w.kind != STEP or not roles:
            return
        impossible = {r: why for r in roles if (why := absent_role(window, r)) is not None}
        if len(impossible) < len(roles):
            return
        role, (message, hint) = next(iter(impossible.items()))
        self.error(
            d.WINDOW_NOT_ALLOWED, message.format(role=role, window=window), pointer + "/as", hint
        )

    def hook(
        self, spec: Any, pointer: str, card: str, kind: str, name: str, *, default_use: str
    ) -> list[Hook]:
        """One Hook per window the spec names (`when:` may list several)."""
        if not isinstance(spec, dict):
            return []
        when = spec.get("when")
        windows = [when] if isinstance(when, str) else when if isinstance(when, list) else []
        if not windows or not all(isinstance(w, str) and w in WINDOWS for w in windows):
            return []
        hooks = []
        for window in windows:
            roles = self.roles(spec, pointer)
            self.check_window(window, roles, pointer)
            condition = (
                self.condition(spec["if"], pointer + "/if", window) if "if" in spec else None
            )
            effect = self.effect(spec.get("do"), pointer + "/do", window)
            cost = self.effect(spec["cost"], pointer + "/cost", window) if "cost" in spec else None
            if (
                effect is None
                or ("if" in spec and condition is None)
                or ("cost" in spec and cost is None)
            ):
                continue
            # every field in the record's order: keywords would cost each hook a dictionary
            hooks.append(
                Hook(
                    card,
                    str(spec.get("name", name)),
                    kind,
                    window,
                    effect,
                    roles,
                    spec.get("use", default_use) == "optional",  # optional
                    condition,
                    cost,
                    LIMITS.get(str(spec.get("limit", ""))),  # limit
                    str(spec.get("text", "")),  # text
                    spec.get("upgrades"),  # upgrades
                    str(spec.get("from", "laid")),  # zone
                    str(spec.get("by", "owner")),  # decider
                    spec.get("for") == "users",  # users
                )
            )
        return hooks

    # ---------------------------------------------------------------- the card

    def card(self, expected_id: str | None, folder_kind: str | None) -> CardDef | None:
        data = self.loaded.data
        if not isinstance(data, dict):
            return None
        kind = data.get("kind")
        if kind not in CARD_KINDS:
            if "kind" not in data:
                self.diags.append(
                    d.Diagnostic(
                        d.MISSING_KEY,
                        "missing required key 'kind'",
                        d.Span(self.loaded.path, 1, 1),
                        "add 'kind:' (" + ", ".join(CARD_KINDS) + ")",
                    )
                )
            else:
                self.error(
                    d.UNKNOWN_KIND,
                    f"unknown card kind '{kind}'",
                    "/kind",
                    d.did_you_mean(str(kind), list(CARD_KINDS))
                    or "kinds: " + ", ".join(CARD_KINDS),
                )
            return None
        before = len([x for x in self.diags if x.is_error])
        self.diags.extend(schema_check.check(self.loaded, kind))
        card_id = data.get("id")
        if expected_id is not None and isinstance(card_id, str) and card_id != expected_id:
            self.error(
                d.ID_MISMATCH,
                f"the card id '{card_id}' differs from the file name '{expected_id}.yaml'",
                "/id",
                f"rename the file to '{card_id}.yaml' or set 'id: {expected_id}'",
            )
        if folder_kind is not None and folder_kind in CARD_KINDS and folder_kind != kind:
            self.error(
                d.KIND_FOLDER,
                f"a {kind} card in the '{folder_kind}' folder",
                "/kind",
                f"move it to the '{kind}' folder",
            )
        hooks = self.hooks(data, kind, str(card_id))
        target = (
            self.target(data["target"], "/target")
            if kind == "destiny" and "target" in data
            else None
        )
        if kind == "destiny" and data.get("type") == "special" and "target" not in data:
            self.error(
                d.MISSING_KEY,
                "a special destiny card needs a 'target'",
                "",
                "add 'target: the other player with the most foreign colonies'",
            )
        for i, name in enumerate(data.get("hand piles") or []):
            if str(name).lower() not in self.pile_names:
                self.error(
                    d.BAD_VALUE,
                    f"'hand piles' names '{name}', which is not one of the card's piles",
                    f"/hand piles/{i}",
                    f"add it to the card's piles: 'piles: [{name}]'",
                )
        if kind == "encounter" and data.get("type") == "attack" and "value" not in data:
            self.error(d.MISSING_KEY, "an attack card needs a 'value'", "", "add 'value: 8'")
        if len([x for x in self.diags if x.is_error]) > before:
            return None
        # every field in the record's order: keywords would cost each card a dictionary
        return CardDef(
            str(card_id),  # id
            kind,
            str(data.get("name", card_id)),  # name
            self.pack,
            str(data.get("text", "")),  # text
            int(data.get("copies", 1)),  # copies
            data.get("type"),  # type
            data.get("value") if not isinstance(data.get("value"), bool) else None,  # value
            data.get("color"),  # color
            data.get("alien"),  # alien
            tuple(hooks),
            target,
            tuple(data.get("requires", ())),  # requires
            data.get("min_players"),  # min_players
            {  # attrs
                k: data[k]
                for k in (
                    "alert",
                    "keeps_power",
                    "excludes",
                    "flare",
                    "attack_only",
                    "deck",
                    "essence",
                    "research",
                    "after_use",
                    "hidden",
                    "aliens",
                    "summary",
                    "hand piles",
                )
                if k in data
            },
        )

    def hooks(self, data: dict[str, Any], kind: str, card_id: str) -> list[Hook]:
        hooks: list[Hook] = []

        def add(found: list[Hook]) -> None:
            hooks.extend(found)

        if kind == "alien":
            for i, spec in enumerate(data.get("powers") or []):
                add(
                    self.hook(
                        spec, f"/powers/{i}", card_id, "power", "power", default_use="mandatory"
                    )
                )
            if "setup" in data:
                node = self.effect(data["setup"], "/setup", GAME_SETUP)
                if node is not None:
                    hooks.append(Hook(card_id, "setup", "setup", GAME_SETUP, node, text="setup"))
        elif kind == "flare":
            wild = data.get("wild")
            for pointer, spec in _each(wild, "/wild"):
                add(self.hook(spec, pointer, card_id, "wild", "wild", default_use="optional"))
            add(
                self.hook(
                    data.get("super"), "/super", card_id, "super", "super", default_use="optional"
                )
            )
        elif kind == "kicker" and "effect" in data:
            add(
                self.hook(
                    data.get("effect"),
                    "/effect",
                    card_id,
                    "in play",
                    "effect",
                    default_use="mandatory",
                )
            )
        elif "play" in data:  # an essence card may act in several ways
            for pointer, spec in _each(data["play"], "/play"):
                add(self.hook(spec, pointer, card_id, "play", "play", default_use="optional"))
        return hooks


def compile_card(loaded: Loaded, pack: str, path: str | PurePath | None = None) -> CardFile:
    """Compile a loaded card file; the file name and folder are checked against id and kind."""
    comp = _Compiler(loaded, pack)
    expected, folder = _stem_and_folder(path) if path is not None else (None, None)
    try:
        card = comp.card(expected, folder if folder in CARD_KINDS else None)
    except Exception as exc:  # an internal failure is still a diagnostic naming the file
        comp.diags.append(
            d.Diagnostic(
                d.INTERNAL,
                f"internal error while compiling this card: {type(exc).__name__}: {exc}",
                d.Span(loaded.path, 1, 1),
                "please report this with the card file",
            )
        )
        card = None
    kind = loaded.data.get("kind") if isinstance(loaded.data, dict) else None
    # a hook listing several windows resolves its text once per window: report each problem once
    unique = list({(x.code.id, x.message, x.span): x for x in comp.diags}.values())
    declared = loaded.data.get("id") if isinstance(loaded.data, dict) else None
    return CardFile(
        loaded.path,
        card,
        unique,
        kind if isinstance(kind, str) else None,
        declared_id=declared if isinstance(declared, str) else None,
    )


def _stem_and_folder(path: str | PurePath) -> tuple[str, str]:
    """The file's name without its suffix and the name of its folder, as PurePath reads them. A
    plain `folder/name.yaml` string is read as it is: building a PurePath for every card file
    costs more than all else compile_card does with the path."""
    if isinstance(path, str) and not (os.altsep and os.altsep in path):
        folder, _, name = path.rpartition(os.sep)
        parent = folder.rpartition(os.sep)[2]
        # PurePath drops `.` folders and empty names: such paths, and odd file names, take it
        if name.endswith(".yaml") and not name.startswith(".") and parent not in ("", "."):
            return name.removesuffix(".yaml"), parent
    pure = PurePath(path)
    return pure.stem, pure.parent.name


def _each(spec: Any, pointer: str) -> list[tuple[str, Any]]:
    """A hook spec or a list of them, each with its JSON pointer."""
    if isinstance(spec, list):
        return [(f"{pointer}/{i}", item) for i, item in enumerate(spec)]
    return [(pointer, spec)]
