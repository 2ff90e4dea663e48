"""A creature's `spellcasting`: catalog spells cast without slots or points.

Owns: the menu plans of a block's spells and spending their uses.

- Numbers: the block's `toHit` and `saveDifficulty`; a creature with a `sheet` that leaves
  them out uses its sheet's spellcasting numbers (the `toHit`/`saveDifficulty` of the
  ability list the spell's catalog feeds, else of the first ability list that has them).
- The budget, targets, concentration and everything else come from the entry; an entry
  with no `budget` of its own spends the list's budget (a sheet creature) or the main one.
- `uses` (`per` day or encounter) are counted in the fight; a spell without `uses` is cast
  at will. `level` is the casting level: each level above the entry's base (the level of
  the pool its `cost` names) is one step of `perCostStep`/`targetsPerCostStep`.
- Covens: a spell marked `coven` is offered only while at least `coven.size` standing
  combatants on the caster's side carry that coven id (the spec's example, and the only
  number it gives, is three). Without a board `within` is not measured, so every standing
  member counts. Its uses are one pool shared by the coven, keyed by coven id and entry
  (`coven:<id>:<entry>`), kept on every member so any of them reads the same count.
- Components (1.181): a spell's `components`, else the trait's, stand instead of its
  entry's own (`[]`: innate casting that needs nothing, so Silence or a gag does not stop it).
- Option ids: `ability:spellcasting:<entry label slug>`.

Also the uses a condition gives its holder (`granted_plans`, mechanics-2 1.236), rolled with
the same numbers.
"""

from __future__ import annotations

import math
from typing import Any

from ..ruleset.combat_attacks import AbilityList
from . import costs as C
from . import numbers as N
from .fight import Fight
from .plans import Plan, entry_side, slug
from .plan_reading import catalog_entry, offered_entry
from .state import Combatant


def _spellcasting(c: Combatant) -> dict[str, Any] | None:
    sc = (c.block or {}).get("spellcasting")
    return sc if isinstance(sc, dict) else None


def coven_id(c: Combatant) -> str | None:
    sc = _spellcasting(c)
    coven = (sc or {}).get("coven")
    return coven.get("id") if isinstance(coven, dict) else None


def coven_gathered(fight: Fight, actor: Combatant) -> bool:
    sc = _spellcasting(actor) or {}
    coven = sc.get("coven")
    if not isinstance(coven, dict):
        return False
    members = [c for c in fight.standing(actor.side) if coven_id(c) == coven["id"]]
    return len(members) >= int(coven.get("size") or 3)


def _sheet_list(fight: Fight, ref: str) -> AbilityList | None:
    """The ability list a sheet creature casts this spell from (for its numbers)."""
    cat_id = ref.partition("/")[0]
    feeds: list[str] = []
    for cat in fight.ruleset.catalogs or []:
        if cat.id == cat_id:
            feeds = list(cat.feeds or [])
    lists = list(fight.combat.abilities or [])
    for lst in lists:
        if lst.list in feeds and (lst.toHit is not None or lst.saveDifficulty is not None):
            return lst
    return next((lst for lst in lists if lst.toHit is not None or lst.saveDifficulty is not None), None)


def uses_key(actor: Combatant, spell: dict[str, Any]) -> str:
    if spell.get("coven"):
        return f"coven:{coven_id(actor)}:{spell['entry']}"
    return f"spell:{spell['entry']}"


def needs(sc: dict[str, Any], spell: dict[str, Any]) -> list[str] | None:
    """What the spell needs by the trait (1.181): its own `components`, else the trait's;
    None leaves the entry's own."""
    for over in (spell.get("components"), sc.get("components")):
        if over is not None:
            return list(over)
    return None


def spell_plans(fight: Fight, actor: Combatant) -> list[Plan]:
    sc = _spellcasting(actor)
    if sc is None:
        return []
    view = fight.view(actor)
    main = fight.combat.economy.budgets[0].id
    plans: list[Plan] = []
    for spell in sc.get("spells") or []:
        entry = catalog_entry(fight, spell["entry"])
        mech = getattr(entry, "mechanics", None)
        if entry is None or mech is None or not offered_entry(mech):
            continue
        if spell.get("coven") and not coven_gathered(fight, actor):
            continue
        key = count = None
        uses = spell.get("uses")
        if isinstance(uses, dict):
            key, count = uses_key(actor, spell), int(uses["count"])
            if actor.uses.get(key, count) <= 0:
                continue
        to_hit, dc = sc.get("toHit"), sc.get("saveDifficulty")
        lst = _sheet_list(fight, spell["entry"]) if view is not None else None
        if lst is not None and view is not None:
            if to_hit is None and lst.toHit is not None:
                to_hit = math.floor(view.value(lst.toHit))
            if dc is None and lst.saveDifficulty is not None:
                dc = math.floor(view.value(lst.saveDifficulty))
        steps = 0
        base = C.base_level(fight, mech)
        if spell.get("level") is not None and base is not None:
            steps = max(0, int(spell["level"]) - base)
        side = entry_side(mech)
        budget = None if mech.free else (mech.budget or (lst.budget if lst is not None else None) or main)
        plans.append(Plan(
            kind="entry", name=entry.label, budget=budget, to_hit=int(to_hit or 0),
            to_hit_parts=[("spellcasting", int(to_hit or 0))], entry=entry, entry_ref=spell["entry"],
            mechanics=mech, list_def=None, save_dc=dc, costs=[], targets_side=side,
            option_id=f"ability:spellcasting:{slug(entry.label)}", cost_steps=steps,
            uses_key=key, uses_count=count or 0, components=needs(sc, spell),
        ))
    return plans


def spend_uses(fight: Fight, actor: Combatant, plan: Plan) -> None:
    """One use of a limited spell; a coven spell's use comes off the whole coven's count."""
    key = plan.uses_key
    if key is None:
        return
    left = actor.uses.get(key, plan.uses_count) - 1
    if key.startswith("coven:"):
        cid = coven_id(actor)
        for c in fight.state.combatants:
            if coven_id(c) == cid:
                c.uses[key] = left
        who = "The coven has"
    else:
        actor.uses[key] = left
        who = f"{actor.name} has"
    fight.emit("uses", f"{who} {left} use{'s' if left != 1 else ''} of {plan.name} left.",
               actor=actor.id, key=key, left=left)


_GRANTING: dict[int, tuple[Any, bool]] = {}


def _conditions_grant(ruleset: Any) -> bool:
    """Whether any condition of the ruleset has `actions`: read once per ruleset, so a
    package without one pays nothing on each menu."""
    kept = _GRANTING.get(id(ruleset))
    if kept is not None and kept[0] is ruleset:
        return kept[1]
    if len(_GRANTING) > 64:
        _GRANTING.clear()
    combat = getattr(ruleset, "combat", None)
    found = any(c.actions for c in (getattr(combat, "conditions", None) or []))
    _GRANTING[id(ruleset)] = (ruleset, found)
    return found


def granted_plans(fight: Fight, actor: Combatant) -> list[Plan]:
    """The uses a condition gives its holder (`actions`, mechanics-2 1.236): each catalog
    entry it names, offered while the condition is in force, costing nothing from the sheet
    but its budget, rolled with the holder's own numbers as the holder's spells are (a
    spellcasting creature's `toHit` and `saveDifficulty`, else its sheet's numbers of the
    ability list the entry's catalog feeds). Option ids: `ability:<condition>:<entry id>`."""
    if not _conditions_grant(fight.ruleset):
        return []
    from_rules = [(rule.condition, rule.actions) for _n, rule, _h in N.rules_in_force(fight, actor)
                  if getattr(rule, "actions", None)]
    if not from_rules:
        return []
    sc = _spellcasting(actor) or {}
    view = fight.view(actor)
    main = fight.combat.economy.budgets[0].id
    plans: list[Plan] = []
    for condition, refs in from_rules:
        for ref in refs:
            entry = catalog_entry(fight, ref)
            mech = getattr(entry, "mechanics", None)
            if entry is None or mech is None or not offered_entry(mech):
                continue
            to_hit, dc = sc.get("toHit"), sc.get("saveDifficulty")
            lst = _sheet_list(fight, ref) if view is not None else None
            if lst is not None and view is not None:
                if to_hit is None and lst.toHit is not None:
                    to_hit = math.floor(view.value(lst.toHit))
                if dc is None and lst.saveDifficulty is not None:
                    dc = math.floor(view.value(lst.saveDifficulty))
            budget = None if mech.free else (mech.budget or (lst.budget if lst is not None else None) or main)
            plans.append(Plan(
                kind="entry", name=entry.label, budget=budget, to_hit=int(to_hit or 0),
                to_hit_parts=[("own numbers", int(to_hit or 0))], entry=entry, entry_ref=ref, mechanics=mech,
                list_def=None, save_dc=dc, costs=[], targets_side=entry_side(mech),
                option_id=f"ability:{condition}:{ref.partition('/')[2]}",
            ))
    return plans
