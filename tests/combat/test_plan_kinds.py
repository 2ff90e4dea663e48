"""The plan kinds are one table (`plans.PLAN_KINDS`), and every table keyed by `Plan.kind`
names only its kinds.

Each layer's dispatch (resolving, paying, drawing, forecasting, spans on a board, the
Engine's scores, ...) is a dict keyed by `Plan.kind`; a key that is no kind of plan, or an own
attack or ability one of the per-kind tables forgets, would be a silent miss, so they are
checked here against the table. The facts a plan's kind says are checked on a real menu:
Lantern Marsh's Wren with a weapon and four charms (an attack, a buff, a heal and a debuff,
examples/lantern-marsh.json) against a will-o'-wisp.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from shared.combat import actions, menu_build, menu_rules, options, paying, pool_forecast, reactions, symbol_forecast
from shared.combat import engine, tactics
from shared.combat.board import answers, menu as board_menu, reach, save_cover
from shared.combat.condition_ends import SHAKE_OFF
from shared.combat.source_saves import SAVE_ACTION
from shared.combat.aura_avert import AVERT
from shared.combat.fight import Fight
from shared.combat.plans import PLAN_KINDS, Plan
from tests.combat.kit import Bout, foe, marsh, ruleset, wren_marsh

COMBAT = Path(__file__).resolve().parents[2] / "shared" / "combat"
OWN = {"weapon", "entry", "action", "sequence"}
#: A summon's strike (summons.py) is an own use too: made from its casting's plan (so no
#: `Plan(kind=...)` writes it), drawn by summons.summon_items rather than `DRAWS`, and aimed
#: from the summon's cell, so no span from its owner's (`SPANS`).
SUMMON = "summon"
DRAWN_ELSEWHERE = {"menu_build.DRAWS", "reach.SPANS (own)"}

#: Tables that say what every own attack or ability does in their layer.
EVERY_OWN = {
    "menu_build.DRAWS": menu_build.DRAWS,
    "menu_rules.BLOWS": menu_rules.BLOWS,
    "menu_rules.REFORECASTS": menu_rules.REFORECASTS,
    "options.FORECASTS": options.FORECASTS,
    "options.TARGET_COUNTS": options.TARGET_COUNTS,
    "pool_forecast.FORECASTS": pool_forecast.FORECASTS,
    "symbol_forecast.FORECASTS": symbol_forecast.FORECASTS,
    "reach.SPANS (own)": {k: v for k, v in reach.SPANS.items() if k in OWN},
}
#: Tables with a default for the kinds they leave out.
SOME = {
    "actions.RESOLVES": actions.RESOLVES,
    "paying.PAYS": paying.PAYS,
    "engine.BOARD_STEPS": engine.BOARD_STEPS,
    "reactions.ORIGINS": reactions.ORIGINS,
    "reach.SPANS": reach.SPANS,
    "save_cover.OPTION_SAVES": save_cover.OPTION_SAVES,
    "answers.OWN_DISTANCE": answers.OWN_DISTANCE,
    "board_menu.UNSPANNED": board_menu.UNSPANNED,
    "tactics.SCORES": tactics.SCORES,
}


def _kinds_made_in_combat() -> set[str]:
    """Every `Plan(kind="...")` written in shared/combat."""
    found: set[str] = set()
    for path in COMBAT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Plan":
                for kw in node.keywords:
                    if kw.arg == "kind" and isinstance(kw.value, ast.Constant):
                        found.add(kw.value.value)
    return found


def test_every_plan_made_is_a_kind_in_the_table() -> None:
    made = _kinds_made_in_combat() | {SHAKE_OFF, SUMMON, SAVE_ACTION, AVERT}
    assert made <= set(PLAN_KINDS), made - set(PLAN_KINDS)
    # Each kind in the table is made somewhere (the four own kinds, standard, contest, the
    # end, the four board steps (a zone moved too), a symbol spend, a shake-off and a save
    # spent an action on, and eyes averted from a gaze).
    assert set(PLAN_KINDS) == made


@pytest.mark.parametrize("name", sorted(EVERY_OWN))
def test_a_per_kind_table_covers_every_own_attack_or_ability(name: str) -> None:
    assert set(EVERY_OWN[name]) == (OWN if name in DRAWN_ELSEWHERE else OWN | {SUMMON})


@pytest.mark.parametrize("name", sorted(SOME))
def test_a_table_keyed_by_plan_kind_names_only_kinds(name: str) -> None:
    assert set(SOME[name]) <= set(PLAN_KINDS)


def test_the_kinds_say_what_they_are() -> None:
    assert {k for k, kind in PLAN_KINDS.items() if kind.own} == OWN | {SUMMON}
    assert [k for k, kind in PLAN_KINDS.items() if kind.apart] == [SUMMON]
    assert {k for k, kind in PLAN_KINDS.items() if kind.moves} == {"move", "stand", "flight", "zone", "zone-turn",
                                                                   "pick-up"}
    assert [k for k, kind in PLAN_KINDS.items() if kind.ends_turn] == ["end"]
    assert {k for k, kind in PLAN_KINDS.items() if kind.aims_areas} == {"entry", "action"}
    assert {k: PLAN_KINDS[k].group for k in OWN} == {"weapon": "attack", "entry": "ability", "action": "action",
                                                    "sequence": "action"}
    end = Plan(kind="end")
    assert end.ends_turn and not end.own and end.source is None and end.reaction is None
    assert not end.rolls_to_hit and not end.aims_harm and not end.aims_at_self and end.entry_catalog is None
    with pytest.raises(ValueError, match="the option id of a plan of kind 'end' is made where it is offered"):
        _ = end.menu_id


@pytest.fixture(scope="module")
def wren_menu() -> dict[str, Plan]:
    rs = ruleset(marsh())
    bout = Bout(rs, [wren_marsh("lantern-flare", "reed-ward", "marsh-mend", "bog-hex")], [foe("will-o-wisp")],
                dice=[10, 1])
    fight = Fight(rs, bout.state)
    items = menu_build.build_menu(fight, fight.get(bout.waiting() or ""), forecasts=False)
    return {item.option.id: item.plan for item in items}


def test_a_menus_plans_say_their_own_ids_and_groups(wren_menu: dict[str, Plan]) -> None:
    own = {oid: plan for oid, plan in wren_menu.items() if plan.own}
    assert sorted(own) == ["ability:charms:bog-hex", "ability:charms:lantern-flare", "ability:charms:marsh-mend",
                           "ability:charms:reed-ward", "attack:kit:lamp-hook"]
    assert all(plan.menu_id == oid for oid, plan in own.items())
    assert wren_menu["end-turn"].ends_turn


def test_the_facts_of_a_weapon_and_four_charms(wren_menu: dict[str, Plan]) -> None:
    hook = wren_menu["attack:kit:lamp-hook"]
    assert (hook.rolls_to_hit, hook.aims_harm, hook.damaging_attack, hook.source, hook.entry_catalog) == (
        True, True, True, None, None)
    flare, ward = wren_menu["ability:charms:lantern-flare"], wren_menu["ability:charms:reed-ward"]
    mend, hex_ = wren_menu["ability:charms:marsh-mend"], wren_menu["ability:charms:bog-hex"]
    for charm in (flare, ward, mend, hex_):
        assert charm.source is charm.mechanics and charm.entry_catalog == "charms" and not charm.aims_at_self
    # Lantern Flare: an attack rolled to hit for 1d8 fire; Bog Hex: a debuff saved
    # against; Reed Ward and Marsh Mend help an ally.
    assert (flare.rolls_to_hit, flare.aims_harm, flare.damaging_attack, flare.applies_harm) == (True, True, True, True)
    assert (hex_.aims_harm, hex_.applies_harm, hex_.aims_at_foes, hex_.damaging_attack) == (True, True, True, False)
    for helper in (ward, mend):
        assert (helper.aims_harm, helper.applies_harm, helper.aims_at_foes, helper.damaging_attack) == (
            False, False, False, False)
        assert helper.targets_side == "ally"
