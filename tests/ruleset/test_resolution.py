"""The `resolution` block: dice-sum, dice-pool and the symbol-pool shape of
docs/format-resolution.md. Each refusal test plants one defect in the minimal package."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from shared.ruleset import load_package
from tests.conftest import UPSTREAM, needs_upstream
from tests.ruleset.minimal import minimal_package, problems_of

DOC = Path(__file__).resolve().parents[2] / "docs" / "format-resolution.md"


def symbol_resolution() -> dict:
    """The complete example of docs/format-resolution.md, read from the document itself
    so the document and the validator cannot drift apart."""
    text = DOC.read_text()
    block = re.search(r"### A complete example.*?```json\n(.*?)```", text, re.S).group(1)
    return json.loads("{" + block + "}")["resolution"]


def with_resolution(resolution: dict) -> dict:
    pkg = minimal_package()
    pkg["resolution"] = copy.deepcopy(resolution)
    return pkg


GRAVEWATCH_LIKE = {
    "kind": "dice-pool",
    "die": {"sides": 10},
    "abilityModifier": {"op": "identity"},
    "proficiencyTiers": [{"id": "rating_0", "label": "Untried"}, {"id": "rating_1", "label": "Shown once", "flat": 1}],
    "spend": [{"pool": "luck", "amount": 1, "successes": 1, "perCheck": 2}],
    "pool": {"min": 1, "max": 15, "abilityPlusAbility": True},
    "target": {"default": 7, "min": 5, "max": 9},
    "explode": {"from": 10, "min": 8},
    "cancel": {"upTo": 1},
    "botch": {"upTo": 1},
    "exceptional": {"successes": 5},
    "reroll": [{"id": "careful", "upTo": 6, "mode": "once"}],
    "situationalDice": {"min": -3, "max": 3},
    "difficultyLadder": [{"label": "Plain work", "successes": 1, "target": 6}, {"label": "Grim", "successes": 3, "target": 8}],
}


# ---------------------------------------------------------------------------
# What validates
# ---------------------------------------------------------------------------


@needs_upstream
@pytest.mark.parametrize("name", ["ember-roads.json", "gravewatch.json", "ruleset-5e-2014.example.json"])
def test_upstream_resolution_reads_as_its_kind(name):
    data = json.loads((UPSTREAM / name).read_text())
    pkg = load_package(data)
    assert pkg.resolution.kind == data["resolution"]["kind"]
    assert [t.id for t in pkg.resolution.proficiencyTiers] == [t["id"] for t in data["resolution"]["proficiencyTiers"]]


def test_dice_sum_defaults_to_one_d20():
    pkg = minimal_package()
    del pkg["resolution"]["dice"]
    res = load_package(pkg).resolution
    assert (res.dice.count, res.dice.sides, res.advantage, res.naturals.check) == (1, 20, False, "none")


def test_naturals_on_a_single_die():
    pkg = minimal_package()
    pkg["resolution"]["dice"] = {"count": 1, "sides": 20}
    pkg["resolution"]["naturals"] = {"check": "both", "save": "max-only"}
    assert problems_of(pkg) == []


def test_dice_pool_in_the_gravewatch_shape_validates():
    res = load_package(with_resolution(GRAVEWATCH_LIKE)).resolution
    assert (res.kind, res.target.default, res.explode.from_, res.reroll[0].id) == ("dice-pool", 7, 10, "careful")


def test_dice_pool_defaults():
    pool = copy.deepcopy(GRAVEWATCH_LIKE)
    del pool["die"], pool["pool"]
    res = load_package(with_resolution(pool)).resolution
    assert (res.die.sides, res.pool.min, res.pool.max) == (10, 1, 40)


def test_symbol_pool_example_of_the_format_document_validates():
    res = load_package(with_resolution(symbol_resolution())).resolution
    assert res.kind == "symbol-pool"
    assert res.pool.build == "larger-upgraded" and res.success.needed == 1
    assert res.die("proficiency").faces[-1] == ["t"]
    assert res.symbols_shown() == {"s", "f", "a", "h", "t", "d"}


def test_symbol_pool_success_defaults_to_one():
    res = symbol_resolution()
    del res["success"]
    assert load_package(with_resolution(res)).resolution.success.needed == 1


def test_symbol_pool_sum_build_needs_no_upgrade_die():
    res = symbol_resolution()
    res["pool"] = {"build": "sum", "die": "ability"}
    res["dice"] = [d for d in res["dice"] if d["id"] != "proficiency"]
    assert problems_of(with_resolution(res)) == []


def test_symbol_labels_rename_symbols_for_the_log():
    res = symbol_resolution()
    res["symbolLabels"] = {"a": "Boon", "h": "Bane"}
    model = load_package(with_resolution(res)).resolution
    assert (model.symbolLabels.label("a"), model.symbolLabels.label("t")) == ("Boon", "Triumph")


# ---------------------------------------------------------------------------
# Refusals: keys every kind has
# ---------------------------------------------------------------------------


def test_unknown_kind():
    pkg = minimal_package()
    pkg["resolution"]["kind"] = "dice-soup"
    assert problems_of(pkg) == [
        "resolution: unknown 'kind' \"dice-soup\"; expected one of 'dice-sum', 'dice-pool', 'symbol-pool'"
    ]


def test_tier_ids_are_unique():
    pkg = minimal_package()
    pkg["resolution"]["proficiencyTiers"][1]["id"] = "untrained"
    assert problems_of(pkg) == ['resolution.proficiencyTiers: tier id "untrained" is used twice']


def test_multiplier_needs_a_proficiency_bonus():
    pkg = minimal_package()
    pkg["resolution"]["proficiencyTiers"][1]["multiplier"] = 1
    assert problems_of(pkg) == [
        'resolution: proficiency tier "trained" has a "multiplier" but there is no "proficiency" bonus for it to multiply'
    ]


def test_step_table_thresholds_must_rise():
    pkg = minimal_package()
    pkg["resolution"]["abilityModifier"] = {"op": "stepTable", "table": [[0, -1], [3, 0], [3, 1]]}
    assert problems_of(pkg) == [
        "resolution.abilityModifier.table: thresholds must rise from row to row (row 2 has 3 after 3)"
    ]


def test_ladder_labels_are_unique():
    pkg = minimal_package()
    pkg["resolution"]["difficultyLadder"].append({"label": "hard", "dc": 12})
    assert problems_of(pkg) == ['resolution.difficultyLadder: difficulty label "hard" is used twice']


def test_adjust_at_most_eight():
    pkg = minimal_package()
    pkg["resolution"]["adjust"] = [{"value": {"const": 1}}] * 9
    assert problems_of(pkg) == ["resolution.adjust: has more than 8 item(s)"]


def test_adjust_names_an_ability_once():
    pkg = minimal_package()
    pkg["resolution"]["adjust"] = [{"value": {"derived": "guard"}, "abilities": ["brawn", "brawn"]}]
    assert problems_of(pkg) == ['resolution.adjust[0].abilities: ability "brawn" is named twice']


def test_adjust_needs_capability_api_1_38():
    pkg = minimal_package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 37}
    pkg["resolution"]["adjust"] = [{"value": {"derived": "guard"}}]
    assert problems_of(pkg) == [
        'resolution.adjust: "adjust" needs capabilityApi 1.38 or later (this package declares 1.37)'
    ]


def test_adjust_names_known_abilities():
    pkg = minimal_package()
    pkg["resolution"]["adjust"] = [{"value": {"derived": "guard"}, "abilities": ["grace"]}]
    assert problems_of(pkg) == ['resolution.adjust[0].abilities[0]: unknown ability "grace"']


def test_penalty_from_a_plain_track_is_refused():
    pkg = minimal_package()
    pkg["resolution"]["penaltyFrom"] = "heat"
    assert problems_of(pkg) == [
        'resolution.penaltyFrom: "heat" is a plain track, and only a harm track has a penalty to apply'
    ]


# ---------------------------------------------------------------------------
# Refusals: dice-sum
# ---------------------------------------------------------------------------


def test_dice_sum_rolls_at_most_ten_dice():
    pkg = minimal_package()
    pkg["resolution"]["dice"]["count"] = 11
    assert problems_of(pkg) == ["resolution.dice.count: must be at most 10, not 11"]


def test_naturals_need_a_single_die():
    pkg = minimal_package()
    pkg["resolution"]["naturals"] = {"check": "both"}
    assert problems_of(pkg) == ['resolution: "naturals.check" needs a single die, but "dice" rolls 2']


def test_dice_sum_has_no_pool_keys():
    pkg = minimal_package()
    pkg["resolution"]["target"] = {"default": 7, "min": 5, "max": 9}
    assert problems_of(pkg) == ["resolution.target: unknown key"]


def test_dice_sum_ladder_gives_dc():
    pkg = minimal_package()
    pkg["resolution"]["difficultyLadder"] = [{"label": "Hard", "successes": 2}]
    assert problems_of(pkg) == [
        "resolution.difficultyLadder[0].dc: required",
        "resolution.difficultyLadder[0].successes: unknown key",
    ]


# ---------------------------------------------------------------------------
# Refusals: dice-pool
# ---------------------------------------------------------------------------


def pool_package(**changes) -> dict:
    res = copy.deepcopy(GRAVEWATCH_LIKE)
    res.update(changes)
    return with_resolution(res)


def test_pool_target_is_required():
    pkg = pool_package()
    del pkg["resolution"]["target"]
    assert problems_of(pkg) == ["resolution.target: required"]


def test_pool_target_default_inside_its_range():
    pkg = pool_package(target={"default": 4, "min": 5, "max": 9})
    assert problems_of(pkg) == ['resolution.target.default: "default" 4 must lie between "min" 5 and "max" 9']


def test_pool_target_on_the_die():
    pkg = pool_package(die={"sides": 8}, explode={"from": 8})
    assert problems_of(pkg) == ['resolution: "target.max" 9 is above the die\'s 8 sides']


def test_pool_min_not_above_max():
    pkg = pool_package(pool={"min": 5, "max": 3})
    assert problems_of(pkg) == ['resolution.pool.min: "min" 5 is above "max" 3']


def test_explode_min_not_above_from():
    pkg = pool_package(explode={"from": 9, "min": 10})
    assert problems_of(pkg) == ['resolution.explode.min: "min" 10 is above "from" 9']


def test_explode_needs_from_or_min():
    pkg = pool_package(double={})
    assert problems_of(pkg) == ['resolution.double: give "from", "min" or both']


def test_cancel_below_the_lowest_target():
    pkg = pool_package(cancel={"upTo": 5})
    assert problems_of(pkg) == [
        'resolution: "cancel.upTo" 5 must be below the lowest target ("target.min" 5)'
    ]


def test_reroll_until_every_face_never_ends():
    pkg = pool_package(reroll=[{"id": "forever", "upTo": 10, "mode": "until"}])
    assert problems_of(pkg) == [
        'resolution: "reroll[0].upTo" 10 rerolls every face of the die until it shows more, which never ends'
    ]


def test_reroll_ids_are_unique():
    pkg = pool_package(reroll=[{"id": "careful", "upTo": 6, "mode": "once"}, {"id": "careful", "upTo": 3, "mode": "until"}])
    assert problems_of(pkg) == ['resolution.reroll: reroll id "careful" is used twice']


def test_ladder_target_inside_the_target_range():
    pkg = pool_package(difficultyLadder=[{"label": "Hopeless", "successes": 5, "target": 10}])
    assert problems_of(pkg) == ['resolution: "difficultyLadder[0].target" 10 is outside "target" 5 to 9']


def test_spend_buys_something():
    pkg = pool_package(spend=[{"pool": "luck", "amount": 1, "perCheck": 2}])
    assert problems_of(pkg) == ['resolution.spend[0]: a spend buys "successes", "dice" or a "reroll"']


def test_spend_is_paid_from_a_known_pool():
    pkg = pool_package(spend=[{"pool": "resolve", "amount": 1, "successes": 1, "perCheck": "pool"}])
    assert problems_of(pkg) == ['resolution.spend[0].pool: unknown pool "resolve"']


def test_spend_is_paid_from_a_pool_not_a_track():
    pkg = pool_package(spend=[{"pool": "heat", "amount": 1, "dice": 1, "perCheck": 1}])
    assert problems_of(pkg) == ['resolution.spend[0].pool: "heat" is a track, not a pool']


def test_spend_per_check_reads_the_sheet():
    pkg = pool_package(spend=[{"pool": "luck", "amount": 1, "dice": 1, "perCheck": {"derived": "nerve"}}])
    assert problems_of(pkg) == ['resolution.spend[0].perCheck.derived: unknown derived value "nerve"']


def test_pool_has_no_dice_sum_keys():
    pkg = pool_package(naturals={"check": "none"})
    assert problems_of(pkg) == ["resolution.naturals: unknown key"]


# ---------------------------------------------------------------------------
# Refusals: symbol-pool
# ---------------------------------------------------------------------------


def symbol_package(edit) -> dict:
    res = symbol_resolution()
    edit(res)
    return with_resolution(res)


def test_faces_show_only_the_six_symbols():
    pkg = symbol_package(lambda r: r["dice"][0]["faces"].__setitem__(1, ["x"]))
    assert problems_of(pkg) == [
        "resolution.dice[0].faces[1][0]: must be one of 's', 'f', 'a', 'h', 't' or 'd', not \"x\""
    ]


def test_a_face_shows_at_most_four_symbols():
    pkg = symbol_package(lambda r: r["dice"][0]["faces"].__setitem__(1, ["s"] * 5))
    assert problems_of(pkg) == ["resolution.dice[0].faces[1]: has more than 4 item(s)"]


def test_die_thrown_against_the_roller_shows_no_success():
    pkg = symbol_package(lambda r: r["dice"][3]["faces"].__setitem__(0, ["s"]))
    assert problems_of(pkg) == [
        'resolution: die "difficulty" ("difficulty.die") is thrown against the roller, so its faces show only f, h, d, not s'
    ]


def test_die_thrown_for_the_roller_shows_no_despair():
    pkg = symbol_package(lambda r: r["dice"][1]["faces"].__setitem__(11, ["d"]))
    assert problems_of(pkg) == [
        'resolution: die "proficiency" ("pool.upgrade") is thrown for the roller, so its faces show only s, a, t, not d'
    ]


def test_roles_name_declared_dice():
    pkg = symbol_package(lambda r: r.__setitem__("boost", "blue"))
    assert problems_of(pkg) == ['resolution.boost: "boost" names "blue", which is not one of "dice"']


def test_a_die_is_not_thrown_for_and_against():
    pkg = symbol_package(lambda r: r.__setitem__("setback", "boost"))
    assert problems_of(pkg) == [
        'resolution: die "boost" is thrown both for and against the roller ("setback")'
    ]


def test_every_die_plays_a_part():
    def edit(r):
        r["setback"] = "difficulty"
    pkg = symbol_package(edit)
    assert problems_of(pkg) == [
        'resolution: die "setback" plays no part: name it in "pool", "difficulty", "boost" or "setback"'
    ]


def test_larger_upgraded_needs_an_upgrade_die():
    pkg = symbol_package(lambda r: r["pool"].pop("upgrade"))
    assert problems_of(pkg) == ['resolution.pool.build: "build" "larger-upgraded" needs an "upgrade" die']


def test_upgrade_is_another_die():
    pkg = symbol_package(lambda r: r["difficulty"].__setitem__("upgrade", "difficulty"))
    assert problems_of(pkg) == ['resolution.difficulty.upgrade: "upgrade" names "difficulty", the die it upgrades']


def test_die_ids_are_unique():
    pkg = symbol_package(lambda r: r["dice"][5].__setitem__("id", "boost"))
    assert problems_of(pkg) == ['resolution.dice: die id "boost" is used twice']


def test_a_die_with_only_blank_faces():
    pkg = symbol_package(lambda r: r["dice"][5].__setitem__("faces", [[], []]))
    assert problems_of(pkg) == ['resolution.dice[5]: die "setback" has only blank faces']


def test_ladder_upgrades_need_an_upgrade_die():
    def edit(r):
        del r["difficulty"]["upgrade"]
        r["dice"] = [d for d in r["dice"] if d["id"] != "challenge"]
        r["difficultyLadder"][3]["upgrades"] = 1
    assert problems_of(symbol_package(edit)) == [
        'resolution: "difficultyLadder[3].upgrades" needs a "difficulty.upgrade" die'
    ]


def test_ladder_upgrades_at_most_the_dice():
    pkg = symbol_package(lambda r: r["difficultyLadder"][1].__setitem__("upgrades", 2))
    assert problems_of(pkg) == ['resolution.difficultyLadder[1].upgrades: "upgrades" 2 is more than the 1 dice thrown']


def test_success_needed_at_least_one():
    pkg = symbol_package(lambda r: r.__setitem__("success", {"needed": 0}))
    assert problems_of(pkg) == ["resolution.success.needed: must be at least 1, not 0"]


def test_unknown_symbol_label():
    pkg = symbol_package(lambda r: r.__setitem__("symbolLabels", {"x": "Mystery"}))
    assert problems_of(pkg) == ["resolution.symbolLabels.x: unknown key"]
