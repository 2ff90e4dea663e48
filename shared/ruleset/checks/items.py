"""Cross-references of the `items` block: `carry.stat` is a number stat, each rarity cap
names a declared rarity once and caps number stats within their range, and the values
`binding` and `carry` read are on the sheet. Also every `itemStat` value reference in the
package, wherever it is written, is held against this block (with the same rules and
messages as `sheet_refs.check_value_ref`, so a reference another check already judged is
reported once)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import ValueRef
from ..errors import PathPart, Problems
from ..items import Items, NumberStat
from ..sheet_refs import a_or_an, check_value_ref
from .lookup import index, walk_with_paths

if TYPE_CHECKING:
    from ..package import Ruleset


def _check_block(pkg: "Ruleset", items: Items, problems: Problems) -> None:
    base = ("items",)
    if items.binding is not None:
        check_value_ref(pkg, items.binding.max, [*base, "binding", "max"], problems)
    carry = items.carry
    if carry is not None:
        stat = items.stat(carry.stat)
        if stat is None:
            problems.add([*base, "carry", "stat"], f'unknown item stat "{carry.stat}"')
        elif not isinstance(stat, NumberStat):
            problems.add(
                [*base, "carry", "stat"],
                f'item stat "{carry.stat}" is {a_or_an(stat.type)} stat; what is carried is weighed by a number stat',
            )
        check_value_ref(pkg, carry.encumberedAbove, [*base, "carry", "encumberedAbove"], problems)
        check_value_ref(pkg, carry.limit, [*base, "carry", "limit"], problems)
    rarities = index(items.rarities)
    capped: set[str] = set()
    for i, cap in enumerate(items.rarityCaps or []):
        path: tuple[PathPart, ...] = (*base, "rarityCaps", i)
        if cap.rarity not in rarities:
            problems.add([*path, "rarity"], f'unknown rarity "{cap.rarity}"')
        elif cap.rarity in capped:
            problems.add([*path, "rarity"], f'rarity "{cap.rarity}" is capped twice')
        capped.add(cap.rarity)
        for stat_id, limit in (cap.stats or {}).items():
            stat = items.stat(stat_id)
            where = [*path, "stats", stat_id]
            if stat is None:
                problems.add(where, f'unknown item stat "{stat_id}"')
            elif not isinstance(stat, NumberStat):
                problems.add(where, f'item stat "{stat_id}" is {a_or_an(stat.type)} stat; only number stats are capped')
            elif not stat.allows(limit):
                problems.add(where, f'cap {limit} is not a value item stat "{stat_id}" can hold ({stat.min} to {stat.max})')


def check(pkg: "Ruleset", problems: Problems) -> None:
    if pkg.items is not None:
        _check_block(pkg, pkg.items, problems)
    for path, model in walk_with_paths(pkg):
        if isinstance(model, ValueRef) and model.itemStat is not None:
            check_value_ref(pkg, model, path, problems)
