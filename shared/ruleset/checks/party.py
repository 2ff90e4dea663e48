"""Cross-references of the party sheet. Party formulas read only party values: a pool's
`max` is a constant or a number field of the party, and `hideWhen` names party fields
with values they can hold. `advancement.fields` are party number, text or longtext fields
that no member computes; the summary picks party fields and lists; `fromMembers` fills
party number fields from each character's number fields; builder steps name party lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..errors import PathPart, Problems
from ..party import Party
from ..sheet_refs import a_or_an, check_hide_values, sheet_ids
from .gm import check_summary_list
from .lookup import index

if TYPE_CHECKING:
    from ..package import Ruleset

BASE = ("party",)
ADVANCEABLE = ("number", "text", "longtext")


def _party_field(
    fields: dict[str, Any], field_id: str, path: Sequence[PathPart], problems: Problems, want: tuple[str, ...] | None = None
) -> Any:
    field = fields.get(field_id)
    if field is None:
        problems.add(path, f'unknown party field "{field_id}"')
        return None
    if want is not None and field.type not in want:
        wanted = want[0] if len(want) == 1 else ", ".join(want[:-1]) + " or " + want[-1]
        problems.add(path, f'party field "{field_id}" is {a_or_an(field.type)} field, not {a_or_an(wanted)} field')
        return None
    return field


def _hide_when(fields: dict[str, Any], rule: Any, path: Sequence[PathPart], problems: Problems) -> None:
    if rule is None:
        return
    field = _party_field(fields, rule.field, [*path, "field"], problems)
    if field is None:
        return
    check_hide_values(field, rule, path, problems)


def _pools(party: Party, fields: dict[str, Any], problems: Problems) -> None:
    for i, pool in enumerate(party.pools or []):
        path: tuple[PathPart, ...] = (*BASE, "pools", i)
        kind = pool.max.kind
        if kind == "field" and pool.max.field is not None:
            _party_field(fields, pool.max.field, [*path, "max", "field"], problems, ("number",))
        elif kind != "const":
            problems.add(
                [*path, "max", kind],
                'a party pool\'s "max" reads a constant or a number field of the party',
            )
        _hide_when(fields, pool.hideWhen, [*path, "hideWhen"], problems)


def _advancement(party: Party, fields: dict[str, Any], computed: set[str], problems: Problems) -> None:
    if party.advancement is None:
        return
    for i, field_id in enumerate(party.advancement.fields or []):
        path: list[PathPart] = [*BASE, "advancement", "fields", i]
        field = _party_field(fields, field_id, path, problems, ADVANCEABLE)
        if field is not None and field_id in computed:
            problems.add(path, f'party field "{field_id}" is computed from the members, so it cannot be advanced')


def _from_members(pkg: "Ruleset", party: Party, fields: dict[str, Any], problems: Problems) -> None:
    character_fields = sheet_ids(pkg).fields
    seen: set[str] = set()
    for i, entry in enumerate(party.fromMembers or []):
        path = (*BASE, "fromMembers", i)
        _party_field(fields, entry.field, [*path, "field"], problems, ("number",))
        if entry.field in seen:
            problems.add([*path, "field"], f'party field "{entry.field}" is filled from the members twice')
        seen.add(entry.field)
        if entry.sum is not None:
            source = character_fields.get(entry.sum)
            if source is None:
                problems.add([*path, "sum"], f'unknown field "{entry.sum}"')
            elif source.type != "number":
                problems.add(
                    [*path, "sum"],
                    f'"{entry.sum}" is {a_or_an(source.type)} field; "sum" adds up a number field of each character',
                )


def _summary(pkg: "Ruleset", party: Party, fields: dict[str, Any], problems: Problems) -> None:
    summary = party.summary
    if summary is None:
        return
    for i, field_id in enumerate(summary.fields):
        _party_field(fields, field_id, [*BASE, "summary", "fields", i], problems)
    lists = index(party.lists)
    for i, entry in enumerate(summary.lists):
        path = (*BASE, "summary", "lists", i)
        lst = lists.get(entry.list)
        if lst is None:
            problems.add([*path, "list"], f'unknown party list "{entry.list}"')
            continue
        check_summary_list(pkg, entry, lst, path, problems)


def check(pkg: "Ruleset", problems: Problems) -> None:
    party = pkg.party
    if party is None:
        return
    fields = index(party.fields)
    for i, field in enumerate(party.fields or []):
        _hide_when(fields, field.hideWhen, [*BASE, "fields", i, "hideWhen"], problems)
    for i, lst in enumerate(party.lists or []):
        _hide_when(fields, lst.hideWhen, [*BASE, "lists", i, "hideWhen"], problems)
    _pools(party, fields, problems)
    computed = {m.field for m in party.fromMembers or []}
    _advancement(party, fields, computed, problems)
    _from_members(pkg, party, fields, problems)
    _summary(pkg, party, fields, problems)
    lists = index(party.lists)
    for i, step in enumerate(party.builder.steps if party.builder else []):
        if step.list not in lists:
            problems.add([*BASE, "builder", "steps", i, "list"], f'unknown party list "{step.list}"')
