"""Error paths point at the key (issue 19): a rule an object's own validator checks is
reported at the key it is about (`battle.energy`, not `battle`), and a structural error in
one section does not hide the cross-reference errors of the others."""

from __future__ import annotations

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
