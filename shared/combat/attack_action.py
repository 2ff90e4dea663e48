"""The Attack action and what waits for it (spec/mechanics-2.md 1.242, 1.244, 1.246, 1.247):
entries offered only after it (`afterAttack`) or only before any attack (`beforeAttack`),
and strikes an entry on the sheet lets its owner buy with another budget (`grantsStrike`).

Owns:
- `record_attack_action(fight, actor, plan)`: a weapon attack (a row of an attack list, or
  a held weapon; for a creature written in numbers, which has no attack list, a stat-block
  attack) that pays its own budget or a strike already bought is the Attack action;
  its name and its item are kept on the combatant for the turn (only in a ruleset where
  something waits for it). An attack a grant paid for (`Plan.granted`) is never the Attack
  action, so Flurry of Blows' strikes do not open it;
- `attack_action_taken(fight, actor, after)`: `afterAttack` as `true` (any Attack action
  this turn) or `{names, items}` (taken with one of these attacks, by name without regard
  to case, or with a held weapon having all `tags` and none of `notTags`);
- `entry_waits(fight, actor, mech)`: whether an entry's `afterAttack` or `beforeAttack`
  keeps it off the menu now (`beforeAttack`: only on the owner's own turn, before any
  attack that turn);
- `strike_grants(fight, actor, view)`: (entry label, grant) for each `grantsStrike` on an
  entry of the holder's ability lists whose `wielding` and `when` hold now; menu_rules.py
  offers them exactly as a condition's `grants.attacks`;
- `wielding_holds(fight, view, wielding)`: every held weapon is one the rule names, or none
  is held.
"""

from __future__ import annotations

from typing import Any

from ..ruleset.package import Ruleset
from ..sheet import SheetView
from . import item_weapons as IW
from .fight import Fight
from .plans import Plan
from .plan_reading import catalog_entry, row_allowed
from .state import Combatant

# ---------------------------------------------------------------------------
# the Attack action
# ---------------------------------------------------------------------------


def _waits_for_it(ruleset: Ruleset) -> bool:
    """Whether anything in the ruleset waits for the Attack action (`afterAttack` on an
    entry, an item's use, a `grantsStrike` or a condition's grant; `Ruleset.sets_key` reads
    the package once), so a fight nothing reads it in keeps no record of it (and its saved
    state is as before)."""
    return ruleset.sets_key("afterAttack")


def record_attack_action(fight: Fight, actor: Combatant, plan: Plan) -> None:
    """A weapon attack just paid: the Attack action unless a grant paid for it."""
    if plan.granted or fight.state.current() is not actor or not _waits_for_it(fight.ruleset):
        return
    name = plan.name.lower()
    if name not in actor.attack_action:
        actor.attack_action.append(name)
    if plan.item is not None and plan.item not in actor.attack_items:
        actor.attack_items.append(plan.item)


def _tags_match(tags: tuple[str, ...], test: Any) -> bool:
    have = set(tags)
    return all(t in have for t in test.tags or ()) and not any(t in have for t in test.notTags or ())


def attack_action_taken(fight: Fight, actor: Combatant, after: Any) -> bool:
    """`afterAttack`: `true`, or an object with `names` and/or `items`."""
    if not actor.attack_action:
        return False
    if after is True:
        return True
    names = getattr(after, "names", None)
    if names and any(n.lower() in actor.attack_action for n in names):
        return True
    items = getattr(after, "items", None)
    if items is not None:
        return any(_tags_match(IW.item_tags(fight, ref), items) for ref in actor.attack_items)
    return False


def entry_waits(fight: Fight, actor: Combatant, mech: Any) -> bool:
    """Whether `afterAttack` (no Attack action yet, or not with those attacks) or
    `beforeAttack` (not the owner's own turn, or an attack already made) keeps the entry
    off the menu now."""
    after = mech.afterAttack
    if after is not None and not attack_action_taken(fight, actor, after):
        return True
    if mech.beforeAttack and (fight.state.current() is not actor or actor.attacks_made > 0):
        return True
    return False


# ---------------------------------------------------------------------------
# strikes an entry grants
# ---------------------------------------------------------------------------

_GRANTING: dict[int, tuple[Ruleset, bool]] = {}


def _any_grant(ruleset: Ruleset) -> bool:
    """Whether any catalog entry of the ruleset has `grantsStrike`: read once per ruleset,
    so a package without one pays nothing on each menu."""
    kept = _GRANTING.get(id(ruleset))
    if kept is not None and kept[0] is ruleset:
        return kept[1]
    if len(_GRANTING) > 64:
        _GRANTING.clear()
    found = any(getattr(getattr(e, "mechanics", None), "grantsStrike", None) is not None
                for cat in ruleset.catalogs or [] for e in cat.entries)
    _GRANTING[id(ruleset)] = (ruleset, found)
    return found


def wielding_holds(fight: Fight, view: SheetView, wielding: Any) -> bool:
    """`wielding.only`: every held weapon is one of these (by name, or by tags), or none
    is held ("unarmed or wielding only monk weapons")."""
    only = wielding.only
    names = {n.lower() for n in only.names or ()}
    for held, _row in IW.weapon_rows(fight, view):
        if held.name.lower() in names:
            continue
        if (only.tags or only.notTags) and _tags_match(IW.item_tags(fight, held.ref), only):
            continue
        return False
    return True


def _bounds_hold(view: SheetView, bounds: Any) -> bool:
    value = view.value(bounds.value)
    return not ((bounds.atLeast is not None and value < bounds.atLeast)
                or (bounds.atMost is not None and value > bounds.atMost))


def strike_grants(fight: Fight, actor: Combatant, view: SheetView | None) -> list[tuple[str, Any]]:
    """(entry label, `grantsStrike`) for each entry on the holder's ability lists that
    grants a strike now: its budget is left, and its `wielding` and `when` hold."""
    if view is None or not _any_grant(fight.ruleset):
        return []
    out: list[tuple[str, Any]] = []
    seen: set[str] = set()
    for lst in fight.combat.abilities or []:
        for row in view.rows(lst.list):
            ref = row.get("_catalog")
            if not isinstance(ref, str) or ref in seen or not row_allowed(view, lst, row):
                continue
            mech = getattr(catalog_entry(fight, ref), "mechanics", None)
            grant = mech.grantsStrike if mech is not None else None
            if grant is None or actor.budgets.get(grant.budget, 0) <= 0:
                continue
            if grant.wielding is not None and not wielding_holds(fight, view, grant.wielding):
                continue
            if grant.when is not None and not _bounds_hold(view, grant.when):
                continue
            seen.add(ref)
            out.append((catalog_entry(fight, ref).label, grant))
    return out
