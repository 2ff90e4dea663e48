"""The capability guard's probes for the board: zones, areas, auras, cover, obscurement, terrain, teleports, and the combat block's own keys (economy, initiative, threat, tiers)
(tests/ruleset/test_capability_guard.py merges them): a row here leaves `UNCOVERED`.

A key of an object only a refused key holds (a lasting zone's, an aura's, a teleport's, a
creature's charge) is refused with the key that holds it; the samples below are the
companions each such key's own rules want, so the package is refused for the holding key and
not for a missing companion."""

from __future__ import annotations

from typing import Any

from tests.ruleset.capability_probes import ABSENT, FightProbe

#: Played keys: a scripted fight built with and without the key (`FightProbe`).
PLAYED_PROBES: dict[str, FightProbe] = {}
#: Played keys put on the objects of a whole fight the Engine plays: (scenario, value).
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}

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
