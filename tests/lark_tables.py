"""Lark's own parser over the shipped parser tables, read by Lark's deserializer: the reference
the effect parser's driver is compared with."""

from __future__ import annotations

import json
from typing import Any

from lark import Lark

from compiler.pipeline import tables
from compiler.pipeline.lexer import EffectLexer


def larks_reader(transformer: object = None) -> Lark:
    stored = json.loads(tables.TABLES_FILE.read_bytes())
    data, memo = stored["data"], {int(key): item for key, item in stored["memo"].items()}
    for item in memo.values():
        item["options"]["empty_indices"] = tuple(item["options"]["empty_indices"])
    table: dict[str, Any] = data["parser"]["parser"]
    table["tokens"] = {int(key): name for key, name in table["tokens"].items()}
    table["states"] = {
        int(state): {int(token): action for token, action in json.loads(actions).items()}
        for state, actions in table["states"].items()
    }
    data["options"]["lexer"] = tables.lark_lexer(EffectLexer)
    data["parser"]["lexer_conf"]["lexer_type"] = data["options"]["lexer"]
    loaded: Lark = Lark._load_from_dict(data, memo, transformer=transformer)
    return loaded
