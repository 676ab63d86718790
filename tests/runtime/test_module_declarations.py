"""Rules modules declare their own windows, nouns and card kinds: the core's tables hold only the
base game's until runtime.language.load() registers the modules, and then hold the modules' too;
a window is one object per name (picklable and copyable as itself) that the rules read as a plain
class attribute; the compiler sees every module's window and card kind without its caller loading
the language first."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from runtime import extension
from runtime.cards import CARD_KINDS
from runtime.extension import MODULES, ExtensionError, RulesModule, register
from runtime.language import load
from runtime.modules.lucre.purses import LUCRE_PAID
from runtime.modules.techs.module import RESPONSE_TECH, TECH_COMPLETED
from runtime.registry import NOUNS
from runtime.windows import BY_NAME, Window, WindowError, WindowKind, Windows, declare

ROOT = Path(__file__).resolve().parents[2]

load()


def run_fresh(code: str) -> None:
    """Run `code` in a new interpreter (nothing loaded yet) and fail with what it printed."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow  # a fresh interpreter
def test_the_core_tables_hold_no_module_word_until_the_modules_register() -> None:
    run_fresh(
        "from runtime import vocabulary\n"
        "from runtime.cards import CARD_KINDS\n"
        "from runtime.registry import NOUNS\n"
        "from runtime.windows import BY_NAME\n"
        "assert 'lucre.paid' not in BY_NAME and 'tech.completed' not in BY_NAME, list(BY_NAME)\n"
        "assert 'tech' not in CARD_KINDS and 'essence' not in CARD_KINDS, CARD_KINDS\n"
        "assert not {'lucre', 'help', 'essence card'} & set(NOUNS)\n"
        "from runtime.language import load\n"
        "load()\n"
        "assert {'lucre.paid', 'lucre.purchase', 'tech.completed', 'response.tech'} <= set(BY_NAME)\n"
        "assert CARD_KINDS[-2:] == ['tech', 'essence'], CARD_KINDS\n"
        "assert {'lucre', 'help', 'essence card', 'essence cache'} <= set(NOUNS)\n"
    )


@pytest.mark.slow  # a fresh interpreter
def test_the_compiler_sees_a_module_window_and_card_kind_without_loading_first() -> None:
    run_fresh(
        "from pathlib import PurePath\n"
        "from compiler.pipeline.card_file import compile_card\n"
        "from compiler.pipeline.load import load_yaml_file\n"
        "path = 'cards/base/tech/quark-battery.yaml'\n"
        "compiled = compile_card(load_yaml_file(path), 'base', PurePath(path))\n"
        "assert not compiled.diagnostics, [str(x) for x in compiled.diagnostics]\n"
        "assert compiled.card.kind == 'tech'\n"
        "assert {h.window for h in compiled.card.hooks} & {'tech.completed', 'response.tech'}\n"
    )


def test_each_module_window_is_known_by_its_name_once_loaded() -> None:
    declared = [w for m in MODULES.values() for w in m.windows]
    assert {TECH_COMPLETED, RESPONSE_TECH, LUCRE_PAID} <= set(declared)
    for window in declared:
        assert BY_NAME[window.value] is window
    assert set(MODULES["techs"].card_kinds) | set(MODULES["essence"].card_kinds) <= set(CARD_KINDS)


def test_iterating_window_gives_the_base_game_first_then_the_modules_in_their_order() -> None:
    order = list(Window)
    assert order == list(BY_NAME.values())
    assert order[0] is Window.GAME_SETUP and order[1] is Window.TURN_START
    base = [w for w in order if w in vars(Window).values()]
    assert order[: len(base)] == base, "a module's window came before a base one"
    assert order.index(TECH_COMPLETED) < order.index(LUCRE_PAID)  # techs register before lucre
    steps = [w for w in order if w.kind is WindowKind.STEP]
    assert steps.index(Window.REVEAL_START) < steps.index(Window.RESOLUTION_START)


def test_a_window_read_off_the_class_is_a_plain_attribute() -> None:
    assert vars(Window)["TURN_START"] is Window.TURN_START is Windows.TURN_START
    metaclass = type(Window)
    assert "__getattr__" not in vars(metaclass) and "__getattribute__" not in vars(metaclass)


@pytest.mark.parametrize("window", [Window.TURN_START, Window.RESPONSE_ZAP, TECH_COMPLETED])
def test_a_window_pickled_or_copied_comes_back_as_itself(window: Window) -> None:
    assert pickle.loads(pickle.dumps(window)) is window
    assert copy.deepcopy({"w": window})["w"] is window
    assert copy.copy(window) is window
    assert {window: 1}[BY_NAME[window.value]] == 1


def test_a_window_has_its_name_phase_kind_and_doc() -> None:
    window = Window.REGROUP_RETRIEVE
    assert (window.value, window.phase, window.kind) == (
        "regroup.retrieve",
        "regroup",
        WindowKind.EVENT,
    )
    assert window.doc and repr(window) == "Window('regroup.retrieve')"


def test_a_second_window_of_a_known_name_is_refused() -> None:
    with pytest.raises(WindowError, match=r"two windows are named 'turn\.start'"):
        declare(Window("turn.start", WindowKind.STEP, "again"))
    assert declare(Window.TURN_START) is Window.TURN_START  # the same window again is harmless


@pytest.fixture
def scratch() -> Iterator[None]:
    """Undo what a scratch module registers: its name, windows and card kinds."""
    windows, kinds = dict(BY_NAME), list(CARD_KINDS)
    yield
    MODULES.pop("scratch", None)
    BY_NAME.clear()
    BY_NAME.update(windows)
    CARD_KINDS[:] = kinds
    extension._DECLARED.clear()


@pytest.mark.usefixtures("scratch")
def test_a_registered_module_adds_its_windows_and_card_kinds() -> None:
    ringing = Window("scratch.rang", WindowKind.EVENT, "a bell has just rung")
    register(RulesModule("scratch", "", steps={}, windows=(ringing,), card_kinds=("bell",)))
    assert BY_NAME["scratch.rang"] is ringing and list(Window)[-1] is ringing
    assert CARD_KINDS[-1] == "bell" and "bell" in extension.dealt_kinds()


@pytest.mark.usefixtures("scratch")
def test_a_module_may_not_declare_a_window_another_declares() -> None:
    again = Window("lucre.paid", WindowKind.EVENT, "lucre is paid")
    with pytest.raises(
        ExtensionError, match=r"declares the window 'lucre\.paid', but another window"
    ):
        register(RulesModule("scratch", "", steps={}, windows=(again,), card_kinds=("bell",)))
    assert "scratch" not in MODULES and BY_NAME["lucre.paid"] is LUCRE_PAID
    assert "bell" not in CARD_KINDS
    twice = (
        Window("scratch.rang", WindowKind.EVENT, "a"),
        Window("scratch.rang", WindowKind.EVENT, "b"),
    )
    with pytest.raises(ExtensionError, match=r"declares the window 'scratch\.rang'"):
        register(RulesModule("scratch", "", steps={}, windows=twice))
    assert "scratch.rang" not in BY_NAME


def test_a_module_noun_is_registered_by_the_module() -> None:
    assert NOUNS["lucre"].category == "measure" and NOUNS["essence card"].meaning == "essence"
    assert NOUNS["help"].category == "thing"
