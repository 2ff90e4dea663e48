"""Cross-references of the `battle` bridge: health, energy and slots are live pools (not a
track, not a list whose rows are pools), health does not start empty, and every skills list exists with its `onlyWhen`
boolean column and its `alwaysWhen` column."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import PathPart, Problems
from ..sheet_refs import sheet_ids
from .combat_lists import check_always_when, column_of

if TYPE_CHECKING:
    from ..package import Ruleset


def _live_pool(pkg: "Ruleset", name: str, where: list[PathPart], problems: Problems) -> None:
    ids = sheet_ids(pkg)
    if name in ids.pools:
        return
    if name in ids.tracks:
        problems.add(where, f'"{name}" is a track, not a pool')
    elif name in ids.lists:
        problems.add(where, f'"{name}" is a list, not a pool of "sheet.live.pools"')
    else:
        problems.add(where, f'unknown pool "{name}"')


def check(pkg: "Ruleset", problems: Problems) -> None:
    battle = pkg.battle
    if battle is None:
        return
    _live_pool(pkg, battle.health.pool, ["battle", "health", "pool"], problems)
    health = sheet_ids(pkg).pools.get(battle.health.pool)
    if health is not None and health.start == "empty":
        problems.add(
            ["battle", "health", "pool"],
            f'pool "{battle.health.pool}" starts empty, so every combatant would start the fight down',
        )
    if battle.energy is not None:
        _live_pool(pkg, battle.energy.pool, ["battle", "energy", "pool"], problems)
    for i, slot in enumerate(battle.slots or []):
        _live_pool(pkg, slot.pool, ["battle", "slots", i, "pool"], problems)
    lists = sheet_ids(pkg).lists
    for i, skills in enumerate(battle.skills or []):
        base: list[PathPart] = ["battle", "skills", i]
        if skills.list not in lists:
            problems.add([*base, "list"], f'unknown list "{skills.list}"')
            continue
        if skills.onlyWhen is not None:
            column_of(pkg, skills.list, skills.onlyWhen, [*base, "onlyWhen"], problems, ("boolean",))
        if skills.alwaysWhen is not None:
            check_always_when(pkg, skills.list, skills.alwaysWhen, [*base, "alwaysWhen"], problems)
