"""Lending a sheet to Marinara's own battle (spec/combat-1 "What is brought in"): for each
character, where the host's health bar starts, MP, slots by level, and skills.

Owns: `lend(ruleset, member, host_max)` and `lend_refusal(ruleset)`: a sheet is lent only
by a ruleset with a `battle` block and no `combat` block of its own (a game whose ruleset
declares `combat` fights by that block, spec/combat-1 "Combat", and its sheet is the
fight's record: lending it to Marinara's battle as well would fight the same fight by
other rules and write it back twice). Health comes in as a fraction of the health
pool's maximum, onto the bar the host built (`host_max`): rounded to the nearest point,
at least 1 when the pool is above 0, and 0 (down) when the pool is 0. Energy is MP and
each slot pool is slots of its level, both as counts. Skills are the rows of the
`skills` lists that came from a catalog entry with `mechanics` and pass `onlyWhen` (or
`alwaysWhen`); every other row is listed in `leftOut` with the reason.
"""

from __future__ import annotations

from typing import Any

from shared.ruleset.battle import Battle, BridgeSkills
from shared.ruleset.package import Ruleset
from shared.sheet.character import CATALOG_KEY
from shared.sheet.refusal import Refusal
from shared.sheet.view import SheetView

from .skills import to_skill


def _pool(view: SheetView, pool_id: str) -> dict[str, int] | None:
    hit = view.pool(pool_id)
    if hit is None:
        return None
    return {"current": hit[1], "max": hit[0].max}


def health_on_bar(current: int, maximum: int, bar: int) -> int:
    """A pool's fraction put on a bar of `bar` points."""
    if current <= 0 or maximum <= 0:
        return 0
    return max(1, min(bar, (current * bar * 2 + maximum) // (maximum * 2)))


def _passes(rule: BridgeSkills, row: dict[str, Any], view: SheetView, list_id: str) -> bool:
    if rule.onlyWhen is None:
        return True
    if view.cell(list_id, row, rule.onlyWhen) is True:
        return True
    always = rule.alwaysWhen
    return always is not None and view.cell(list_id, row, always.column) == always.equals


def _row_name(view: SheetView, list_id: str, row: dict[str, Any], fallback: str) -> str:
    lst = view.idx.lists[list_id]
    for column in lst.columns:
        if column.type == "text":
            value = row.get(column.id)
            if isinstance(value, str) and value.strip():
                return value.strip()
    return fallback


def _skills(ruleset: Ruleset, battle: Battle, view: SheetView) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
    skills: list[dict[str, Any]] = []
    left: list[dict[str, str]] = []
    for rule in battle.skills or []:
        for i, row in enumerate(view.rows(rule.list)):
            name = _row_name(view, rule.list, row, f"{rule.list} row {i + 1}")
            if not _passes(rule, row, view, rule.list):
                left.append({"name": name, "reason": f"its {rule.onlyWhen} is not set"})
                continue
            ref = row.get(CATALOG_KEY)
            if not isinstance(ref, str) or "/" not in ref:
                left.append({"name": name, "reason": "it was typed by hand, so it has no numeric meaning"})
                continue
            catalog_id, entry_id = ref.split("/", 1)
            catalog = view.idx.catalogs.get(catalog_id)
            entry = next((e for e in catalog.entries if e.id == entry_id), None) if catalog is not None else None
            if catalog is None or entry is None:
                left.append({"name": name, "reason": f"its catalog entry {ref} does not exist"})
                continue
            skill = to_skill(ruleset, battle, catalog, entry, name)
            if isinstance(skill, str):
                left.append({"name": name, "reason": skill})
            else:
                skills.append(skill)
    return skills, left


NO_BATTLE_BLOCK = "no-battle-block"
OWN_COMBAT = "own-combat"


def _battle_block(ruleset: Ruleset) -> Battle | Refusal:
    """The battle block the bridge lends a sheet through, or why it lends none."""
    if ruleset.battle is None:
        return Refusal(NO_BATTLE_BLOCK, "this ruleset has no battle block, so combat knows nothing of the sheet")
    if ruleset.combat is not None:
        return Refusal(OWN_COMBAT, f"{ruleset.name} declares its own combat block, so its fights are resolved by "
                                   "its own rules (POST /v1/battles) and no sheet is lent to Marinara's battle")
    return ruleset.battle


def lend_refusal(ruleset: Ruleset) -> Refusal | None:
    """Why no sheet of `ruleset` is lent to Marinara's battle (nor written back from it),
    or None when the bridge applies."""
    block = _battle_block(ruleset)
    return block if isinstance(block, Refusal) else None


def lend(ruleset: Ruleset, member: dict[str, Any], host_max: int) -> dict[str, Any] | Refusal:
    """What the host battle starts with for one character, or the bridge's refusal."""
    battle = _battle_block(ruleset)
    if isinstance(battle, Refusal):
        return battle
    view = SheetView(ruleset, member.get("sheet"))
    notes: list[str] = []
    health = _pool(view, battle.health.pool)
    if health is None:
        notes.append(f"{battle.health.pool} is not on this sheet, so the health bar keeps Marinara's own numbers")
        start = host_max
    else:
        start = health_on_bar(health["current"], health["max"], host_max)
    out: dict[str, Any] = {
        "name": member.get("name"),
        "health": {
            "pool": battle.health.pool,
            "current": health["current"] if health else None,
            "max": health["max"] if health else None,
            "start": start,
            "maxHealth": host_max,
            "down": health is not None and start == 0,
        },
        "mp": None,
        "slots": {},
        "skills": [],
        "leftOut": [],
        "notes": notes,
    }
    if battle.energy is not None:
        energy = _pool(view, battle.energy.pool)
        if energy is None:
            notes.append(f"{battle.energy.pool} is not on this sheet, so there is no MP")
        else:
            out["mp"] = {"pool": battle.energy.pool, "current": energy["current"], "max": energy["max"]}
    for slot in battle.slots or []:
        pool = _pool(view, slot.pool)
        if pool is not None:
            out["slots"][str(slot.level)] = {"pool": slot.pool, "current": pool["current"], "max": pool["max"]}
    out["skills"], out["leftOut"] = _skills(ruleset, battle, view)
    return out
