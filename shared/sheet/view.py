"""Reading one character's sheet: every number the sheet yields, worked out on demand.

Owns: `SheetView(ruleset, sheet)`, a lazy, memoised evaluation of a sheet (`{abilities,
skills, saves, bonuses, fields, lists, live}`) under its ruleset: ability scores (with what
worn items do to them) and modifiers by `resolution.abilityModifier`, the proficiency bonus
and tiers, skills and saves (bonus, `untrained`, `cap`), fields as the editor shows them,
`hideWhen`, derived values with every op, value references of every kind, list sums,
pools (declared and list-row), plain and harm tracks, live states and conditions, and the
numbers a check adds from the sheet (`resolution.adjust`, `penaltyFrom`), and the item
effects in force (`items_in_force`, what worn and carried items and unmet requirements do).

The sheet is read tolerantly (validation is `character.py`'s job): a missing value is its
blank-sheet value, a stored enum value the ruleset no longer offers reads as its default.
Live reads read the live state; with none stored they read the state as play starts
(pools full or empty by `start`, tracks at `default`, harm tracks clear). The package
validator guarantees nothing read before live state exists reads it, so a derived value
may be evaluated on demand from anywhere without loops; a guard reads 0 should a malformed
ruleset loop anyway.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Sequence, TypeGuard

from shared.ruleset.base import ListSum, ValueRef
from shared.ruleset.catalogs import EntryRow
from shared.ruleset.sheet_derived import (
    Derived,
    MaxDerived,
    MinDerived,
    MultiplyDerived,
    ScaleDerived,
    StepTableDerived,
    SumDerived,
)
from shared.ruleset.sheet_fields import HideWhen
from shared.ruleset.sheet_lists import NumberColumn
from shared.ruleset.sheet_live import Track
from shared.ruleset.sheet_refs import get

from .harm import MAX_TRACK_LENGTH, HarmSpec, HarmState, level_label, penalty, read_state
from .index import SheetIndex, SheetRules, index_for, lookup_step, round_number
from .items import ItemEffectInForce, ability_changes, held_items, item_effects, item_stat

MAX_EXTRA_PER_ROW = 16


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def is_number(value: object) -> TypeGuard[float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


@dataclass(frozen=True)
class CheckValue:
    """A skill or save as the sheet shows it."""

    id: str
    tier: str
    trained: bool
    #: None when the untrained rule is "refuse": the check is not rolled at all
    number: float | None
    uncapped: float
    cap: float | None
    #: "normal", "harder", "refuse" or the `by` number, when the character is untrained
    untrained: Any


@dataclass(frozen=True)
class PoolInfo:
    key: str
    label: str
    max: int
    start: str
    allow_temp: bool
    group: str | None
    list_id: str | None = None
    recharge: Any = None


@dataclass(frozen=True)
class TrackInfo:
    id: str
    label: str
    min: int
    max: int
    value: int
    harm: HarmSpec | None = None
    state: HarmState | None = None
    penalty: int = 0


@dataclass(frozen=True)
class CheckNumber:
    """What the sheet adds to one check: the sheet's number, the `adjust` entries that
    apply, and the harm penalty in effect. How they act (dice off a pool, a flat modifier
    on a sum) is the resolution's business."""

    number: float | None
    adjust: float
    penalty: int
    refused: bool
    harder: bool


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def sealed_of(live: dict[str, Any], key: str) -> int:
    """How much of pool `key`'s maximum is sealed (`live.sealed`, sealed.py): what any rest
    gives back and what only `unseals` does, together."""
    entry = _dict(_dict(live.get("sealed")).get(key))
    return sum(v for v in entry.values() if isinstance(v, int) and not isinstance(v, bool) and v > 0)


class SheetView:
    def __init__(self, ruleset: SheetRules, sheet: Any, *, untrained_rules: bool = True):
        self.idx: SheetIndex = index_for(ruleset)
        #: False for a character without a sheet: there is no training to read, so no
        #: untrained rule applies (spec/sheet.md "Untrained checks").
        self.untrained_rules = untrained_rules
        sheet = _dict(sheet)
        self.sheet = sheet
        self.build_abilities = _dict(sheet.get("abilities"))
        self.build_skills = _dict(sheet.get("skills"))
        self.build_saves = _dict(sheet.get("saves"))
        self.bonuses = _dict(sheet.get("bonuses"))
        self.build_fields = _dict(sheet.get("fields"))
        self.build_lists = _dict(sheet.get("lists"))
        self.live = _dict(sheet.get("live"))
        self.held = held_items(self.idx, self.live) if self.idx.items and self.live.get("items") else []
        self._scores: dict[str, float] | None = None
        self._mods: dict[str, float] = {}
        self._fields: dict[str, Any] = {}
        self._derived: dict[str, float] = {}
        self._busy: set[str] = set()
        self._checks: dict[tuple[str, str], CheckValue] = {}
        self._proficiency: float | None = None
        self._pools: dict[str, PoolInfo] | None = None
        #: One pool read at a time (`pool_info`, `pool`): a fight reads the health pool of
        #: every combatant many times a step, and never needs every pool on the sheet.
        self._pool_infos: dict[str, PoolInfo | None] = {}
        self._pool_reads: dict[str, tuple[PoolInfo, int, int] | None] = {}
        self._tracks: dict[str, TrackInfo | None] = {}
        self._items_in_force: list[ItemEffectInForce] | None = None

    # -- abilities ---------------------------------------------------------------------
    def scores(self) -> dict[str, float]:
        if self._scores is None:
            changes = ability_changes(self.held) if self.held else {}
            scores: dict[str, float] = {}
            for ability in self.idx.abilities:
                if ability.id in scores:
                    continue
                stored = self.build_abilities.get(ability.id)
                score = stored if is_number(stored) else ability.default
                for how, amount in changes.get(ability.id, ()):
                    score = max(score, amount) if how == "set" else score + amount
                scores[ability.id] = score
            self._scores = scores
        return self._scores

    def score(self, ability: str) -> float:
        return self.scores().get(ability, 0)

    def mod(self, ability: str) -> float:
        if ability not in self._mods:
            scores = self.scores()
            self._mods[ability] = self.idx.modifier(scores[ability]) if ability in scores else 0
        return self._mods[ability]

    # -- fields and hideWhen -------------------------------------------------------------
    def field(self, field_id: str) -> Any:
        """A field's value as the sheet editor shows it."""
        if field_id in self._fields:
            return self._fields[field_id]
        entry = self.idx.fields.get(field_id)
        stored = self.build_fields.get(field_id)
        if entry is None:
            value = stored
        elif entry.type == "enum":
            value = stored if isinstance(stored, str) and stored in entry.values else self.idx.field_start[field_id]
        elif entry.type == "number":
            value = stored if is_number(stored) else self.idx.field_start[field_id]
        elif entry.type == "boolean":
            value = stored if isinstance(stored, bool) else self.idx.field_start[field_id]
        else:
            value = stored if isinstance(stored, str) else self.idx.field_start[field_id]
        self._fields[field_id] = value
        return value

    def hidden(self, rule: HideWhen | None) -> bool:
        if rule is None:
            return False
        value = self.field(rule.field)
        if rule.in_ is not None:
            return any(_same(value, v) for v in rule.in_)
        if rule.equals is not None:
            return _same(value, rule.equals)
        return not _same(value, rule.notEquals)

    # -- value references ------------------------------------------------------------------
    def value(self, ref: ValueRef | None) -> float:
        # A reference holds exactly one of its keys (ValueRef checks it), so the first key
        # set is its kind.
        if ref is None:
            return 0
        if ref.const is not None:
            return ref.const
        if ref.field is not None:
            value = self.field(ref.field)
            return value if is_number(value) else 0
        if ref.derived is not None:
            return self.derived(ref.derived)
        if ref.abilityScore is not None:
            return self.score(ref.abilityScore)
        if ref.abilityMod is not None:
            return self.mod(ref.abilityMod)
        if ref.abilityModFromField is not None:
            chosen = self.field(ref.abilityModFromField)
            return self.mod(chosen) if isinstance(chosen, str) and chosen in self.scores() else 0
        if ref.skillMod is not None:
            check = self.check("skill", ref.skillMod)
            return check.number if check is not None and check.number is not None else 0
        if ref.saveMod is not None:
            check = self.check("save", ref.saveMod)
            return check.number if check is not None and check.number is not None else 0
        if ref.listSum is not None:
            return self.list_sum(ref.listSum)
        if ref.livePool is not None:
            pool = self.pool(ref.livePool)
            return pool[1] if pool is not None else 0
        if ref.liveTrack is not None:
            return self.track_read(ref.liveTrack, ref.read or "value")
        if ref.itemStat is not None:
            return item_stat(self.held, ref.itemStat)
        return 0

    def items_in_force(self) -> list[ItemEffectInForce]:
        """The `worn`, `carried` and unmet-requirement effects of the items on this sheet
        (items.py says which are in force); a fight reads them beside conditions."""
        if self._items_in_force is None:
            self._items_in_force = item_effects(self.held, self.value) if self.held else []
        return self._items_in_force

    def derived(self, derived_id: str) -> float:
        if derived_id in self._derived:
            return self._derived[derived_id]
        entry = self.idx.derived_by_id.get(derived_id)
        if entry is None or derived_id in self._busy:
            return 0
        self._busy.add(derived_id)
        try:
            result = self._compute_derived(entry)
        finally:
            self._busy.discard(derived_id)
        self._derived[derived_id] = result
        return result

    def _compute_derived(self, entry: Derived) -> float:
        if isinstance(entry, SumDerived):
            return sum(self.value(r) for r in entry.of)
        if isinstance(entry, MinDerived):
            return min(self.value(r) for r in entry.of)
        if isinstance(entry, MaxDerived):
            return max(self.value(r) for r in entry.of)
        if isinstance(entry, ScaleDerived):
            return round_number(self.value(entry.of) * entry.multiplier, entry.round)
        if isinstance(entry, MultiplyDerived):
            product: float = 1
            for r in entry.of:
                product *= self.value(r)
            return product
        if isinstance(entry, StepTableDerived):
            return lookup_step(entry.table, self.value(entry.from_))
        # an enumTable: keyed on an enum field or a live state (EnumSource holds exactly one)
        source = entry.from_
        key: Any = None
        if source.field is not None:
            key = self.field(source.field)
        elif source.liveState is not None:
            key = self.state(source.liveState)
        return entry.table.get(key, entry.default) if isinstance(key, str) else entry.default

    # -- proficiency, skills and saves ---------------------------------------------------
    def proficiency_bonus(self) -> float:
        if self._proficiency is None:
            self._proficiency = 0
            ref = self.idx.proficiency_bonus
            self._proficiency = self.value(ref) if isinstance(ref, ValueRef) else 0
        return self._proficiency

    def check(self, kind: str, check_id: str) -> CheckValue | None:
        key = (kind, check_id)
        if key in self._checks:
            return self._checks[key]
        spec = (self.idx.skills if kind == "skill" else self.idx.saves).get(check_id)
        if spec is None:
            return None
        offered = self.idx.offered_tiers(kind)
        stored = (self.build_skills if kind == "skill" else self.build_saves).get(check_id)
        tier_id = stored if isinstance(stored, str) and stored in offered else (offered[0] if offered else "")
        tier = self.idx.tiers.get(tier_id)
        trained_part = round_number(tier.multiplier * self.proficiency_bonus(), tier.round) + tier.flat if tier else 0
        bonus = self.bonuses.get(check_id)
        number = (self.mod(spec.ability) if spec.ability else 0) + trained_part + (bonus if is_number(bonus) else 0)
        trained = bool(offered) and tier_id != offered[0]
        rule = None if trained or not self.untrained_rules else spec.untrained
        if isinstance(rule, int):
            number += rule
        uncapped = number
        cap = None
        if spec.cap is not None:
            cap = math.floor(self.value(spec.cap))
            number = min(number, cap)
        result = CheckValue(
            check_id, tier_id, trained, None if rule == "refuse" else number, uncapped, cap, rule if rule else "normal"
        )
        self._checks[key] = result
        return result

    def check_number(
        self, kind: str, check_id: str | None = None, *, ability: str | None = None, with_ability: str | None = None
    ) -> CheckNumber:
        """The sheet's part of one check: `kind` "skill" or "save" with `check_id`, or
        "ability" with `ability`. `with_ability` rolls a skill with another ability (from
        the uncapped number, capped again)."""
        abilities: set[str] = set()
        refused = harder = False
        if kind == "ability":
            number: float | None = self.mod(ability) if ability else 0
            if ability:
                abilities.add(ability)
        else:
            check = self.check(kind, check_id or "")
            spec = (self.idx.skills if kind == "skill" else self.idx.saves).get(check_id or "")
            if check is None or spec is None:
                number = 0
            else:
                refused = check.number is None
                harder = check.untrained == "harder"
                number = check.number
                if spec.ability:
                    abilities.add(spec.ability)
                if with_ability is not None and not refused:
                    swapped = check.uncapped - (self.mod(spec.ability) if spec.ability else 0) + self.mod(with_ability)
                    number = swapped if check.cap is None else min(swapped, check.cap)
                    abilities = {with_ability}
        adjust = sum(
            self.value(ref) for ref, only in self.idx.adjust if only is None or abilities & only
        )
        return CheckNumber(number, adjust, self.harm_penalty(), refused, harder)

    def harm_penalty(self) -> int:
        if self.idx.penalty_from is None:
            return 0
        info = self.track(self.idx.penalty_from)
        return info.penalty if info is not None else 0

    # -- lists ---------------------------------------------------------------------------
    def rows(self, list_id: str) -> list[dict[str, Any]]:
        """A list's rows; a list the sheet hides has none."""
        lst = self.idx.lists.get(list_id)
        rows = self.build_lists.get(list_id)
        if lst is None or not isinstance(rows, list) or self.hidden(lst.hideWhen):
            return []
        return [r for r in rows if isinstance(r, dict)]

    def cell(self, list_id: str, row: dict[str, Any], column: str) -> Any:
        """A row's cell as stored (its column's default when empty). A catalog row's
        `scaled` column is read as stored too: it is worked out when the row is written or
        an input of it changes (picks.py `rescale`), never here."""
        value = row.get(column)
        if value is None or value == "":
            return self.idx.column_defaults.get(list_id, {}).get(column)
        return value

    def scaled_cell(self, list_id: str, column: str, rule: Any) -> float:
        """What a column the row's catalog entry keeps in step with the character works out
        to now: its `from` read, through its step `table` when there is one, fitted to the
        column (a whole number, rounded down, within `min`..`max`): a level-5 barbarian's
        Rage is 3 however many the entry's row was written with. Only `rescale` calls it,
        when the sheet is written."""
        value = self.value(get(rule, "from_"))
        table = get(rule, "table")
        if table:
            value = lookup_step([list(r) for r in table], value)
        shape = self.idx.lists[list_id].column(column)
        if not isinstance(shape, NumberColumn):  # checks/catalogs.py keeps `scaled` to number columns
            return value
        if shape.integer:
            value = math.floor(value)
        return min(max(value, shape.min), shape.max)

    def list_sum(self, spec: ListSum) -> float:
        total: float = 0
        for row in self.rows(spec.list):
            if spec.onlyWhen is not None and self.cell(spec.list, row, spec.onlyWhen) is not True:
                continue
            value = self.cell(spec.list, row, spec.column)
            if is_number(value):
                total += value
        return total

    # -- pools ---------------------------------------------------------------------------
    def pools(self) -> dict[str, PoolInfo]:
        """Every pool this character has: declared pools not hidden and with a maximum
        above 0 (a caster's slots at 0 are no resource at all), then one pool per row of
        each list with `pools`, keyed `<list>:<row name as a slug>` (first row wins)."""
        if self._pools is not None:
            return self._pools
        out: dict[str, PoolInfo] = {}
        for pool in self.idx.pools:
            if pool.id in out or self.hidden(pool.hideWhen):
                continue
            top = max(0, math.floor(self.value(pool.max)))
            if top > 0:
                out[pool.id] = PoolInfo(pool.id, pool.label, self._unsealed(pool.id, top), pool.start, pool.allowTemp,
                                        pool.group)
        for lst in self.idx.pool_lists:
            spec = lst.pools
            if spec is None:  # never: pool_lists holds the lists with pools
                continue
            for row in self.rows(lst.id):
                name = self.cell(lst.id, row, spec.nameColumn)
                top = self.cell(lst.id, row, spec.maxColumn)
                if not isinstance(name, str) or not name.strip() or not is_number(top) or top < 1:
                    continue
                key = f"{lst.id}:{slug(name)}"
                if key in out:
                    continue
                recharge = self.cell(lst.id, row, spec.rechargeColumn) if spec.rechargeColumn else None
                out[key] = PoolInfo(key, name.strip(), math.floor(top), "full", False, None, lst.id, recharge)
        self._pools = out
        return out

    def pools_written_by(self, ref: str, rows: Sequence[EntryRow] | None = ()) -> list[str]:
        """The row pools the catalog entry `ref` (`<catalog>/<entry>`, whose own `rows` are
        given) wrote on this sheet: its pick's rows in a list with `pools` (5e's Second Wind
        adds a Class resources counter row beside the feature). A row is the entry's when it
        carries `_catalog: ref`, or when its name is the one the entry's own row for that
        list gives. Keys as `pools()` gives them, each once, in the sheet's order; a row
        whose maximum is below 1 is kept too (it is no pool, so nothing can be paid from it:
        no uses at all)."""
        if not self.idx.pool_lists:
            return []
        named: set[tuple[str, str]] = set()
        for entry_row in rows or ():
            lst = self.idx.lists.get(entry_row.list)
            if lst is None or not lst.pools:
                continue
            name = entry_row.values.get(lst.pools.nameColumn)
            if isinstance(name, str) and name.strip():
                named.add((lst.id, slug(name)))
        out: list[str] = []
        for lst in self.idx.pool_lists:
            if lst.pools is None:  # never: pool_lists holds the lists with pools
                continue
            for row in self.rows(lst.id):
                name = self.cell(lst.id, row, lst.pools.nameColumn)
                if not isinstance(name, str):
                    continue
                key = f"{lst.id}:{slug(name)}"
                if key not in out and (row.get("_catalog") == ref or (lst.id, slug(name)) in named):
                    out.append(key)
        return out

    def row_pool_named(self, name: str) -> str | None:
        """The row pool of the first row named `name` (without regard to case) in a list
        with `pools`: the counter row an entry's `usesOf` names ("Ki"), keyed as `pools()`
        keys it; None when no such row is on this sheet."""
        wanted = slug(name)
        for lst in self.idx.pool_lists:
            if lst.pools is None:  # never: pool_lists holds the lists with pools
                continue
            for row in self.rows(lst.id):
                cell = self.cell(lst.id, row, lst.pools.nameColumn)
                if isinstance(cell, str) and slug(cell) == wanted:
                    return f"{lst.id}:{wanted}"
        return None

    def pool_info(self, key: str) -> PoolInfo | None:
        """One pool; a declared pool is worked out alone (operations name one pool, and
        need not compute every maximum on the sheet)."""
        if self._pools is not None:
            return self._pools.get(key)
        if key in self._pool_infos:
            return self._pool_infos[key]
        pool = self.idx.pool_by_id.get(key)
        if pool is None:
            return self.pools().get(key) if ":" in key else None
        info = None
        if not self.hidden(pool.hideWhen):
            top = max(0, math.floor(self.value(pool.max)))
            if top > 0:
                info = PoolInfo(pool.id, pool.label, self._unsealed(pool.id, top), pool.start, pool.allowTemp, pool.group)
        self._pool_infos[key] = info
        return info

    def _unsealed(self, key: str, top: int) -> int:
        """A declared pool's maximum less what is sealed of it (never below 0): a pool whose
        whole maximum is sealed stays on the sheet, empty."""
        return max(0, top - sealed_of(self.live, key)) if "sealed" in self.live else top

    def pool(self, key: str) -> tuple[PoolInfo, int, int] | None:
        """(the pool, its current amount, its temporary points), or None when the sheet
        has no such pool."""
        if key in self._pool_reads:
            return self._pool_reads[key]
        info = self.pool_info(key)
        found = None
        if info is not None:
            stored = _dict(self.live.get("pools")).get(key)
            if isinstance(stored, int) and not isinstance(stored, bool):
                current = min(max(stored, 0), info.max)
            else:
                current = info.max if info.start == "full" else 0
            if "excess" in self.live:
                # Refilled past the maximum (`overMax`, mechanics-2 1.252): kept apart.
                over = _dict(self.live.get("excess")).get(key, 0)
                current += over if isinstance(over, int) and not isinstance(over, bool) and over > 0 else 0
            temp = _dict(self.live.get("temp")).get(key, 0) if info.allow_temp else 0
            found = info, current, temp if isinstance(temp, int) and temp > 0 else 0
        self._pool_reads[key] = found
        return found

    # -- tracks --------------------------------------------------------------------------
    def track(self, track_id: str) -> TrackInfo | None:
        if track_id in self._tracks:
            return self._tracks[track_id]
        model = self.idx.track_by_id.get(track_id)
        info: TrackInfo | None = None
        if model is not None and not self.hidden(model.hideWhen):
            info = self._harm_track(model) if model.is_harm else self._plain_track(model)
        self._tracks[track_id] = info
        return info

    def _plain_track(self, model: Track) -> TrackInfo:
        top = model.max if isinstance(model.max, int) else math.floor(self.value(model.max))
        top = max(top, model.min)
        stored = _dict(self.live.get("tracks")).get(model.id)
        default = model.default if model.default is not None else model.min
        value = stored if isinstance(stored, int) and not isinstance(stored, bool) else default
        return TrackInfo(model.id, model.label, model.min, top, min(max(value, model.min), top))

    def harm_spec(self, model: Track) -> HarmSpec:
        kinds = model.kinds or []  # a harm track has its kinds (Track.is_harm)
        ladder = tuple(k.id for k in sorted(kinds, key=lambda k: k.severity))
        severity = {k.id: k.severity for k in kinds}
        labels = {k.id: k.label for k in kinds}
        indexed = model.fill == "indexed"
        if model.boxes is not None:
            count = model.max if isinstance(model.max, int) else math.floor(self.value(model.max))
            count = min(max(count, 0), MAX_TRACK_LENGTH)
            levels = tuple((str(i + 1), 0) for i in range(count))
            table = tuple(tuple(row) for row in model.boxes.penalty.table)
            box_penalty = (model.boxes.penalty.by, table)
        else:
            levels = self._levels_with_extra(model)
            box_penalty = None
        return HarmSpec(
            model.id, model.label, levels, model.boxes is not None, box_penalty, ladder, severity, labels,
            indexed, indexed or model.onFull == "refuse",
        )

    def _levels_with_extra(self, model: Track) -> tuple[tuple[str, int], ...]:
        levels = [(lv.label, lv.penalty) for lv in model.levels or []]  # a track without boxes has levels
        extra = model.extra
        if extra is not None:
            for row in self.rows(extra.list):
                count = self.cell(extra.list, row, extra.countColumn)
                cost = self.cell(extra.list, row, extra.penaltyColumn)
                if not is_number(count) or not is_number(cost):
                    continue
                count = min(max(math.floor(count), 0), MAX_EXTRA_PER_ROW)
                cost = min(math.floor(cost), 0)
                # After the last level whose penalty is the same or better.
                after = max((i for i, (_l, p) in enumerate(levels) if p >= cost), default=-1)
                name = levels[after][0] if after >= 0 and levels[after][1] == cost else str(cost)
                for _ in range(count):
                    if len(levels) >= MAX_TRACK_LENGTH:
                        break
                    levels.insert(after + 1, (name, cost))
        return tuple(levels)

    def _harm_track(self, model: Track) -> TrackInfo:
        spec = self.harm_spec(model)
        state = read_state(
            spec, _dict(self.live.get("marks")).get(model.id), _dict(self.live.get("overflow")).get(model.id)
        )
        return TrackInfo(model.id, model.label, 0, spec.length, state.filled, spec, state, penalty(spec, state))

    def track_read(self, track_id: str, read: str) -> float:
        info = self.track(track_id)
        if info is None:
            return 0
        if read == "filled":
            return info.value - info.min
        if read == "remaining":
            return info.max - info.value
        if read == "penalty":
            return info.penalty
        return info.value

    def harm_level(self, track_id: str) -> str | None:
        info = self.track(track_id)
        if info is None or info.harm is None or info.state is None:
            return None
        return level_label(info.harm, info.state)

    # -- states, conditions, text -------------------------------------------------------
    def state(self, state_id: str) -> str | None:
        """A live state's value; None when the sheet hides the state (tables then read
        their default)."""
        model = self.idx.states.get(state_id)
        if model is None or self.hidden(model.hideWhen):
            return None
        stored = _dict(self.live.get("states")).get(state_id)
        return stored if isinstance(stored, str) and stored in model.values else model.start_value()

    def conditions(self) -> list[str]:
        on = self.live.get("conditions")
        on = set(on) if isinstance(on, list) else set()
        return [c.id for c in self.idx.conditions if c.id in on]

    def text(self, text_id: str) -> str:
        value = _dict(self.live.get("text")).get(text_id)
        return value if isinstance(value, str) else ""


def _same(a: object, b: object) -> bool:
    """Equality that keeps true apart from 1, as JSON does."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    return a == b
