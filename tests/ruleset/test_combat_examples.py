"""The spec's own `battle` and `combat` examples validate (spec/combat-1 and combat-3), put
into a small d20 package that declares what they name. Also the fixture the other combat
test files build on: `d20_package()`, a schemaVersion 2 package with a sheet rich enough
for every example, and `with_combat()`."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.ruleset.minimal import minimal_package, problems_of

ABILITIES = ["str", "dex", "con", "int", "wis", "cha"]


def _number(fid: str, lo: int = 0, hi: int = 100, default: int = 0) -> dict[str, Any]:
    return {"id": fid, "label": fid.replace("_", " ").title(), "type": "number", "min": lo, "max": hi, "default": default, "section": "about"}


def _col(cid: str, ctype: str, **extra: Any) -> dict[str, Any]:
    col = {"id": cid, "label": cid.replace("_", " ").title(), "type": ctype}
    if ctype == "text":
        col["maxLength"] = 60
    if ctype == "number":
        col.update({"min": 0, "max": 1000})
    col.update(extra)
    return col


def d20_package() -> dict[str, Any]:
    """A d20 package (schemaVersion 2, Capability API 1.805) whose sheet declares every id
    the spec's combat examples name."""
    p = minimal_package()
    p["schemaVersion"] = 2
    p["capabilityApi"] = {"major": 1, "minor": 805}
    p["resolution"]["dice"] = {"count": 1, "sides": 20}
    sheet = p["sheet"]
    sheet["abilities"] = [{"id": a, "label": a.upper(), "min": 1, "max": 30, "default": 10} for a in ABILITIES] + [
        {"id": "brawn", "label": "Brawn", "min": -1, "max": 3, "default": 0},
        {"id": "wits", "label": "Wits", "min": -1, "max": 3, "default": 0},
    ]
    sheet["saves"] = [{"id": f"{a}_save", "label": f"{a.upper()} save", "ability": a} for a in ABILITIES]
    sheet["skills"] = [
        {"id": "scrap", "label": "Scrap", "ability": "brawn"},
        {"id": "athletics", "label": "Athletics", "ability": "str"},
        {"id": "acrobatics", "label": "Acrobatics", "ability": "dex"},
        {"id": "sneak", "label": "Sneak", "ability": "dex"},
    ]
    sheet["fields"] += [
        _number("ac", 0, 40, 10),
        _number("speed", 0, 200, 30),
        _number("level", 1, 20, 1),
        _number("critical_from", 0, 20, 20),
        _number("attacks_per_action", 1, 4, 1),
        _number("level_fighter", 0, 20, 0),
        _number("level_wizard", 0, 20, 0),
        {"id": "race", "label": "Race", "type": "text", "maxLength": 40, "section": "about"},
    ]
    sheet["derived"] += [
        {"id": "initiative", "label": "Initiative", "op": "sum", "of": [{"abilityMod": "dex"}], "section": "about"},
        {"id": "spell_attack", "label": "Spell attack", "op": "sum", "of": [{"abilityMod": "int"}], "section": "about"},
        {"id": "spell_save_dc", "label": "Spell DC", "op": "sum", "of": [{"const": 8}, {"abilityMod": "int"}], "section": "about"},
        {"id": "spell_attack_cleric", "label": "Cleric attack", "op": "sum", "of": [{"abilityMod": "wis"}], "section": "about"},
        {"id": "spell_dc_cleric", "label": "Cleric DC", "op": "sum", "of": [{"const": 8}, {"abilityMod": "wis"}], "section": "about"},
        {"id": "spell_attack_wizard", "label": "Wizard attack", "op": "sum", "of": [{"abilityMod": "int"}], "section": "about"},
        {"id": "spell_dc_wizard", "label": "Wizard DC", "op": "sum", "of": [{"const": 8}, {"abilityMod": "int"}], "section": "about"},
        {"id": "bulk_carried", "label": "Bulk carried", "op": "sum", "of": [{"listSum": {"list": "gear", "column": "bulk"}}], "section": "about"},
        {"id": "blood_per_turn", "label": "Blood per turn", "op": "sum", "of": [{"const": 1}], "section": "about"},
    ]
    gear = sheet["lists"][0]
    gear["columns"] += [_col("harm", "text"), _col("bulk", "number")]
    sheet["lists"] += [
        {
            "id": "attacks",
            "label": "Attacks",
            "section": "about",
            "maxItems": 20,
            "columns": [
                _col("name", "text", required=True),
                _col("ability", "enum", values=["str", "dex", "finesse"]),
                _col("proficient", "boolean"),
                _col("bonus", "number"),
                _col("damage", "dice"),
                _col("damage_type", "text"),
                _col("reach", "number"),
                _col("range", "number"),
                _col("long_range", "number"),
                _col("loading", "boolean"),
                _col("skill", "enum", values=["athletics", "acrobatics"]),
            ],
        },
        {
            "id": "spells",
            "label": "Spells",
            "section": "about",
            "maxItems": 40,
            "columns": [
                _col("name", "text", required=True),
                _col("level", "number"),
                _col("prepared", "boolean"),
                _col("class", "enum", values=["cleric", "wizard"]),
            ],
        },
        {"id": "knacks", "label": "Knacks", "section": "about", "maxItems": 10, "columns": [_col("name", "text")]},
    ]
    live = sheet["live"]
    live["pools"] += [
        {"id": "hp", "label": "Hit points", "max": {"field": "level"}, "allowTemp": True},
        {"id": "slots_1", "label": "1st-level slots", "max": {"const": 2}},
        {"id": "blood", "label": "Blood", "max": {"const": 10}},
    ]
    live["tracks"] += [
        {"id": "exhaustion", "label": "Exhaustion", "min": 0, "max": 6, "default": 0},
        {"id": "death_save_successes", "label": "Successes", "min": 0, "max": 3},
        {"id": "death_save_failures", "label": "Failures", "min": 0, "max": 3},
        {"id": "wounds", "label": "Wounds", "min": 0, "max": 12, "default": 0},
        {
            "id": "harm",
            "label": "Harm",
            "min": 0,
            "max": 3,
            "levels": [{"label": "Bruised", "penalty": 0}, {"label": "Hurt", "penalty": -1}, {"label": "Down", "penalty": -99}],
            "kinds": [
                {"id": "bashing", "label": "B", "severity": 0},
                {"id": "lethal", "label": "L", "severity": 1},
                {"id": "aggravated", "label": "A", "severity": 2},
            ],
        },
    ]
    live["text"] = [{"id": "concentration", "label": "Concentrating on", "maxLength": 80}]
    live["conditions"] = [
        {"id": c, "label": c.replace("_", " ").title()}
        for c in (
            "shaken pinned held blinded charmed deafened frightened grappled prone restrained poisoned "
            "unconscious blessed shielded slowed muddy divine_favor rage enfeebled hunters_mark hasted "
            "lethargic hypnotized feather_falling"
        ).split()
    ]
    p["combat"]["damageTypes"] = ["acid", "fire", "poison", "radiant", "necrotic", "slashing", "bludgeoning", "psychic"]
    return p


def with_combat(**changes: Any) -> dict[str, Any]:
    """`d20_package()` with keys of its `combat` block replaced."""
    p = d20_package()
    p["combat"].update(copy.deepcopy(changes))
    return p


# ---------------------------------------------------------------------------
# spec/combat-1: the battle bridge and the two combat blocks
# ---------------------------------------------------------------------------


def test_minimal_and_d20_fixtures_are_valid():
    assert problems_of(minimal_package()) == []
    assert problems_of(d20_package()) == []


def test_battle_bridge_example():
    p = d20_package()
    p["battle"] = {"health": {"pool": "grit"}, "energy": {"pool": "luck"}, "skills": [{"list": "knacks"}]}
    assert problems_of(p) == []


def test_battle_bridge_slots_and_prepared_spells():
    p = d20_package()
    p["battle"] = {
        "health": {"pool": "hp"},
        "slots": [{"pool": "slots_1", "level": 1}],
        "skills": [{"list": "spells", "onlyWhen": "prepared", "alwaysWhen": {"column": "level", "equals": 0}}, {"list": "attacks"}],
    }
    assert problems_of(p) == []


EMBER_BLOCK = {
    "kind": "attack-vs-defense",
    "health": {"pool": "grit"},
    "defense": {"derived": "guard"},
    "initiative": {"dice": {"count": 2, "sides": 6}, "modifier": {"abilityMod": "wits"}},
    "attackRoll": {"dice": {"count": 2, "sides": 6}},
    "economy": {"budgets": [{"id": "act", "label": "Action", "per": "turn", "count": 1}]},
    "attacks": [
        {
            "list": "gear",
            "budget": "act",
            "name": "name",
            "toHit": {"ability": {"column": "swing"}},
            "damage": {"dice": {"column": "damage"}, "ability": {"column": "swing"}, "type": {"column": "harm"}},
        }
    ],
    "abilities": [{"list": "knacks", "budget": "act"}],
    "standard": ["dodge", "help"],
    "conditions": [
        {"condition": "shaken", "effects": ["own-attacks-disadvantage", "ends-on-damage"]},
        {"condition": "pinned", "effects": ["cannot-act", "speed-zero"]},
    ],
}

FIVE_E_BLOCK = {
    "kind": "attack-vs-defense",
    "health": {"pool": "hp"},
    "defense": {"field": "ac"},
    "initiative": {"dice": {"count": 1, "sides": 20}, "modifier": {"derived": "initiative"}},
    "attackRoll": {
        "dice": {"count": 1, "sides": 20},
        "advantage": True,
        "naturals": {"max": "critical", "min": "miss"},
        "critical": "double-dice",
    },
    "economy": {
        "budgets": [
            {"id": "action", "label": "Action", "per": "turn", "count": 1},
            {"id": "bonus", "label": "Bonus action", "per": "turn", "count": 1},
            {"id": "reaction", "label": "Reaction", "per": "turn", "count": 1},
        ],
        "movement": {"field": "speed"},
    },
    "abilities": [
        {
            "list": "spells",
            "onlyWhen": "prepared",
            "alwaysWhen": {"column": "level", "equals": 0},
            "budget": "action",
            "toHit": {"derived": "spell_attack"},
            "saveDifficulty": {"derived": "spell_save_dc"},
        }
    ],
    "concentration": {"text": "concentration", "save": "con_save", "floor": 10, "fromDamage": 0.5},
}


def five_e() -> dict[str, Any]:
    """`d20_package()` with the spec's 5e combat block in place of the minimal one."""
    p = d20_package()
    types = p["combat"]["damageTypes"]
    p["combat"] = copy.deepcopy(FIVE_E_BLOCK)
    p["combat"]["damageTypes"] = types
    return p


def test_ember_roads_block():
    p = d20_package()
    p["combat"] = copy.deepcopy(EMBER_BLOCK)
    assert problems_of(p) == []


def test_5e_block():
    assert problems_of(five_e()) == []


def test_strikes_list_example():
    p = five_e()
    p["combat"]["attacks"] = [
        {"list": "attacks", "budget": "action", "name": "name", "strikes": {"field": "attacks_per_action"}, "damage": {"dice": {"column": "damage"}}}
    ]
    assert problems_of(p) == []


def test_attack_list_with_every_column_key():
    p = five_e()
    p["combat"]["distance"] = {"label": "ft", "perCell": 5}
    p["combat"]["attacks"] = [
        {
            "list": "attacks",
            "budget": "action",
            "name": "name",
            "toHit": {
                "ability": {"column": "ability"},
                "proficiency": {"column": "proficient"},
                "bonus": {"column": "bonus"},
                "skill": {"column": "skill"},
                "sheetBonus": {"value": {"const": 2}, "when": {"column": "reach", "equals": 0}},
            },
            "abilityChoices": {"finesse": ["str", "dex"]},
            "damage": {"dice": {"column": "damage"}, "ability": {"column": "ability"}, "type": {"column": "damage_type"}},
            "reach": {"column": "reach"},
            "range": {"normal": {"column": "range"}, "long": {"column": "long_range"}},
            "strikes": {"field": "attacks_per_action"},
            "strikesCappedBy": {"column": "loading"},
            "always": [{"name": "Unarmed Strike", "ability": "str", "proficient": True, "bonus": 0, "damage": "1", "damage_type": "bludgeoning", "reach": 5}],
        }
    ]
    assert problems_of(p) == []


def test_by_column_example():
    p = five_e()
    p["combat"]["abilities"][0]["byColumn"] = {
        "column": "class",
        "values": {
            "cleric": {"toHit": {"derived": "spell_attack_cleric"}, "saveDifficulty": {"derived": "spell_dc_cleric"}},
            "wizard": {"toHit": {"derived": "spell_attack_wizard"}, "saveDifficulty": {"derived": "spell_dc_wizard"}},
        },
    }
    assert problems_of(p) == []


def test_standard_effects_examples():
    p = with_combat(standard=["dodge", "help"], standardEffects={"dodge": {"saves": ["dex_save"]}, "help": {"beside": True}})
    assert problems_of(p) == []


# ---------------------------------------------------------------------------
# Conditions, modifiers and levels
# ---------------------------------------------------------------------------

CONDITION_EXAMPLES = [
    {"condition": "restrained", "effects": ["own-saves-disadvantage"], "saves": ["dex_save"]},
    {"condition": "divine_favor", "modifiers": [{"to": "damage", "attacks": "weapon", "dice": "1d4", "damageType": "radiant"}]},
    {"condition": "rage", "modifiers": [{"to": "damage", "attacks": "weapon", "blow": "melee", "ability": "str", "flat": 2}]},
    {"condition": "enfeebled", "modifiers": [{"to": "damage", "attacks": "weapon", "ability": "str", "times": 0.5}]},
    {"condition": "hunters_mark", "modifiers": [{"to": "damage-taken", "attacks": "weapon", "fromSource": True, "dice": "1d6"}]},
    {"condition": "muddy", "modifiers": [{"to": "checks", "skills": ["sneak"], "mode": "disadvantage"}]},
    {"condition": "blessed", "modifiers": [{"to": "attacks", "dice": "1d4"}, {"to": "saves", "dice": "1d4"}]},
    {"condition": "shielded", "modifiers": [{"to": "defense", "flat": 5}], "noDamageFrom": ["knacks/magic-missile"]},
    {"condition": "slowed", "modifiers": [{"to": "speed", "times": 0.5}, {"to": "defense", "flat": -2}]},
    {"condition": "charmed", "effects": ["cannot-target-source"], "endsWhen": ["harmed-by-source-side"]},
    {"condition": "hypnotized", "effects": ["cannot-act"], "endsWhen": ["damaged"], "shakeOff": {"budget": "action"}},
    {"condition": "deafened", "lacks": ["hearing"]},
    {
        "condition": "frightened",
        "effects": ["own-attacks-disadvantage", "cannot-approach-source"],
        "whileSourceInSight": ["own-attacks-disadvantage"],
    },
    {"condition": "grappled", "effects": ["speed-zero"], "endsWhenSourceDown": True},
    {"condition": "feather_falling", "fallsSafely": True},
    {
        "condition": "hasted",
        "modifiers": [{"to": "defense", "flat": 2}],
        "budgets": [{"budget": "haste", "flat": 1}],
        "grants": {"budget": "haste", "standard": ["dash", "disengage", "hide"], "attacks": True, "items": {"tags": ["mundane"]}},
        "onEnd": {"applies": [{"condition": "lethargic", "duration": {"rounds": 1}}]},
    },
    {"condition": "lethargic", "exclusive": ["action", "bonus"], "attacksPerTurn": 1},
]

SAVES_AGAINST = [
    {"$comment": "Dwarven Resilience", "to": "saves", "mode": "advantage", "against": {"conditions": ["poisoned"], "damage": ["poison"]}},
    {"$comment": "Fey Ancestry", "to": "saves", "mode": "advantage", "against": {"conditions": ["charmed"]}},
    {
        "$comment": "Gnome Cunning",
        "to": "saves",
        "saves": ["int_save", "wis_save", "cha_save"],
        "mode": "advantage",
        "against": {"magic": True},
    },
]


def conditions_package() -> dict[str, Any]:
    p = five_e()
    p["catalogs"] = [{"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "entries": []}]
    p["items"] = {"categories": [{"id": "gear", "label": "Gear"}], "tags": [{"id": "mundane", "label": "Mundane"}]}
    p["combat"]["economy"]["budgets"].append({"id": "haste", "label": "Haste action", "per": "turn", "count": 0})
    p["combat"]["standard"] = ["dash", "disengage", "dodge", "help", "hide", "ready"]
    p["combat"]["conditions"] = copy.deepcopy(CONDITION_EXAMPLES) + [
        {"condition": "poisoned", "modifiers": copy.deepcopy(SAVES_AGAINST)}
    ]
    return p


def test_condition_examples():
    assert problems_of(conditions_package()) == []


def test_levels_examples():
    p = five_e()
    p["combat"]["levels"] = [
        {"derived": "bulk_carried", "at": 10, "modifiers": [{"to": "speed", "flat": -2}, {"to": "checks", "skills": ["sneak"], "flat": -1}]},
        {"track": "exhaustion", "at": 1, "effects": ["own-checks-disadvantage"]},
        {"track": "exhaustion", "at": 2, "modifiers": [{"to": "speed", "times": 0.5}]},
        {"track": "exhaustion", "at": 3, "effects": ["own-attacks-disadvantage", "own-saves-disadvantage"]},
        {"track": "exhaustion", "at": 4, "modifiers": [{"to": "health-max", "times": 0.5}]},
        {"track": "exhaustion", "at": 5, "effects": ["speed-zero"]},
        {"track": "exhaustion", "at": 6, "defeats": True},
    ]
    assert problems_of(p) == []


def test_creature_types_example():
    p = with_combat(
        creatureTypes={
            "types": [{"id": "dragon", "label": "Dragon"}, {"id": "humanoid", "label": "Humanoid"}, {"id": "undead", "label": "Undead"}],
            "tags": [{"id": "devil", "label": "devil"}],
            "field": "race",
            "default": "humanoid",
        },
        conditions=[
            {"condition": "shaken", "effects": ["own-attacks-disadvantage", "ends-on-damage"]},
            {"condition": "prone", "modifiers": [{"to": "attacks-taken", "mode": "disadvantage", "from": {"types": ["undead"], "tags": ["devil"]}}]},
        ],
    )
    # The shape is valid, and attacks against the holder are rolled twice in a fight
    # (tests/combat/test_condition_mechanics.py).
    assert problems_of(p) == []


# ---------------------------------------------------------------------------
# Health, damage, dying, limits, threat
# ---------------------------------------------------------------------------


def test_harm_track_health_with_damage_kinds_example():
    p = with_combat(
        health={"track": "harm"},
        damageTypes=["fire", "bullet"],
        damageKinds={"default": "bashing", "byType": {"fire": "aggravated"}, "marks": "per-point"},
    )
    assert problems_of(p) == []


def test_plain_track_health():
    assert problems_of(with_combat(health={"track": "wounds"})) == []


def test_dying_spend_limits_and_each_round():
    p = five_e()
    c = p["combat"]
    c["initiative"]["each"] = "round"
    c["initiative"]["checkAbility"] = "dex"
    c["attackRoll"]["criticalFrom"] = {"field": "critical_from"}
    c["dying"] = {
        "kind": "saves",
        "successes": "death_save_successes",
        "failures": "death_save_failures",
        "dice": {"count": 1, "sides": 20},
        "succeedAt": 10,
        "naturals": {"max": "revive-1", "min": "two-failures"},
        "damageWhileDown": "one-failure",
        "criticalWhileDown": "two-failures",
        "condition": "unconscious",
    }
    c["spendLimits"] = [{"pool": "blood", "max": {"derived": "blood_per_turn"}, "per": "turn"}]
    assert problems_of(p) == []


def test_threat_with_worth_and_budget():
    tier = {"label": "CR", "health": [1, 13], "defense": 12, "toHit": 2, "damagePerRound": [1, 4], "saveDifficulty": 10}
    p = with_combat(
        threat={
            "tiers": [dict(tier, id="cr_0", worth=10), dict(tier, id="cr_1", worth=200)],
            "budget": {
                "level": ["level_fighter", "level_wizard"],
                "steps": [{"id": "easy", "label": "Easy"}, {"id": "medium", "label": "Medium"}, {"id": "hard", "label": "Hard"}],
                "byLevel": [{"level": 1, "worth": [25, 50, 75]}, {"level": 5, "worth": [250, 500, 750]}],
                "crowd": [{"from": 2, "times": 1.5}, {"from": 3, "times": 2}],
                "smallParty": 3,
                "largeParty": 5,
                "forGame": {"casual": "easy", "normal": "medium", "hard": "hard", "brutal": "hard"},
            },
        }
    )
    assert problems_of(p) == []


# ---------------------------------------------------------------------------
# spec/combat-3: board keys, contests, windows
# ---------------------------------------------------------------------------


def test_board_examples():
    p = five_e()
    c = p["combat"]
    c["styles"] = ["tactical"]
    c["distance"] = {"label": "ft", "perCell": 5}
    c["ranged"] = {"long": "disadvantage", "adjacentFoe": "disadvantage"}
    c["cover"] = {"bonus": 2, "threeQuarters": 5, "saves": ["dex_save"], "creatures": True}
    c["opportunity"] = {"budget": "reaction"}
    c["elevation"] = {
        "levelHeight": 5,
        "highGround": "advantage",
        "rangeBonus": 1,
        "falling": {"per": 10, "dice": {"count": 1, "sides": 6}, "max": 20, "type": "bludgeoning", "prone": "prone"},
    }
    c["economy"]["movementModes"] = {"fly": {"const": 0}, "swim": {"field": "speed"}}
    c["signatureAtTurnStart"] = True
    c["attacks"] = [
        {
            "list": "attacks",
            "budget": "action",
            "name": "name",
            "toHit": {"ability": {"column": "ability"}},
            "damage": {"dice": {"column": "damage"}},
            "reach": {"column": "reach"},
            "range": {"normal": {"column": "range"}, "long": {"column": "long_range"}},
        }
    ]
    # The whole block of the spec's example is accepted, cover against saves included (1.74).
    assert problems_of(p) == []
    # A save no one declared cannot be helped by cover.
    c["cover"]["saves"] = ["reflex_save"]
    assert problems_of(p) == ['combat.cover.saves[0]: unknown save "reflex_save"']


def test_ember_one_line_of_board():
    p = d20_package()
    p["combat"]["distance"] = {"label": "paces", "perCell": 2}
    assert problems_of(p) == []


def test_contest_example():
    p = d20_package()
    p["combat"]["distance"] = {"label": "paces", "perCell": 2}
    p["combat"]["checks"] = [
        {"id": "brawn", "label": "Brawn", "value": {"abilityMod": "brawn"}},
        {"id": "wits", "label": "Wits", "value": {"abilityMod": "wits"}},
    ]
    p["combat"]["contests"] = [
        {
            "id": "grab",
            "label": "Grab",
            "budget": "act",
            "attacker": {"checks": ["brawn"]},
            "defender": {"checks": ["brawn", "wits"]},
            "onWin": {"applies": [{"condition": "held"}]},
        },
        {
            "id": "break_free",
            "label": "Break free",
            "budget": "act",
            "attacker": {"checks": ["brawn", "wits"]},
            "defender": {"checks": ["brawn"]},
            "from": {"holding": "held"},
            "onWin": {"ends": [{"condition": "held", "on": "actor"}]},
        },
        {
            "id": "shove",
            "label": "Shove back",
            "budget": "act",
            "attacker": {"checks": ["brawn"]},
            "defender": {"checks": ["brawn"]},
            "ties": "attacker",
            "onWin": {"push": 4},
        },
    ]
    assert problems_of(p) == []


@pytest.mark.parametrize("block", ["ember", "5e"])
def test_examples_carry_comments_anywhere(block):
    p = d20_package() if block == "ember" else five_e()
    p["combat"]["$comment"] = "a note"
    p["combat"]["economy"]["budgets"][0]["$comment"] = "another"
    assert problems_of(p) == []
