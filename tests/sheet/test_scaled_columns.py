"""A catalog row's `scaled` columns are applied on the sheet (issue 19): the column follows
the character through the row's `from` (and step `table`), fitted to the column, whatever
number the row was written with. The Barbarian's Rage from Marinara's 5e-srd package: its
"counters" row is written with max 2 and scales it from the level through
[[1, 2], [3, 3], [6, 4], [12, 5], [17, 6]]."""

from __future__ import annotations

import json
from typing import Any

from shared.ruleset import load_package
from shared.sheet import compute_sheet_json, load_character
from tests.conftest import UPSTREAM
from tests.ruleset.srd import srd_package

# Verbatim from Pasta-Devs/Marinara-Agents, packages/ruleset-5e-2014/catalogs/features.json
# at 347a91b4a68d27898ba4854ac8db376fd570fcd2 (the vendored sample holds 4 other entries).
# SRD 5.1 material, CC-BY-4.0: attribution in tests/data/upstream/SOURCES.md.
RAGE: dict[str, Any] = {
    "id": "barbarian-rage",
    "label": "Rage",
    "summary": "Picking this also adds the Rage class resource: its maximum follows the Barbarian table, back after a "
    "long rest. The table says Unlimited at 20th level, so the maximum stays 6. Your sheet has one level, so a "
    "multiclass character follows the total. In battle, you fight with primal ferocity.",
    "filters": {"class": "Barbarian", "subclass": "Base class", "level": 1},
    "rows": [
        {
            "list": "features",
            "values": {
                "name": "Rage",
                "text": "In battle, you fight with primal ferocity. On your turn, you can enter a rage as a bonus "
                "action. While raging, you gain the following benefits if you aren't wearing heavy armor: * You "
                "have advantage on Strength checks and Strength saving throws. * When you make a melee weapon "
                "attack using Strength, you gain a bonus to the damage roll that increases as you gain levels as "
                "a barbarian, as shown in the Rage Damage column of the Barbarian table. * You have resistance to "
                "bludgeoning, piercing, and slashing damage. If you are able to cast spells, you can't cast them "
                "or concentrate on them while raging. Your rage lasts for 1 minute. See the SRD for the full text.",
            },
        },
        {
            "list": "counters",
            "values": {"name": "Rage", "max": 2, "recharge": "long"},
            "scaled": {
                "max": {"from": {"field": "level"}, "table": [[1, 2], [3, 3], [6, 4], [12, 5], [17, 6]]}
            },
        },
    ],
}


def srd_with_rage():
    data = srd_package()
    features = next(c for c in data["catalogs"] if c["id"] == "features")
    features["entries"].append(RAGE)
    return load_package(data)


def barbarian(level: int, written_max: int = 2) -> dict[str, Any]:
    return {"name": "Brakka", "sheet": {
        "fields": {"class": "Barbarian", "level": level},
        "lists": {
            "features": [{"_catalog": "features/barbarian-rage", "name": "Rage"}],
            "counters": [{"_catalog": "features/barbarian-rage", "name": "Rage", "max": written_max,
                          "recharge": "long"}],
        },
    }}


def test_a_level_5_barbarians_rage_maximum_is_3():
    # Level 5 reaches the [3, 3] step and not the [6, 4] one: 3, though the row says 2.
    ruleset = srd_with_rage()
    sheet = compute_sheet_json(ruleset, load_character(ruleset, barbarian(5)))
    assert sheet["pools"]["counters:rage"] == {"current": 3, "max": 3}


def test_the_rage_maximum_follows_the_level_through_the_table():
    # Level 1 -> 2, level 6 -> 4, level 17 -> 6, level 20 -> still 6 (no row above 17).
    ruleset = srd_with_rage()
    maxima = [compute_sheet_json(ruleset, load_character(ruleset, barbarian(level)))["pools"]["counters:rage"]["max"]
              for level in (1, 6, 17, 20)]
    assert maxima == [2, 4, 6, 6]


def test_a_scaled_column_wins_over_the_number_the_row_was_written_with():
    ruleset = srd_with_rage()
    sheet = compute_sheet_json(ruleset, load_character(ruleset, barbarian(5, written_max=6)))
    assert sheet["pools"]["counters:rage"]["max"] == 3


def test_a_scaled_column_without_a_table_reads_the_value_fitted_to_the_column():
    # Ember Roads' Last Ember: "uses" (0..9) is the character's Heart, so Heart 2 gives 2
    # uses and Heart -1 gives none (fitted to the column's 0).
    ruleset = load_package(json.loads((UPSTREAM / "ember-roads.json").read_text()))
    row = {"_catalog": "knacks/last-ember", "name": "Last Ember", "uses": 1, "recharge": "camp"}
    uses = []
    for heart in (2, -1):
        character = {"name": "Juno", "sheet": {"abilities": {"heart": heart}, "lists": {"tricks": [row]}}}
        sheet = compute_sheet_json(ruleset, load_character(ruleset, character))
        uses.append(sheet["pools"].get("tricks:last-ember"))
    assert uses == [{"current": 2, "max": 2}, None]
