"""Cross-references of `combat.attacks` and `combat.abilities`: each names a sheet list, and
every column it names must be a column of that list with the right type (a name is text,
an ability column an enum, a proficiency a boolean, damage dice a dice column). (That an
entry calling for a save needs its ability list's `saveDifficulty` is checked with the
entry's mechanics, in checks/mechanics.py.)"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Sequence

from ..base import dice_error
from ..errors import PathPart, Problems
from ..sheet_refs import a_or_an, check_value_ref, sheet_ids
from .combat_refs import check_budget, combat_ids

if TYPE_CHECKING:
    from ..package import Ruleset


def check(pkg: "Ruleset", problems: Problems) -> None:
    combat = pkg.combat
    if combat is None:
        return
    ids = combat_ids(pkg)
    for i, lst in enumerate(combat.attacks or []):
        check_budget(ids, lst.budget, ["combat", "attacks", i, "budget"], problems)
        _attack_list(pkg, lst, ["combat", "attacks", i], problems)
    for i, abilities in enumerate(combat.abilities or []):
        check_budget(ids, abilities.budget, ["combat", "abilities", i, "budget"], problems)
        _ability_list(pkg, abilities, ["combat", "abilities", i], problems)


def column_of(
    pkg: "Ruleset",
    list_id: str,
    column_id: str,
    where: Sequence[PathPart],
    problems: Problems,
    types: tuple[str, ...] | None = None,
) -> Any:
    """The column, or None after reporting it unknown or of the wrong type."""
    lst = sheet_ids(pkg).lists.get(list_id)
    if lst is None:
        return None
    column = lst.column(column_id)
    if column is None:
        problems.add(where, f'unknown column "{column_id}" in list "{list_id}"')
        return None
    if types is not None and column.type not in types:
        wanted = " or ".join(a_or_an(t) for t in types)
        problems.add(
            where, f'column "{column_id}" in list "{list_id}" is {a_or_an(column.type)} column, not {wanted} column'
        )
        return None
    return column


def _list_exists(pkg: "Ruleset", list_id: str, where: Sequence[PathPart], problems: Problems) -> bool:
    if list_id in sheet_ids(pkg).lists:
        return True
    problems.add(where, f'unknown list "{list_id}"')
    return False


def _attack_list(pkg: "Ruleset", lst: Any, base: list[PathPart], problems: Problems) -> None:
    if not _list_exists(pkg, lst.list, [*base, "list"], problems):
        return
    name = lst.list
    column_of(pkg, name, lst.name, [*base, "name"], problems, ("text",))
    column_of(pkg, name, lst.damage.dice.column, [*base, "damage", "dice", "column"], problems, ("dice",))
    ability_column = None
    hit = lst.toHit
    if hit is not None:
        if hit.ability is not None:
            ability_column = column_of(pkg, name, hit.ability.column, [*base, "toHit", "ability", "column"], problems, ("enum",))
        if hit.proficiency is not None:
            column_of(pkg, name, hit.proficiency.column, [*base, "toHit", "proficiency", "column"], problems, ("boolean",))
        if hit.bonus is not None:
            column_of(pkg, name, hit.bonus.column, [*base, "toHit", "bonus", "column"], problems, ("number",))
        if hit.skill is not None:
            column_of(pkg, name, hit.skill.column, [*base, "toHit", "skill", "column"], problems, ("enum",))
        if hit.sheetBonus is not None:
            check_value_ref(pkg, hit.sheetBonus.value, [*base, "toHit", "sheetBonus", "value"], problems)
            if hit.sheetBonus.when is not None:
                check_always_when(pkg, name, hit.sheetBonus.when, [*base, "toHit", "sheetBonus", "when"], problems)
    damage = lst.damage
    if damage.ability is not None:
        column_of(pkg, name, damage.ability.column, [*base, "damage", "ability", "column"], problems, ("enum",))
    if damage.bonus is not None:
        column_of(pkg, name, damage.bonus.column, [*base, "damage", "bonus", "column"], problems, ("number",))
    if damage.type is not None:
        column_of(pkg, name, damage.type.column, [*base, "damage", "type", "column"], problems, ("text", "enum"))
    check_value_ref(pkg, lst.strikes, [*base, "strikes"], problems)
    if lst.strikesCappedBy is not None:
        column_of(pkg, name, lst.strikesCappedBy.column, [*base, "strikesCappedBy", "column"], problems, ("boolean",))
    if lst.reach is not None and lst.reach.column is not None:
        column_of(pkg, name, lst.reach.column, [*base, "reach", "column"], problems, ("number",))
    if lst.range is not None:
        for key in ("normal", "long"):
            part = getattr(lst.range, key)
            if part is not None and part.column is not None:
                column_of(pkg, name, part.column, [*base, "range", key, "column"], problems, ("number",))
    _ability_choices(pkg, lst, ability_column, base, problems)
    table = sheet_ids(pkg).lists[name]
    for r, row in enumerate(lst.always or []):
        for key, value in row.items():
            if key == "$comment":
                continue
            column = table.column(key)
            if column is None:
                problems.add([*base, "always", r, key], f'unknown column "{key}" in list "{name}"')
                continue
            reason = column_cannot_hold(column, value)
            if reason is not None:
                problems.add([*base, "always", r, key], reason)


def _ability_choices(pkg: "Ruleset", lst: Any, ability_column: Any, base: list[PathPart], problems: Problems) -> None:
    if not lst.abilityChoices:
        return
    abilities = sheet_ids(pkg).abilities
    for value, choices in lst.abilityChoices.items():
        where = [*base, "abilityChoices", value]
        if value in abilities:
            problems.add(where, f'"{value}" is itself an ability, so it needs no choices')
        if ability_column is not None and value not in ability_column.values:
            problems.add(where, f'"{value}" is not a value the ability column "{ability_column.id}" offers')
        for j, ability in enumerate(choices):
            if ability not in abilities:
                problems.add([*where, j], f'unknown ability "{ability}"')


def _ability_list(pkg: "Ruleset", lst: Any, base: list[PathPart], problems: Problems) -> None:
    check_value_ref(pkg, lst.toHit, [*base, "toHit"], problems)
    check_value_ref(pkg, lst.saveDifficulty, [*base, "saveDifficulty"], problems)
    if lst.byColumn is not None:
        for value, refs in lst.byColumn.values.items():
            check_value_ref(pkg, refs.toHit, [*base, "byColumn", "values", value, "toHit"], problems)
            check_value_ref(pkg, refs.saveDifficulty, [*base, "byColumn", "values", value, "saveDifficulty"], problems)
    if not _list_exists(pkg, lst.list, [*base, "list"], problems):
        return
    if lst.onlyWhen is not None:
        column_of(pkg, lst.list, lst.onlyWhen, [*base, "onlyWhen"], problems, ("boolean",))
    if lst.alwaysWhen is not None:
        check_always_when(pkg, lst.list, lst.alwaysWhen, [*base, "alwaysWhen"], problems)
    if lst.byColumn is not None:
        column_of(pkg, lst.list, lst.byColumn.column, [*base, "byColumn", "column"], problems)


def column_cannot_hold(column: Any, value: Any) -> str | None:
    """Why a row's cell in `column` can never hold `value`, or None when it can."""
    kind = column.type
    if kind == "boolean":
        fits = isinstance(value, bool)
    elif kind == "number":
        fits = isinstance(value, int | float) and not isinstance(value, bool)
    elif kind == "enum":
        fits = isinstance(value, str) and value in column.values
    elif kind == "dice":
        fits = isinstance(value, str) and dice_error(value) is None
    else:
        fits = isinstance(value, str)
    if fits:
        return None
    shown = f'"{value}"' if isinstance(value, str) else json.dumps(value)
    return f'{shown} cannot be held by {a_or_an(kind)} column ("{column.id}")'


def check_always_when(pkg: "Ruleset", list_id: str, rule: Any, base: list[PathPart], problems: Problems) -> None:
    """The column exists, and `equals` is a value it can hold."""
    column = column_of(pkg, list_id, rule.column, [*base, "column"], problems)
    if column is not None:
        reason = column_cannot_hold(column, rule.equals)
        if reason is not None:
            problems.add([*base, "equals"], f"{reason} of list \"{list_id}\", so it never matches")
