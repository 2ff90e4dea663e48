"""Entry costs and paying more for more: pool groups as payment levels (each level its own
option, `ability:<list>:<row>@<pool>`), `perCostStep`, `targetsPerCostStep`,
`perCostStepsMax`, `battle.slots` levels, `scales`, and a creature written as a sheet
paying from its own pools.

Juno (Wits 0, initiative 6 + 6) acts first; the jackals have 10 Grit and Guard 6. The
Ember pools are one group: Ember 1 holds 2, Ember 2 and Ember 3 hold 1 each.
"""

from __future__ import annotations

from tests.combat.extras_kit import add_knack, juno, knack_roads
from tests.combat.kit import Bout, add_creature, foe, ruleset

SPARK = {"kind": "attack", "autoHit": True, "amount": {"dice": "1d6"}, "damageType": "fire",
         "cost": [{"pool": "ember_1", "amount": 1}], "perCostStep": {"dice": "1d6"}, "targetsPerCostStep": 1}
INIT = [6, 6, 1, 1, 1, 1]


def _bout(pkg: dict, dice: list[int], **juno_extra) -> Bout:
    return Bout(ruleset(pkg), [juno("spark", **juno_extra)], [foe("rust-jackal"), foe("rust-jackal")],
                dice=INIT + dice)


def _spark_pkg(**changes) -> dict:
    pkg = knack_roads()
    add_knack(pkg, "spark", "Spark", {**SPARK, **changes})
    return pkg


def test_each_affordable_payment_level_is_its_own_option():
    bout = _bout(_spark_pkg(), [])
    options = bout.options("juno")
    spark = {oid: o for oid, o in options.items() if oid.startswith("ability:knacks:spark")}
    assert list(spark) == ["ability:knacks:spark", "ability:knacks:spark@ember_2", "ability:knacks:spark@ember_3"]
    assert [o.label for o in spark.values()] == ["Spark", "Spark (Ember 2)", "Spark (Ember 3)"]
    assert [o.costs for o in spark.values()] == [
        [{"pool": "ember_1", "amount": 1, "label": "Ember 1"}],
        [{"pool": "ember_2", "amount": 1, "label": "Ember 2"}],
        [{"pool": "ember_3", "amount": 1, "label": "Ember 3"}],
    ]
    # One more target per step (two jackals to aim at), one more 1d6 per step.
    assert [o.count for o in spark.values()] == [1, 2, 2]
    assert [o.forecasts[0].damage for o in spark.values()] == [3.5, 7.0, 10.5]


def test_paying_two_steps_up_rolls_two_more_dice_and_spends_that_pool():
    bout = _bout(_spark_pkg(), [3, 4, 5])
    lines = bout.choose("juno", "ability:knacks:spark@ember_3", "rust-jackal")
    assert lines[:5] == [
        "Juno spends 1 Ember 3 on Spark.",
        "Juno pays 2 steps above the base for Spark.",
        "Juno uses Spark on Rust jackal.",
        "Spark (12 (3 + 4 + 5)) deals 12 fire damage to Rust jackal.",
        "Rust jackal has 0 of 10 Grit.",
    ]
    assert bout.who("juno").sheet["live"]["pools"]["ember_3"] == 0
    assert bout.dice_left() == 0


def test_an_empty_base_pool_leaves_only_the_bigger_payments():
    bout = _bout(_spark_pkg(), [], live={"pools": {"ember_1": 0}})
    ids = [oid for oid in bout.options("juno") if oid.startswith("ability:knacks:spark")]
    assert ids == ["ability:knacks:spark@ember_2", "ability:knacks:spark@ember_3"]


def test_a_spent_level_leaves_the_menu():
    bout = _bout(_spark_pkg(), [], live={"pools": {"ember_3": 0, "ember_2": 0}})
    ids = [oid for oid in bout.options("juno") if oid.startswith("ability:knacks:spark")]
    assert ids == ["ability:knacks:spark"]


def test_battle_slot_levels_count_the_steps():
    pkg = _spark_pkg()
    pkg["battle"] = {"health": {"pool": "grit"},
                     "slots": [{"pool": "ember_1", "level": 1}, {"pool": "ember_2", "level": 2},
                               {"pool": "ember_3", "level": 5}]}
    bout = _bout(pkg, [])
    options = bout.options("juno")
    # Ember 3 is a level-5 slot: four steps above Ember 1, so 5d6.
    assert options["ability:knacks:spark@ember_3"].forecasts[0].damage == 17.5
    assert options["ability:knacks:spark@ember_2"].forecasts[0].damage == 7.0


def test_per_cost_steps_max_caps_what_the_steps_add():
    bout = _bout(_spark_pkg(perCostStepsMax=1), [])
    options = bout.options("juno")
    assert options["ability:knacks:spark@ember_3"].forecasts[0].damage == 7.0
    assert options["ability:knacks:spark@ember_3"].count == 2


def test_scales_reads_the_highest_row_the_value_reaches():
    # Toughness 3 reaches the [3, 2] row, however the table is ordered: 1d6 + 2d6.
    pkg = knack_roads()
    add_knack(pkg, "flare", "Flare", {"kind": "attack", "autoHit": True, "amount": {"dice": "1d6", "flat": 1},
                                      "scales": {"from": {"field": "toughness"}, "table": [[3, 2], [0, 0], [1, 1]]}})
    rs = ruleset(pkg)
    tough = Bout(rs, [juno("flare")], [foe("rust-jackal")], dice=[6, 6, 1, 1, 2, 3, 4])
    assert tough.options("juno")["ability:knacks:flare"].forecasts[0].damage == 11.5
    lines = tough.choose("juno", "ability:knacks:flare", "rust-jackal")
    assert lines[1] == "Flare (9 (2 + 3 + 4) + 1 = 10) deals 10 damage to Rust jackal."
    frail = Bout(rs, [juno("flare", fields={"toughness": 1})], [foe("rust-jackal")], dice=[6, 6, 1, 1])
    assert frail.options("juno")["ability:knacks:flare"].forecasts[0].damage == 8.0


def test_a_sheet_creature_pays_from_its_own_pools_and_is_offered_the_bigger_payments():
    pkg = _spark_pkg()
    add_creature(pkg, "ember-witch", "Ember witch", {"tier": "pack", "sheet": {
        "abilities": {"wits": 1}, "fields": {"toughness": 2},
        "lists": {"knacks": [{"name": "Spark", "_catalog": "knacks/spark"}]}}})
    bout = Bout(ruleset(pkg), [juno()], [foe("ember-witch")], dice=[1, 1, 6, 6, 5, 6])
    assert bout.waiting() == "ember-witch"
    ids = [oid for oid in bout.options("ember-witch") if oid.startswith("ability:")]
    assert ids == ["ability:knacks:spark", "ability:knacks:spark@ember_2", "ability:knacks:spark@ember_3"]
    lines = bout.choose("ember-witch", "ability:knacks:spark@ember_2", "juno")
    assert lines[:3] == ["Ember witch spends 1 Ember 2 on Spark.", "Ember witch pays 1 step above the base for Spark.",
                         "Ember witch uses Spark on Juno."]
    assert lines[3] == "Spark (11 (5 + 6)) deals 11 fire damage to Juno."
    assert bout.who("ember-witch").sheet["live"]["pools"]["ember_2"] == 0
