"""Refusals of `combat.attacks` and `combat.abilities` (spec/combat-1): every column they
name is a column of the named list with the right type, budgets are declared, and an
ability list that can hold an entry calling for a save needs `saveDifficulty`."""

from __future__ import annotations

from tests.ruleset.minimal import minimal_package, problems_of
from tests.ruleset.test_combat_examples import five_e


def attack(p):
    return p["combat"]["attacks"][0]


def test_unknown_damage_column():
    p = minimal_package()
    attack(p)["damage"]["dice"]["column"] = "dmg"
    assert problems_of(p) == ['combat.attacks[0].damage.dice.column: unknown column "dmg" in list "gear"']


def test_damage_dice_must_be_a_dice_column():
    p = minimal_package()
    attack(p)["damage"]["dice"]["column"] = "swing"
    assert problems_of(p) == [
        'combat.attacks[0].damage.dice.column: column "swing" in list "gear" is an enum column, not a dice column'
    ]


def test_ability_column_must_be_an_enum():
    p = minimal_package()
    attack(p)["toHit"]["ability"]["column"] = "name"
    assert problems_of(p) == [
        'combat.attacks[0].toHit.ability.column: column "name" in list "gear" is a text column, not an enum column'
    ]


def test_name_must_be_a_text_column():
    p = minimal_package()
    attack(p)["name"] = "damage"
    assert problems_of(p) == ['combat.attacks[0].name: column "damage" in list "gear" is a dice column, not a text column']


def test_proficiency_must_be_a_boolean_column():
    p = five_e()
    p["combat"]["attacks"] = [
        {"list": "attacks", "budget": "action", "name": "name", "toHit": {"proficiency": {"column": "bonus"}}, "damage": {"dice": {"column": "damage"}}}
    ]
    assert problems_of(p) == [
        'combat.attacks[0].toHit.proficiency.column: column "bonus" in list "attacks" is a number column, not a boolean column'
    ]


def test_unknown_attack_list():
    p = minimal_package()
    attack(p)["list"] = "weapons"
    assert problems_of(p) == ['combat.attacks[0].list: unknown list "weapons"']


def test_attack_budget_declared():
    p = minimal_package()
    attack(p)["budget"] = "action"
    assert problems_of(p) == ['combat.attacks[0].budget: unknown budget "action": declare it in "combat.economy.budgets"']


def test_attack_list_given_twice():
    p = minimal_package()
    p["combat"]["attacks"].append(dict(attack(p)))
    assert problems_of(p) == ['combat.attacks: list "gear" is given twice (entries 0 and 1)']


def test_strikes_capped_by_needs_strikes():
    p = five_e()
    p["combat"]["attacks"] = [
        {"list": "attacks", "budget": "action", "name": "name", "strikesCappedBy": {"column": "loading"}, "damage": {"dice": {"column": "damage"}}}
    ]
    assert problems_of(p) == [
        'combat.attacks[0].strikesCappedBy: "strikesCappedBy" is rejected on a list without "strikes": it already pays once and strikes once'
    ]


def test_skill_column_gate():
    p = five_e()
    p["capabilityApi"] = {"major": 1, "minor": 46}
    p["combat"]["attacks"] = [
        {"list": "attacks", "budget": "action", "name": "name", "toHit": {"skill": {"column": "skill"}}, "damage": {"dice": {"column": "damage"}}}
    ]
    assert problems_of(p) == ['combat.attacks[0].toHit.skill: "skill" needs capabilityApi 1.47 or later (this package declares 1.46)']


def finesse_package(choices):
    p = five_e()
    p["combat"]["attacks"] = [
        {
            "list": "attacks",
            "budget": "action",
            "name": "name",
            "toHit": {"ability": {"column": "ability"}},
            "abilityChoices": choices,
            "damage": {"dice": {"column": "damage"}},
        }
    ]
    return p


def test_ability_choices_value_is_not_an_ability():
    assert problems_of(finesse_package({"dex": ["str", "dex"]})) == [
        'combat.attacks[0].abilityChoices.dex: "dex" is itself an ability, so it needs no choices'
    ]


def test_ability_choices_name_sheet_abilities():
    assert problems_of(finesse_package({"finesse": ["str", "agility"]})) == [
        'combat.attacks[0].abilityChoices.finesse[1]: unknown ability "agility"'
    ]


def test_ability_choices_value_offered_by_the_column():
    assert problems_of(finesse_package({"versatile": ["str", "dex"]})) == [
        'combat.attacks[0].abilityChoices.versatile: "versatile" is not a value the ability column "ability" offers'
    ]


def test_ability_choices_need_two_abilities():
    assert problems_of(finesse_package({"finesse": ["dex"]})) == ["combat.attacks[0].abilityChoices.finesse: needs at least 2 item(s)"]


def test_always_rows_use_list_columns():
    p = five_e()
    p["combat"]["attacks"] = [
        {
            "list": "attacks",
            "budget": "action",
            "name": "name",
            "damage": {"dice": {"column": "damage"}},
            "always": [{"name": "Unarmed Strike", "damage": "1", "kind": "punch"}],
        }
    ]
    assert problems_of(p) == ['combat.attacks[0].always[0].kind: unknown column "kind" in list "attacks"']


def test_always_rows_hold_what_the_columns_hold():
    p = five_e()
    p["combat"]["attacks"] = [
        {
            "list": "attacks",
            "budget": "action",
            "name": "name",
            "damage": {"dice": {"column": "damage"}},
            "always": [{"name": "Unarmed Strike", "damage": "a fist", "proficient": "yes"}],
        }
    ]
    assert problems_of(p) == [
        'combat.attacks[0].always[0].damage: "a fist" cannot be held by a dice column ("damage")',
        'combat.attacks[0].always[0].proficient: "yes" cannot be held by a boolean column ("proficient")',
    ]


def test_always_rows_gate():
    p = five_e()
    p["capabilityApi"] = {"major": 1, "minor": 243}
    p["combat"]["attacks"] = [
        {"list": "attacks", "budget": "action", "name": "name", "damage": {"dice": {"column": "damage"}}, "always": [{"name": "Unarmed Strike", "damage": "1"}]}
    ]
    assert problems_of(p) == ['combat.attacks[0].always: "always" needs capabilityApi 1.244 or later (this package declares 1.243)']


def test_always_row_needs_its_name():
    p = five_e()
    p["combat"]["attacks"] = [
        {"list": "attacks", "budget": "action", "name": "name", "damage": {"dice": {"column": "damage"}}, "always": [{"damage": "1"}]}
    ]
    assert problems_of(p) == ['combat.attacks[0].always[0]: a row every sheet gets needs its name column "name"']


def test_at_most_eight_attack_lists():
    p = minimal_package()
    p["combat"]["attacks"] = [dict(attack(p), list=f"gear{i}") for i in range(9)]
    assert problems_of(p) == ["combat.attacks: has more than 8 item(s)"]


# ---------------------------------------------------------------------------
# abilities
# ---------------------------------------------------------------------------


def spells(p):
    return p["combat"]["abilities"][0]


def test_always_when_only_with_only_when():
    p = five_e()
    del spells(p)["onlyWhen"]
    assert problems_of(p) == [
        'combat.abilities[0].alwaysWhen: "alwaysWhen" is an exception to "onlyWhen", so it is rejected without "onlyWhen"'
    ]


def test_only_when_is_a_boolean_column():
    p = five_e()
    spells(p)["onlyWhen"] = "level"
    assert problems_of(p) == [
        'combat.abilities[0].onlyWhen: column "level" in list "spells" is a number column, not a boolean column'
    ]


def test_always_when_value_fits_the_column():
    p = five_e()
    spells(p)["alwaysWhen"]["equals"] = "cantrip"
    assert problems_of(p) == [
        'combat.abilities[0].alwaysWhen.equals: "cantrip" cannot be held by a number column ("level") of list "spells", so it never matches'
    ]


def test_ability_to_hit_reads_the_sheet():
    p = five_e()
    spells(p)["toHit"] = {"derived": "spell_attack_bard"}
    assert problems_of(p) == ['combat.abilities[0].toHit.derived: unknown derived value "spell_attack_bard"']


def test_by_column_column_exists():
    p = five_e()
    spells(p)["byColumn"] = {"column": "school", "values": {"cleric": {"toHit": {"derived": "spell_attack_cleric"}}}}
    assert problems_of(p) == ['combat.abilities[0].byColumn.column: unknown column "school" in list "spells"']


def test_by_column_needs_schema_version_2():
    p = five_e()
    p["schemaVersion"] = 1
    del p["capabilityApi"]
    spells(p)["byColumn"] = {"column": "class", "values": {"cleric": {"toHit": {"derived": "spell_attack_cleric"}}}}
    assert problems_of(p) == [
        'combat.abilities[0].byColumn: "byColumn" needs schemaVersion 2 and capabilityApi 1.108 or later '
        "(this package declares schemaVersion 1)"
    ]


def test_by_column_values_at_most_20():
    p = five_e()
    values = {f"class{i}": {"toHit": {"derived": "spell_attack"}} for i in range(21)}
    spells(p)["byColumn"] = {"column": "class", "values": values}
    assert problems_of(p) == ["combat.abilities[0].byColumn.values: has more than 20 item(s)"]


def test_stamp_is_refused_as_unsupported():
    p = five_e()
    spells(p)["stamp"] = {"column": "class"}
    assert problems_of(p) == [
        'combat.abilities[0].stamp: "stamp" (Capability API 1.108) is not supported by marinara-battle yet: '
        "the spec names it beside byColumn but never says what it holds, so it cannot be read"
    ]


def test_entry_calling_for_a_save_needs_save_difficulty():
    p = five_e()
    del spells(p)["saveDifficulty"]
    p["catalogs"] = [
        {
            "id": "spells",
            "label": "Spells",
            "feeds": ["spells"],
            "entries": [
                {
                    "id": "frost-ray",
                    "label": "Frost ray",
                    "mechanics": {"kind": "attack", "amount": {"dice": "1d8"}, "save": {"save": "con_save", "onSuccess": "half"}},
                }
            ],
        }
    ]
    assert problems_of(p) == [
        'catalogs[0].entries[0].mechanics.save: this entry calls for a save, and list "spells" it becomes an ability in has no "saveDifficulty"'
    ]
