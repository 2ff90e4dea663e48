"""Cross-references of `combat.conditions` and `combat.levels`: each condition is a sheet
condition, levels read a plain track or a derived value, and every save, skill, budget,
catalog, track and damage type they (and their modifiers) name is declared. Budget changes
touch only per-turn budgets; a grant's standard actions come from the `standard` list and
never ride on the first budget."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import PathPart, Problems
from ..sheet_refs import sheet_ids
from .combat_refs import (
    CombatIds,
    check_budget,
    check_condition_id,
    check_damage_type,
    check_modifier,
    check_save,
    check_skill,
    check_target_test,
    combat_ids,
)

if TYPE_CHECKING:
    from ..package import Ruleset


def check(pkg: "Ruleset", problems: Problems) -> None:
    combat = pkg.combat
    if combat is None:
        return
    ids = combat_ids(pkg)
    for i, cond in enumerate(combat.conditions or []):
        base: list[PathPart] = ["combat", "conditions", i]
        check_condition_id(pkg, cond.condition, [*base, "condition"], problems)
        _common(pkg, ids, cond, base, problems)
        _economy(ids, cond, base, problems)
        _endings(pkg, ids, cond, base, problems)
        _immunities(pkg, ids, cond, base, problems)
        if cond.size is not None and combat.sizes is None:
            # 1.195: a size-changing condition moves its holder along `combat.sizes.order`.
            problems.add([*base, "size"], '"size" needs "combat.sizes"')
    for i, level in enumerate(combat.levels or []):
        base = ["combat", "levels", i]
        _level_source(pkg, level, base, problems)
        _common(pkg, ids, level, base, problems)
        _immunities(pkg, ids, level, base, problems)


def _immunities(pkg: "Ruleset", ids: CombatIds, entry: Any, base: list[PathPart], problems: Problems) -> None:
    known = set(sheet_ids(pkg).conditions) | ids.condition_kinds
    for j, name in enumerate(getattr(entry, "conditionImmunities", None) or []):
        if name not in known:
            problems.add([*base, "conditionImmunities", j], f'unknown condition or kind "{name}"')


def _common(pkg: "Ruleset", ids: CombatIds, entry: Any, base: list[PathPart], problems: Problems) -> None:
    for key in ("failsSaves", "saves", "evasion"):
        for j, save in enumerate(getattr(entry, key, None) or []):
            check_save(pkg, save, [*base, key, j], problems)
    kind = getattr(pkg.combat, "kind", None)
    if getattr(entry, "evasion", None) and kind in ("dice-pool", "symbol-pool"):
        # Pool saves and their halved damage are resolved apart (pool_actions.py), without Evasion.
        problems.add([*base, "evasion"], f'Evasion halves a summed roll\'s damage; a "{kind}" fight refuses "evasion"')
    for j, skill in enumerate(entry.skills or []):
        check_skill(pkg, skill, [*base, "skills", j], problems)
    for j, mod in enumerate(entry.modifiers or []):
        check_modifier(pkg, ids, mod, [*base, "modifiers", j], problems)


def _level_source(pkg: "Ruleset", level: Any, base: list[PathPart], problems: Problems) -> None:
    ids = sheet_ids(pkg)
    if level.track is not None:
        name = level.track
        track = ids.tracks.get(name)
        if track is None:
            problems.add(
                [*base, "track"], f'"{name}" is a pool, not a track' if name in ids.pools else f'unknown track "{name}"'
            )
        elif track.is_harm:
            problems.add([*base, "track"], f'"{name}" is a harm track; a level reads a plain track or a derived value')
        elif isinstance(track.max, int) and level.at > track.max:
            problems.add(
                [*base, "at"],
                f'{level.at} is above the top of the track "{name}" ({track.max}), so the level is never reached',
            )
    elif level.derived is not None and level.derived not in ids.derived:
        problems.add([*base, "derived"], f'unknown derived value "{level.derived}"')


def _economy(ids: CombatIds, cond: Any, base: list[PathPart], problems: Problems) -> None:
    for j, change in enumerate(cond.budgets or []):
        where = [*base, "budgets", j, "budget"]
        budget = ids.budgets.get(change.budget)
        if budget is None:
            check_budget(ids, change.budget, where, problems)
        elif budget.per != "turn":
            problems.add(where, f'budget "{change.budget}" is refilled per round; only budgets refilled per turn can be changed')
    grants = cond.grants
    if grants is not None:
        check_budget(ids, grants.budget, [*base, "grants", "budget"], problems)
        for j, action in enumerate(grants.standard or []):
            where = [*base, "grants", "standard", j]
            if action not in ids.standard:
                problems.add(where, f'"{action}" is not in the ruleset\'s "standard" list')
        if grants.standard and grants.budget == ids.first_budget:
            problems.add(
                [*base, "grants", "standard"],
                f'"{grants.budget}" is the first budget, which already has every standard action',
            )
        items = grants.items
        tags = getattr(items, "tags", None) if items is not True else None
        for j, tag in enumerate(tags or []):
            if ids.item_tags is None or tag not in ids.item_tags:
                problems.add([*base, "grants", "items", "tags", j], f'unknown item tag "{tag}"')
    for j, budget in enumerate(cond.exclusive or []):
        check_budget(ids, budget, [*base, "exclusive", j], problems)
    if cond.shakeOff is not None:
        check_budget(ids, cond.shakeOff.budget, [*base, "shakeOff", "budget"], problems)
    delays = getattr(cond, "delays", None)
    if delays is not None:
        check_budget(ids, delays.budget, [*base, "delays", "budget"], problems)
        for j, catalog in enumerate(delays.catalogs):
            if catalog not in ids.catalogs:
                problems.add([*base, "delays", "catalogs", j], f'unknown catalog "{catalog}"')


def _endings(pkg: "Ruleset", ids: CombatIds, cond: Any, base: list[PathPart], problems: Problems) -> None:
    for j, ref in enumerate(cond.noDamageFrom or []):
        catalog = ref.split("/", 1)[0]
        if catalog not in ids.catalogs:
            problems.add([*base, "noDamageFrom", j], f'unknown catalog "{catalog}"')
    on_end = cond.onEnd
    if on_end is None:
        return
    for j, item in enumerate(on_end.applies or []):
        check_condition_id(pkg, item.condition, [*base, "onEnd", "applies", j, "condition"], problems)
    tracks = sheet_ids(pkg).tracks
    for j, shift in enumerate(getattr(on_end, "tracks", None) or []):
        name = shift.track
        track = tracks.get(name)
        where = [*base, "onEnd", "tracks", j, "track"]
        if track is None:
            problems.add(where, f'unknown track "{name}"')
        elif track.is_harm:
            problems.add(where, f'"{name}" is a harm track; "onEnd" shifts ordinary tracks')
    harm = getattr(on_end, "harm", None)
    if harm is not None:
        check_damage_type(ids, getattr(harm, "type", None), [*base, "onEnd", "harm", "type"], problems)
        check_target_test(ids, getattr(harm, "unless", None), [*base, "onEnd", "harm", "unless"], problems)
