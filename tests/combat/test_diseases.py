"""Diseases in a fight (mechanics-2 "Diseases (1.258)", mechanics-3 1.260 and 1.261): a
condition's `kinds`, a save that keeps count (`successes`, `failures` with `becomes`, the
`worsened` event), the saves rolled out when the fight ends, a cure or an immunity naming a
kind, `expires`, `onDamaged` and `curedOnlyBy`.

Package: tests/combat/test_cures.py's vendored 5e-srd. Upstream's Contagion entry is a
5th-level touch spell with a spell attack (`{"kind": "utility", "range": 0, "attackRoll":
true, "cost": [slots_5]}`, Pasta-Devs/Marinara-Agents packages/ruleset-5e-2014 spells.json
at 32c4a46); here it applies the spec's Contagion: an `until-save` condition with a
Constitution save at the end of each of the holder's turns, three each way, turning into
blinding sickness (both of kind "disease"). Mira (spell attack +5, save DC 13, one 5th-level
slot given) casts it on Brom (the level-2 fighter: Constitution 14, save + 2, AC 16, a
Longsword + 5, 1d8 + 3); one Goblin (2d6: 3 + 4 = 7 hit points, AC 15). Initiative Brom
10 + 1 = 11, Mira 18 + 2 = 20, the Goblin 5 + 2 = 7.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import test_cures as cures
from tests.combat.kit import Bout, add_condition, foe, ruleset
from tests.combat.srd_kit import entry, fighter, mira
from tests.combat.test_remaining_health import spell

CONTAGION = {"kind": "debuff", "range": 0, "targets": "any", "attackRoll": True,
             "applies": [{"condition": "contagion", "duration": "until-save",
                          "saveEnds": {"save": "con_save", "at": "turn-end", "successes": 3,
                                       "failures": {"count": 3, "becomes": "blinding_sickness"}}}],
             "cost": [{"pool": "slots_5", "amount": 1}]}
#: The spec's Lesser Restoration "one disease" (1.258).
ONE_DISEASE = {"kind": "utility", "range": 0, "targets": "ally",
               "ends": {"conditions": ["disease", "blinded", "deafened", "paralyzed", "poisoned"], "count": 1},
               "cost": [{"pool": "slots_2", "amount": 1}]}
START = [3, 4, 10, 18, 5]
OPTION = "ability:spells:contagion"


def package(**contagion_rule: Any) -> dict[str, Any]:
    pkg = cures.package()
    add_condition(pkg, "contagion", "Contagion", kinds=["disease"], **contagion_rule)
    add_condition(pkg, "blinding_sickness", "Blinding sickness", kinds=["disease"])
    add_condition(pkg, "divine_health", "Divine Health", conditionImmunities=["disease"])
    spell(pkg, "contagion", "Contagion", 5, CONTAGION)
    entry(pkg, "spells", "lesser-restoration")["mechanics"] = copy.deepcopy(ONE_DISEASE)
    return pkg


def caster() -> dict[str, Any]:
    return mira(("contagion", "Contagion", 5), ("lesser-restoration", "Lesser Restoration", 2), slots_max_5=1)


def bout(dice: list[int], pkg: dict[str, Any] | None = None) -> Bout:
    return Bout(ruleset(pkg or package()), [fighter(), caster()], [foe("goblin")], dice=START + dice)


def touched(dice: list[int], pkg: dict[str, Any] | None = None) -> Bout:
    """Mira's Contagion: 15 + 5 = 20 against Armor Class 16, a hit."""
    b = bout([15, *dice], pkg)
    b.choose("mira", OPTION, "brom")
    return b


def test_fail_fail_succeed_fail_sets_blinding_sickness_in_and_it_outlives_the_fight():
    """Brom's turn ends: 5 + 2 = 7 against 13, a failure (1 of 3). Round 2 his Longsword,
    15 + 5 = 20 against 15, 1d8 (5) + 3 = 8 drops the Goblin (7): the fight is over and his
    remaining saves are rolled out: 4 + 2 = 6 fails (2), 17 + 2 = 19 succeeds (1 of 3),
    3 + 2 = 5 fails (3): Contagion becomes blinding sickness, with no countdown, and stays."""
    b = touched([5, 15, 5, 4, 17, 3])
    assert b.who("brom").conditions[0].id == "contagion"
    out = b.choose("brom", "end-turn")
    assert out[:2] == ["Brom rolls a Constitution save to end Contagion: 5 + 2 = 7 against 13, a failure.",
                       "Brom has failed 1 of the 3 saves after which Contagion worsens."]
    b.choose("goblin", "end-turn")
    b.choose("mira", "end-turn")
    out = b.choose("brom", "attack:attacks:longsword", "goblin")
    tail = out[out.index(next(x for x in out if x.startswith("The fight is over"))):]
    assert tail[1:] == [
        "Brom rolls a Constitution save to end Contagion: 4 + 2 = 6 against 13, a failure.",
        "Brom has failed 2 of the 3 saves after which Contagion worsens.",
        "Brom rolls a Constitution save to end Contagion: 17 + 2 = 19 against 13, a success.",
        "Brom has made 1 of the 3 saves that end Contagion.",
        "Brom rolls a Constitution save to end Contagion: 3 + 2 = 5 against 13, a failure.",
        "Brom's Contagion worsens after 3 failed saves: Brom is Blinding sickness.",
    ]
    worsened = [e for e in b.state.events if e.kind == "condition" and e.data.get("worsened")]
    assert [(e.data["condition"], e.data["worsened"]) for e in worsened] == [("blinding_sickness", "contagion")]
    assert [h.id for h in b.who("brom").conditions] == ["blinding_sickness"]
    assert b.who("brom").sheet["live"]["conditions"] == ["blinding_sickness"]
    assert b.dice_left() == 0


def test_three_successes_shake_it_off():
    """Brom's turn end: 15 + 2 = 17, a success (1 of 3); the fight ends with the Goblin down
    (15 + 5 = 20 hits, 5 + 3 = 8): 18 + 2 = 20 (2), 12 + 2 = 14 (3): Contagion ends."""
    b = touched([15, 15, 5, 18, 12])
    b.choose("brom", "end-turn")
    b.choose("goblin", "end-turn")
    b.choose("mira", "end-turn")
    out = b.choose("brom", "attack:attacks:longsword", "goblin")
    assert out[-1] == "Brom is no longer Contagion: 3 saves end it."
    assert b.who("brom").conditions == []
    assert b.who("brom").sheet["live"].get("conditions", []) == []


def test_a_cure_naming_the_kind_ends_the_disease():
    """Lesser Restoration's "disease" ends Contagion (a condition of that kind), one name of
    its count of 1; Blinded, held too, stays."""
    b = touched([5, 4])
    b.put("brom", "blinded")
    b.choose("brom", "end-turn")
    b.choose("goblin", "end-turn")
    out = b.choose("mira", "ability:spells:lesser-restoration", "brom")
    assert "Brom is no longer Contagion: Mira's Lesser Restoration ends it." in out
    assert [h.id for h in b.who("brom").conditions] == ["blinded"]


def test_an_immunity_naming_the_kind_keeps_it_off():
    b = bout([15])
    b.put("brom", "divine_health")
    out = b.choose("mira", OPTION, "brom")
    assert "Brom is immune to Contagion while Divine Health." in out
    assert [h.id for h in b.who("brom").conditions] == ["divine_health"]


def test_expires_turns_it_into_another_when_its_countdown_runs_out():
    """A Contagion with a one-round countdown (its saves as before) and `expires`: at the
    end of Brom's turn the round runs out before the save, so it becomes blinding
    sickness (`worsened`) and no save is rolled."""
    pkg = package(expires={"becomes": "blinding_sickness"})
    apply = entry(pkg, "spells", "contagion")["mechanics"]["applies"][0]
    apply["duration"] = {"rounds": 1}
    del apply["saveEnds"]
    b = touched([], pkg)
    out = b.choose("brom", "end-turn")
    assert out[0] == "Brom's Contagion worsens as its time runs out: Brom is Blinding sickness."
    assert [h.id for h in b.who("brom").conditions] == ["blinding_sickness"]


def test_on_damaged_puts_its_conditions_on_at_each_damage():
    """Slimy Doom's stun: Contagion with `onDamaged` stuns Brom for a round when the
    Goblin's Scimitar hits him (d20 18 + 4 = 22 against 16, 1d6 (3) + 2 = 5)."""
    pkg = package(onDamaged={"applies": [{"condition": "stunned", "duration": {"rounds": 1}}]})
    b = touched([5, 18, 3], pkg)
    b.choose("brom", "end-turn")
    option = next(o for o in b.options("goblin") if o.startswith("action:"))
    out = b.choose("goblin", option, "brom")
    assert "Brom is Stunned for 1 round." in out


def test_cured_only_by_keeps_a_cure_of_another_level_from_removing_it():
    """`curedOnlyBy` spells at level 6 and up: Lesser Restoration (spells, a 2nd-level slot)
    still lands, but Contagion stays; at `minLevel` 2 it ends."""
    for min_level, left in ((6, ["contagion"]), (2, [])):
        b = touched([5, 4], package(curedOnlyBy={"catalogs": ["spells"], "minLevel": min_level}))
        b.choose("brom", "end-turn")
        b.choose("goblin", "end-turn")
        b.choose("mira", "ability:spells:lesser-restoration", "brom")
        assert [h.id for h in b.who("brom").conditions] == left
