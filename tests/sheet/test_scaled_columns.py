"""A catalog row's `scaled` columns are applied on the sheet: the column follows the
character through the row's `from` (and step `table`), fitted to the column, worked out
when the row is written (a pick) or an input of it changes (an edit such as a level-up),
and when a creature's sheet, which nobody edits, enters a fight; a read shows the row as
stored and never works anything out. The Barbarian's Rage from Marinara's 5e-srd package:
its "counters" row is written with max 2 and scales it from the level through
[[1, 2], [3, 3], [6, 4], [12, 5], [17, 6]]."""

from __future__ import annotations

import copy
import json
from typing import Any

from shared.ruleset import load_package
from shared.sheet import SheetView, advance, compute_sheet_json, load_character
from shared.sheet.picks import pick
from shared.sheet.refusal import Refusal
from tests.combat.kit import FIXTURES, Bout, add_creature, foe
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


def _rage(ruleset: Any, sheet: dict[str, Any]) -> Any:
    return compute_sheet_json(ruleset, load_character(ruleset, {"name": "Brakka", "sheet": sheet}))["pools"]["counters:rage"]


def _levelled(ruleset: Any, level: int) -> dict[str, Any]:
    """Rage picked at level 1 (max 2, the [1, 2] step), then the level raised to `level`."""
    sheet = pick(ruleset, {"fields": {"class": "Barbarian", "level": 1}}, "features/barbarian-rage")
    assert not isinstance(sheet, Refusal)
    raised = advance(ruleset, sheet, "level", to=level)
    assert not isinstance(raised, Refusal)
    return raised


def test_a_level_5_barbarians_rage_maximum_is_3():
    # Picked at level 1: 2. Raised to level 5, which reaches the [3, 3] step and not the
    # [6, 4] one: the row is written with 3, and the sheet reads 3 of 3.
    ruleset = srd_with_rage()
    sheet = _levelled(ruleset, 5)
    assert sheet["lists"]["counters"][0]["max"] == 3
    assert _rage(ruleset, sheet) == {"current": 3, "max": 3}


def test_the_rage_maximum_follows_the_level_through_the_table():
    # Level 1 -> 2, level 6 -> 4, level 17 -> 6, level 20 -> still 6 (no row above 17).
    ruleset = srd_with_rage()
    maxima = [_rage(ruleset, _levelled(ruleset, level))["max"] for level in (1, 6, 17, 20)]
    assert maxima == [2, 4, 6, 6]


def test_a_read_shows_the_row_as_stored_and_the_next_edit_works_it_out():
    # A level-5 sheet whose row says 6 (or 2) reads 6 (or 2): reading works nothing out. The
    # next edit (level 5 -> 6, the [6, 4] step) writes 4 whatever the row held.
    ruleset = srd_with_rage()
    for written in (6, 2):
        stored = barbarian(5, written_max=written)["sheet"]
        assert _rage(ruleset, stored) == {"current": written, "max": written}
        edited = advance(ruleset, stored, "level", to=6)
        assert not isinstance(edited, Refusal)
        assert _rage(ruleset, edited) == {"current": 4, "max": 4}


def test_a_scaled_column_without_a_table_is_the_value_fitted_to_the_column():
    # Ember Roads' Last Ember: "uses" (0..9) is the character's Heart, so Heart 2 writes 2
    # uses and Heart -1 writes none (fitted to the column's 0: no pool at all).
    ruleset = load_package(json.loads((UPSTREAM / "ember-roads.json").read_text()))
    uses = []
    for heart in (2, -1):
        sheet = pick(ruleset, {"abilities": {"heart": heart}}, "knacks/last-ember")
        assert not isinstance(sheet, Refusal)
        computed = compute_sheet_json(ruleset, load_character(ruleset, {"name": "Juno", "sheet": sheet}))
        uses.append(computed["pools"].get("tricks:last-ember"))
    assert uses == [{"current": 2, "max": 2}, None]


# -- creatures' sheets enter a fight worked out --------------------------------------------

LAST_EMBER_ROWS = {"knacks": [{"name": "Last Ember", "_catalog": "knacks/last-ember"}],
                   "tricks": [{"name": "Last Ember", "uses": 1, "recharge": "camp", "_catalog": "knacks/last-ember"}]}


def _ember_fight(foes: list[dict[str, Any]], pkg: dict[str, Any]) -> Bout:
    juno = json.loads((FIXTURES / "ember-party.json").read_text())[0]
    # Initiative 2d6: Juno 6 + 6 + Wits 1 = 13, the creature 1 + 1 = 2; no other die is thrown.
    return Bout(load_package(pkg), [juno], foes, dice=[6, 6, 1, 1])


def test_a_bestiary_creatures_sheet_enters_the_fight_with_its_scaled_columns_worked_out():
    # The Ember keeper (Heart 2) holds Last Ember's trick row as the entry writes it, 1 use;
    # in the fight the row holds Heart's 2, and its pool is 2.
    pkg = json.loads((UPSTREAM / "ember-roads.json").read_text())
    add_creature(pkg, "ember-keeper", "Ember keeper", {"tier": "pack", "sheet": {
        "abilities": {"heart": 2}, "lists": copy.deepcopy(LAST_EMBER_ROWS)}})
    bout = _ember_fight([foe("ember-keeper")], pkg)
    keeper = bout.who("ember-keeper")
    assert keeper.sheet["lists"]["tricks"][0]["uses"] == 2
    assert SheetView(bout.rs, keeper.sheet).pools()["tricks:last-ember"].max == 2
    # The bestiary entry itself is not rewritten.
    entry = next(e for c in pkg["catalogs"] for e in c.get("entries", []) if e["id"] == "ember-keeper")
    assert entry["creature"]["sheet"]["lists"]["tricks"][0]["uses"] == 1


def test_a_proposed_sheet_enters_the_fight_with_its_scaled_columns_worked_out():
    # A boss the GM wrote as a sheet (taken as written: nothing off, nothing filled in), Heart
    # 3: its trick row written with 1 use holds 3 in the fight.
    widow = {"name": "Ash widow", "boss": True, "statBlock": {"tier": "pack", "sheet": {
        "abilities": {"heart": 3}, "lists": copy.deepcopy(LAST_EMBER_ROWS)}}}
    bout = _ember_fight([widow], json.loads((UPSTREAM / "ember-roads.json").read_text()))
    assert bout.who("ash-widow").sheet["lists"]["tricks"][0]["uses"] == 3
