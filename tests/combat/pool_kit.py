"""A small dice-pool package for the pool-fight tests, made in the test so they run
without ../shared: tests/ruleset/test_pools.py's d10 pool package (target 7, a four-rung
Harm track with knocks and tears, damage and soak thrown against 6, knocks soaked with
Brawn) with a bestiary of two creatures written in the pool fight's own numbers.

Every combatant is player-controlled, so with scripted dice every face a test uses is
accounted for: 2d6 initiative each (Juno first, then the foes in order), then the pools.
"""

from __future__ import annotations

from typing import Any

from tests.combat.kit import Bout, member, ruleset
from tests.ruleset.test_pools import dice_pool_package


def pool_package(**combat: Any) -> dict[str, Any]:
    pkg = dice_pool_package()
    pkg["sheet"]["live"]["conditions"].append({"id": "dazed", "label": "Dazed"})
    pkg["sheet"]["saves"] = [{"id": "nerve", "label": "Nerve", "ability": "wits"}]
    pkg["combat"]["damageTypes"] = ["blunt", "fire"]
    pkg["combat"]["damageKinds"] = {"default": "knock", "byType": {"fire": "tear"}, "marks": "per-point"}
    pkg["combat"]["threat"] = {"tiers": [{"id": "stray", "label": "Stray", "health": [2, 6], "defense": 1, "toHit": 4,
                                          "damagePerRound": [1, 4], "saveDifficulty": 1}]}
    pkg["catalogs"] = [{"id": "night", "label": "Night", "holds": "creatures", "entries": [
        {"id": "rat", "label": "Rat", "creature": {
            "tier": "stray", "health": 3, "defense": 2, "initiativeModifier": 0, "saves": {"nerve": 1},
            "soak": {"byKind": {"knock": 1}},
            "actions": [{"id": "gnaw", "name": "Gnaw", "budget": "act", "toHit": 3,
                         "damage": {"dice": "1d10", "flat": 1, "type": "blunt"}}]}},
        {"id": "shell", "label": "Shell", "creature": {
            "tier": "stray", "health": 6, "defense": 1, "initiativeModifier": 0,
            "soak": {"all": 3},
            "actions": [{"id": "pinch", "name": "Pinch", "budget": "act", "toHit": 2,
                         "damage": {"dice": "1d10", "type": "blunt"}}]}},
    ]}]
    # Damage is the row's dice alone; test_damage_ability_adds_dice puts the rating back.
    del pkg["combat"]["attacks"][0]["damage"]["ability"]
    pkg["combat"].update(combat)
    return pkg


def juno(brawn: int = 3, damage: str = "1d10", **extra: Any) -> dict[str, Any]:
    sheet = {"abilities": {"brawn": brawn, "wits": 0}, "fields": {"toughness": 3},
             "lists": {"gear": [{"name": "Road axe", "swing": "brawn", "damage": damage}]}}
    sheet.update(extra)
    return member("Juno", sheet)


def bout(pkg: dict[str, Any], dice: list[int], *foes: str, party: list[dict[str, Any]] | None = None) -> Bout:
    return Bout(ruleset(pkg), party or [juno()], [{"creature": f, "controller": "player"} for f in foes or ("rat",)],
                dice=dice)
