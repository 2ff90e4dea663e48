"""Error paths point at the key (issue 19): a rule an object's own validator checks is
reported at the key it is about (`battle.energy`, not `battle`), and a structural error in
one section does not hide the cross-reference errors of the others."""

from __future__ import annotations

import json

from tests.conftest import UPSTREAM
from tests.ruleset.minimal import minimal_package, problems_of


def test_a_rule_between_two_keys_points_at_the_key_it_names():
    pkg = minimal_package()
    pkg["battle"] = {"health": {"pool": "grit"}, "energy": {"pool": "grit"}}
    assert problems_of(pkg) == [
        'battle.energy: "energy" must be a different pool from "health" (both name "grit"): '
        "combat cannot burn health as fuel"
    ]


def test_a_catalog_rule_points_at_the_entry():
    pkg = minimal_package()
    pkg["catalogs"] = [{"id": "trouble", "label": "Trouble", "holds": "creatures", "entries": [
        {"id": "jackal", "label": "Jackal"}]}]
    assert problems_of(pkg) == ['catalogs[0].entries[0]: a bestiary entry ("jackal") needs "creature"']


def test_a_key_that_belongs_elsewhere_points_at_the_key():
    pkg = minimal_package()
    pkg["catalogs"] = [{"id": "kit", "label": "Kit", "feeds": ["gear"], "entries": [
        {"id": "axe", "label": "Axe", "rows": [{"list": "gear", "values": {"name": "Axe"}}],
         "item": {"category": "gear"}}]}]
    assert problems_of(pkg) == ['catalogs[0].entries[0].item: "item" only goes in a catalog that holds items']


def test_a_union_member_rule_keeps_its_own_sentence_at_the_key():
    # `reaction` is true/false or an object: the object's rule is reported at its key,
    # without the "must be true or false" of the other member.
    pkg = minimal_package()
    pkg["catalogs"] = [{"id": "knacks", "label": "Knacks", "feeds": ["gear"], "entries": [
        {"id": "dodge", "label": "Dodge", "mechanics": {
            "kind": "buff", "budget": "act", "reaction": {"on": "aimed", "blow": "melee"}}}]}]
    assert problems_of(pkg) == ['catalogs[0].entries[0].mechanics.reaction.blow: "blow" goes only on a "hit" moment']


def test_a_structural_error_does_not_hide_another_sections_cross_references():
    pkg = minimal_package()
    pkg["combat"]["notAKey"] = True
    pkg["rests"][0]["restore"][0]["pool"] = "mana"
    assert problems_of(pkg) == ["combat.notAKey: unknown key", 'rests[0].restore[0].pool: unknown pool "mana"']


def test_a_broken_required_section_does_not_hide_the_sheets_cross_references():
    pkg = minimal_package()
    pkg["gm"]["checkGuidance"] = "Roll.\nThen roll again."
    pkg["sheet"]["derived"][1]["of"][1] = {"abilityMod": "grace"}
    assert problems_of(pkg) == [
        "gm.checkGuidance: must be a single line",
        'sheet.derived[1].of[1].abilityMod: unknown ability "grace"',
    ]


def test_a_section_that_reads_a_broken_one_is_not_judged_against_its_absence():
    # Ember Roads' bestiary needs the combat block's threat scale: with the combat block's
    # shape broken, no "a bestiary needs a combat block" line follows from its absence,
    # and the rests (which read no combat) are still judged.
    pkg = json.loads((UPSTREAM / "ember-roads.json").read_text())
    pkg["combat"]["kind"] = "wrestling"
    pkg["rests"][0]["restore"][0]["pool"] = "mana"
    assert problems_of(pkg) == [
        "combat.kind: must be one of 'attack-vs-defense', 'dice-pool' or 'symbol-pool', not \"wrestling\"",
        'rests[0].restore[0].pool: unknown pool "mana"',
    ]


def test_a_broken_sheet_hides_every_cross_reference():
    # Everything reads the sheet: with its shape broken, the rest is not judged.
    pkg = minimal_package()
    pkg["sheet"]["abilities"][0]["max"] = "three"
    pkg["rests"][0]["restore"][0]["pool"] = "mana"
    assert problems_of(pkg) == ["sheet.abilities[0].max: must be a whole number, not text"]
