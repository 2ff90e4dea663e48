"""The Capability API table: every gated key the package model knows, with its version.

Owns: `capability_table()` (walks every model reachable from `Ruleset` and lists each key
marked with `gate(...)` or `unsupported(...)`, plus the value-level gates models declare in
`VALUE_GATES` — the same declarations the refusals are built from, so a value refused for now
is listed as refused), and `render_markdown()`, which writes docs/capabilities.md
(`python -m shared.ruleset.capabilities > docs/capabilities.md`).
"""

from __future__ import annotations

import sys
import types
import typing
from dataclasses import dataclass
from typing import Any, Iterator

from pydantic import BaseModel

from .gates import ApiVersion, declared_value_gates, field_marks
from .package import Ruleset


@dataclass(frozen=True)
class CapabilityRow:
    api: str | None
    schema: int | None
    model: str
    key: str
    unsupported: str | None


def _models_in(annotation: Any) -> Iterator[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
        return
    for arg in typing.get_args(annotation) or ():
        yield from _models_in(arg)
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return
    if isinstance(annotation, types.UnionType):
        for arg in annotation.__args__:
            yield from _models_in(arg)


#: Keys `battle validate` accepted that changed nothing in play, as issue 19 found them: no
#: reader outside the validator (shared/ruleset/checks) in the resolver, the sheet, the games,
#: the party, the clocks, the gateway or the worker. What became of each is read from the
#: table itself (played, or refused with the reason), so this section cannot fall out of step
#: with the refusals.
FOUND_IGNORED: tuple[tuple[str, str], ...] = (
    ("CreatureAction", "drain"),
    ("Mechanics", "drain"),
    ("CombatCondition", "effects = 'cannot-heal'"),
    ("CombatLevel", "effects = 'cannot-heal'"),
    ("CombatCondition", "effects = 'cannot-heal-nonmagical'"),
    ("CombatLevel", "effects = 'cannot-heal-nonmagical'"),
    ("CreatureAction", "reducesMax"),
    ("Mechanics", "reducesMax"),
    ("ReducesMax", "heals"),
    ("ReducesMax", "onFailedSave"),
    ("ActionSave", "succeeds"),
    ("EntrySave", "succeeds"),
    ("ActionSave", "against"),
    ("EntrySave", "against"),
    ("Mechanics", "tracks"),
    ("ActionSave", "modes"),
    ("EntrySave", "modes"),
    ("ActionSave", "alliesMayFail"),
    ("EntrySave", "alliesMayFail"),
    ("Mechanics", "unseals"),
    ("Mechanics", "endsCondition"),
    ("Apply", "endsWith"),
    ("CreatureAction", "targetHolds"),
    ("Mechanics", "targetHolds"),
    ("Mechanics", "leavesAtLeast"),
    ("Mechanics", "dropsOnFailedSave"),
    ("Mechanics", "usesOf"),
    ("Mechanics", "usesSpent"),
    ("Mechanics", "attackRows"),
    ("AttackRowsRule", "wielding"),
    ("Mechanics", "grantsStrike"),
    ("GrantsStrike", "wielding"),
    ("Mechanics", "beforeAttack"),
    ("Mechanics", "afterAttack"),
    ("AfterAttack", "items"),
    ("Mechanics", "halfOnMiss"),
    ("Mechanics", "notSelf"),
    ("Mechanics", "targetsWithin"),
    ("Reaction", "oneOf"),
    ("SaveEnds", "bySource"),
    ("CombatCondition", "orSourceWithin"),
    ("CombatCondition", "suppresses"),
    ("CombatCondition", "temporary"),
    ("CombatCondition", "actions"),
    ("Apply", "value"),
    ("DamageGuard", "except"),
    ("Combat", "standard = 'search'"),
    ("Ruleset", "gmReference"),
    ("TextField", "suggestions"),
    ("TextColumn", "suggestions"),
    ("TextField", "pick"),
    ("TextColumn", "pick"),
    ("Track", "alwaysShow"),
    ("NumberColumn", "roll"),
)

#: Keys whose whole effect is in what Marinara itself writes (not a rule this engine plays),
#: kept because the upstream packages use them.
HOST_ONLY: dict[tuple[str, str], str] = {
    ("Track", "alwaysShow"): "accepted: it only prints the track in the Game Master's sheet block, which Marinara writes",
}

#: Keys outside the capability table (no gate of their own) found the same way; the vendored
#: upstream packages use them (Ember Roads, Gravewatch), so they are played: what an item
#: does worn, carried or short of its requirement is in force like a level (shared/sheet/
#: items.py, shared/combat/numbers.py). tests/ruleset/test_item_keys_played.py keeps each
#: one changing a scripted fight, as the guard does for the table's keys.
FOUND_IGNORED_UNGATED: tuple[tuple[str, str], ...] = (
    ("ItemDef", "worn.modifiers"),
    ("ItemDef", "worn.effects"),
    ("ItemDef", "worn.failsSaves"),
    ("ItemDef", "carried.modifiers"),
    ("ItemDef", "carried.effects"),
    ("ItemDef", "carried.failsSaves"),
    ("ItemDef", "requires"),
)


#: The `items` block's keys and an item's `rarity` and `binds`, outside the table (no gate of
#: their own; Ember Roads and Gravewatch use them). No page of the spec describes the `items`
#: block, so each is read as Marinara's own package schema documents it. These change play
#: (shared/sheet/carry.py, items.py `works`, combat/belongings.py);
#: tests/ruleset/test_items_block_keys.py keeps each one changing a sheet or a fight.
ITEMS_BLOCK_PLAYED: dict[tuple[str, str], str] = {
    ("Carry", "stat"): "the stat an item's weight is: the load is its value times each stack's quantity",
    ("Carry", "encumberedAbove"): "the computed sheet's `carry` says the bearer is encumbered above it (the road's "
                                  "slowing is the ruleset's own derived values)",
    ("Carry", "limit"): "a sheet carrying more is refused, and a pick-up in a fight that would pass it is not offered",
    ("Binding", "max"): "a sheet binding more items than it reads off the sheet is refused",
    ("Binding", "label"): "the computed sheet's `binding` is shown under it",
    ("ItemDef", "binds"): "the item works (its worn and carried effects, attack and use) only while its stack is "
                          "`bound`, and only such an item can be",
}

#: Keys of the same block whose whole effect is in Marinara's own inventory, market or Game
#: Master (the words quoted are its schema's): accepted, never read here.
HOST_ONLY_UNGATED: dict[tuple[str, str], str] = {
    ("Currency", "perWeight"): "accepted: \"how many of its coins weigh one unit of the carry stat\"; coins are stacks of "
                               "Marinara's inventory, and a sheet's live.items here holds only catalog items",
    ("Items", "rarityCaps"): "accepted: \"the most an item the Game Master invents may give at each rarity ... the "
                             "ruleset's own catalog items are never capped\"; only Marinara's Game Master invents items",
    ("Items", "rarities"): "accepted: the words an item's rarity is shown with, read by `rarityCaps` (Marinara's)",
    ("ItemDef", "rarity"): "accepted: shown with the item; only `rarityCaps` (Marinara's) reads it",
    ("Binds", "restriction"): "accepted: one line of text saying who may bind the item, for the Game Master to read",
    ("Binds", "cursed"): "accepted: \"`cursed` keeps it bound\" against the player's own inventory changes, which "
                         "are Marinara's; nothing here unbinds or takes off a character's item",
    ("Items", "propose"): "accepted: \"false forbids the Game Master to invent items of this ruleset\"; the Game "
                          "Master here invents no items",
    ("Items", "native"): "accepted: \"false turns Game Mode's own untyped items off\", items of Marinara's inventory",
    ("Items", "freeform"): "accepted: \"what an item the player types in becomes\", in Marinara's inventory",
}


def reachable_models(root: type[BaseModel] = Ruleset) -> list[type[BaseModel]]:
    seen: dict[type[BaseModel], None] = {}
    stack = [root]
    while stack:
        model = stack.pop()
        if model in seen:
            continue
        seen[model] = None
        for info in model.model_fields.values():
            for sub in _models_in(info.annotation):
                if sub not in seen:
                    stack.append(sub)
    return list(seen)


def playable_models(root: type[BaseModel] = Ruleset) -> set[type[BaseModel]]:
    """The models a package can hold without a refused key above them."""
    seen: set[type[BaseModel]] = set()
    stack = [root]
    while stack:
        model = stack.pop()
        if model in seen:
            continue
        seen.add(model)
        for info in model.model_fields.values():
            if field_marks(info).unsupported:
                continue
            stack.extend(sub for sub in _models_in(info.annotation) if sub not in seen)
    return seen


def capability_table() -> list[CapabilityRow]:
    rows: set[CapabilityRow] = set()
    for model in reachable_models():
        # Keys a model inherits but always rejects are no capability of it (`NOT_HERE`).
        never: frozenset[str] = getattr(model, "NOT_HERE", frozenset())
        for name, info in model.model_fields.items():
            marks = field_marks(info)
            if (info.alias or name) in never or (marks.api is None and marks.unsupported is None):
                continue
            rows.add(CapabilityRow(marks.api, marks.schema, model.__name__, info.alias or name, marks.unsupported))
        for (key, value), spec in declared_value_gates(model).items():
            rows.add(CapabilityRow(spec.api, spec.schema, model.__name__, f"{key} = {value!r}", spec.unsupported))

    def order(row: CapabilityRow) -> tuple[Any, ...]:
        version = ApiVersion.parse(row.api) if row.api else ApiVersion(0, 0)
        return (version, row.model, row.key)

    return sorted(rows, key=order)


def render_markdown() -> str:
    rows = capability_table()
    supported = [r for r in rows if r.unsupported is None]
    refused = [r for r in rows if r.unsupported is not None]
    out = [
        "# Capability API coverage",
        "",
        "Generated by `python -m shared.ruleset.capabilities` from the package models; a test keeps it",
        "in step with the code. Every key below is modelled and validated. A package declaring a",
        "`capabilityApi` older than a key's version is refused naming the key; keys marked",
        "schemaVersion 2 are refused in schemaVersion 1 packages (see docs/format.md).",
        "",
        f"## Keys the package model validates ({len(supported)})",
        "",
        "| Capability API | schemaVersion | object | key |",
        "| --- | --- | --- | --- |",
    ]
    for r in supported:
        out.append(f"| {r.api} | {r.schema or ''} | {r.model} | `{r.key}` |")
    out += [
        "",
        f"## Keys the format knows and the engine refuses ({len(refused)})",
        "",
        "A package using one of these is refused with the reason, so no rule is silently ignored.",
        "None is refused for a rule still to be built: each reason names what no spec page gives",
        "(what the key holds or does where it stands), or the Marinara editor feature it belongs to.",
        "",
        "| Capability API | object | key | reason |",
        "| --- | --- | --- | --- |",
    ]
    for r in refused:
        out.append(f"| {r.api or ''} | {r.model} | `{r.key}` | {r.unsupported} |")
    by_key = {(r.model, r.key): r for r in rows}
    out += [
        "",
        f"## Keys that were accepted and changed nothing ({len(FOUND_IGNORED)} in this table, {len(FOUND_IGNORED_UNGATED)} outside it)",
        "",
        "Issue 19 found these by reading where each validated key (and value) is read: none of them",
        "had a reader outside the validator (shared/ruleset/checks), so a package with the key",
        "played exactly as one without it. Each is now played, or refused by name with its reason;",
        "tests/ruleset/test_capability_guard.py keeps every key of the table one or the other.",
        "",
        "| object | key | now |",
        "| --- | --- | --- |",
    ]
    playable = {m.__name__ for m in playable_models()}
    for model, key in FOUND_IGNORED:
        row = by_key[(model, key)]
        if row.unsupported:
            now = f"refused: {row.unsupported}"
        elif (model, key) in HOST_ONLY:
            now = HOST_ONLY[(model, key)]
        elif model not in playable:
            now = "refused with the key that holds it"
        else:
            now = "played"
        out.append(f"| {model} | `{key}` | {now} |")
    out += [
        "",
        "Outside the table (no gate of their own), used by the upstream packages, and now played:",
        "an item's `worn` effect while it is worn, its `carried` effect while it is held, and a",
        "requirement's `otherwise` while the value it reads is below `atLeast`, each in force like a",
        "level (tests/ruleset/test_item_keys_played.py keeps each one changing a scripted fight):",
        "",
    ]
    out += [f"- {model} `{key}`" for model, key in FOUND_IGNORED_UNGATED]
    out += [
        "",
        "The `items` block's keys and an item's `rarity` and `binds` (no gate of their own; Ember Roads",
        "and Gravewatch use them). No page of the spec describes the block, so each is read as",
        "Marinara's own package schema documents it (docs/format.md \"Carrying and binding\"):",
        "",
        "| object | key | now |",
        "| --- | --- | --- |",
    ]
    out += [f"| {model} | `{key}` | played: {why} |" for (model, key), why in ITEMS_BLOCK_PLAYED.items()]
    out += [f"| {model} | `{key}` | {why} |" for (model, key), why in HOST_ONLY_UNGATED.items()]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.stdout.write(render_markdown())
