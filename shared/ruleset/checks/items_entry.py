"""Cross-references of the `item` of item catalog entries: the category, rarity, tags,
stats, slots and currency unit are declared in the `items` block (a stat's value must be
one the stat can hold, a slot count no more than the slot has); worn, carried and
`otherwise` effects name skills, saves and abilities of the sheet and their modifiers are
checked like a condition's; requirements read what the sheet has; an attack's parts name
declared damage types, saves, conditions and item stats; a use is checked like an entry's
`mechanics`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ValueRef, dice_error
from ..errors import Problems
from ..item_attack import StatRef
from ..items import NumberStat
from ..sheet_refs import a_or_an, check_value_ref
from . import combat_refs
from . import mechanics_index as mx
from .lookup import index
from .mechanics import check_applies, check_mechanics
from .mechanics_index import MechanicsIndex, Path, index_of

if TYPE_CHECKING:
    from ..package import Ruleset


def _stat_value_problem(stat: Any, value: Any) -> str | None:
    """Why item stat `stat` can never hold `value`, or None when it can."""
    kind = stat.type
    sid = stat.id
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return f'item stat "{sid}" is a number stat, not {_what(value)}'
        if not stat.allows(value):
            return f'{value} is not a value item stat "{sid}" can hold ({stat.min} to {stat.max})'
        return None
    if kind == "boolean":
        return None if isinstance(value, bool) else f'item stat "{sid}" is a boolean stat, not {_what(value)}'
    if not isinstance(value, str):
        return f'item stat "{sid}" is {a_or_an(kind)} stat, not {_what(value)}'
    if kind == "enum" and value not in stat.values:
        return f'"{value}" is not a value of item stat "{sid}"'
    if kind == "text" and len(value) > stat.maxLength:
        return f'is longer than item stat "{sid}"\'s maxLength {stat.maxLength}'
    if kind == "dice" and dice_error(value) is not None:
        return f'"{value}" is not dice (write it like "1d6" or "2d8+3")'
    return None


def _what(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    return "text"


def _check_effect(pkg: "Ruleset", ix: MechanicsIndex, effect: Any, path: Path, problems: Problems) -> None:
    if effect is None:
        return
    for key in ("failsSaves", "saves"):
        for i, name in enumerate(getattr(effect, key) or []):
            combat_refs.check_save(pkg, name, [*path, key, i], problems)
    for i, name in enumerate(effect.skills or []):
        combat_refs.check_skill(pkg, name, [*path, "skills", i], problems)
    mx.abilities(ix, effect.abilities, [*path, "abilities"], problems)
    for i, mod in enumerate(effect.modifiers or []):
        combat_refs.check_modifier(pkg, ix.cids, mod, [*path, "modifiers", i], problems)


def _check_attack(pkg: "Ruleset", ix: MechanicsIndex, item: Any, stats: dict[str, Any], path: Path, problems: Problems) -> None:
    attack = item.attack
    damage = attack.damage
    if damage is not None:
        mx.damage_type(ix, damage.type, [*path, "damage", "type"], problems)
        minimum = damage.minimum
        if isinstance(minimum, ValueRef):
            check_value_ref(pkg, minimum, [*path, "damage", "minimum"], problems)
        elif isinstance(minimum, StatRef):
            stat = stats.get(minimum.stat)
            where = [*path, "damage", "minimum", "stat"]
            if stat is None:
                problems.add(where, f'unknown item stat "{minimum.stat}"')
            elif not isinstance(stat, NumberStat):
                problems.add(where, f'item stat "{minimum.stat}" is {a_or_an(stat.type)} stat; a minimum reads a number stat')
    plus_lists: list[tuple[Path, Any]] = [([*path, "plus"], attack.plus)]
    plus_lists += [([*path, "modes", i, "plus"], m.plus) for i, m in enumerate(attack.modes or [])]
    for where, parts in plus_lists:
        for i, part in enumerate(parts or []):
            mx.damage_type(ix, part.type, [*where, i, "type"], problems)
            if part.save is not None:
                mx.save(ix, part.save.save, [*where, i, "save", "save"], problems)
            mx.check_target_test(ix, part.targetIs, [*where, i, "targetIs"], problems)
            mx.check_target_test(ix, part.not_, [*where, i, "not"], problems)
            mx.condition(ix, part.marked, [*where, i, "marked"], problems)
    check_applies(pkg, ix, attack.onHit, [*path, "onHit"], problems)
    for i, against in enumerate(attack.against or []):
        mx.check_target_test(ix, against.is_, [*path, "against", i, "is"], problems)
        mx.condition(ix, against.marked, [*path, "against", i, "marked"], problems)
    for i, slay in enumerate(attack.slay or []):
        where = [*path, "slay", i]
        mx.check_target_test(ix, slay.not_, [*where, "not"], problems)
        if slay.save is not None:
            mx.save(ix, slay.save.save, [*where, "save", "save"], problems)
        mx.damage_types(ix, slay.immuneTo, [*where, "immuneTo"], problems)
        check_applies(pkg, ix, slay.saved, [*where, "saved"], problems)
        if slay.charges is not None and item.charges is None:
            problems.add([*where, "charges"], '"charges" spends the item\'s own charges, and the item declares no "charges"')
    for i, mode in enumerate(attack.modes or []):
        where = [*path, "modes", i]
        if mode.line is not None:
            mx.damage_type(ix, mode.line.type, [*where, "line", "type"], problems)
            mx.save(ix, mode.line.save.save, [*where, "line", "save", "save"], problems)
        if mode.charges is not None and item.charges is None:
            problems.add([*where, "charges"], '"charges" spends the item\'s own charges, and the item declares no "charges"')
    if attack.othersWhileMarked is not None:
        mx.condition(ix, attack.othersWhileMarked.condition, [*path, "othersWhileMarked", "condition"], problems)


def _check_item(pkg: "Ruleset", ix: MechanicsIndex, item: Any, path: Path, problems: Problems) -> None:
    block = pkg.items
    if block is None:
        problems.add([*path, "category"], 'an item needs the package\'s "items" block, which declares its categories')
        return
    if item.category not in index(block.categories):
        problems.add([*path, "category"], f'unknown item category "{item.category}"')
    if item.rarity is not None and item.rarity not in index(block.rarities):
        problems.add([*path, "rarity"], f'unknown rarity "{item.rarity}"')
    mx.item_tags(ix, item.tags, [*path, "tags"], problems)
    stats = index(block.stats)
    for key, value in (item.stats or {}).items():
        if key == "$comment":
            continue
        stat = stats.get(key)
        if stat is None:
            problems.add([*path, "stats", key], f'unknown item stat "{key}"')
            continue
        reason = _stat_value_problem(stat, value)
        if reason is not None:
            problems.add([*path, "stats", key], reason)
    slots = index(block.slots)
    for key, count in (item.slots or {}).items():
        if key == "$comment":
            continue
        slot = slots.get(key)
        if slot is None:
            problems.add([*path, "slots", key], f'unknown slot "{key}"')
        elif count > slot.count:
            problems.add([*path, "slots", key], f'takes {count} of slot "{key}", which holds {slot.count}')
    if item.cost is not None:
        units = {u.id for c in block.currencies or [] for u in c.units}
        if item.cost.unit not in units:
            problems.add([*path, "cost", "unit"], f'unknown currency unit "{item.cost.unit}"')
    _check_effect(pkg, ix, item.worn, [*path, "worn"], problems)
    _check_effect(pkg, ix, item.carried, [*path, "carried"], problems)
    for i, req in enumerate(item.requires or []):
        check_value_ref(pkg, req.value, [*path, "requires", i, "value"], problems)
        _check_effect(pkg, ix, req.otherwise, [*path, "requires", i, "otherwise"], problems)
    if item.attack is not None:
        _check_attack(pkg, ix, item, stats, [*path, "attack"], problems)
    if item.use is not None:
        check_mechanics(pkg, ix, item.use, [*path, "use"], problems)


def check(pkg: "Ruleset", problems: Problems) -> None:
    ix = index_of(pkg)
    for ci, cat in enumerate(pkg.catalogs or []):
        for ei, entry in enumerate(cat.entries):
            if entry.item is not None:
                _check_item(pkg, ix, entry.item, ["catalogs", ci, "entries", ei, "item"], problems)
