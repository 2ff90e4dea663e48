"""Attack rows the sheet changes (spec/mechanics-2 1.242 "`attackRows`", 1.244 "Held weapons
in attack rules"): Martial Arts, Ki-Empowered Strikes.

Owns: `rules_in_force` (the `attackRows` rules of a combatant's sheet in force now) and
`changed_row` (one attack row, or held weapon's row, as those rules change it, with the
qualities its strikes carry).

Where a rule comes from: "a catalog entry in a sheet list with `attackRows`": the mechanics
of each row of the sheet's lists naming a catalog entry (support.sheet_entries); and an item
in use (worn; held, for an item with no slots) whose `use` carries `attackRows`, as an entry
on the sheet would (docs/format.md "Attack rows"). A rule is in force while its `when` holds
(a value from the sheet within its bounds) and, with `wielding.only`, while every held
weapon is one of those (by name, or by all of `tags` and none of `notTags`) or none is held.

What a rule changes in a row it matches (by `names`, case-insensitive, against the row's name,
which for a held weapon is the name its attack goes under; or, for a held weapon, by `items`
tags):
- `abilities`: the attack roll uses the best of the row's own ability and these (the row's
  own first on a tie); a damage ability that is the row's own ability becomes the best too;
- `die`: one die of the size the sheet value picks from the stepped table (the last step at
  or below it; none below the first), instead of the row's dice, when its average is
  better than theirs (the whole dice text, flat parts included: Unarmed Strike's "1");
- `qualities`: tags the row's strikes carry past resistance (`magical`), read like a held
  weapon's own tags (hits.Hit.qualities).

The work is gated by `has_rules` (one look per ruleset), so a package without the key pays
nothing; weapon plans are kept per sheet view (plan_reading), so a menu reads the rules once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..dice import DiceError, parse_dice
from ..dice.forecast import mean
from ..ruleset.base import Bounds
from ..ruleset.mechanics.strikes import AttackRowsRule
from ..ruleset.package import Ruleset
from ..sheet import SheetView
from ..sheet import item_uses as IU
from .fight import Fight
from .state import Combatant
from .support import sheet_entries

def has_rules(ruleset: Ruleset) -> bool:
    """Whether any catalog entry (or item use) of the package carries `attackRows` (the
    key's names, read once per ruleset by `Ruleset.sets_key`)."""
    return ruleset.sets_key("attackRows")


def _holds(view: SheetView, when: Bounds | None) -> bool:
    if when is None:
        return True
    value = view.value(when.value)
    return (when.atLeast is None or value >= when.atLeast) and (when.atMost is None or value <= when.atMost)


def _tags_match(tags: tuple[str, ...], want: Any, avoid: Any) -> bool:
    return all(t in tags for t in want or ()) and not any(t in tags for t in avoid or ())


def _weapons(view: SheetView) -> list[tuple[str, tuple[str, ...]]]:
    """(name, tags) of every held weapon of the sheet: an item with an attack, in use."""
    return [(h.name, tuple(getattr(h.item, "tags", None) or ())) for h in view.held
            if getattr(h.item, "attack", None) is not None and IU.in_use(h)]


def _wielding_ok(view: SheetView, rule: AttackRowsRule) -> bool:
    if rule.wielding is None:
        return True
    only = rule.wielding.only
    names = {n.lower() for n in only.names or ()}
    for name, tags in _weapons(view):
        by_name = name.lower() in names
        by_tags = (only.tags is not None or only.notTags is not None) and _tags_match(tags, only.tags, only.notTags)
        if not (by_name or by_tags):
            return False
    return True


def rules_in_force(fight: Fight, actor: Combatant, view: SheetView) -> list[AttackRowsRule]:
    """The `attackRows` rules of `actor`'s sheet entries and items in use that hold now."""
    if not has_rules(fight.ruleset) or actor.sheet is None:
        return []
    found: list[AttackRowsRule] = []
    for entry in sheet_entries(fight.ruleset, actor):
        found += (entry.mechanics.attackRows if entry.mechanics is not None else None) or []
    for held in view.held:
        use = getattr(held.item, "use", None)
        if use is not None and use.attackRows and IU.in_use(held):
            found += use.attackRows
    return [r for r in found if _holds(view, r.when) and _wielding_ok(view, r)]


@dataclass(frozen=True)
class ChangedRow:
    row: dict[str, Any]
    qualities: tuple[str, ...]


def _matches(rule: AttackRowsRule, name: str, tags: tuple[str, ...] | None) -> bool:
    if rule.names is not None and name.lower() in {n.lower() for n in rule.names}:
        return True
    return tags is not None and rule.items is not None and _tags_match(tags, rule.items.tags, rule.items.notTags)


def _die(view: SheetView, rule: AttackRowsRule) -> int | None:
    assert rule.die is not None
    value = view.value(rule.die.from_)
    faces = None
    for start, size in rule.die.table:
        if value >= start:
            faces = size
    return faces


def _own_ability(view: SheetView, lst: Any, row: dict[str, Any]) -> str | None:
    if lst.toHit is None or lst.toHit.ability is None:
        return None
    ability = view.cell(lst.list, row, lst.toHit.ability.column)
    if lst.abilityChoices and ability in lst.abilityChoices:
        ability = max(lst.abilityChoices[ability], key=lambda a: view.mod(a))
    return ability if isinstance(ability, str) and ability in view.idx.ability_by_id else None


def changed_row(view: SheetView, lst: Any, row: dict[str, Any], rules: list[AttackRowsRule],
                tags: tuple[str, ...] | None) -> ChangedRow | None:
    """`row` of attack list `lst` as the rules matching it change it (`tags`: a held weapon's
    item tags; None for a row of the sheet); None when no rule matches."""
    name = view.cell(lst.list, row, lst.name)
    if not isinstance(name, str):
        return None
    matching = [r for r in rules if _matches(r, name, tags)]
    if not matching:
        return None
    out = dict(row)
    qualities: list[str] = []
    for rule in matching:
        if rule.abilities and lst.toHit is not None and lst.toHit.ability is not None:
            own = _own_ability(view, lst, out)
            pool = ([own] if own is not None else []) + [a for a in rule.abilities if a in view.idx.ability_by_id]
            if pool:
                best = max(pool, key=lambda a: math.floor(view.mod(a)))
                hit_col = lst.toHit.ability.column
                if lst.damage.ability is not None and lst.damage.ability.column != hit_col \
                        and view.cell(lst.list, out, lst.damage.ability.column) == own:
                    out[lst.damage.ability.column] = best
                out[hit_col] = best
        if rule.die is not None:
            faces = _die(view, rule)
            column = lst.damage.dice.column
            text = view.cell(lst.list, out, column)
            try:
                own_mean = mean(parse_dice(text)) if isinstance(text, str | int) else None
            except DiceError:
                own_mean = None
            if faces is not None and (own_mean is None or mean(parse_dice(f"1d{faces}")) > own_mean):
                out[column] = f"1d{faces}"
        qualities += [q for q in rule.qualities or () if q not in qualities]
    return ChangedRow(out, tuple(qualities))


__all__ = ["ChangedRow", "changed_row", "has_rules", "rules_in_force"]
