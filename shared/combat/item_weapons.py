"""Held weapons: the attack of an item its owner has in hand (`ItemDef.attack`, spec/combat-1
"Every key": "attacks of equipped items are weapons"; mechanics-1 1.187 to 1.193).

Owns: `weapon_rows` (each held weapon of a sheet as a row of the ruleset's first attack
list, with the stack it is read from), `item_entry` (the catalog entry a held weapon's
reference names), `item_attack` (the `attack` a plan's item carries),
`item_tags` (its tags, which a rider's `weapons` reads), `own_minimum` (its own minimum
of damage dice in a pool fight), and its attack modes (1.190): `mode_rows` (the row each
mode is rolled as), `attack_mode` (the mode a plan's `item_use` names) and `blow_parts`
(the parts a hit in a mode adds).

Which items strike: a stack whose item has an `attack` and is in use, the same rule that
judges an item's `requires` (shared/sheet/items.py): worn, or, for an item with no slots
(nothing to wear it in), held.

What an item attack rolls to hit: the spec gives an item attack no to-hit of its own, only
that it is a weapon and that its ability is "the first of the best abilities the item
offers". It is read the way the ruleset's weapons are rolled: as a row of the first attack
list (`combat.attacks[0]`), whose name column holds the stack's name, whose damage dice and
damage type columns hold `attack.damage.dice` and `attack.damage.type`, and whose other
columns hold the item's own `stats` of the same id (an ability, a proficiency flag, a bonus,
a reach or range; a column the item does not give takes the column's default). So the 5e
example's "+1 longsword" with stats `{ "ability": "str", "bonus": 1 }` rolls Str +
proficiency + 1, as a row with those cells would (docs/format.md "Held weapons"). An item
with no damage dice, or a ruleset with no attack list, offers no attack.
"""

from __future__ import annotations

import math
from typing import Any

from ..ruleset.item_attack import ItemAttack, StatRef
from ..sheet import SheetView
from ..sheet import item_uses as IU
from ..sheet.items import Held
from .fight import Fight
from .state import Combatant


def _in_hand(held: Held) -> bool:
    # The same rule as an item's use: in use, and bound when it binds (sheet/item_uses.py).
    return IU.in_use(held)


def weapon_rows(fight: Fight, view: SheetView) -> list[tuple[Held, dict[str, Any]]]:
    """(stack, row) for every held weapon of `view`'s sheet, in the order they are carried;
    the row is one of `combat.attacks[0]`'s list."""
    lists = fight.combat.attacks or []
    if not lists or not view.held:
        return []
    lst = lists[0]
    shape = view.idx.lists.get(lst.list)
    out: list[tuple[Held, dict[str, Any]]] = []
    seen: set[str] = set()
    for held in view.held:
        attack = getattr(held.item, "attack", None)
        if attack is None or attack.damage is None or not attack.damage.dice or not _in_hand(held):
            continue
        # Two stacks of the same name are one weapon on the menu (one option id).
        if held.name.lower() in seen:
            continue
        seen.add(held.name.lower())
        row: dict[str, Any] = {}
        for stat, value in (getattr(held.item, "stats", None) or {}).items():
            if shape is not None and shape.column(stat) is not None:
                row[stat] = value
        row[lst.name] = held.name
        # The item the row is read from: what a `remap` reads the weapon's tags through.
        row["_catalog"] = held.ref
        row[lst.damage.dice.column] = attack.damage.dice
        if lst.damage.type is not None and lst.damage.type.column is not None and attack.damage.type:
            row[lst.damage.type.column] = attack.damage.type
        out.append((held, row))
    return out


def item_entry(fight: Fight, ref: str | None) -> Any:
    """The item catalog entry `ref` (`<catalog>/<entry>`) names, or None."""
    cat_id, _, entry_id = (ref or "").partition("/")
    for cat in fight.ruleset.catalogs or []:
        if cat.id != cat_id:
            continue
        for entry in cat.entries:
            if entry.id == entry_id and entry.item is not None:
                return entry
    return None


def mode_rows(fight: Fight, view: SheetView, held: Held, row: dict[str, Any]) -> list[tuple[int, str, dict[str, Any]]]:
    """(n, label, row) for each of the held weapon's attack `modes` (1.190), n counting from
    1: the weapon's row with the mode's `range` in the list's range columns and no reach, so
    the blow is a ranged one (blows.hit_of_weapon); a mode without a range keeps the row's."""
    lst = (fight.combat.attacks or [])[0]
    out: list[tuple[int, str, dict[str, Any]]] = []
    for n, mode in enumerate(held.item.attack.modes or [], start=1):
        changed = dict(row)
        rng = lst.range
        if mode.range is not None and rng is not None and rng.normal.column is not None:
            changed[rng.normal.column] = mode.range.normal
            if rng.long is not None and rng.long.column is not None:
                changed[rng.long.column] = mode.range.long or mode.range.normal
            if lst.reach is not None and lst.reach.column is not None:
                changed[lst.reach.column] = 0
        out.append((n, mode.label or f"mode {n}", changed))
    return out


def attack_mode(fight: Fight, ref: str | None, n: int) -> Any:
    """The `modes[n - 1]` of the held weapon `ref` names; None for its plain attack (n 0)."""
    attack = item_attack(fight, ref)
    modes = (attack.modes or []) if attack is not None else []
    return modes[n - 1] if 0 < n <= len(modes) else None


def blow_parts(fight: Fight, ref: str | None, n: int = 0) -> list[Any]:
    """A held weapon's `plus` parts on a hit: its attack's own, and those of the mode the
    attack is made in (1.190)."""
    attack = item_attack(fight, ref)
    if attack is None:
        return []
    mode = attack_mode(fight, ref, n)
    return [*(attack.plus or []), *((mode.plus or []) if mode is not None else [])]


def _item(fight: Fight, ref: str | None) -> Any:
    """The `item` of the item catalog entry `ref` (`<catalog>/<entry>`), or None."""
    entry = item_entry(fight, ref)
    return entry.item if entry is not None else None


def item_attack(fight: Fight, ref: str | None) -> ItemAttack | None:
    """The `attack` of the item `ref` names (None for a row of the sheet)."""
    if ref is None:
        return None
    item = _item(fight, ref)
    return item.attack if item is not None else None


def item_tags(fight: Fight, ref: str | None) -> tuple[str, ...]:
    """The item tags of the held weapon `ref` names (what a rider's `weapons` reads)."""
    item = _item(fight, ref)
    return tuple(item.tags or []) if item is not None else ()


def own_minimum(fight: Fight, actor: Combatant, ref: str | None, attack: ItemAttack, most: int) -> int | None:
    """A held weapon's `attack.damage.minimum` (spec/combat-2 "Minimum damage dice"): a
    value reference read against its holder, or `{ "stat": ... }`, one of the item's own
    number stats; whole dice held between 0 and `most`. None when the weapon sets none
    (the common `combat.damage.minimum` holds)."""
    wanted = attack.damage.minimum if attack.damage is not None else None
    if wanted is None:
        return None
    if isinstance(wanted, StatRef):
        item = _item(fight, ref)
        stats = dict(item.stats or {}) if item is not None else {}
        value = stats.get(wanted.stat, 0)
        number = value if isinstance(value, int | float) and not isinstance(value, bool) else 0
    else:
        # A held weapon is always a sheet's (its holder has a view).
        view = fight.view(actor)
        number = view.value(wanted) if view is not None else 0
    return max(0, min(most, math.floor(number)))
