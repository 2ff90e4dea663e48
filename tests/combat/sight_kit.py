"""Sight and senses on Marinara's 5e package (tests/combat/test_seeing.py and the capability
guard's sight probes): tests/combat/zones_kit.py's package (tests/data/upstream/5e-srd with the
5e example's Cinder Hound and Thorn Lurker) with the spec's sight (spec/mechanics-1 1.178,
1.180):

- `combat.sight`: `unseenAttacks` and `eyes: "sight"`; `combat.senses`: blindsight (a
  `blind` sense) and truesight;
- the package's Invisible made the spec's `"unseen": { "pierced": ["blindsight", "truesight"] }`
  (in place of its two attack effects, which the unseen rule now gives), and a Faerie Fire
  outline (`cancelsUnseen`);
- the SRD's Invisibility (2nd level, touch, concentration, "the spell ends for a target that
  attacks or casts a spell") as the spec writes its ending: `"endsWhenHolder": { "attacks":
  true, "casts": ["spells"] }`.

The capability guard's sight probes (tests/ruleset/guard_sight.py) change one piece at a time.

Ilsa is zones_kit's (the 5e example party's Ilsa, a Wisdom caster with Mira's slots, Armor
Class 12) with the party's Shortbow row (Dex 16: + 3, proficient at level 3: + 2, so + 5).
"""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.combat import zones_kit as ZK
from tests.combat.kit import FIXTURES, add_condition
from tests.combat.zones_kit import COMPONENTS, CURE_COMPONENTS
from tests.combat.srd_kit import spell_row

SIGHT = {"unseenAttacks": True, "eyes": "sight"}
SENSES = [{"id": "blindsight", "label": "Blindsight", "blind": True},
          {"id": "truesight", "label": "Truesight"}]
UNSEEN = {"unseen": {"pierced": ["blindsight", "truesight"]}}
OUTLINE = {"cancelsUnseen": True}
INVISIBILITY = {"id": "invisibility", "label": "Invisibility", "mechanics": {
    "kind": "buff", "targets": "ally", "range": 5, "concentration": True,
    "cost": [{"pool": "slots_2", "amount": 1}],
    "applies": [{"condition": "invisible", "duration": {"rounds": 600},
                 "endsWhenHolder": {"attacks": True, "casts": ["spells"]}}]}}


def package(*, sight: dict[str, Any] | None = SIGHT, senses: list[dict[str, Any]] | None = SENSES,
            invisible: dict[str, Any] | None = UNSEEN, outline: dict[str, Any] | None = OUTLINE,
            blinded: dict[str, Any] | None = None, sensing: dict[str, Any] | None = None,
            ends: dict[str, Any] | None = None) -> dict[str, Any]:
    """The package. Each argument replaces one piece (None leaves it off): `sight`
    (`combat.sight`), `senses` (`combat.senses`), `invisible` (what Invisible does, in place
    of the package's own attack effects), `outline` (what Outlined does), `blinded` (what
    Blinded does, in place of the package's own: None keeps it), `sensing` (a condition
    "Sensing", declared when given), `ends` (Invisibility's `endsWhenHolder`; `{}` drops it)."""
    pkg = ZK.package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    combat = pkg["combat"]
    if sight is not None:
        combat["sight"] = copy.deepcopy(sight)
    if senses is not None:
        combat["senses"] = copy.deepcopy(senses)
    conditions = combat["conditions"]
    replaced = {"invisible": invisible, "blinded": blinded}
    for cid, rule in replaced.items():
        if rule is not None or cid == "invisible":
            conditions[:] = [c for c in conditions if c["condition"] != cid]
            conditions.append({"condition": cid, **copy.deepcopy(rule or {})})
    add_condition(pkg, "outlined", "Outlined", **copy.deepcopy(outline or {}))
    if sensing is not None:
        add_condition(pkg, "sensing", "Sensing", **copy.deepcopy(sensing))
    spell = copy.deepcopy(INVISIBILITY)
    if ends is not None:
        apply = spell["mechanics"]["applies"][0]
        apply.pop("endsWhenHolder")
        if ends:
            apply["endsWhenHolder"] = ends
    next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"].append(spell)
    return pkg


def hound(pkg: dict[str, Any], **more: Any) -> dict[str, Any]:
    """The Cinder Hound's creature block in `pkg`, with `more` set on it (`senses`), for
    changing its Searing bite (`actions[0]`)."""
    block: dict[str, Any] = next(e for c in pkg["catalogs"] if c["id"] == "creatures"
                                 for e in c["entries"] if e["id"] == "cinder-hound")["creature"]
    block.update(copy.deepcopy(more))
    return block


def ilsa(at: list[int] | None = None, *, holds: list[str] | None = None) -> dict[str, Any]:
    """zones_kit's Ilsa with her Shortbow, Invisibility and Magic Missile, holding `holds`
    from the start."""
    member = ZK.ilsa(at or [0, 0])
    if at is None:
        member.pop("position")
    party = json.loads((FIXTURES / "5e-party.json").read_text())
    bow = next(m for m in party if m["name"] == "Ilsa")["sheet"]["lists"]["attacks"]
    member["sheet"]["lists"]["attacks"] = copy.deepcopy(bow)
    member["sheet"]["lists"]["spells"] += [spell_row("invisibility", "Invisibility", 2),
                                           spell_row("magic-missile", "Magic Missile", 1)]
    if holds:
        member["sheet"]["live"] = {"conditions": list(holds)}
    return member


#: A gag forbidding the verbal one of the 5e components (zones_kit.COMPONENTS).
GAG = {"forbids": {"components": ["verbal"]}}


def components_package(*, declared: bool = True, gag: dict[str, Any] | None = GAG,
                       cure: list[str] | None = CURE_COMPONENTS) -> dict[str, Any]:
    """The package with `combat.components` (unless `declared` is False), a condition
    "Gagged" doing `gag` (None: nothing), and Cure Wounds requiring `cure` (None: nothing)."""
    pkg = package()
    if declared:
        pkg["combat"]["components"] = copy.deepcopy(COMPONENTS)
    add_condition(pkg, "gagged", "Gagged", **copy.deepcopy(gag or {}))
    if cure is not None:
        spell = next(e for c in pkg["catalogs"] if c["id"] == "spells" for e in c["entries"] if e["id"] == "cure-wounds")
        spell["mechanics"]["components"] = list(cure)
    return pkg


def healer(holds: list[str] | None = None) -> dict[str, Any]:
    """Ilsa with Cure Wounds besides her other spells."""
    member = ilsa(holds=holds)
    member["sheet"]["lists"]["spells"].append(spell_row("cure-wounds", "Cure Wounds", 1))
    return member


#: A fear out of sight (spec/combat-1 `whileSourceInSight`, mechanics-3 1.275 `orSourceWithin`
#: and 1.277): the 5e example party's Brom (Longsword + 5: Str 16 + 3, proficient at level 3
#: + 2; 1d8 + 3) blinded from the start (Blinded only `lacks` sight, `combat.sight` only names
#: the eyes: no unseen-attack modes) against the 5e example's Grave Piper, whose Wailing note
#: (Wisdom save against 12; 2d4 psychic) makes him Frightened, and a Cinder Hound (Armor Class
#: 12) he swings at. Initiative: Brom 2 + 1 = 3, the Piper 15 + 2 = 17, the Hound 3 + 1 = 4.
FEAR_DICE = [5] * 6 + [5] * 5 + [2, 15, 3] + [3, 2, 4] + [17, 4] * 4
WAIL = {"actor": "grave-piper", "option": "action:wailing_note", "targets": ["brom"]}
SWING = {"actor": "brom", "option": "attack:attacks:longsword", "targets": ["cinder-hound"]}


def brom(at: list[int] | None = None, *, holds: list[str] | None = None) -> dict[str, Any]:
    """The 5e example party's Brom (at `at` on a board), holding `holds` from the start."""
    member: dict[str, Any] = copy.deepcopy(next(m for m in json.loads((FIXTURES / "5e-party.json").read_text())
                                                if m["name"] == "Brom"))
    if holds:
        member["sheet"]["live"] = {"conditions": list(holds)}
    return member | ({"position": at} if at is not None else {})


def fear_package(*, sight: bool = True, within: float | None = None) -> dict[str, Any]:
    """The package with the 5e example's Grave Piper; `sight: False` drops the package's own
    `whileSourceInSight` from Frightened; `within` sets its `orSourceWithin`."""
    pkg = package(sight={"eyes": "sight"}, blinded={"lacks": ["sight"]})
    next(c for c in pkg["catalogs"] if c["id"] == "creatures")["entries"].append(ZK.example_creature("grave-piper"))
    frightened = next(c for c in pkg["combat"]["conditions"] if c["condition"] == "frightened")
    if not sight:
        frightened.pop("whileSourceInSight")
    if within is not None:
        frightened["orSourceWithin"] = within
    return pkg


#: The SRD's Gem of Seeing (truesight out to 120 feet; its charges and action left out, read
#: as carried): an item's effect granting a sense (spec/mechanics-1 1.180).
GEM_OF_SEEING = {"id": "gem-of-seeing", "label": "Gem of Seeing", "summary": "Truesight out to 120 feet.",
                 "item": {"category": "wondrous", "rarity": "rare", "carried": {"senses": {"truesight": 120}}}}


def with_gear(pkg: dict[str, Any], *items: dict[str, Any]) -> dict[str, Any]:
    """`pkg` with an items catalog "gear" holding `items` (and the `items` block naming their
    one category and rarity)."""
    pkg["items"] = {"categories": [{"id": "wondrous", "label": "Wondrous item"}],
                    "rarities": [{"id": "rare", "label": "Rare"}]}
    pkg["catalogs"].append({"id": "gear", "label": "Gear", "holds": "items", "entries": copy.deepcopy(list(items))})
    return pkg


# A use allowed while surprised (mechanics-2 1.237 `ignoresSurpriseWith`) and a second
# first-round turn (1.238 `extraFirstTurn`): entries written from the SRD 5.1 text into the
# package's features catalog, in the shape of its own fighter features.


def feature(pkg: dict[str, Any], eid: str, label: str, mechanics: dict[str, Any]) -> dict[str, Any]:
    """Adds a feature entry with `mechanics` to the features catalog of `pkg`."""
    features = next(c for c in pkg["catalogs"] if c["id"] == "features")
    features["entries"].append({"id": eid, "label": label, "summary": label,
                                "rows": [{"list": "features", "values": {"name": label, "text": label}}],
                                "mechanics": mechanics})
    return pkg


#: Feral Instinct (SRD barbarian 7: "if you are surprised at the beginning of combat ... you
#: can act normally on your first turn, but only if you enter your rage before doing anything
#: else"), naming the package's own Second Wind in place of a rage the package does not have.
FERAL_INSTINCT = {"kind": "utility", "targets": "self", "ignoresSurpriseWith": "features/fighter-second-wind"}
#: Thief's Reflexes (SRD rogue thief 17: "two turns during the first round of any combat ...
#: your first turn at your normal initiative and your second turn at your initiative minus
#: 10. You can't use this feature when you are surprised").
THIEFS_REFLEXES = {"kind": "utility", "targets": "self", "extraFirstTurn": {"initiative": -10, "unlessSurprised": True}}


#: Hiding and searching (spec/mechanics-3 1.287) as the spec writes them for 5e: Stealth
#: against passive Perception (10 +), the verbal component noisy; the package's checks read
#: the sheet's Stealth and Perception skills (Ilsa Dex 16: + 3; Brom Dex 12: + 1, Wis 10: + 0),
#: and the Cinder Hound's own (Wis 12: Perception + 1, passive 11; Dex 13: Stealth + 1).
HIDING = {"stealth": "stealth", "perception": "perception", "noisy": ["verbal"]}
HIDING_CHECKS = [{"id": "stealth", "label": "Stealth", "value": {"skillMod": "stealth"}},
                 {"id": "perception", "label": "Perception", "value": {"skillMod": "perception"}}]
HOUND_CHECKS = {"perception": 1, "stealth": 1}


def hiding_package(*, hiding: dict[str, Any] | None = HIDING, search: bool = True) -> dict[str, Any]:
    """The package with `combat.hiding` (None leaves it off), the two checks, `search` among
    the standard actions (unless `search` is False) and the Hound's checks."""
    pkg = components_package()
    combat = pkg["combat"]
    combat["checks"] = [*combat.get("checks", []), *copy.deepcopy(HIDING_CHECKS)]
    if hiding is not None:
        combat["hiding"] = copy.deepcopy(hiding)
    if search and hiding is not None:
        combat["standard"] = [*combat["standard"], "search"]
    hound(pkg, checks=HOUND_CHECKS)
    return pkg


#: A wall (two cells, 1, 0 and 1, 1) between the party at the left and the Hounds at the right.
WALLED = {"rows": [".#........", ".#........", "..........", ".........."]}


#: The SRD's Fog Cloud (1st level, 120 feet, a 20-foot-radius sphere, heavily obscured,
#: concentration up to an hour, dispersed by a wind of 10 miles an hour or more), Darkness
#: (2nd level, 60 feet, a 15-foot radius, blindsight and truesight see through it; wind
#: leaves it alone) and Gust of Wind (2nd level, a line 60 feet long and 10 wide from the
#: caster, concentration up to a minute; it "disperses gas or vapor"), in the spec's shapes
#: (mechanics-1 1.178, mechanics-3 1.286).
FOG_CLOUD = {"id": "fog-cloud", "label": "Fog Cloud", "mechanics": {
    "kind": "utility", "range": 120, "area": {"shape": "burst", "size": 20}, "concentration": True,
    "cost": [{"pool": "slots_1", "amount": 1}],
    "zone": {"rounds": 600, "triggers": [], "obscures": {"dispersed": True}}}}
DARKNESS = {"id": "darkness", "label": "Darkness", "mechanics": {
    "kind": "utility", "range": 60, "area": {"shape": "burst", "size": 15}, "concentration": True,
    "cost": [{"pool": "slots_2", "amount": 1}],
    "zone": {"rounds": 100, "triggers": [], "obscures": {"pierced": ["blindsight", "truesight"]}}}}
GUST_OF_WIND = {"id": "gust-of-wind", "label": "Gust of Wind", "mechanics": {
    "kind": "utility", "range": 0, "area": {"shape": "line", "size": 60, "width": 10}, "concentration": True,
    "cost": [{"pool": "slots_2", "amount": 1}],
    "zone": {"rounds": 10, "triggers": [], "disperses": True}}}


def weather_package(*, fog: dict[str, Any] | None = None, light: bool = False) -> dict[str, Any]:
    """hiding_package with the three spells; `fog` replaces Fog Cloud's `obscures`; `light`
    makes it `{"light": true}` (dim light, as the Cape of the Mountebank's smoke)."""
    pkg = hiding_package()
    spells = [copy.deepcopy(FOG_CLOUD), copy.deepcopy(DARKNESS), copy.deepcopy(GUST_OF_WIND)]
    if fog is not None:
        spells[0]["mechanics"]["zone"]["obscures"] = fog
    if light:
        spells[0]["mechanics"]["zone"]["obscures"] = {"light": True}
    next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"] += spells
    return pkg


#: A 16 x 9 board, 5 feet a cell, open.
OPEN = {"rows": ["." * 16] * 9}
