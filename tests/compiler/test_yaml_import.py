"""Importing yaml through compiler.pipeline.yaml_import skips compiling PyYAML's slowest regular
expression and changes nothing: the pattern put in its place finds exactly the same characters."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from compiler.pipeline.yaml_import import LISTED, NON_PRINTABLE
from tests import ROOT


@pytest.mark.slow  # tries every character
def test_the_listed_characters_are_the_ones_yaml_refuses() -> None:
    every = "".join(map(chr, range(0x110000)))
    assert re.findall(LISTED, every) == re.findall(NON_PRINTABLE, every)
    assert re.findall(LISTED, every)  # neither pattern matches nothing


@pytest.mark.slow  # a fresh interpreter
def test_the_compiler_imports_yaml_with_the_listed_pattern_in_place() -> None:
    code = (
        "import compiler.pipeline.load, yaml.reader\n"
        "print(yaml.reader.Reader.NON_PRINTABLE.pattern == compiler.pipeline.yaml_import.LISTED)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    # False would mean PyYAML now writes the pattern differently: NON_PRINTABLE needs updating
    assert done.stdout.strip() == "True"
