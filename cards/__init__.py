"""The bundled card packs: one folder per pack, each with a pack.yaml and one file per card."""

from __future__ import annotations

from pathlib import Path

BUNDLED = Path(__file__).resolve().parent
