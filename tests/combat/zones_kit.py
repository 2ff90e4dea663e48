"""Lasting zones on a 5e board (tests/combat/test_board_zones.py and the capability guard's
zone probes): Marinara's 5e package (tests/data/upstream/5e-srd) with

- Moonbeam as the package ships it (2d10 radiant, a Constitution save for half, 120 feet,
  a 5-foot burst, concentration) and the spec's zone added (spec/mechanics-1 1.172, 1.173:
  10 rounds, `enter` and `turn-start`, moved with an action up to 60 feet);
- Spike Growth as the spec writes it (1.173: a 20-foot burst with no amount, no triggers, not
  at the cast, difficult terrain and 2d4 piercing for every 5 feet moved inside), with the
  SRD's range (150 feet) and duration (10 minutes: 100 rounds);
- the Thorn Lurker and the Cinder Hound of Marinara's 5e example
  (tests/data/upstream/ruleset-5e-2014.example.json), copied into the creatures catalog, with
  the example's contest checks (`might`: Athletics, `agility`: Acrobatics; the Lurker adds
  1 and 2) and escapes from a spell's hold (`ESCAPES`).

Ilsa is the 5e example party's Ilsa (tests/combat/fixtures/5e-party.json: level 3, Wisdom
14, Constitution 12) casting as a Wisdom caster with Mira's slots and Armor Class 12
(tests/combat/srd_kit.py): spell save DC 8 + 2 (proficiency) + 2 (Wisdom) = 12. 5 feet a
cell. Every turn is the test's (tests/combat/kit.py `foe`).
"""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.combat.kit import FIXTURES, UPSTREAM, foe
from tests.combat.srd_kit import entry, mira, spell_row, srd_package

EXAMPLE = json.loads((UPSTREAM / "ruleset-5e-2014.example.json").read_text())
ROWS = [".........."] * 4
BOARD = {"rows": ROWS}
MOONBEAM_ZONE = {"rounds": 10, "triggers": ["enter", "turn-start"], "move": {"budget": "action", "distance": 60}}
SPIKE_GROWTH = {"id": "spike-growth", "label": "Spike Growth", "mechanics": {
    "kind": "utility", "range": 150, "area": {"shape": "burst", "size": 20}, "concentration": True,
    "cost": [{"pool": "slots_2", "amount": 1}],
    "zone": {"rounds": 100, "triggers": [], "atCast": False, "terrain": {
        "difficult": True, "perDistance": {"every": 5, "amount": {"dice": "2d4"}, "damageType": "piercing"}}}}}


#: The SRD's Web (a 20-foot cube within 60 feet, a Dexterity save or restrained, escaped by a
#: Strength check against the spell's DC) as the spec writes its hold (1.174, 1.175); the hold
#: lasts while the concentration does (100 rounds at most: the SRD gives it no save to end it).
WEB = {"id": "web", "label": "Web", "mechanics": {
    "kind": "debuff", "range": 60, "area": {"shape": "box", "size": 20}, "concentration": True,
    "save": {"save": "dex_save", "onSuccess": "negates"}, "cost": [{"pool": "slots_2", "amount": 1}],
    "applies": [{"condition": "restrained", "duration": {"rounds": 100}, "escapeDc": "save", "escapeChecks": ["might"]}],
    "zone": {"rounds": 600, "triggers": ["enter", "turn-start"]}}}
#: The 5e example's contest checks, and an escape from a spell's hold shaped on its own
#: "Escape a grapple" (`from.escapable`: only a hold with an `escapeDc`), for restrained and for
#: petrified.
ESCAPES = [{"id": f"tear_{held}", "label": f"Break free ({held})", "budget": "action",
            "attacker": {"checks": ["might", "agility"]}, "defender": {"checks": ["might"]},
            "from": {"holding": held, "escapable": True},
            "onWin": {"ends": [{"condition": held, "on": "actor"}]}} for held in ("restrained", "petrified")]


def example_creature(eid: str) -> dict[str, Any]:
    cat = next(c for c in EXAMPLE["catalogs"] if c["id"] == "creatures")
    return copy.deepcopy(next(e for e in cat["entries"] if e["id"] == eid))


def package(*, zone: dict[str, Any] | None = MOONBEAM_ZONE, spike: dict[str, Any] | None = None,
            web_hold: dict[str, Any] | None = None, escapable: bool = True) -> dict[str, Any]:
    """The package; `zone` is Moonbeam's (None: Moonbeam as shipped), `spike` replaces
    Spike Growth's zone, `web_hold` Web's `applies` item; `escapable: False` leaves
    `from.escapable` off the escapes."""
    pkg = srd_package()
    creatures = next(c for c in pkg["catalogs"] if c["id"] == "creatures")
    creatures["entries"] += [example_creature("thorn-lurker"), example_creature("cinder-hound")]
    if zone is not None:
        entry(pkg, "spells", "moonbeam")["mechanics"]["zone"] = copy.deepcopy(zone)
    spikes = copy.deepcopy(SPIKE_GROWTH)
    if spike is not None:
        spikes["mechanics"]["zone"] = spike
    web = copy.deepcopy(WEB)
    if web_hold is not None:
        web["mechanics"]["applies"] = [web_hold]
    next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"] += [spikes, web, copy.deepcopy(SPIRIT_GUARDIANS)]
    pkg["combat"]["checks"] = copy.deepcopy(EXAMPLE["combat"]["checks"])
    pkg["combat"]["contests"] = copy.deepcopy(ESCAPES)
    if not escapable:
        for contest in pkg["combat"]["contests"]:
            del contest["from"]["escapable"]
    return pkg


def ilsa(at: list[int], *more: tuple[str, str, int]) -> dict[str, Any]:
    """Ilsa on `at` with Moonbeam, Spike Growth and Web, and the spell rows `more`."""
    sheet_of = next(m for m in json.loads((FIXTURES / "5e-party.json").read_text()) if m["name"] == "Ilsa")
    member = mira(spellcasting_ability="wis", slots_max_3=1, slots_max_7=1)
    member["name"] = "Ilsa"
    member["sheet"]["abilities"] = dict(sheet_of["sheet"]["abilities"])
    member["sheet"]["lists"]["spells"] = [spell_row("moonbeam", "Moonbeam", 2),
                                          spell_row("spike-growth", "Spike Growth", 2), spell_row("web", "Web", 2),
                                          *(spell_row(*row) for row in more)]
    return member | {"position": at}


#: The SRD's Spirit Guardians (a 15-foot radius around the caster, 3d8 radiant, a Wisdom save
#: for half, concentration, 10 minutes) as the spec writes its zone (1.172, 1.175): carried by
#: its caster, sparing her side, affecting on `enter` and `turn-start`, nothing as it appears;
#: the SRD's speed-halving terrain is `halvesSpeed`.
SPIRIT_GUARDIANS = {"id": "spirit-guardians", "label": "Spirit Guardians", "mechanics": {
    "kind": "attack", "range": 0, "area": {"shape": "burst", "size": 15}, "friendlyFire": False,
    "amount": {"dice": "3d8"}, "damageType": "radiant", "save": {"save": "wis_save", "onSuccess": "half"},
    "concentration": True, "cost": [{"pool": "slots_3", "amount": 1}],
    "zone": {"rounds": 100, "anchor": "caster", "triggers": ["enter", "turn-start"], "atCast": False,
             "terrain": {"halvesSpeed": True}}}}

#: The 5e components (spec/mechanics-1 1.179).
COMPONENTS = [{"id": "verbal", "label": "Verbal"}, {"id": "somatic", "label": "Somatic"},
              {"id": "material", "label": "Material"}]
#: Cure Wounds' components as the SRD lists them (V, S).
CURE_COMPONENTS = ["verbal", "somatic"]

#: The SRD's Silence (a 20-foot sphere within 120 feet, concentration, 10 minutes) as the
#: spec writes its zone (1.179); `forbids` alone here (its `inside` is added where a test
#: plays it). A 2nd-level ritual: a slot as Ilsa's other 2nd-level spells.
SILENCE = {"id": "silence", "label": "Silence", "mechanics": {
    "kind": "utility", "range": 120, "area": {"shape": "burst", "size": 20}, "concentration": True,
    "cost": [{"pool": "slots_2", "amount": 1}],
    "zone": {"rounds": 100, "triggers": [], "atCast": False, "forbids": {"components": ["verbal"]}}}}


def silence_package(zone: dict[str, Any] | None = None) -> dict[str, Any]:
    """The package with the 5e components, Cure Wounds needing V and S as the SRD lists them
    (tests/combat/sight_kit.py's), and Silence (its zone replaced by `zone`)."""
    pkg = package()
    pkg["combat"]["components"] = copy.deepcopy(COMPONENTS)
    entry(pkg, "spells", "cure-wounds")["mechanics"]["components"] = list(CURE_COMPONENTS)
    # The package's own Silence (vendored as it ships: no zone), given the zone the spec's
    # shape writes for it.
    entry(pkg, "spells", "silence")["mechanics"]["zone"] = copy.deepcopy(zone if zone is not None else SILENCE["mechanics"]["zone"])
    return pkg


def foes(lurker: list[int] | None = None, hound: list[int] | None = None) -> list[dict[str, Any]]:
    out = []
    if lurker is not None:
        out.append(foe("thorn-lurker", position=lurker))
    if hound is not None:
        out.append(foe("cinder-hound", position=hound))
    return out


#: The SRD's Gust of Wind (a line 60 feet long and 10 feet wide from the caster, concentration,
#: 1 minute, a bonus action to turn it) as the spec writes its zone (1.182), with 2d10
#: bludgeoning and a Strength save for half in place of its push, so that what it covers
#: shows in the log as damage (its push as the SRD has it: test_zone_carried.py GUST_PUSH).
GUST = {"id": "gust-of-wind", "label": "Gust of Wind", "mechanics": {
    "kind": "attack", "range": 0, "area": {"shape": "line", "size": 60, "width": 10},
    "amount": {"dice": "2d10"}, "damageType": "bludgeoning", "save": {"save": "str_save", "onSuccess": "half"},
    "concentration": True, "cost": [{"pool": "slots_2", "amount": 1}],
    "zone": {"rounds": 10, "anchor": "caster", "triggers": ["enter", "turn-start"], "turn": {"budget": "bonus"}}}}


def gust_package(zone: dict[str, Any] | None = None) -> dict[str, Any]:
    """The package with Gust of Wind (its zone replaced by `zone`)."""
    pkg = package()
    gust = copy.deepcopy(GUST)
    if zone is not None:
        gust["mechanics"]["zone"] = zone
    next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"].append(gust)
    return pkg


#: The SRD's Flaming Sphere (a 5-foot sphere within 60 feet, 2d6 fire, a Dexterity save for
#: half, concentration, 1 minute, a bonus action to move it 30 feet and ram) as the spec
#: writes its zone (1.175).
FLAMING_SPHERE = {"id": "flaming-sphere", "label": "Flaming Sphere", "mechanics": {
    "kind": "attack", "range": 60, "area": {"shape": "burst", "size": 5}, "amount": {"dice": "2d6"},
    "damageType": "fire", "save": {"save": "dex_save", "onSuccess": "half"}, "concentration": True,
    "cost": [{"pool": "slots_2", "amount": 1}],
    "zone": {"rounds": 10, "triggers": ["turn-end"], "move": {"budget": "bonus", "distance": 30, "ram": True}}}}


def sphere_package(ram: bool = True) -> dict[str, Any]:
    """The package with Flaming Sphere (without `ram` when `ram` is False)."""
    pkg = package()
    sphere = copy.deepcopy(FLAMING_SPHERE)
    if not ram:
        del sphere["mechanics"]["zone"]["move"]["ram"]
    next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"].append(sphere)
    return pkg


#: The SRD's Delayed Blast Fireball (12d6 fire in a 20-foot radius within 150 feet, a Dexterity
#: save for half, concentration, 1 minute, 1d6 more at the end of each of the caster's turns,
#: set off by whoever touches the bead) as the spec writes its zone (1.183).
DELAYED_BLAST = {"id": "delayed-blast-fireball", "label": "Delayed Blast Fireball", "mechanics": {
    "kind": "attack", "range": 150, "area": {"shape": "burst", "size": 20}, "amount": {"dice": "12d6"},
    "damageType": "fire", "save": {"save": "dex_save", "onSuccess": "half"}, "concentration": True,
    "cost": [{"pool": "slots_7", "amount": 1}],
    "zone": {"rounds": 10, "detonates": True, "grows": {"dice": "1d6"}, "touched": True}}}


def blast_package(zone: dict[str, Any] | None = None) -> dict[str, Any]:
    """The package with Delayed Blast Fireball (its zone replaced by `zone`)."""
    pkg = package()
    blast = copy.deepcopy(DELAYED_BLAST)
    if zone is not None:
        blast["mechanics"]["zone"] = zone
    next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"].append(blast)
    return pkg
