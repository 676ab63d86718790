"""Link: compiled packs in, one CardSet and the cross-card diagnostics out."""

from __future__ import annotations

from pathlib import Path

from cards import BUNDLED
from compiler import diagnostics as d
from compiler.pipeline.linker import link
from compiler.pipeline.project import Pack, Sources, load_pack

VIRUS = (BUNDLED / "base" / "alien" / "virus.yaml").read_text(encoding="utf-8")
VIRUS_FLARE = (BUNDLED / "base" / "flare" / "virus-flare.yaml").read_text(encoding="utf-8")


def alien(card_id: str, name: str = "Germ") -> str:
    return VIRUS.replace("id: virus", f"id: {card_id}").replace("name: Virus", f"name: {name}")


def flare(card_id: str, alien_id: str) -> str:
    return VIRUS_FLARE.replace("id: virus-flare", f"id: {card_id}").replace(
        "alien: virus", f"alien: {alien_id}"
    )


def pack(root: Path, manifest: str, cards: dict[str, str]) -> Pack:
    """A pack folder written under `root` (manifest text, {kind/id: card text}) and loaded."""
    pack_id = manifest.split("id: ", 1)[1].split("\n", 1)[0]
    folder = root / f"{pack_id}-{len(list(root.glob('*')))}"
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(manifest, "utf-8")
    for name, text in cards.items():
        (folder / f"{name}.yaml").parent.mkdir(parents=True, exist_ok=True)
        (folder / f"{name}.yaml").write_text(text, "utf-8")
    loaded = load_pack(folder, None, Sources())
    assert not [x for x in loaded.diagnostics if x.is_error], loaded.diagnostics
    assert all(f.card is not None for f in loaded.files), [f.diagnostics for f in loaded.files]
    return loaded


def manifest(pack_id: str, extra: str = "") -> str:
    return f'id: {pack_id}\nname: {pack_id.title()}\nversion: "1"\n{extra}'


def codes(diags: list[d.Diagnostic]) -> list[str]:
    return [x.code.id for x in diags]


def test_cards_of_every_pack_end_up_in_one_card_set(tmp_path: Path) -> None:
    one = pack(
        tmp_path,
        manifest("one"),
        {"alien/germ": alien("germ"), "flare/germ-flare": flare("germ-flare", "germ")},
    )
    two = pack(
        tmp_path,
        manifest("two"),
        {"alien/mold": alien("mold", "Mold"), "flare/mold-flare": flare("mold-flare", "mold")},
    )
    cards, diags = link([one, two])
    assert diags == []
    assert sorted(cards.cards) == ["germ", "germ-flare", "mold", "mold-flare"]
    assert cards.cards["mold"].pack == "two"
    assert sorted(cards.packs) == ["one", "two"]


def test_a_card_id_used_twice_is_reported_at_the_second_file(tmp_path: Path) -> None:
    one = pack(
        tmp_path,
        manifest("one"),
        {"alien/germ": alien("germ"), "flare/germ-flare": flare("germ-flare", "germ")},
    )
    two = pack(tmp_path, manifest("two"), {"alien/germ": alien("germ", "Other Germ")})
    cards, diags = link([one, two])
    assert codes(diags) == ["E400"]
    assert diags[0].span.path.endswith("alien/germ.yaml") and "two-" in diags[0].span.path
    assert diags[0].span.line == 1
    assert cards.cards["germ"].name == "Germ"  # the first one stays


def test_an_override_replaces_the_card_of_the_pack_it_requires(tmp_path: Path) -> None:
    base = pack(
        tmp_path,
        manifest("one"),
        {"alien/germ": alien("germ"), "flare/germ-flare": flare("germ-flare", "germ")},
    )
    mod = pack(
        tmp_path,
        manifest("mod", "requires: [one]\noverrides: [germ]\n"),
        {"alien/germ": alien("germ", "Better Germ")},
    )
    for order in ([base, mod], [mod, base]):  # packs are linked after the packs they require
        cards, diags = link(order)
        assert diags == []
        assert (cards.cards["germ"].name, cards.cards["germ"].pack) == ("Better Germ", "mod")


def test_an_override_of_a_card_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    mod = pack(tmp_path, manifest("mod", "overrides: [nothing]\n"), {})
    _, diags = link([mod])
    assert codes(diags) == ["E406"]
    assert "overrides 'nothing'" in diags[0].message
    assert (diags[0].span.line, diags[0].span.column) == (4, 13)  # the item under overrides:


def test_a_missing_required_pack_is_reported_with_a_suggestion(tmp_path: Path) -> None:
    one = pack(tmp_path, manifest("germs"), {})
    two = pack(tmp_path, manifest("two", "requires: [germ]\n"), {})
    _, diags = link([one, two])
    assert codes(diags) == ["E403"]
    assert diags[0].hint is not None and "'germs'" in diags[0].hint


def test_a_second_pack_with_the_same_id_is_reported_and_its_cards_left_out(tmp_path: Path) -> None:
    one = pack(
        tmp_path,
        manifest("one"),
        {"alien/germ": alien("germ"), "flare/germ-flare": flare("germ-flare", "germ")},
    )
    again = pack(tmp_path, manifest("one"), {"alien/mold": alien("mold", "Mold")})
    cards, diags = link([one, again])
    assert codes(diags) == ["E400"] and "two packs share the id 'one'" in diags[0].message
    assert "mold" not in cards.cards


def test_a_flare_of_an_unknown_alien_is_reported_with_a_suggestion(tmp_path: Path) -> None:
    one = pack(
        tmp_path,
        manifest("one"),
        {"alien/germ": alien("germ"), "flare/germ-flare": flare("germ-flare", "germs")},
    )
    _, diags = link([one])
    assert sorted(codes(diags)) == ["E401", "W405"]  # and so the alien has no flare
    missing = next(x for x in diags if x.code.id == "E401")
    assert missing.hint is not None and "'germ'" in missing.hint
    assert missing.span.path.endswith("germ-flare.yaml") and missing.span.line == 4


def test_an_alien_without_a_flare_is_a_warning(tmp_path: Path) -> None:
    _, diags = link([pack(tmp_path, manifest("one"), {"alien/germ": alien("germ")})])
    assert codes(diags) == ["W405"] and not diags[0].is_error


def test_a_card_requiring_an_undeclared_option_is_refused(tmp_path: Path) -> None:
    needy = alien("germ").replace("kind: alien", "kind: alien\nrequires: [lucer]")
    one = pack(
        tmp_path,
        manifest("one", "options:\n  - name: lucre\n    default: false\n    doc: money\n"),
        {"alien/germ": needy, "flare/germ-flare": flare("germ-flare", "germ")},
    )
    _, diags = link([one])
    assert codes(diags) == ["E407"]
    assert diags[0].hint is not None and "'lucre'" in diags[0].hint


def test_a_card_may_require_a_base_option_and_a_misspelt_one_is_offered_it(tmp_path: Path) -> None:
    fine = alien("germ").replace("kind: alien", "kind: alien\nrequires: [use_flares]")
    typo = alien("mold", "Mold").replace("kind: alien", "kind: alien\nrequires: [use_flare]")
    one = pack(
        tmp_path,
        manifest("one"),
        {
            "alien/germ": fine,
            "flare/germ-flare": flare("germ-flare", "germ"),
            "alien/mold": typo,
            "flare/mold-flare": flare("mold-flare", "mold"),
        },
    )
    _, diags = link([one])
    assert codes(diags) == ["E407"] and "'mold'" in diags[0].message
    assert diags[0].hint is not None and "'use_flares'" in diags[0].hint


def test_an_option_default_outside_its_range_is_refused(tmp_path: Path) -> None:
    options = (
        "options:\n  - name: rounds\n    default: 9\n    min: 1\n    max: 5\n    doc: rounds\n"
    )
    _, diags = link([pack(tmp_path, manifest("one", options), {})])
    assert codes(diags) == ["E407"]
    assert diags[0].message == "option 'rounds' defaults to 9, outside 1 to 5"
