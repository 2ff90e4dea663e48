"""What the sheet engine needs from a ruleset, worked out once per ruleset.

Owns: `SheetIndex` (abilities and the modifier rule, proficiency tiers and which are
offered for skills and saves, each skill's and save's resolved `untrained` rule, fields with
their blank-sheet values, derived values in order, lists and their column defaults, live
pools, tracks, states, conditions and text, rests, the items the catalogs hold, the
resolution's `penaltyFrom` and `adjust`) and `index_for(ruleset)`, which keeps the index of
recently used rulesets so the resolver can compute a sheet on every step cheaply. Names the
Game Master writes (an id or a label, any case) are resolved here too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence, TypeVar

from shared.ruleset.catalogs import Catalog
from shared.ruleset.items import Items
from shared.ruleset.resolution import Resolution
from shared.ruleset.rests import Rest
from shared.ruleset.sheet import Sheet
from shared.ruleset.sheet_fields import Ability, Field
from shared.ruleset.sheet_lists import SheetList
from shared.ruleset.sheet_live import LiveCondition, LivePool, LiveState, LiveText, Track
from shared.ruleset.sheet_derived import Derived
from shared.ruleset.sheet_refs import get


def round_number(value: float, mode: str | None) -> int:
    if mode == "up":
        return math.ceil(value)
    if mode == "nearest":
        # Half away from zero, the way people round, not banker's rounding.
        return int(math.floor(value + 0.5)) if value >= 0 else -int(math.floor(-value + 0.5))
    return math.floor(value)


def lookup_step(table: Sequence[Sequence[float]], value: float) -> float:
    """The value of the highest threshold at or below `value`; below the first threshold,
    the first row's value."""
    result = table[0][1] if table else 0
    for threshold, entry in table:
        if value < threshold:
            break
        result = entry
    return result


def plain(value: Any) -> Any:
    """A whole float as an int, so JSON shows 3 and not 3.0."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def norm(text: str) -> str:
    return " ".join(text.strip().lower().split())


@dataclass(frozen=True)
class Tier:
    id: str
    label: str
    multiplier: float
    round: str
    flat: int


@dataclass(frozen=True)
class CheckSpec:
    """A skill or a save as the engine reads it."""

    id: str
    label: str
    ability: str | None
    cap: Any
    #: "normal", "harder", "refuse" or an int (`{ "by": n }`): the skill's own rule, else its
    #: section's, else normal.
    untrained: str | int
    kind: str  # "skill" or "save"


class Named(Protocol):
    """A sheet part the Game Master names by its id or its label."""

    @property
    def id(self) -> str: ...

    @property
    def label(self) -> str: ...


_Named = TypeVar("_Named", bound=Named)


class SheetRules(Protocol):
    """What the sheet engine reads of a ruleset: a package's `Ruleset`, or the party sheet's
    `shared.party.PartyRules`, which lends the engine the party's own sheet."""

    @property
    def sheet(self) -> Sheet: ...

    @property
    def catalogs(self) -> list[Catalog] | None: ...

    @property
    def resolution(self) -> Resolution | None: ...

    @property
    def rests(self) -> list[Rest] | None: ...

    @property
    def items(self) -> Items | None: ...


@dataclass
class SheetIndex:
    ruleset: SheetRules
    sheet: Sheet
    abilities: list[Ability] = field(default_factory=list)
    ability_by_id: dict[str, Ability] = field(default_factory=dict)
    modifier: Callable[[float], float] = lambda score: score
    tiers: dict[str, Tier] = field(default_factory=dict)
    skill_tiers: list[str] = field(default_factory=list)
    save_tiers: list[str] = field(default_factory=list)
    proficiency_bonus: Any = None
    skills: dict[str, CheckSpec] = field(default_factory=dict)
    saves: dict[str, CheckSpec] = field(default_factory=dict)
    bonus_range: tuple[int, int] = (-20, 40)
    fields: dict[str, Field] = field(default_factory=dict)
    field_start: dict[str, Any] = field(default_factory=dict)
    derived: list[Derived] = field(default_factory=list)
    derived_by_id: dict[str, Derived] = field(default_factory=dict)
    lists: dict[str, SheetList] = field(default_factory=dict)
    column_defaults: dict[str, dict[str, Any]] = field(default_factory=dict)
    pools: list[LivePool] = field(default_factory=list)
    pool_by_id: dict[str, LivePool] = field(default_factory=dict)
    pool_lists: list[SheetList] = field(default_factory=list)
    tracks: list[Track] = field(default_factory=list)
    track_by_id: dict[str, Track] = field(default_factory=dict)
    texts: dict[str, LiveText] = field(default_factory=dict)
    conditions: list[LiveCondition] = field(default_factory=list)
    condition_ids: set[str] = field(default_factory=set)
    states: dict[str, LiveState] = field(default_factory=dict)
    rests: dict[str, Rest] = field(default_factory=dict)
    items: dict[str, Any] = field(default_factory=dict)
    catalogs: dict[str, Any] = field(default_factory=dict)
    #: (list id, "<catalog>/<entry>") -> {column id: the entry row's `scaled` rule}
    scaled: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    penalty_from: str | None = None
    adjust: list[tuple[Any, frozenset[str] | None]] = field(default_factory=list)
    resolution_kind: str | None = None
    pool_bounds: tuple[int, int] | None = None

    # -- names the Game Master writes ------------------------------------------------
    def find(self, entries: Sequence[_Named], name: object) -> _Named | None:
        """An entry named by its id, else by its label (case and spacing ignored)."""
        if not isinstance(name, str):
            return None
        for entry in entries:
            if entry.id == name:
                return entry
        wanted = norm(name)
        for entry in entries:
            if norm(entry.id) == wanted or norm(entry.label) == wanted:
                return entry
        return None

    def offered_tiers(self, kind: str) -> list[str]:
        return self.skill_tiers if kind == "skill" else self.save_tiers


def _modifier_rule(resolution: Any) -> Callable[[float], float]:
    rule = get(resolution, "abilityModifier")
    op = get(rule, "op", "identity")
    if op == "floorHalfMinusTen":
        return lambda score: math.floor((score - 10) / 2)
    if op == "stepTable":
        table = [list(row) for row in (get(rule, "table") or [])]
        return lambda score: lookup_step(table, score)
    return lambda score: score


def _tiers(resolution: Any) -> dict[str, Tier]:
    out: dict[str, Tier] = {}
    for t in get(resolution, "proficiencyTiers") or []:
        tid = get(t, "id")
        out.setdefault(
            tid,
            Tier(
                id=tid,
                label=get(t, "label") or tid,
                multiplier=get(t, "multiplier") or 0,
                round=get(t, "round") or "down",
                flat=get(t, "flat") or 0,
            ),
        )
    return out


def _items(ruleset: SheetRules) -> tuple[dict[str, Any], dict[str, Any]]:
    items: dict[str, Any] = {}
    catalogs: dict[str, Any] = {}
    for catalog in get(ruleset, "catalogs") or []:
        cid = get(catalog, "id")
        catalogs.setdefault(cid, catalog)
        for entry in get(catalog, "entries") or []:
            item = get(entry, "item")
            if item is not None:
                items.setdefault(f"{cid}/{get(entry, 'id')}", (entry, item))
    return items, catalogs


def _scaled(ruleset: SheetRules) -> dict[tuple[str, str], dict[str, Any]]:
    """The columns each catalog entry's rows keep in step with the character, by the list
    the row is written to and the `_catalog` a character's row names the entry by."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for catalog in get(ruleset, "catalogs") or []:
        for entry in get(catalog, "entries") or []:
            for row in get(entry, "rows") or []:
                rules = get(row, "scaled")
                if rules:
                    out.setdefault((get(row, "list"), f"{get(catalog, 'id')}/{get(entry, 'id')}"), dict(rules))
    return out


def build_index(ruleset: SheetRules) -> SheetIndex:
    sheet = ruleset.sheet
    res = ruleset.resolution
    idx = SheetIndex(ruleset=ruleset, sheet=sheet)
    idx.abilities = list(sheet.abilities)
    idx.ability_by_id = {a.id: a for a in reversed(sheet.abilities)}
    idx.modifier = _modifier_rule(res)
    idx.tiers = _tiers(res)
    all_tiers = list(idx.tiers)
    idx.skill_tiers = [t for t in (sheet.skillTiers or all_tiers) if t in idx.tiers] or all_tiers
    idx.save_tiers = [t for t in (sheet.saveTiers or all_tiers) if t in idx.tiers] or all_tiers
    idx.proficiency_bonus = get(get(res, "proficiency"), "bonus")
    sections = {s.id: s for s in reversed(sheet.sections)}
    for kind, entries, target in (("skill", sheet.skills, idx.skills), ("save", sheet.saves, idx.saves)):
        for entry in entries:
            untrained = entry.untrained
            if untrained is None and entry.section in sections:
                untrained = sections[entry.section].untrained
            rule: str | int = (
                "normal" if untrained is None else untrained if isinstance(untrained, str) else untrained.by
            )
            target.setdefault(entry.id, CheckSpec(entry.id, entry.label, entry.ability, entry.cap, rule, kind))
    idx.bonus_range = sheet.bonus_range()
    for f in sheet.fields:
        idx.fields.setdefault(f.id, f)
        idx.field_start.setdefault(f.id, f.start_value())
    idx.derived = list(sheet.derived)
    idx.derived_by_id = {d.id: d for d in reversed(sheet.derived)}
    for lst in sheet.lists:
        idx.lists.setdefault(lst.id, lst)
        idx.column_defaults.setdefault(lst.id, {c.id: c.start_value() for c in lst.columns})
        if lst.pools is not None:
            idx.pool_lists.append(lst)
    live = sheet.live
    idx.pools = list(live.pools)
    idx.pool_by_id = {p.id: p for p in reversed(live.pools)}
    idx.tracks = list(live.tracks)
    idx.track_by_id = {t.id: t for t in reversed(live.tracks)}
    idx.texts = {t.id: t for t in reversed(live.text)}
    idx.conditions = list(live.conditions)
    idx.condition_ids = {c.id for c in live.conditions}
    idx.states = {s.id: s for s in reversed(live.states or [])}
    idx.rests = {r.id: r for r in reversed(ruleset.rests or [])}
    idx.items, idx.catalogs = _items(ruleset)
    idx.scaled = _scaled(ruleset)
    penalty = get(res, "penaltyFrom")
    idx.penalty_from = penalty if isinstance(penalty, str) else None
    for entry in get(res, "adjust") or []:
        abilities = get(entry, "abilities")
        idx.adjust.append((get(entry, "value"), frozenset(abilities) if abilities else None))
    idx.resolution_kind = get(res, "kind")
    pool = get(res, "pool")
    if pool is not None and get(pool, "min") is not None:
        idx.pool_bounds = (get(pool, "min"), get(pool, "max"))
    return idx


_CACHE: dict[int, tuple[Any, SheetIndex]] = {}
_CACHE_SIZE = 16


def index_for(ruleset: SheetRules) -> SheetIndex:
    """The index of `ruleset`, built the first time and kept while the ruleset is in use.

    Keyed by identity and holding the ruleset itself, so an id is never reused for another
    ruleset while its entry exists."""
    hit = _CACHE.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    idx = build_index(ruleset)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[id(ruleset)] = (ruleset, idx)
    return idx
