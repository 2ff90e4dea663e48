"""Curing one of several things (mechanics-2 1.204, `cureOneOf`): each cure is offered as a
mode of the option (`<option>@cure:<n>`, labelled with the condition), only against a target
holding it; the chosen one ends and the others stay; a use with no mode chosen ends the first
cure, in the entry's order, the target has a reason for; a mode's plan saves and reloads.

Package: tests/combat/test_cures.py's vendored 5e-srd, with Lesser Restoration written from
the SRD 5.1 text ("you can end ... one condition afflicting it. The condition can be blinded,
deafened, paralyzed, or poisoned") as `cureOneOf` over those four conditions. Mira acts first
(initiative 20) with a 2nd-level slot; Brom holds blinded and poisoned.
"""

from __future__ import annotations

import copy
from typing import Any

from shared.combat.fight import Fight
from shared.combat.menu_build import build_menu
from shared.combat.plan_codec import plan_from_json, plan_to_json
from shared.combat.state import BattleState
from tests.combat import test_cures as cures
from tests.combat.kit import Bout, foe, ruleset
from tests.combat.srd_kit import entry, fighter

OPTION = "ability:spells:lesser-restoration"
ONE_OF = {"kind": "utility", "range": 0, "targets": "ally", "cureOneOf": True,
          "ends": {"conditions": ["blinded", "deafened", "paralyzed", "poisoned"]},
          "cost": [{"pool": "slots_2", "amount": 1}]}


def package() -> dict[str, Any]:
    pkg = cures.package()
    entry(pkg, "spells", "lesser-restoration")["mechanics"] = copy.deepcopy(ONE_OF)
    return pkg


def bout() -> Bout:
    b = Bout(ruleset(package()), [fighter(), cures.caster()], [foe("goblin"), foe("ghoul")], dice=list(cures.DICE))
    b.put("brom", "blinded")
    b.put("brom", "poisoned")
    return b


def test_each_held_condition_is_a_mode_offered_only_against_its_holder():
    options = bout().options("mira")
    modes = {oid: (o.label, o.targets) for oid, o in options.items() if oid.startswith(OPTION)}
    # Deafened (2) and paralyzed (3) are held by nobody: those modes are not offered.
    assert modes == {
        OPTION: ("Lesser Restoration", ["brom"]),
        f"{OPTION}@cure:1": ("Lesser Restoration (Blinded)", ["brom"]),
        f"{OPTION}@cure:4": ("Lesser Restoration (Poisoned)", ["brom"]),
    }


def test_the_chosen_condition_ends_and_the_other_stays():
    b = bout()
    assert b.choose("mira", f"{OPTION}@cure:4", "brom")[1:3] == [
        "Mira uses Lesser Restoration on Brom.",
        "Brom is no longer Poisoned: Mira's Lesser Restoration ends it.",
    ]
    assert [h.id for h in b.who("brom").conditions] == ["blinded"]
    # One 2nd-level slot of Mira's 2 is spent, whichever cure was chosen.
    assert b.who("mira").sheet["live"]["pools"]["slots_2"] == 1
    assert b.dice_left() == 0
    saved = b.state.model_dump_json()
    assert BattleState.model_validate_json(saved).model_dump_json() == saved


def test_no_mode_chosen_ends_the_first_the_target_has_a_reason_for():
    b = bout()
    # Its order is blinded, deafened, paralyzed, poisoned: blinded goes, poisoned stays
    # (unlike `ends` without cureOneOf, which would end both).
    assert b.choose("mira", OPTION, "brom")[1:3] == [
        "Mira uses Lesser Restoration on Brom.",
        "Brom is no longer Blinded: Mira's Lesser Restoration ends it.",
    ]
    assert [h.id for h in b.who("brom").conditions] == ["poisoned"]


def test_a_mode_aimed_at_someone_without_its_condition_is_refused():
    b = bout()
    b.who("brom").conditions = [h for h in b.who("brom").conditions if h.id != "poisoned"]
    assert f"{OPTION}@cure:4" not in b.options("mira")


def test_a_modes_plan_saves_and_reloads_with_its_one_cure():
    b = bout()
    fight, mira = Fight(b.rs, b.state), b.state.combatant("mira")
    assert mira is not None
    plan = next(i.plan for i in build_menu(fight, mira) if i.option.id == f"{OPTION}@cure:4")
    saved = plan_to_json(plan)
    assert saved["cure"] == 4
    back = plan_from_json(fight, mira, saved)
    assert back.cure == 4 and back.mechanics.ends.conditions == ["poisoned"] and not back.mechanics.cureOneOf
    assert "cure" not in plan_to_json(next(i.plan for i in build_menu(fight, mira) if i.option.id == OPTION))
