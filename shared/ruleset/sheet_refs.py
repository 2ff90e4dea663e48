"""Cross-checking what a value reference reads, for every part of a package.

Owns: `SheetIds` (the sheet's ids by kind, which derived values and skills read live state,
which derived values read skill or save modifiers; built once per package) and
`check_value_ref`, which reports a reference that names something undeclared, something of
the wrong type, a live read where the spec forbids one (a pool's or track's `max`, the
proficiency bonus), a derived value read before it is declared, and a skill or save
modifier read where the sheet could not be computed in one pass. Also `check_hide_when`.

Other parts of the package (combat, items, catalogs) call `check_value_ref` for their own
references, so every reference is judged by the same rules and messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from .base import ValueRef, key_of
from .errors import PathPart, Problems
from .sheet_derived import EnumTableDerived, derived_refs

if TYPE_CHECKING:
    from .package import Ruleset


def get(obj: Any, name: str, default: Any = None) -> Any:
    """An attribute of a model, or a key of a plain dict (parts of a package that are still
    being modelled elsewhere arrive as dicts)."""
    if obj is None:
        return default
    if isinstance(obj, dict):
        return obj.get(name, default)
    return key_of(obj, name, default)


def a_or_an(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


@dataclass
class SheetIds:
    abilities: dict[str, Any] = field(default_factory=dict)
    skills: dict[str, Any] = field(default_factory=dict)
    saves: dict[str, Any] = field(default_factory=dict)
    fields: dict[str, Any] = field(default_factory=dict)
    derived: dict[str, tuple[int, Any]] = field(default_factory=dict)
    lists: dict[str, Any] = field(default_factory=dict)
    pools: dict[str, Any] = field(default_factory=dict)
    tracks: dict[str, Any] = field(default_factory=dict)
    states: dict[str, Any] = field(default_factory=dict)
    conditions: dict[str, Any] = field(default_factory=dict)
    texts: dict[str, Any] = field(default_factory=dict)
    sections: dict[str, Any] = field(default_factory=dict)
    #: derived id -> reads live state (directly or through another derived value or a skill)
    live_derived: dict[str, bool] = field(default_factory=dict)
    #: skill/save id -> its cap reads live state
    live_skills: dict[str, bool] = field(default_factory=dict)
    live_saves: dict[str, bool] = field(default_factory=dict)
    items: Any = None


def _first(mapping: dict[str, Any], key: str, value: Any) -> None:
    mapping.setdefault(key, value)


def build_ids(pkg: "Ruleset") -> SheetIds:
    """The sheet's ids by kind. Duplicates keep their first declaration (the duplicate
    itself is reported by checks/sheet.py)."""
    ids = SheetIds()
    sheet = pkg.sheet
    for section in sheet.sections:
        _first(ids.sections, section.id, section)
    for ability in sheet.abilities:
        _first(ids.abilities, ability.id, ability)
    for skill in sheet.skills:
        _first(ids.skills, skill.id, skill)
    for save in sheet.saves:
        _first(ids.saves, save.id, save)
    for f in sheet.fields:
        _first(ids.fields, f.id, f)
    for i, d in enumerate(sheet.derived):
        _first(ids.derived, d.id, (i, d))
    for lst in sheet.lists:
        _first(ids.lists, lst.id, lst)
    live = sheet.live
    for p in live.pools:
        _first(ids.pools, p.id, p)
    for track in live.tracks:
        _first(ids.tracks, track.id, track)
    for state in live.states or []:
        _first(ids.states, state.id, state)
    for c in live.conditions:
        _first(ids.conditions, c.id, c)
    for text in live.text:
        _first(ids.texts, text.id, text)
    ids.items = get(pkg, "items")
    _mark_live(sheet, ids)
    return ids


def _mark_live(sheet: Any, ids: SheetIds) -> None:
    """Which derived values, skills and saves read live state. A skill is live when its cap
    is; a derived value is live when it reads a live value, a live derived value or a live
    skill. Caps read only derived values declared before any skill modifier is read (a rule
    checked separately), so one pass over the skills and two over the derived values settle
    every case a valid package can have."""

    def ref_live(ref: ValueRef) -> bool:
        kind = ref.kind
        if kind in ("livePool", "liveTrack", "itemStat"):
            return True
        if ref.derived is not None:
            return ids.live_derived.get(ref.derived, False)
        if ref.skillMod is not None:
            return ids.live_skills.get(ref.skillMod, False)
        if ref.saveMod is not None:
            return ids.live_saves.get(ref.saveMod, False)
        return False

    for _ in range(2):
        for d in sheet.derived:
            if isinstance(d, EnumTableDerived):
                ids.live_derived[d.id] = d.from_.liveState is not None
            else:
                ids.live_derived[d.id] = any(ref_live(r) for _p, r in derived_refs(d))
        for s in sheet.skills:
            ids.live_skills[s.id] = s.cap is not None and ref_live(s.cap)
        for s in sheet.saves:
            ids.live_saves[s.id] = s.cap is not None and ref_live(s.cap)


_CACHE: dict[int, tuple[Any, SheetIds]] = {}


def sheet_ids(pkg: "Ruleset") -> SheetIds:
    """`build_ids`, kept for the package being checked (every check module asks)."""
    hit = _CACHE.get(id(pkg))
    if hit is not None and hit[0] is pkg:
        return hit[1]
    ids = build_ids(pkg)
    if len(_CACHE) > 8:
        _CACHE.clear()
    _CACHE[id(pkg)] = (pkg, ids)
    return ids


def _type_of(entry: Any) -> str:
    return getattr(entry, "type", "?")


def live_reason(ids: SheetIds, ref: ValueRef) -> str | None:
    """Why reading `ref` is a live read, in words, or None when it is not."""
    kind = ref.kind
    if kind == "livePool":
        return f'the live pool "{ref.livePool}"'
    if kind == "liveTrack":
        return f'the live track "{ref.liveTrack}"'
    if kind == "itemStat":
        return 'the items the character carries ("itemStat")'
    if ref.derived is not None and ids.live_derived.get(ref.derived):
        return f'derived value "{ref.derived}", which reads live state'
    if ref.skillMod is not None and ids.live_skills.get(ref.skillMod):
        return f'skill "{ref.skillMod}", whose cap reads live state'
    if ref.saveMod is not None and ids.live_saves.get(ref.saveMod):
        return f'save "{ref.saveMod}", whose cap reads live state'
    return None


def check_value_ref(
    pkg: "Ruleset",
    ref: ValueRef | None,
    path: Sequence[PathPart],
    problems: Problems,
    *,
    before_live: str | None = None,
    declared_before: int | None = None,
    no_skill_save: str | None = None,
) -> None:
    """Reports everything wrong with one value reference at `path` (the reference object).

    `before_live` names the place (`'a pool\\'s "max"'`) when the value is worked out before
    live state exists; `declared_before` is the index of the derived value being computed,
    when the reference is one of its inputs; `no_skill_save` is the sentence to give when
    the place cannot read skill or save modifiers (a cap, the proficiency bonus).
    """
    if ref is None:
        return
    ids = sheet_ids(pkg)
    kind = ref.kind
    where = [*path, kind]
    target = ref.target
    if kind == "const":
        return
    if kind == "field":
        entry = ids.fields.get(target)
        if entry is None:
            problems.add(where, f'unknown field "{target}"')
        elif _type_of(entry) != "number":
            problems.add(where, f'"{target}" is {a_or_an(_type_of(entry))} field, not a number field')
    elif kind == "derived":
        hit = ids.derived.get(target)
        if hit is None:
            problems.add(where, f'unknown derived value "{target}"')
        elif declared_before is not None and hit[0] >= declared_before:
            if hit[0] == declared_before:
                problems.add(where, f'derived value "{target}" reads itself')
            else:
                problems.add(where, f'derived value "{target}" is read before it is declared')
    elif kind in ("abilityScore", "abilityMod"):
        if target not in ids.abilities:
            problems.add(where, f'unknown ability "{target}"')
    elif kind == "abilityModFromField":
        entry = ids.fields.get(target)
        if entry is None:
            problems.add(where, f'unknown field "{target}"')
        elif _type_of(entry) != "enum":
            problems.add(where, f'"{target}" is {a_or_an(_type_of(entry))} field, not an enum field of ability ids')
    elif kind == "skillMod":
        if target not in ids.skills:
            problems.add(where, f'unknown skill "{target}"')
    elif kind == "saveMod":
        if target not in ids.saves:
            problems.add(where, f'unknown save "{target}"')
    elif kind == "listSum":
        _check_list_sum(ids, target, where, problems)
    elif kind == "livePool":
        if target not in ids.pools:
            problems.add(where, f'"{target}" is a track, not a pool' if target in ids.tracks else f'unknown pool "{target}"')
    elif kind == "liveTrack":
        track = ids.tracks.get(target)
        if track is None:
            problems.add(where, f'"{target}" is a pool, not a track' if target in ids.pools else f'unknown track "{target}"')
        elif ref.read == "penalty" and not track.is_harm:
            problems.add(
                [*path, "read"],
                f'"read": "penalty" is usable only on harm tracks, and "{target}" is a plain track',
            )
    elif kind == "itemStat":
        _check_item_stat(ids, target, where, problems)

    if kind in ("skillMod", "saveMod") and no_skill_save is not None:
        problems.add(where, no_skill_save)
    if before_live is not None:
        reason = live_reason(ids, ref)
        if reason is not None:
            problems.add(where, f"{before_live} is worked out before there is live state, so it cannot read {reason}")


def _check_list_sum(ids: SheetIds, spec: Any, where: list[PathPart], problems: Problems) -> None:
    lst = ids.lists.get(spec.list)
    if lst is None:
        problems.add([*where, "list"], f'unknown list "{spec.list}"')
        return
    column = lst.column(spec.column)
    if column is None:
        problems.add([*where, "column"], f'unknown column "{spec.column}" in list "{spec.list}"')
    elif column.type != "number":
        problems.add(
            [*where, "column"],
            f'column "{spec.column}" in list "{spec.list}" is {a_or_an(column.type)} column, not a number column',
        )
    if spec.onlyWhen is not None:
        marker = lst.column(spec.onlyWhen)
        if marker is None:
            problems.add([*where, "onlyWhen"], f'unknown column "{spec.onlyWhen}" in list "{spec.list}"')
        elif marker.type != "boolean":
            problems.add(
                [*where, "onlyWhen"],
                f'column "{spec.onlyWhen}" in list "{spec.list}" is {a_or_an(marker.type)} column, not a boolean column',
            )


def _ids_of(block: Any, key: str) -> set[str]:
    return {get(x, "id") for x in (get(block, key) or [])}


def _check_item_stat(ids: SheetIds, spec: Any, where: list[PathPart], problems: Problems) -> None:
    items = ids.items
    if items is None:
        problems.add(where, '"itemStat" reads items, and this package has no "items" block')
        return
    if spec.stat is not None:
        stats = {get(s, "id"): s for s in (get(items, "stats") or [])}
        stat = stats.get(spec.stat)
        if stat is None:
            problems.add([*where, "stat"], f'unknown item stat "{spec.stat}"')
        elif spec.pick != "count" and get(stat, "type") != "number":
            problems.add(
                [*where, "stat"],
                f'item stat "{spec.stat}" is {a_or_an(str(get(stat, "type")))} stat, so it cannot be added up or compared',
            )
    for key, what in (("slot", "slots"), ("category", "categories"), ("tag", "tags")):
        value = getattr(spec, key)
        if value is not None and value not in _ids_of(items, what):
            problems.add([*where, key], f'unknown item {key} "{value}"')


# ---------------------------------------------------------------------------
# hideWhen
# ---------------------------------------------------------------------------


def check_hide_when(pkg: "Ruleset", rule: Any, path: Sequence[PathPart], problems: Problems) -> None:
    """The field must exist, and every value the rule names must be one it can hold."""
    if rule is None:
        return
    ids = sheet_ids(pkg)
    entry = ids.fields.get(rule.field)
    if entry is None:
        problems.add([*path, "field"], f'unknown field "{rule.field}"')
        return
    check_hide_values(entry, rule, path, problems)


def check_hide_values(entry: Any, rule: Any, path: Sequence[PathPart], problems: Problems) -> None:
    """Every value a `hideWhen` names (`in`, `equals` or `notEquals`) is one `entry` can hold."""
    named: list[tuple[list[PathPart], Any]]
    if rule.in_ is not None:
        named = [(["in", i], v) for i, v in enumerate(rule.in_)]
    elif rule.equals is not None:
        named = [(["equals"], rule.equals)]
    else:
        named = [(["notEquals"], rule.notEquals)]
    for sub, value in named:
        reason = field_cannot_hold(entry, value)
        if reason is not None:
            problems.add([*path, *sub], reason)


def field_cannot_hold(entry: Any, value: Any) -> str | None:
    """Why field `entry` can never hold `value`, or None when it can."""
    kind = entry.type
    fid = entry.id
    shown = f'"{value}"' if isinstance(value, str) else ("true" if value is True else "false" if value is False else str(value))
    if kind == "boolean":
        if not isinstance(value, bool):
            return f'field "{fid}" is a boolean field, so {shown} can never match: compare it with true or false'
        return None
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return f'field "{fid}" is a number field, so {shown} can never match'
        if not entry.min <= value <= entry.max:
            return f'{shown} is outside field "{fid}"\'s range {entry.min}..{entry.max}, so it can never match'
        if entry.integer and not float(value).is_integer():
            return f'{shown} is not a whole number, and field "{fid}" holds whole numbers'
        return None
    if not isinstance(value, str):
        return f'field "{fid}" is {a_or_an(kind)} field, so {shown} can never match'
    if kind == "enum":
        if value not in entry.values:
            return f'"{value}" is not a value of field "{fid}"'
        return None
    if kind in ("text", "longtext") and len(value) > entry.maxLength:
        return f'{shown} is longer than field "{fid}"\'s maxLength {entry.maxLength}, so it can never match'
    return None
