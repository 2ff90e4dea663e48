"""An aura's harm and saving throw (spec/mechanics-3 1.265, 1.268, 1.269, 1.274) on Marinara's
5e package as it ships (tests/combat/srd_kit.py), with three of its bestiary's creatures
vendored verbatim in tests/data/upstream/5e-srd/catalogs/creatures.json: the balor, the
basilisk and the pit fiend.

Each of the three carries its aura only as text (a `traits` entry); the upstream entries have
no `keepsOn` and the package no condition for it. So the test writes the condition each trait
describes, in the package format, and gives the creature `keepsOn` (1.263):

- Fire Aura (balor: "At the start of each of the balor's turns, each creature within 5 feet
  of it takes 10 (3d6) fire damage"): `fire_aura`, an aura of 5 feet on `all` with
  `harms {dice: "3d6", type: "fire"}` and no conditions (1.265).
- Petrifying Gaze (basilisk: "If a creature starts its turn within 30 ft. of the basilisk and
  the two of them can see each other ... a DC 12 Constitution saving throw ... On a failed
  save, the creature magically begins to turn to stone and is restrained. It must repeat
  the saving throw at the end of its next turn"): `petrifying_gaze`, 30 feet on `all`, a
  `seen` Constitution save at DC 12 applying the package's `restrained` until a Constitution
  save at the end of the turn.
- Fear Aura (pit fiend: "Any creature hostile to the pit fiend that starts its turn within 20
  feet ... a DC 21 Wisdom saving throw ... frightened until the start of its next turn. If a
  creature's saving throw is successful, the creature is immune to the pit fiend's Fear
  Aura"): `fear_aura`, 20 feet on `enemies`, a Wisdom save at DC 21 applying `frightened`
  for one round counted at the start of the turn, `immuneOnSuccess`.

Brom is srd_kit's level-3 fighter (28 hit points, Constitution save + 4, Wisdom 10); `sage`
gives him Wisdom 18 and proficiency in Wisdom saves (+ 4 + 2 = + 6) for the Fear Aura.

Attribution: SRD 5.1 by Wizards of the Coast LLC, CC-BY-4.0 (tests/data/upstream/SOURCES.md).
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import zones_kit as ZK
from tests.combat.kit import add_condition, foe
from tests.combat.srd_kit import brom, entry, mira, srd_package
from tests.combat.test_remaining_health import spell

FIRE_AURA = {"auras": [{"distance": 5, "side": "all", "harms": {"dice": "3d6", "type": "fire"}}]}
PETRIFYING_GAZE = {"auras": [{"distance": 30, "side": "all", "save": {
    "save": "con_save", "difficulty": 12, "seen": True,
    "applies": [{"condition": "restrained", "duration": "until-save", "saveEnds": {"save": "con_save", "at": "turn-end"}}]}}]}
FEAR_AURA = {"auras": [{"distance": 20, "side": "enemies", "save": {
    "save": "wis_save", "difficulty": 21, "immuneOnSuccess": True,
    "applies": [{"condition": "frightened", "duration": {"rounds": 1, "at": "turn-start"}}]}}]}

#: Each creature's aura: (creature id, condition id, label, the condition's rule).
AURAS = {"balor": ("fire_aura", "Fire Aura", FIRE_AURA), "basilisk": ("petrifying_gaze", "Petrifying Gaze", PETRIFYING_GAZE),
         "pit-fiend": ("fear_aura", "Fear Aura", FEAR_AURA)}


def package(**changed: dict[str, Any]) -> dict[str, Any]:
    """The shipped package with the three aura conditions kept on their creatures; `changed`
    replaces a creature's aura rule (by creature id, dashes as underscores: `pit_fiend`)."""
    pkg = srd_package()
    for creature, (cid, label, rule) in AURAS.items():
        add_condition(pkg, cid, label, **copy.deepcopy(changed.get(creature.replace("-", "_"), rule)))
        entry(pkg, "creatures", creature)["creature"]["keepsOn"] = [cid]
    return pkg


def sage() -> dict[str, Any]:
    """Brom with Wisdom 18 and proficient Wisdom saves: + 4 + 2 = + 6."""
    out = brom()
    out["sheet"]["abilities"]["wis"] = 18
    out["sheet"]["saves"]["wis_save"] = "proficient"
    return out


#: An Antipathy-like spell (mechanics-3 1.270, 1.274; the 5e sample has no Antipathy, so the
#: test writes it): the target holds `loathed`, whose aura (60 feet, all) frightens whoever
#: fails a Wisdom save at the caster's spell save DC, 8 when nobody cast it.
LOATHED = {"auras": [{"distance": 60, "side": "all", "save": {
    "save": "wis_save", "difficulty": 8, "appliedDifficulty": True,
    "applies": [{"condition": "frightened", "duration": {"rounds": 1, "at": "turn-start"}}]}}]}
LOATHING = {"kind": "debuff", "range": 60, "targets": "enemy", "cost": [{"pool": "slots_1", "amount": 1}],
            "applies": [{"condition": "loathed", "duration": {"rounds": 10}}]}


def loathing(applied: bool = True) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]], list[int]]:
    """(package, party, foes, dice): Mira on 0, 0 with Loathing, Brom on 2, 2, the goblin on
    6, 2 (health 2d6: 4 + 4); initiative Mira 15 + 2, Brom 10 + 1, the goblin 2 + 2; then 12
    for Brom's Wisdom save. Without `applied`, the aura's save has no `appliedDifficulty`."""
    pkg = package()
    loathed = copy.deepcopy(LOATHED)
    if not applied:
        del loathed["auras"][0]["save"]["appliedDifficulty"]
    add_condition(pkg, "loathed", "Loathed", **loathed)
    spell(pkg, "loathing", "Loathing", 1, LOATHING)
    party = [mira(("loathing", "Loathing", 1)) | {"position": [0, 0]}, brom() | {"position": [2, 2]}]
    return pkg, party, [foe("goblin", position=[6, 2])], [4, 4, 15, 10, 2, 12] + [4] * 12


#: The bard's Countercharm (the features catalog's entry; its text: "you and any friendly
#: creatures within 30 feet of you have advantage on saving throws against being frightened
#: or charmed. A creature must be able to hear you"): the entry has no mechanics upstream, so
#: the test gives it `keepsOn` (the performance begun before the fight) and writes the kept
#: condition: an aura of 30 feet on allies and the bard, `needs: ["hearing"]`, spreading
#: `countercharmed` (advantage on saves). Silence is the package's own (vendored; it has no
#: zone upstream, so tests/combat/zones_kit.py gives it the spec's; a 5-foot burst here), its
#: `inside` putting the package's deafened on whoever stands in it, written with
#: `lacks: ["hearing"]` (the package's deafened has no combat rule).
COUNTERCHARM = {"auras": [{"distance": 30, "side": "allies", "self": True, "needs": ["hearing"],
                           "conditions": ["countercharmed"]}]}


def countercharm(needs: bool = True) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]], list[int]]:
    """(package, party, foes, dice): Ilsa the bard on 0, 2 with Silence, Brom on 2, 2, the
    Cinder Hound on 11, 2 (health 5d8: 5 x 5 = 25); initiative Ilsa 20 + 3, Brom 10 + 1, the
    hound 1 + 1."""
    aura = copy.deepcopy(COUNTERCHARM)
    if not needs:
        del aura["auras"][0]["needs"]
    pkg = ZK.silence_package({**ZK.SILENCE["mechanics"]["zone"], "inside": {"conditions": ["deafened"]}})
    entry(pkg, "spells", "silence")["mechanics"]["area"]["size"] = 5
    pkg["combat"]["conditions"].append({"condition": "deafened", "lacks": ["hearing"]})
    add_condition(pkg, "countercharm", "Countercharm", **aura)
    add_condition(pkg, "countercharmed", "Countercharmed", modifiers=[{"to": "saves", "mode": "advantage"}])
    entry(pkg, "features", "bard-countercharm")["mechanics"] = {"kind": "utility", "keepsOn": ["countercharm"]}
    bard = ZK.ilsa([0, 2], ("silence", "Silence", 2))
    bard["sheet"]["lists"]["features"] = [{"name": "Countercharm", "_catalog": "features/bard-countercharm"}]
    return pkg, [bard, brom() | {"position": [2, 2]}], ZK.foes(hound=[11, 2]), [5] * 5 + [20, 10, 1] + [4] * 12
