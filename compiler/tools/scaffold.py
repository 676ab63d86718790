"""Starting files for pack authors: a pack id or card id in, the text of files that validate clean
(and scenarios that pass at once) out. `cosmic new` writes them; the author then edits them."""

from __future__ import annotations

from compiler.pipeline.scenario_files.file_schema import ID_PATTERN

# Every scenario starts the same encounter: red attacks blue's planet 1 with one ship, attack 08
# against attack 06 (blue has its 4 ships there): totals 9 and 10 before any card acts.
ENCOUNTER_ANSWERS = """\
  - red launch.planet: blue planet 1
  - red launch.ships: [red planet 1]
  - red alliance.invite: []
  - blue alliance.invite: []
  - red planning.select: attack 08
  - blue planning.select: attack 06
"""

PRE_COMMIT_CONFIG = """\
# Checks the pack's cards and scenarios before each commit (https://pre-commit.com).
repos:
  - repo: local
    hooks:
      - id: cosmic-validate
        name: cosmic validate
        entry: cosmic validate --skip-outside-packs
        language: system
        files: \\.ya?ml$
        exclude: (^|/)\\.
        pass_filenames: true
        require_serial: true
"""


def title(card_id: str) -> str:
    return " ".join(word.capitalize() for word in card_id.split("-"))


def manifest(pack_id: str) -> str:
    return (
        f"id: {pack_id}\n"
        f"name: {title(pack_id)}\n"
        'version: "0.1.0"\n'
        "description: Describe what the pack adds.\n"
        "requires: [base]\n"
    )


def readme(pack_id: str) -> str:
    return f"""\
# {title(pack_id)}

A pack of cards for the cosmic-rules engine. Describe here what it adds.

```sh
cosmic validate .                     # check every card and scenario
cosmic test .                         # run the scenarios
cosmic simulate --pack . --games 100  # play games with the pack's aliens among the others
cosmic explain --pack . CARD-ID       # a card's compiled hooks
cosmic render .                       # the pack's rules text, written from the cards
```

Cards live in one file each, `<kind>/<id>.yaml`; scenarios in `scenarios/`. Add more with
`cosmic new alien|flare|edict|artifact|scenario ID --pack .`.
"""


def alien(card_id: str) -> str:
    return f"""\
id: {card_id}
kind: alien
name: {title(card_id)}
alert: green
summary: Adds to its total
text: As a main player, add 3 to your total.
powers:
  - name: Reach
    when: reveal.totals
    as: main player
    use: mandatory
    do: add 3 to your total
"""


def flare(alien_id: str) -> str:
    return f"""\
id: {alien_id}-flare
kind: flare
name: {title(alien_id)} Flare
alien: {alien_id}
text: >-
  Wild: as a main player, add 2 to your total. Super: as a main player, add 6 to your total.
wild:
  when: reveal.totals
  as: main player
  do: add 2 to your total
super:
  when: reveal.totals
  as: main player
  do: add 6 to your total
"""


def played_card(card_id: str, kind: str) -> str:
    """An artifact or an edict: the offense plays it at the start of its encounter."""
    return f"""\
id: {card_id}
kind: {kind}
name: {title(card_id)}
text: Play at the start of one of your encounters. Draw two cards.
play:
  when: regroup.start
  as: offense
  do: draw 2 cards
"""


def alien_scenario(alien_id: str) -> str:
    return f"""\
name: {title(alien_id)} adds 3 to its total as a main player
covers: [{alien_id}]
setup: {{players: 3, aliens: [{alien_id}, none, none]}}
start:
  offense: red
  destiny: blue
  hands: {{red: [attack-08, negotiate], blue: [attack-06, negotiate], purple: []}}
answers:
{ENCOUNTER_ANSWERS}auto: [ships.place]
expect:
  outcome: offense
  totals: [12, 10]
"""


def flare_scenario(alien_id: str) -> str:
    return f"""\
name: {title(alien_id)} Flare (wild) adds 2 to the total of the player who plays it
covers: [{alien_id}-flare]
setup:
  players: 3
  aliens: [none, none, none]
  options: {{flares_in_deck: 60}}
start:
  offense: red
  destiny: blue
  hands: {{red: [{alien_id}-flare, attack-08, negotiate], blue: [attack-06, negotiate], purple: []}}
answers:
{ENCOUNTER_ANSWERS}  - red card.play: {title(alien_id)} Flare (wild)
auto: [card.play, ships.place]
expect:
  outcome: offense
  totals: [11, 10]
"""


def played_card_scenario(card_id: str) -> str:
    return f"""\
name: {title(card_id)} lets the offense draw two cards
covers: [{card_id}]
setup: {{players: 3, aliens: [none, none, none]}}
start:
  offense: red
  destiny: blue
  hands: {{red: [{card_id}, attack-08, negotiate], blue: [attack-06, negotiate], purple: []}}
answers:
  - red card.play: {title(card_id)}
{ENCOUNTER_ANSWERS}auto: [card.play, ships.place]
expect:
  outcome: defense
  hand size: {{red: 3}}
  log: ["plays {title(card_id)}"]
"""


def scenario(name: str) -> str:
    return f"""\
name: {title(name)}
covers: []
setup: {{players: 3, aliens: [none, none, none]}}
start:
  offense: red
  destiny: blue
  hands: {{red: [attack-08, negotiate], blue: [attack-06, negotiate], purple: []}}
answers:
{ENCOUNTER_ANSWERS}auto: [card.play, ships.place]
expect:
  outcome: defense
  totals: [9, 10]
"""


def files_for(kind: str, card_id: str) -> dict[str, str]:
    """The files `cosmic new KIND ID` adds to a pack, by path inside the pack."""
    if kind == "alien":
        return {
            f"alien/{card_id}.yaml": alien(card_id),
            f"flare/{card_id}-flare.yaml": flare(card_id),
            f"scenarios/alien-{card_id}.yaml": alien_scenario(card_id),
            f"scenarios/flare-{card_id}.yaml": flare_scenario(card_id),
        }
    if kind == "flare":  # card_id names the alien the flare belongs to
        return {
            f"flare/{card_id}-flare.yaml": flare(card_id),
            f"scenarios/flare-{card_id}.yaml": flare_scenario(card_id),
        }
    if kind in ("artifact", "edict"):
        return {
            f"{kind}/{card_id}.yaml": played_card(card_id, kind),
            f"scenarios/{kind}-{card_id}.yaml": played_card_scenario(card_id),
        }
    if kind == "scenario":
        return {f"scenarios/{card_id}.yaml": scenario(card_id)}
    raise ValueError(f"no template for '{kind}'")


def pack_files(pack_id: str, alien_id: str) -> dict[str, str]:
    """A new pack: manifest, README, pre-commit config, an example alien with its flare, and a
    scenario for each."""
    return {
        "pack.yaml": manifest(pack_id),
        "README.md": readme(pack_id),
        ".pre-commit-config.yaml": PRE_COMMIT_CONFIG,
        **files_for("alien", alien_id),
    }


__all__ = ["ID_PATTERN", "files_for", "pack_files"]
