"""Where the language's grammar and the card schemas live on disk (installed with the package)."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
GRAMMAR_FILE = HERE / "effect.lark"
SCHEMA_DIR = HERE / "schemas"
MODULES_FILE = HERE / "modules.json"  # what each rules module owns (compiler.pipeline.module_needs)
LANGUAGE_FILE = HERE / "language.json"  # the language cards are checked against (language_export)
