"""The `mechanics` block (base keys and spec/mechanics-1) and `applies`: the spec's own
examples validate, and each within-object rule refuses one planted defect with its exact
line. Cross-references and gates are in test_mechanics_block_refusals.py."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from shared.ruleset.errors import from_validation_error
from shared.ruleset.mechanics import Mechanics
from tests.ruleset.minimal import minimal_package, problems_of

M = "catalogs[0].entries[0].mechanics"


def spells_package(mechanics: dict[str, Any], *, schema: int = 1, minor: int | None = None) -> dict[str, Any]:
    """The minimal package with saves, a few more conditions and budgets, a dying rule,
    5e damage types, and one catalog entry carrying `mechanics`."""
    pkg = minimal_package()
    sheet = pkg["sheet"]
    sheet["saves"] = [
        {"id": "con_save", "label": "Constitution save", "ability": "brawn"},
        {"id": "dex_save", "label": "Dexterity save", "ability": "wits"},
        {"id": "wis_save", "label": "Wisdom save", "ability": "wits"},
    ]
    sheet["live"]["conditions"] += [
        {"id": c, "label": c.replace("_", " ").title()}
        for c in ("prone", "restrained", "dominated", "shielded", "protected_attack", "parrying",
                  "feather_falling", "guided", "raging", "raging_damage_2")
    ]
    combat = pkg["combat"]
    combat["economy"]["budgets"] += [
        {"id": "bonus", "label": "Bonus action", "per": "turn", "count": 1},
        {"id": "reaction", "label": "Reaction", "per": "turn", "count": 1},
    ]
    combat["damageTypes"] = ["fire", "piercing", "poison", "radiant", "bludgeoning", "slashing", "necrotic"]
    combat["abilities"] = [{"list": "spells", "budget": "act", "saveDifficulty": {"const": 12}}]
    sheet["lists"].append({
        "id": "spells", "label": "Spells", "section": "about", "maxItems": 20,
        "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 60}],
    })
    pkg["catalogs"] = [{
        "id": "spells", "label": "Spells", "feeds": ["spells"],
        "units": {"distance": {"label": "ft", "perCell": 5}},
        "entries": [{"id": "the-spell", "label": "The spell", "mechanics": mechanics}],
    }]
    if schema == 2:
        pkg["schemaVersion"] = 2
        pkg["capabilityApi"] = {"major": 1, "minor": minor or 198}
    return pkg


def mech_problems(mechanics: dict[str, Any], **kw: Any) -> list[str]:
    return problems_of(spells_package(mechanics, **kw))


# ---------------------------------------------------------------------------
# The spec's own examples validate
# ---------------------------------------------------------------------------


def test_plus_clause_example_validates():
    assert mech_problems({
        "kind": "attack", "attackRoll": True, "amount": {"dice": "1d8"},
        "damageType": "piercing", "plus": [{"dice": "2d6", "type": "fire"}],
    }) == []


def test_sneak_attack_rider_validates():
    pkg = spells_package({
        "kind": "rider",
        "rider": {
            "on": "hit", "sources": ["gear"], "requires": {"column": "swing"},
            "when": ["advantage", "ally-adjacent-no-disadvantage"], "oncePer": "turn",
            "amount": {"dice": "1d6"},
        },
        "scales": {"from": {"field": "toughness"}, "table": [[1, 0], [3, 1]]},
    })
    assert problems_of(pkg) == []


def test_guiding_bolt_and_dominate_person_applies_validate():
    assert mech_problems({
        "kind": "attack", "attackRoll": True, "amount": {"dice": "4d6"}, "damageType": "radiant",
        "applies": [
            {"condition": "guided", "duration": {"rounds": 1, "of": "source"}, "endsAfter": "attacked"},
            {"condition": "dominated", "duration": "until-save", "saveEnds": {"save": "wis_save", "at": "damaged"}},
        ],
    }) == []


def test_counterspell_reaction_validates():
    assert mech_problems({
        "kind": "utility", "range": 60, "budget": "reaction",
        "cost": [{"pool": "luck", "amount": 1}],
        "reaction": {
            "on": "used", "cancels": True, "against": {"catalogs": ["spells"]}, "upTo": "paid",
            "above": {"check": {"abilityMod": "wits"}, "dc": 10},
        },
    }) == []


def test_shield_parry_protection_and_guardian_reactions_validate():
    shield = {
        "kind": "buff", "targets": "self", "budget": "reaction",
        "reaction": {"on": "hit", "also": [{"on": "aimed", "against": {"entries": ["spells/the-spell"]}}]},
        "applies": [{"condition": "shielded", "duration": {"rounds": 1, "at": "turn-start"}}],
    }
    parry = {"kind": "buff", "targets": "self", "budget": "reaction",
             "reaction": {"on": "hit", "blow": "melee", "seesSource": True},
             "applies": [{"condition": "parrying", "duration": "this-action"}]}
    protection = {
        "kind": "debuff", "targets": "enemy", "budget": "reaction",
        "reaction": {"on": "aimed", "for": "ally", "within": 5, "at": "source", "seesSource": True},
        "applies": [{"condition": "protected_attack", "duration": "this-action"}],
    }
    guardian = {
        "kind": "buff", "targets": "ally", "range": 5, "budget": "reaction",
        "reaction": {"on": "hit", "for": "ally", "within": 5, "at": "target"},
        "applies": [{"condition": "parrying", "duration": "this-action"}],
    }
    for mech in (shield, parry, protection, guardian):
        assert mech_problems(mech) == [], mech


def test_feather_fall_catching_five_validates():
    # The spec's Feather Fall for up to five fallers (1.124); falls are answered on a board.
    assert mech_problems({
        "kind": "buff", "targets": "ally", "targetCount": 5, "range": 60, "budget": "reaction",
        "cost": [{"pool": "luck", "amount": 1}], "reaction": {"on": "falls"},
        "applies": [{"condition": "feather_falling", "duration": {"rounds": 10}}],
    }) == []


def test_free_gives_and_standard_validate():
    assert mech_problems({"kind": "utility", "free": True, "gives": [{"budget": "act", "count": 1}]}) == []
    pkg = spells_package({"kind": "utility", "standard": {"actions": ["dodge"], "budget": "bonus"}})
    assert problems_of(pkg) == []


def test_rage_when_and_target_types_validate_in_schema_2():
    pkg = spells_package({
        "kind": "buff", "targets": "self", "budget": "bonus",
        "usableWhen": {"value": {"field": "toughness"}, "atLeast": 1},
        "applies": [
            {"condition": "raging", "duration": {"rounds": 10}},
            {"condition": "raging_damage_2", "duration": {"rounds": 10},
             "when": {"value": {"field": "toughness"}, "atMost": 8}},
        ],
        "targetTypes": {"not": {"types": ["undead"]}, "abilityAtMost": {"wits": 3}, "notImmuneTo": ["shaken"]},
    }, schema=2)
    pkg["combat"]["creatureTypes"] = {"types": [{"id": "humanoid", "label": "Humanoid"}, {"id": "undead", "label": "Undead"}]}
    assert problems_of(pkg) == []


def test_save_against_succeeds_and_modes_validate():
    pkg = spells_package({
        "kind": "attack", "amount": {"dice": "2d6"}, "damageType": "poison",
        "save": {
            "save": "con_save", "onSuccess": "half",
            "against": {"damage": ["poison"]},
            "succeeds": {"immune": ["poison"], "conditionImmune": ["shaken"], "is": {"types": ["undead"]}},
            "modes": [{"is": {"types": ["undead"]}, "mode": "disadvantage"}],
        },
    }, schema=2)
    pkg["combat"]["creatureTypes"] = {"types": [{"id": "undead", "label": "Undead"}]}
    # All three play (`succeeds` since issue 24: tests/combat/test_save_succeeds.py).
    assert problems_of(pkg) == []


# ---------------------------------------------------------------------------
# Within-object rules
# ---------------------------------------------------------------------------


def test_until_save_needs_save_ends():
    assert mech_problems({
        "kind": "debuff", "applies": [{"condition": "prone", "duration": "until-save"}],
    }) == [f'{M}.applies[0]: a "duration" of "until-save" needs "saveEnds" beside it']


def test_rider_kind_needs_rider():
    assert mech_problems({"kind": "rider"}) == [f'{M}: an entry of "kind": "rider" needs "rider"']


def test_rider_carries_nothing_taken():
    assert mech_problems({
        "kind": "rider", "budget": "act",
        "rider": {"on": "hit", "oncePer": "turn", "amount": {"dice": "1d6"}},
    }) == [f'{M}: a "rider" entry is passive and carries only "rider", so "budget" is rejected']


def test_rider_only_on_rider_kind():
    assert mech_problems({
        "kind": "attack", "amount": {"dice": "1d6"},
        "rider": {"on": "hit", "oncePer": "turn", "amount": {"dice": "1d6"}},
    }) == [f'{M}.rider: "rider" goes only on an entry of "kind": "rider"']


def test_free_and_budget_exclusive():
    assert mech_problems({"kind": "utility", "free": True, "budget": "act"}) == [
        f'{M}.free: "free" spends no budget, so it cannot go with "budget"'
    ]


def test_plus_needs_amount_and_not_heal():
    assert mech_problems({"kind": "attack", "plus": [{"dice": "1d6"}]}) == [
        f'{M}: a "plus" clause needs an "amount" to attach to'
    ]
    assert mech_problems({"kind": "heal", "amount": {"dice": "1d6"}, "plus": [{"dice": "1d6"}]}) == [
        f'{M}: a "plus" clause cannot be attached to a "heal"'
    ]


def test_amount_needs_dice_or_flat():
    assert mech_problems({"kind": "heal", "amount": {}}) == [f'{M}.amount: an amount needs "dice", "flat" or both']


def test_amount_add_needs_amount():
    assert mech_problems({"kind": "heal", "amountAdd": {"field": "toughness"}}) == [f'{M}.amountAdd: "amountAdd" needs "amount"']


def test_attack_roll_and_auto_hit_together_are_accepted():
    # Upstream accepts both and lands the entry with no roll (tests/combat/test_auto_hit.py plays it).
    assert mech_problems({"kind": "attack", "amount": {"flat": 1}, "attackRoll": True, "autoHit": True}) == []


def test_damaging_save_needs_on_success():
    assert mech_problems({"kind": "attack", "amount": {"dice": "8d6"}, "save": {"save": "dex_save"}}) == [
        f'{M}: a "save" on an entry with "amount" needs "onSuccess"'
    ]


def test_per_cost_step_needs_cost():
    assert mech_problems({"kind": "attack", "amount": {"dice": "1d6"}, "perCostStep": {"dice": "1d6"}}) == [
        f'{M}.perCostStep: "perCostStep" needs "cost"'
    ]


def test_targets_per_cost_step_needs_cost():
    assert mech_problems({"kind": "attack", "amount": {"dice": "1d4"}, "targetsPerCostStep": 1}) == [
        f'{M}.targetsPerCostStep: "targetsPerCostStep" needs "cost"'
    ]


def test_width_only_on_a_line():
    assert mech_problems({"kind": "attack", "amount": {"dice": "1d6"}, "area": {"shape": "burst", "size": 10, "width": 5}}) == [
        f'{M}.area.width: "width" goes only with a "line" or a "wall"'
    ]


def test_cancels_only_on_used_or_aimed():
    assert mech_problems({"kind": "buff", "budget": "reaction", "reaction": {"on": "hit", "cancels": True}}) == [
        f'{M}.reaction.cancels: "cancels" goes only on a "used" or "aimed" moment: what has happened cannot be cancelled'
    ]


def test_cancelling_reaction_has_no_also():
    assert mech_problems({
        "kind": "utility", "budget": "reaction",
        "reaction": {"on": "aimed", "cancels": True, "also": [{"on": "hit"}]},
    }) == [f'{M}.reaction: only the first moment can cancel, so a cancelling reaction has no "also"']


def test_above_needs_up_to():
    assert mech_problems({
        "kind": "utility", "budget": "reaction",
        "reaction": {"on": "used", "cancels": True, "above": {"check": {"const": 3}, "dc": 10}},
    }) == [f'{M}.reaction.above: "above" needs "upTo"']


def test_blow_only_on_hit():
    assert mech_problems({"kind": "buff", "budget": "reaction", "reaction": {"on": "aimed", "blow": "melee"}}) == [
        f'{M}.reaction.blow: "blow" goes only on a "hit" moment'
    ]


def test_falls_has_no_source():
    assert mech_problems({"kind": "buff", "budget": "reaction", "reaction": {"on": "falls", "seesSource": True}}) == [
        f'{M}.reaction: a fall has no source entry, so a "falls" moment cannot have "seesSource" or "against"'
    ]


def test_for_ally_needs_within():
    assert mech_problems({"kind": "buff", "budget": "reaction", "reaction": {"on": "hit", "for": "ally"}}) == [
        f'{M}.reaction.for: "for": "ally" needs "within"'
    ]


def test_cancel_save_needs_cancels():
    assert mech_problems({
        "kind": "utility", "budget": "reaction", "reaction": {"on": "aimed", "cancelSave": {"save": "dex_save", "dc": 10}},
    }) == [f'{M}.reaction.cancelSave: "cancelSave" needs "cancels"']


def test_against_needs_something_reported_once_at_its_own_path():
    # The reaction is told apart from `true` by its JSON type (`ReactionField`), so the
    # defect inside it is not also reported as "must be true or false".
    data = {"kind": "utility", "budget": "reaction", "reaction": {"on": "used", "against": {}}}
    with pytest.raises(ValidationError) as exc:
        Mechanics.model_validate(data)
    assert [str(p) for p in from_validation_error(exc.value, data)] == [
        'reaction.against: "against" needs "catalogs", "entries" or "actions"'
    ]


def test_a_defect_inside_a_reaction_object_is_reported_once():
    # Through the whole package too: one line, at the moment, none at "reaction" itself.
    assert mech_problems({"kind": "utility", "budget": "reaction", "reaction": {"on": "dawn"}}) == [
        f"{M}.reaction.on: must be one of 'used', 'aimed', 'hit', 'harmed', 'falls' or 'turn-start', not \"dawn\""
    ]


def test_wall_needs_zone():
    assert mech_problems({"kind": "utility", "area": {"shape": "wall", "size": 60}}) == [
        f'{M}: a "wall" always stays on the grid, so it needs "zone"'
    ]


def test_zone_needs_area():
    assert mech_problems({"kind": "attack", "amount": {"dice": "1d6"}, "zone": {"rounds": 10}}) == [
        f'{M}.zone: "zone" needs "area"'
    ]


def test_caster_zone_has_range_zero():
    assert mech_problems({
        "kind": "attack", "amount": {"dice": "3d8"}, "range": 30, "area": {"shape": "burst", "size": 15},
        "zone": {"rounds": 100, "anchor": "caster", "triggers": ["enter"]},
    }) == [f'{M}: a zone with "anchor": "caster" is centred on the caster, so its "range" is 0']


def test_breaks_concentration_needs_save():
    assert mech_problems({
        "kind": "utility", "area": {"shape": "burst", "size": 40},
        "zone": {"rounds": 10, "breaksConcentration": True},
    }) == [f'{M}: "breaksConcentration" rolls against the entry\'s own save DC, so the entry needs "save"']


def test_zone_damage_type_needs_amount():
    assert mech_problems({
        "kind": "utility", "area": {"shape": "burst", "size": 10},
        "zone": {"rounds": 100, "triggers": ["enter"], "damageType": "slashing"},
    }) == [f'{M}: "zone.damageType" needs the entry\'s own "amount"']


def test_summons_only_on_attack():
    assert mech_problems({"kind": "buff", "summons": {"budget": "bonus", "rounds": 10}}) == [
        f'{M}.summons: "summons" goes only on an entry of "kind": "attack"'
    ]


def test_applies_at_most_six():
    item = {"condition": "prone", "duration": "instant"}
    assert mech_problems({"kind": "debuff", "applies": [item] * 7}) == [f"{M}.applies: has more than 6 item(s)"]
