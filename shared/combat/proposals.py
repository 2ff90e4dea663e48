"""Reading the GM's proposed opponents leniently, because a model wrote them.

Owns: `read_proposal`, which turns whatever the model wrote for one opponent into a stat
block the package model accepts, for the tier it was asked for, saying in a sentence every
key it dropped, every number it had to supply and every action it could not read. A
proposal written as a `sheet` keeps the sheet (read by `sheet_reading.read_sheet`), and
numbers written beside it are not used. The result is then held to its tier when the
fight is built like any proposal. A proposal with nothing usable answers None, and the
caller builds the tier's plain creature instead.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from pydantic import ValidationError

from ..ruleset.creature_actions import CreatureAction
from ..ruleset.creatures import Creature
from ..ruleset.errors import format_path, from_validation_error
from ..ruleset.gates import collect_gates
from ..ruleset.package import Ruleset
from ..ruleset.creatures import SHEET_SOURCED
from .clamp import tier_block
from .fight import combat_block
from .sheet_reading import read_sheet

#: What an invented stat block may write: the plain numbers the tier holds, and the
#: names the clamp checks against the ruleset. Anything else is dropped with a sentence.
BLOCK_KEYS = ("tier", "health", "defense", "initiativeModifier", "speed", "saves", "checks", "resist",
              "vulnerable", "immune", "conditionImmunities", "traits", "signaturePoints", "actions")
ACTION_KEYS = ("id", "name", "budget", "toHit", "autoHit", "damage", "save", "saveDifficulty", "applies",
               "targetCount", "reach", "range", "area", "uses", "recharge", "sequence", "signature", "heal",
               "targets", "self")
#: Top-level keys dropped one by one before a proposal the model cannot read is given up.
REPAIRS = 6


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _listed(keys: list[str]) -> str:
    return ", ".join(f'"{k}"' for k in keys)


def _first_problem(exc: ValidationError, data: Any) -> str:
    lines = [str(p) for p in from_validation_error(exc, data, ())]
    return lines[0] if lines else str(exc)


def _read_action(name: str, i: int, raw: Any, taken: set[str], budgets: list[str],
                 notes: list[str]) -> dict[str, Any] | None:
    if not isinstance(raw, dict):
        notes.append(f"{name}'s action {i + 1} is not an action, so it is dropped.")
        return None
    label = raw.get("name") if isinstance(raw.get("name"), str) and raw["name"].strip() else None
    action = {k: copy.deepcopy(v) for k, v in raw.items() if k in ACTION_KEYS}
    extra = [k for k in raw if k not in ACTION_KEYS]
    label = label or (raw.get("id") if isinstance(raw.get("id"), str) else None) or f"action {i + 1}"
    if extra:
        notes.append(f"{name}'s {label} writes {_listed(extra)}, which an action does not have, so "
                     f"{'it is' if len(extra) == 1 else 'they are'} dropped.")
    action["name"] = label
    base: str = str(action["id"]) if isinstance(action.get("id"), str) and _slug(action["id"]) == action["id"] \
        else _slug(label) or f"action-{i + 1}"
    ident, n = base, 1
    while ident in taken:
        n += 1
        ident = f"{base}-{n}"
    action["id"] = ident
    if action.get("budget") not in budgets:
        if "budget" in action:
            notes.append(f"{name}'s {label}: budget {action['budget']!r} is not one of this ruleset's, so it "
                         f"spends {budgets[0]!r}.")
        else:
            notes.append(f"{name}'s {label} names no budget, so it spends {budgets[0]!r}.")
        action["budget"] = budgets[0]
    try:
        CreatureAction.model_validate(action)
    except ValidationError as exc:
        notes.append(f"{name}'s {label} cannot be read ({_first_problem(exc, action)}), so it is dropped.")
        return None
    taken.add(ident)
    return action


def _drop_path(data: Any, path: tuple[Any, ...]) -> None:
    node = data
    for step in path[:-1]:
        node = node[step]
    del node[path[-1]]


def read_proposal(ruleset: Ruleset, tier: Any, name: str, raw: Any) -> tuple[dict[str, Any] | None, list[str]]:
    """A stat block for `tier` from the model's proposal, and a sentence per change; None
    when nothing in it can be used."""
    notes: list[str] = []
    if not isinstance(raw, dict):
        return None, [f"{name}'s proposal is not a stat block."]
    sheet = None
    if "sheet" in raw:
        sheet, said = read_sheet(ruleset, name, raw["sheet"])
        notes += said
        if sheet is None:
            notes.append(f"{name}'s sheet is dropped, so it is read as a stat block.")
    extra = [k for k in raw if k not in BLOCK_KEYS and k != "sheet"]
    if extra:
        notes.append(f"{name}'s proposal writes {_listed(extra)}, which an invented stat block does not have, so "
                     f"{'it is' if len(extra) == 1 else 'they are'} dropped.")
    block = {k: copy.deepcopy(v) for k, v in raw.items() if k in BLOCK_KEYS}
    if block.get("tier") != tier.id:
        if "tier" in block:
            notes.append(f"{name} was asked for at {tier.label}; its proposal says {block['tier']!r}, "
                         f"so it is held to {tier.label}.")
        block["tier"] = tier.id
    if sheet is not None:
        beside = [k for k in SHEET_SOURCED if k in block]
        if beside:
            notes.append(f"{name}'s {_listed(beside)} {'is' if len(beside) == 1 else 'are'} written beside its sheet, "
                         "so the sheet's own numbers are used instead.")
        for key in beside:
            del block[key]
        block["sheet"] = sheet
    plain = tier_block(ruleset, tier)
    for key, what in (("health", "health"), ("defense", "defense"), ("initiativeModifier", "initiative")):
        value = block.get(key)
        readable = isinstance(value, int) and not isinstance(value, bool) or (key == "health" and isinstance(value, dict))
        if not readable and sheet is None:
            notes.append(f"{name}'s proposal gives no {what} the Engine can read, so it takes {tier.label}'s: "
                         f"{plain[key]}.")
            block[key] = plain[key]
    taken: set[str] = set()
    written: list[Any] = block["actions"] if isinstance(block.get("actions"), list) else []
    budgets = [b.id for b in combat_block(ruleset).economy.budgets]
    actions = [read for i, raw_action in enumerate(written)
               if (read := _read_action(name, i, raw_action, taken, budgets, notes)) is not None]
    if not actions and sheet is None:
        notes.append(f"{name}'s proposal has no action the Engine can read, so it strikes as {tier.label} does.")
        actions = plain["actions"]
    if actions:
        block["actions"] = actions
    else:
        block.pop("actions", None)
    for _attempt in range(REPAIRS):
        try:
            creature = Creature.model_validate(block)
        except ValidationError as exc:
            broken = next((str(e["loc"][0]) for e in exc.errors() if e["loc"] and e["loc"][0] in block
                           and e["loc"][0] not in ("tier", "health", "defense", "initiativeModifier", "actions")),
                          None)
            if broken is None:
                notes.append(f"{name}'s proposal cannot be read ({_first_problem(exc, block)}).")
                return None, notes
            notes.append(f"{name}'s {broken} cannot be read ({_first_problem(exc, {broken: block[broken]})}), "
                         "so it is dropped.")
            del block[broken]
            continue
        refused = [g for g in collect_gates(creature) if g.unsupported is not None]
        if not refused:
            return block, notes
        for gate in refused:
            where = format_path(gate.path)
            notes.append(f"{name}'s {where} is dropped: {gate.unsupported}.")
            _drop_path(block, gate.path)
    return None, notes + [f"{name}'s proposal still cannot be read after {REPAIRS} repairs."]
