"""A pack manifest (pack.yaml) read and checked: its bytes in, the pack's id, definition (None when
it has errors), diagnostics and the spans that cross-pack problems are reported at out. The result
is a plain record, so the compile cache keeps it beside the pack's card files and an unchanged
manifest costs neither a YAML load nor a schema check."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler import diagnostics as d
from runtime.cards import OptionDef, PackDef

# the manifest fields whose places the link stage reports problems at
SPAN_PREFIXES = ("/requires/", "/overrides/", "/options/")


@dataclass
class Manifest:
    """What reading one pack manifest produced."""

    path: str
    pack_id: str
    definition: PackDef | None
    diagnostics: list[d.Diagnostic] = field(default_factory=list)
    spans: dict[str, d.Span] = field(default_factory=dict)


def read_manifest(raw: bytes, shown: str, folder_name: str) -> Manifest:
    """Load and check a manifest's bytes; the pack id is the manifest's own (a pack folder may have
    any name, e.g. a clone of a pack repository), else the folder's name."""
    from compiler.pipeline import schema_check
    from compiler.pipeline.load import load_yaml_bytes

    loaded = load_yaml_bytes(raw, shown)
    diags = list(loaded.diagnostics)
    data = loaded.data if isinstance(loaded.data, dict) else {}
    if isinstance(loaded.data, dict):
        diags.extend(schema_check.check(loaded, "pack"))
    pack_id = str(data.get("id", folder_name))
    definition = None
    if not any(x.is_error for x in diags):
        players = data.get("players", {})
        definition = PackDef(
            id=pack_id,
            name=str(data.get("name", pack_id)),
            version=str(data.get("version", "0")),
            requires=tuple(data.get("requires", ())),
            options=tuple(
                OptionDef(
                    o["name"],
                    o["default"],
                    o["doc"],
                    pack_id,
                    tuple(o.get("choices", ())),
                    tuple(o.get("needs", ())),
                    o.get("min"),
                    o.get("max"),
                )
                for o in data.get("options", ())
            ),
            min_players=int(players.get("min", 3)),
            max_players=int(players.get("max", 5)),
            overrides=tuple(data.get("overrides", ())),
            modules=tuple(data.get("modules", ())),
        )
    spans = {
        p: loaded.span(p) for p in loaded.positions if p.startswith(SPAN_PREFIXES) or p == "/id"
    }
    return Manifest(shown, pack_id, definition, diags, spans)
