"""Lookups the combat checks share, and the cross-references of a modifier and of a
creature-type target test, which conditions, levels and item effects all carry.

Owns: `CombatIds` (the combat block's own ids: budgets, standard actions, damage types,
creature types and tags, contest checks), `check_modifier`, `check_target_test`,
`check_damage_type`, `check_budget`, `check_condition_id`, `gate_problem` (a value-level
gate that depends on another block, reported in the gate checker's words).

Has no `check` of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from ..errors import PathPart, Problems
from ..gates import ApiVersion
from ..sheet_refs import get, sheet_ids

if TYPE_CHECKING:
    from ..package import Ruleset

POOL_KINDS = ("dice-pool", "symbol-pool")


@dataclass
class CombatIds:
    budgets: dict[str, Any] = field(default_factory=dict)
    first_budget: str | None = None
    standard: set[str] = field(default_factory=set)
    #: lower-cased damage type -> as written; None when the block declares no damageTypes
    damage_types: dict[str, str] | None = None
    types: set[str] | None = None
    tags: set[str] | None = None
    checks: set[str] = field(default_factory=set)
    catalogs: set[str] = field(default_factory=set)
    item_tags: set[str] | None = None
    condition_kinds: set[str] = field(default_factory=set)


def combat_ids(pkg: "Ruleset") -> CombatIds:
    combat = pkg.combat
    ids = CombatIds()
    ids.catalogs = {c.id for c in pkg.catalogs or []}
    items = get(pkg, "items")
    if items is not None:
        ids.item_tags = {get(t, "id") for t in get(items, "tags") or []}
    if combat is None:
        return ids
    economy = get(combat, "economy")
    for budget in get(economy, "budgets") or []:
        ids.budgets.setdefault(budget.id, budget)
        if ids.first_budget is None:
            ids.first_budget = budget.id
    ids.standard = set(get(combat, "standard") or [])
    types = get(combat, "damageTypes")
    if types is not None:
        ids.damage_types = {t.lower(): t for t in types}
    creature_types = get(combat, "creatureTypes")
    if creature_types is not None:
        ids.types = {t.id for t in creature_types.types}
        ids.tags = {t.id for t in creature_types.tags or []}
    ids.checks = {c.id for c in get(combat, "checks") or []}
    for cond in get(combat, "conditions") or []:
        ids.condition_kinds.update(get(cond, "kinds") or [])
    return ids


def gate_problem(pkg: "Ruleset", path: Sequence[PathPart], what: str, api: str, problems: Problems) -> None:
    """A gate that depends on another block (e.g. a plain track as health, 1.383): refused
    when the package declares an older Capability API."""
    declared = pkg.capabilityApi.version() if pkg.capabilityApi is not None else None
    if declared is not None and declared < ApiVersion.parse(api):
        problems.add(path, f"{what} needs capabilityApi {api} or later (this package declares {declared})")


def check_budget(ids: CombatIds, budget: str | None, path: Sequence[PathPart], problems: Problems) -> None:
    if budget is not None and budget not in ids.budgets:
        problems.add(path, f'unknown budget "{budget}": declare it in "combat.economy.budgets"')


def check_condition_id(pkg: "Ruleset", condition: str | None, path: Sequence[PathPart], problems: Problems) -> None:
    if condition is None:
        return
    ids = sheet_ids(pkg)
    if condition not in ids.conditions:
        problems.add(path, f'unknown condition "{condition}": declare it in "sheet.live.conditions"')


def check_save(pkg: "Ruleset", save: str, path: Sequence[PathPart], problems: Problems) -> None:
    if save not in sheet_ids(pkg).saves:
        problems.add(path, f'unknown save "{save}"')


def check_skill(pkg: "Ruleset", skill: str, path: Sequence[PathPart], problems: Problems) -> None:
    if skill not in sheet_ids(pkg).skills:
        problems.add(path, f'unknown skill "{skill}"')


def check_ability(pkg: "Ruleset", ability: str, path: Sequence[PathPart], problems: Problems) -> None:
    if ability not in sheet_ids(pkg).abilities:
        problems.add(path, f'unknown ability "{ability}"')


def check_damage_type(ids: CombatIds, name: str | None, path: Sequence[PathPart], problems: Problems) -> None:
    """A damage type must be one of `combat.damageTypes` (compared case-insensitively)
    when the block declares them."""
    if name is None or ids.damage_types is None:
        return
    if name.lower() not in ids.damage_types:
        problems.add(path, f'unknown damage type "{name}": it is not one of "combat.damageTypes"')


def check_target_test(ids: CombatIds, test: Any, path: Sequence[PathPart], problems: Problems) -> None:
    """Every type and tag a target test names is declared in `combat.creatureTypes`."""
    if test is None:
        return
    for key, known, what in (("types", ids.types, "creature type"), ("tags", ids.tags, "creature tag")):
        for i, name in enumerate(get(test, key) or []):
            if known is None:
                problems.add([*path, key, i], f'{what} "{name}" is named, but "combat.creatureTypes" is not declared')
            elif name not in known:
                problems.add([*path, key, i], f'unknown {what} "{name}"')


def check_modifier(
    pkg: "Ruleset", ids: CombatIds, mod: Any, path: Sequence[PathPart], problems: Problems
) -> None:
    """The ids one modifier names: skills, saves, abilities, conditions and damage types it
    narrows to, catalogs it is against, the creature types of its tests. In a pool fight a
    rolled modifier to attacks, saves or checks is rejected: those are dice added or taken
    away, so they are flat numbers."""
    for i, skill in enumerate(get(mod, "skills") or []):
        check_skill(pkg, skill, [*path, "skills", i], problems)
    for i, save in enumerate(get(mod, "saves") or []):
        check_save(pkg, save, [*path, "saves", i], problems)
    for i, ability in enumerate(get(mod, "abilities") or []):
        check_ability(pkg, ability, [*path, "abilities", i], problems)
    if get(mod, "ability") is not None:
        check_ability(pkg, mod.ability, [*path, "ability"], problems)
    check_damage_type(ids, get(mod, "damageType"), [*path, "damageType"], problems)
    check_target_test(ids, get(mod, "from_"), [*path, "from"], problems)
    against = get(mod, "against")
    if against is not None:
        for i, cond in enumerate(get(against, "conditions") or []):
            check_condition_id(pkg, cond, [*path, "against", "conditions", i], problems)
        for i, name in enumerate(get(against, "damage") or []):
            check_damage_type(ids, name, [*path, "against", "damage", i], problems)
        check_target_test(ids, get(against, "from_"), [*path, "against", "from"], problems)
        for i, catalog in enumerate(get(against, "casts") or []):
            if catalog not in ids.catalogs:
                problems.add([*path, "against", "casts", i], f'unknown catalog "{catalog}"')
    kind = get(pkg.combat, "kind")
    for key in ("diceTimes", "criticalDice"):
        # A pool fight's strike has no damage dice of its own to roll again or add to (and no
        # critical hit): what it deals is its successes.
        if kind in POOL_KINDS and get(mod, key) is not None:
            problems.add([*path, key], f'"{key}" multiplies or adds to a strike\'s own damage dice, which a "{kind}" '
                         "fight does not roll: it is read only in an attack-vs-defense fight")
    # A dice-pool hit's damage is dice too, so what a condition adds to it is a number of dice.
    dice_counted = ("attacks", "saves", "checks") + (("damage", "damage-taken") if kind == "dice-pool" else ())
    if kind in POOL_KINDS and get(mod, "dice") is not None and get(mod, "to") in dice_counted:
        problems.add(
            [*path, "dice"],
            f'a "{kind}" fight adds or takes away dice, so a modifier to {mod.to} is a "flat" number, not rolled "dice"',
        )
