"""The capability guard's probes for the board: zones, areas, auras, cover, obscurement, terrain, teleports, and the combat block's own keys (economy, initiative, threat, tiers)
(tests/ruleset/test_capability_guard.py merges them): a row here leaves `UNCOVERED`.

A key of an object only a refused key holds (a lasting zone's, an aura's, a teleport's, a
creature's charge) is refused with the key that holds it; the samples below are the
companions each such key's own rules want, so the package is refused for the holding key and
not for a missing companion."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.combat.kit import foe, juno_marsh, marsh
from tests.ruleset.capability_probes import ABSENT, SCENARIOS, FightProbe, Scenario

#: Played keys: a scripted fight built with and without the key (`FightProbe`).
PLAYED_PROBES: dict[str, FightProbe] = {}
#: Played keys put on the objects of a whole fight the Engine plays: (scenario, value).
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {
    # 5e's unarmed strike, as mechanics-2 writes it: a row every sheet gets in combat.
    "AttackList.always": ("marsh-bare-handed", [{"name": "Bare fist", "rolls": "might", "damage": "1d2", "harm": "bruise"}]),
    # Gravewatch's own trade skill column and a flat +2 on the 5e example's attacks (Archery).
    "AttackToHit.skill": ("gravewatch-combat", {"column": "trade"}),
    "AttackToHit.sheetBonus": ("5e-combat", {"value": {"const": 2}}),
    # Gravewatch's own limit on what one may spend a turn.
    "Combat.spendLimits": ("gravewatch", [{"pool": "resolve", "max": {"const": 1}, "per": "turn"}]),
    # Every knock turns into a tear (a non-zero `when` turns the rule on).
    "DamageKinds.remap": ("gravewatch", [{"when": {"const": 1}, "from": "knock", "to": "tear"}]),
}

_SHAKEN = {"condition": "shaken", "duration": {"rounds": 1}}

#: Refused keys: (value, companions) when the key's type alone gives no accepted value.
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {
    # A lasting zone (refused): damage dealt on entering, a growing or touched detonation,
    # a caster-anchored zone turned on the caster's turn.
    "Zone2.damageType": ("fire", {"triggers": ["enter"]}),
    "Zone2.grows": ({"flat": 1}, {"detonates": True}),
    "Zone2.touched": (True, {"detonates": True}),
    "Zone2.turn": ({"budget": "act"}, {"anchor": "caster"}),
    # An aura (refused with the condition's auras) that averts a seen save.
    "AuraSave.avert": (True, {"seen": True}),
    # A creature teleport (refused) that strikes on arrival.
    "Teleport.strike": ("bite", {}),
    # Rows of "attackRows" (refused): matched by item tags, or only while wielding.
    "AttackRowsRule.items": ({"tags": ["x"]}, {"abilities": ["brawn"]}),
    "AttackRowsRule.wielding": ({"only": {"names": ["x"]}}, {"names": ["Unarmed Strike"], "abilities": ["brawn"]}),
}
#: Refused values: (key, value, companions).
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {
    # An aura that spreads only harm (no conditions), on a condition (auras are refused).
    "Aura.conditions = 'left out'": ("conditions", ABSENT, {"harms": {"flat": 1}}),
    # A creature's charge (refused) applying five conditions.
    "Charge.applies = 'more than 4 items'": ("applies", [dict(_SHAKEN, condition=c) for c in
                                                         ("shaken", "charmed", "frightened", "prone", "stunned")],
                                             {"atLeast": 20}),
}


# ---------------------------------------------------------------------------
# the golden fights, with the combat block's own objects as anchors
# ---------------------------------------------------------------------------

#: The combat block's objects, by model, at the key of `combat` that holds them (a list:
#: each of its items).
_COMBAT_OBJECTS = {"AttackList": "attacks", "Initiative": "initiative", "PoolBlock": "pool", "Health": "health",
                   "Economy": "economy", "DamageKinds": "damageKinds", "Threat": "threat", "Cover": "cover"}


def _combat_anchors(scenario: Scenario) -> Scenario:
    """`scenario` with the objects its package's combat block already holds as anchors, so a
    key goes on the attack list, initiative or pool the fight plays with (not on a new one)."""
    combat = scenario.package().get("combat") or {}
    anchors = dict(scenario.anchors)
    for model, key in _COMBAT_OBJECTS.items():
        held = combat.get(key)
        if isinstance(held, list):
            anchors[model] = [("combat", key, i) for i in range(len(held))]
        elif isinstance(held, dict):
            anchors[model] = [("combat", key)]
    for i, attacks in enumerate(combat.get("attacks") or []):
        if "toHit" in attacks:
            anchors.setdefault("AttackToHit", []).append(("combat", "attacks", i, "toHit"))
    for i, _tier in enumerate((combat.get("threat") or {}).get("tiers") or []):
        anchors.setdefault("Tier", []).append(("combat", "threat", "tiers", i))
    return replace(scenario, name=scenario.name + "-combat", anchors=anchors)


for _name in ("ember-roads", "5e", "gravewatch", "dockside"):
    SCENARIOS[_name + "-combat"] = _combat_anchors(SCENARIOS[_name])


def _bare_handed() -> list[dict[str, Any]]:
    """Lantern Marsh's Juno with nothing in her kit (the Engine plays her)."""
    juno = juno_marsh()
    juno["sheet"]["lists"]["kit"] = []
    return [{**juno, "controller": "engine"}]


#: Juno carries no weapon against the bog hound: only a row every sheet gets (`always`)
#: gives her something to swing.
SCENARIOS["marsh-bare-handed"] = Scenario(
    "marsh-bare-handed", marsh, _bare_handed, lambda: [foe("bog-hound", controller="engine")],
    {"Ruleset": [()], "AttackList": [("combat", "attacks", 0)]},
)
