"""A proposed sheet's health fitted into its tier's band through the single field health is
read from (spec/combat-2 "Opponents nobody wrote").

Owns: `health_field` (the one field a pool's maximum is: the field itself, or a `sum`
holding exactly one field, directly or through the derived value it names) and
`fit_health`, which moves that field so the maximum lands in the band, as far as the
field's own range allows. A health formula without a single field is left as written and
the log says so; a harm track's length is the author's and is not changed.
"""

from __future__ import annotations

from typing import Any

from ..ruleset.base import ValueRef
from ..ruleset.combat_threat import Tier
from ..ruleset.package import Ruleset
from ..sheet import SheetView
from . import numbers as N
from .fight import combat_block


def health_field(ruleset: Ruleset, ref: ValueRef | None) -> str | None:
    """The single number field `ref` adds once, or None."""
    if ref is None:
        return None
    if ref.kind == "field":
        return ref.field
    if ref.kind != "derived":
        return None
    entry = next((d for d in ruleset.sheet.derived or [] if d.id == ref.derived), None)
    if entry is None or entry.op != "sum":
        return None
    fields = [r.field for r in entry.of if r.kind == "field"]
    nested = [r for r in entry.of if r.kind == "derived"]
    if len(fields) == 1 and not nested:
        return fields[0]
    if not fields and len(nested) == 1:
        return health_field(ruleset, nested[0])
    return None


def fit_health(ruleset: Ruleset, name: str, tier: Tier, sheet: dict[str, Any]) -> list[str]:
    """Moves the health field of `sheet` in place; a sentence when anything was fitted or
    could not be."""
    health = combat_block(ruleset).health
    label = N.health_label(ruleset)
    if getattr(health, "pool", None) is None:
        return [f"{name}'s {label} is a track whose length is the author's, so it is not changed."]
    pool = next((p for p in ruleset.sheet.live.pools or [] if p.id == health.pool), None)
    low, high = tier.health
    view = SheetView(ruleset, sheet)
    now = int(view.value(pool.max)) if pool is not None else 0
    if low <= now <= high:
        return []
    field_id = health_field(ruleset, pool.max if pool is not None else None)
    field = next((f for f in ruleset.sheet.fields or [] if f.id == field_id), None)
    # No pool, no field it is read from: `pool` is None only when `field` is.
    if field is None or field.type != "number" or pool is None:
        return [f"{name}'s {label} {now} is outside {tier.label}'s {low} to {high}, but it is not read from a "
                "single field, so it is left as written."]
    was = view.field(field.id)
    wanted = was + (low - now if now < low else high - now)
    held = int(min(max(wanted, field.min), field.max))
    sheet.setdefault("fields", {})[field.id] = held
    after = int(SheetView(ruleset, sheet).value(pool.max))
    sentence = (f"{name}'s {label} {now} is held to {after} ({tier.label}: {low} to {high}) through its "
                f"{field.label}, {_num(was)} to {held}")
    if not low <= after <= high:
        sentence += f", as far as {field.label} goes ({_num(field.min)} to {_num(field.max)})"
    return [sentence + "."]


def _num(value: Any) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)
