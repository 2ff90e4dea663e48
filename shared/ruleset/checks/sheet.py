"""Cross-references of the character sheet: unique ids, sections, the abilities skills roll
with, tiers, value references (with the spec's rules on live reads and on the one-pass
order), `hideWhen`, enum tables, list pools and columns, harm-track `extra` lists, and the
resolution keys that name the sheet (`penaltyFrom`, `adjust`, the proficiency bonus).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from ..errors import PathPart, Problems
from ..sheet_derived import EnumTableDerived, derived_refs
from ..sheet_lists import SidesFromColumn
from ..sheet_refs import a_or_an, check_hide_when, check_value_ref, get, sheet_ids

if TYPE_CHECKING:
    from ..package import Ruleset

SHEET = ("sheet",)
LIVE = ("sheet", "live")


def check(pkg: "Ruleset", problems: Problems) -> None:
    sheet = pkg.sheet
    _unique_ids(sheet, problems)
    _sections(pkg, problems)
    _skills_and_saves(pkg, problems)
    _tiers(pkg, problems)
    _fields(pkg, problems)
    _derived(pkg, problems)
    _caps_in_one_pass(pkg, problems)
    _lists(pkg, problems)
    _live(pkg, problems)
    _resolution(pkg, problems)


def _unique_ids(sheet: Any, problems: Problems) -> None:
    groups: list[tuple[tuple[PathPart, ...], str, Iterable[Any]]] = [
        ((*SHEET, "sections"), "section", sheet.sections),
        ((*SHEET, "abilities"), "ability", sheet.abilities),
        ((*SHEET, "skills"), "skill", sheet.skills),
        ((*SHEET, "saves"), "save", sheet.saves),
        ((*SHEET, "fields"), "field", sheet.fields),
        ((*SHEET, "derived"), "derived value", sheet.derived),
        ((*SHEET, "lists"), "list", sheet.lists),
        ((*LIVE, "pools"), "pool", sheet.live.pools),
        ((*LIVE, "tracks"), "track", sheet.live.tracks),
        ((*LIVE, "text"), "text", sheet.live.text),
        ((*LIVE, "conditions"), "condition", sheet.live.conditions),
        ((*LIVE, "states"), "state", sheet.live.states or []),
    ]
    for base, what, entries in groups:
        seen: set[str] = set()
        for i, entry in enumerate(entries):
            if entry.id in seen:
                problems.add([*base, i, "id"], f'{what} id "{entry.id}" is used twice')
            seen.add(entry.id)


def _sections(pkg: "Ruleset", problems: Problems) -> None:
    ids = sheet_ids(pkg)
    sheet = pkg.sheet
    for key in ("abilities", "skills", "saves", "fields", "derived", "lists"):
        for i, entry in enumerate(getattr(sheet, key)):
            if entry.section is not None and entry.section not in ids.sections:
                problems.add([*SHEET, key, i, "section"], f'unknown section "{entry.section}"')


def _harder_allowed(pkg: "Ruleset") -> bool:
    """`"harder"` moves a pool's per-die target up by one, so it needs a dice-pool
    resolution whose target can move."""
    res = pkg.resolution
    if get(res, "kind") != "dice-pool":
        return False
    target = get(res, "target")
    lo, hi = get(target, "min"), get(target, "max")
    return isinstance(lo, int) and isinstance(hi, int) and lo < hi


HARDER = (
    '"harder" moves a pool\'s per-die target one step, so it needs a dice-pool resolution '
    "whose target can move; here it could not change the roll"
)


def _skills_and_saves(pkg: "Ruleset", problems: Problems) -> None:
    ids = sheet_ids(pkg)
    harder_ok = _harder_allowed(pkg)
    for i, section in enumerate(pkg.sheet.sections):
        if section.untrained == "harder" and not harder_ok:
            problems.add([*SHEET, "sections", i, "untrained"], HARDER)
    for key, what in (("skills", "skill"), ("saves", "save")):
        for i, entry in enumerate(getattr(pkg.sheet, key)):
            base = (*SHEET, key, i)
            if entry.ability is not None and entry.ability not in ids.abilities:
                problems.add([*base, "ability"], f'unknown ability "{entry.ability}"')
            if entry.untrained == "harder" and not harder_ok:
                problems.add([*base, "untrained"], HARDER)
            check_value_ref(
                pkg,
                entry.cap,
                [*base, "cap"],
                problems,
                no_skill_save="a cap cannot read skill or save modifiers",
            )


def _tiers(pkg: "Ruleset", problems: Problems) -> None:
    tiers = [get(t, "id") for t in (get(pkg.resolution, "proficiencyTiers") or [])]
    for key in ("skillTiers", "saveTiers"):
        seen: set[str] = set()
        for i, tier in enumerate(getattr(pkg.sheet, key) or []):
            if tier not in tiers:
                problems.add([*SHEET, key, i], f'unknown proficiency tier "{tier}"')
            elif tier in seen:
                problems.add([*SHEET, key, i], f'tier "{tier}" is listed twice')
            seen.add(tier)


def _fields(pkg: "Ruleset", problems: Problems) -> None:
    for i, entry in enumerate(pkg.sheet.fields):
        base = (*SHEET, "fields", i)
        check_hide_when(pkg, entry.hideWhen, [*base, "hideWhen"], problems)
        pick = getattr(entry, "pick", None)
        if pick is not None:
            check_value_ref(pkg, pick, [*base, "pick"], problems)


def _derived(pkg: "Ruleset", problems: Problems) -> None:
    ids = sheet_ids(pkg)
    for i, entry in enumerate(pkg.sheet.derived):
        base = (*SHEET, "derived", i)
        check_hide_when(pkg, entry.hideWhen, [*base, "hideWhen"], problems)
        for sub, ref in derived_refs(entry):
            check_value_ref(pkg, ref, [*base, *sub], problems, declared_before=i)
        if isinstance(entry, EnumTableDerived):
            _enum_table(ids, entry, base, problems)


def _enum_table(ids: Any, entry: EnumTableDerived, base: tuple[PathPart, ...], problems: Problems) -> None:
    source = entry.from_
    if source.field is not None:
        field = ids.fields.get(source.field)
        if field is None:
            problems.add([*base, "from", "field"], f'unknown field "{source.field}"')
            return
        if field.type != "enum":
            problems.add([*base, "from", "field"], f'"{source.field}" is {a_or_an(field.type)} field, not an enum field')
            return
        values, what = field.values, f'field "{source.field}"'
    else:
        state = ids.states.get(source.liveState)
        if state is None:
            problems.add([*base, "from", "liveState"], f'unknown live state "{source.liveState}"')
            return
        values, what = state.values, f'live state "{source.liveState}"'
    for key in entry.table:
        if key not in values:
            problems.add([*base, "table", key], f'"{key}" is not a value of {what}')


def _reads_skill_or_save(entry: Any) -> list[tuple[tuple[PathPart, ...], str]]:
    return [(sub, ref.kind) for sub, ref in derived_refs(entry) if ref.kind in ("skillMod", "saveMod")]


def _caps_in_one_pass(pkg: "Ruleset", problems: Problems) -> None:
    """A cap (and the proficiency bonus) is worked out before the skill it holds down, so
    the derived values it reads, and every derived value declared before them, cannot read
    skill or save modifiers: the sheet stays computable top to bottom in one pass."""
    ids = sheet_ids(pkg)
    readers: list[tuple[str, Any]] = []
    for key, what in (("skills", "skill"), ("saves", "save")):
        for entry in getattr(pkg.sheet, key):
            if entry.cap is not None:
                readers.append((f'the cap of {what} "{entry.id}"', entry.cap))
    proficiency = get(get(pkg.resolution, "proficiency"), "bonus")
    if proficiency is not None and hasattr(proficiency, "kind"):
        readers.append(("the proficiency bonus", proficiency))
    reported: set[tuple[PathPart, ...]] = set()
    for who, ref in readers:
        if ref.kind != "derived" or ref.derived not in ids.derived:
            continue
        upto = ids.derived[ref.derived][0]
        for i, entry in enumerate(pkg.sheet.derived[: upto + 1]):
            for sub, _kind in _reads_skill_or_save(entry):
                path = (*SHEET, "derived", i, *sub)
                if path in reported:
                    continue
                reported.add(path)
                problems.add(
                    path,
                    f'derived value "{entry.id}" cannot read skill or save modifiers: {who} '
                    f'reads derived value "{ref.derived}", and the sheet is computed top to bottom in one pass',
                )


def _lists(pkg: "Ruleset", problems: Problems) -> None:
    for li, lst in enumerate(pkg.sheet.lists):
        base = (*SHEET, "lists", li)
        check_hide_when(pkg, lst.hideWhen, [*base, "hideWhen"], problems)
        for ci, column in enumerate(lst.columns):
            cbase = (*base, "columns", ci)
            pick = getattr(column, "pick", None)
            if pick is not None:
                check_value_ref(pkg, pick, [*cbase, "pick"], problems)
            roll = getattr(column, "roll", None)
            if roll is not None:
                _roll_sides(pkg, lst, roll, [*cbase, "roll", "sides"], problems)
        if lst.pools is not None:
            _list_pools(lst, [*base, "pools"], problems)


def _roll_sides(pkg: "Ruleset", lst: Any, roll: Any, path: list[PathPart], problems: Problems) -> None:
    sides = roll.sides
    if isinstance(sides, int):
        return
    if isinstance(sides, SidesFromColumn):
        column = lst.column(sides.column)
        if column is None:
            problems.add([*path, "column"], f'unknown column "{sides.column}" in list "{lst.id}"')
        elif column.type == "enum":
            bad = [v for v in column.values if _die_sides(v) is None]
            if bad:
                problems.add(
                    [*path, "column"],
                    f'column "{sides.column}" in list "{lst.id}" has values that do not read as dice (such as "d8"): '
                    + ", ".join(f'"{v}"' for v in bad),
                )
        elif column.type != "number":
            problems.add(
                [*path, "column"],
                f'column "{sides.column}" in list "{lst.id}" is {a_or_an(column.type)} column; '
                "the sides come from a number column or an enum of dice",
            )
        return
    check_value_ref(pkg, sides, path, problems)


def _die_sides(value: str) -> int | None:
    text = value.strip().lower()
    if text.startswith("1d"):
        text = text[1:]
    if text.startswith("d") and text[1:].isdigit() and int(text[1:]) >= 2:
        return int(text[1:])
    return None


def _list_pools(lst: Any, path: list[PathPart], problems: Problems) -> None:
    wanted = (
        ("nameColumn", ("text",), "a text column"),
        ("maxColumn", ("number",), "a number column"),
        ("rechargeColumn", ("enum", "text"), "an enum or text column"),
    )
    for key, types, what in wanted:
        column_id = getattr(lst.pools, key)
        if column_id is None:
            continue
        column = lst.column(column_id)
        if column is None:
            problems.add([*path, key], f'unknown column "{column_id}" in list "{lst.id}"')
        elif column.type not in types:
            problems.add(
                [*path, key],
                f'column "{column_id}" in list "{lst.id}" is {a_or_an(column.type)} column; "{key}" names {what}',
            )


def _live(pkg: "Ruleset", problems: Problems) -> None:
    ids = sheet_ids(pkg)
    live = pkg.sheet.live
    for i, pool in enumerate(live.pools):
        base = (*LIVE, "pools", i)
        check_value_ref(pkg, pool.max, [*base, "max"], problems, before_live='a pool\'s "max"')
        check_hide_when(pkg, pool.hideWhen, [*base, "hideWhen"], problems)
    for i, track in enumerate(live.tracks):
        base = (*LIVE, "tracks", i)
        if not isinstance(track.max, int):
            check_value_ref(pkg, track.max, [*base, "max"], problems, before_live='a track\'s "max"')
        check_hide_when(pkg, track.hideWhen, [*base, "hideWhen"], problems)
        if track.extra is not None:
            _track_extra(ids, track.extra, [*base, "extra"], problems)
    for i, state in enumerate(live.states or []):
        check_hide_when(pkg, state.hideWhen, [*LIVE, "states", i, "hideWhen"], problems)


def _track_extra(ids: Any, extra: Any, path: list[PathPart], problems: Problems) -> None:
    lst = ids.lists.get(extra.list)
    if lst is None:
        problems.add([*path, "list"], f'unknown list "{extra.list}"')
        return
    for key in ("countColumn", "penaltyColumn"):
        column_id = getattr(extra, key)
        column = lst.column(column_id)
        if column is None:
            problems.add([*path, key], f'unknown column "{column_id}" in list "{extra.list}"')
        elif column.type != "number":
            problems.add(
                [*path, key],
                f'column "{column_id}" in list "{extra.list}" is {a_or_an(column.type)} column, not a number column',
            )
        elif key == "penaltyColumn" and column.max > 0:
            problems.add(
                [*path, key],
                f'column "{column_id}" in list "{extra.list}" can hold {column.max}, but a penalty is 0 or less',
            )


def _resolution(pkg: "Ruleset", problems: Problems) -> None:
    """The resolution keys that name the sheet: the harm track whose penalty applies to
    every check, the sheet modifiers, and the proficiency bonus."""
    ids = sheet_ids(pkg)
    res = pkg.resolution
    penalty_from = get(res, "penaltyFrom")
    if isinstance(penalty_from, str):
        track = ids.tracks.get(penalty_from)
        if track is None:
            problems.add(["resolution", "penaltyFrom"], f'unknown track "{penalty_from}"')
        elif not track.is_harm:
            problems.add(
                ["resolution", "penaltyFrom"],
                f'"{penalty_from}" is a plain track, and only a harm track has a penalty to apply',
            )
    for i, entry in enumerate(get(res, "adjust") or []):
        value = get(entry, "value")
        if hasattr(value, "kind"):
            check_value_ref(pkg, value, ["resolution", "adjust", i, "value"], problems)
        for j, ability in enumerate(get(entry, "abilities") or []):
            if ability not in ids.abilities:
                problems.add(["resolution", "adjust", i, "abilities", j], f'unknown ability "{ability}"')
    bonus = get(get(res, "proficiency"), "bonus")
    if hasattr(bonus, "kind"):
        check_value_ref(
            pkg,
            bonus,
            ["resolution", "proficiency", "bonus"],
            problems,
            before_live="the proficiency bonus",
            no_skill_save="the proficiency bonus cannot read skill or save modifiers",
        )

