"""Paying for a catalog entry a character uses, on the sheet (spec/abilities.md "Cost",
"Uses", "Spell slots", "Paying from your own gauge", "Refusals in words").

One implementation of "using an entry costs this": the use command outside a fight
(`shared/sheet/uses.py`) pays through `pay`, and a fight reads the same price
(`entry_costs`, `group_ladder`, `slot_levels`; shared/combat/plan_reading.py, costs.py).

API:
- `entry_costs(view, ref, entry) -> [(pool, amount)]`: the entry's `mechanics.cost` items,
  then its uses (`entry_uses`): one from each row pool the same entry wrote on this sheet
  (5e's Second Wind counter, Ember Roads' Last Ember trick), or `usesSpent` (one by
  default) from the row its `usesOf` names (Ki), each pool once.
- `slot_levels(ruleset)`, `group_ladder(view, pool)`, `pool_level(ruleset, view, pool)`: a
  pool of a `group` (5e's `slots_1` .. `slots_9`) may be paid from a higher pool of that
  group; its level is its `battle.slots` level, else its place in the group from 1.
- `pay(ruleset, sheet, ref, entry, *, name, level=None) -> Paid | Refusal`: checks in the
  spec's order (requirements: `usableWhen`; uses remaining; the cost), then pays every term,
  all or nothing: a refusal pays nothing and says why in the spec's words:
  "No spell slot of level 3 or higher left", "Not enough Blood Oath (need 2, 1 left)",
  "Second Wind is spent until the next rest" (the rest that gives the row back, by the last
  word of its label: "camp" for Ember Roads' "Make camp"; with none, the row's own
  recharge word, "until the next scene"). A grouped cost pays the lowest
  pool of its level or higher with enough left; `level` asks for a higher one (upcasting),
  and pays the lowest of that level or higher. An entry with no cost and no uses succeeds
  and changes nothing.
- `Paid`: the new sheet, the `PaidTerm`s (pool, amount, label, what is left, whether it was
  a use), the level paid and the entry's own level (`steps` above it: what `perCostStep`
  reads, the spec's @slot), and `words()`, the receipt's "paid" text.
- `entry_amount(view, mech, steps)`: the entry's amount as the user uses it (dice and flat,
  `amountAdd`, `scales`, `perCostStep` once per step paid above the base); `add_dice`,
  `scaled`, `counted_steps` are the parts a fight's `amount_expr` shares.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from shared.dice import DiceExpr, DiceTerm, parse_dice
from shared.ruleset.sheet_refs import get

from .index import SheetRules
from .live import with_pool
from .refusal import Refusal
from .view import SheetView, is_number

NOT_USABLE = "not-usable"
SPENT = "spent"
NO_SLOT = "no-slot"
NOT_ENOUGH = "not-enough"
BAD_LEVEL = "bad-level"


@dataclass(frozen=True)
class PaidTerm:
    pool: str
    amount: int
    label: str
    left: int
    max: int
    #: A row pool the entry wrote: one of its uses.
    use: bool = False
    #: The spell slot level, when the pool is a `battle.slots` pool.
    slot: int | None = None

    def words(self) -> str:
        if self.slot is not None:
            return f"a level {self.slot} spell slot ({self.left} of {self.max} left)"
        if self.use:
            return f"{self.amount} use{'s' if self.amount != 1 else ''} of {self.label} ({self.left} of {self.max} left)"
        return f"{self.amount} {self.label} ({self.left} of {self.max} left)"


@dataclass(frozen=True)
class Paid:
    sheet: dict[str, Any]
    terms: tuple[PaidTerm, ...]
    #: The level of the grouped pool paid (a spell slot's level), None without one.
    level: int | None = None
    #: The entry's own level: the level of the pool its cost names.
    base_level: int | None = None

    @property
    def steps(self) -> int:
        if self.level is None or self.base_level is None:
            return 0
        return max(0, self.level - self.base_level)

    def words(self) -> str:
        return ", ".join(t.words() for t in self.terms) or "nothing"


# ---------------------------------------------------------------------------
# pool groups and levels
# ---------------------------------------------------------------------------


def slot_levels(ruleset: Any) -> dict[str, int]:
    """`battle.slots`: pool id -> spell slot level."""
    return {get(s, "pool"): get(s, "level") for s in get(get(ruleset, "battle"), "slots") or []}


def group_ladder(view: SheetView, pool: str) -> tuple[str | None, list[str]]:
    """The pool's group and its pools in declaration order ([pool] without a group)."""
    model = view.idx.pool_by_id.get(pool)
    group = model.group if model is not None else None
    if group is None:
        return None, [pool]
    return group, [p.id for p in view.idx.pools if p.group == group]


def pool_level(ruleset: Any, view: SheetView, pool: str) -> int:
    levels = slot_levels(ruleset)
    if pool in levels:
        return levels[pool]
    _group, ladder = group_ladder(view, pool)
    return ladder.index(pool) + 1 if pool in ladder else 1


def entry_uses(view: SheetView, ref: str, entry: Any) -> list[tuple[str, int]]:
    """The uses one use of the entry spends: `usesSpent` (default one) from the row its
    `usesOf` names (mechanics-2 1.239, 1.245: Frenzy spends Rage, Quivering Palm three Ki),
    else one from each row pool the entry wrote on this sheet. An entry whose `usesOf` row
    is not on the sheet spends from a pool the sheet lacks, so it is never paid."""
    mech = get(entry, "mechanics")
    row = get(mech, "usesOf")
    if isinstance(row, str):
        spent = get(mech, "usesSpent")
        pool = view.row_pool_named(row)
        return [(pool if pool is not None else f"uses:{row}", spent if isinstance(spent, int) else 1)]
    return [(pool, 1) for pool in view.pools_written_by(ref, get(entry, "rows") or [])]


def entry_costs(view: SheetView, ref: str, entry: Any) -> list[tuple[str, int]]:
    """The entry's cost items, then its uses (`entry_uses`), each pool once."""
    mech = get(entry, "mechanics")
    costs = [(get(c, "pool"), get(c, "amount")) for c in get(mech, "cost") or []
             if isinstance(get(c, "pool"), str) and isinstance(get(c, "amount"), int)]
    costs += [(pool, n) for pool, n in entry_uses(view, ref, entry) if all(pool != p for p, _a in costs)]
    return costs


# ---------------------------------------------------------------------------
# the refusals' words
# ---------------------------------------------------------------------------


def _rest_word(ruleset: Any, view: SheetView, pool: str) -> str | None:
    """The rest that gives a row pool back, by the last word of its label ("Make camp" is
    "camp", "Short rest" is "rest"); None when no rest does."""
    info = view.pool_info(pool)
    list_id, recharge = (info.list_id, info.recharge) if info is not None else (pool.partition(":")[0], None)
    for rest in get(ruleset, "rests") or []:
        for step in rest.restore:
            if step.listPools != list_id:
                continue
            if step.recharge is not None and recharge not in step.recharge:
                continue
            words = str(rest.label).split()
            return words[-1].lower() if words else str(rest.id)
    return None


def _spent(ruleset: Any, view: SheetView, pool: str, label: str) -> Refusal:
    word = _rest_word(ruleset, view, pool)
    if word is None:
        # No rest gives it back: the row's own recharge word ("scene"), unless it is "none".
        info = view.pool_info(pool)
        recharge = info.recharge if info is not None else None
        if isinstance(recharge, str) and recharge.strip() and recharge != "none":
            word = recharge.replace("_", " ")
    if word is None:
        return Refusal(SPENT, f"{label} is spent, and no rest gives it back")
    return Refusal(SPENT, f"{label} is spent until the next {word}")


def _label(view: SheetView, pool: str) -> str:
    info = view.pool_info(pool)
    if info is not None:
        return info.label
    model = view.idx.pool_by_id.get(pool)
    return model.label if model is not None else pool.partition(":")[2].replace("-", " ").capitalize()


def _left(view: SheetView, pool: str) -> tuple[int, int]:
    """(what is left, the maximum); (0, 0) for a pool this sheet does not have."""
    found = view.pool(pool)
    return (found[1], found[0].max) if found is not None else (0, 0)


# ---------------------------------------------------------------------------
# paying
# ---------------------------------------------------------------------------


def _usable(view: SheetView, mech: Any, name: str) -> Refusal | None:
    bounds = get(mech, "usableWhen")
    if bounds is None:
        return None
    value = view.value(bounds.value)
    if bounds.atLeast is not None and value < bounds.atLeast:
        return Refusal(NOT_USABLE, f"{name} cannot be used now: it needs at least {bounds.atLeast:g}, "
                                   f"and the sheet gives {value:g}")
    if bounds.atMost is not None and value > bounds.atMost:
        return Refusal(NOT_USABLE, f"{name} cannot be used now: it needs at most {bounds.atMost:g}, "
                                   f"and the sheet gives {value:g}")
    return None


def pay(ruleset: SheetRules, sheet: dict[str, Any], ref: str, entry: Any, *, name: str,
        level: int | None = None) -> Paid | Refusal:
    """Pays for using `entry` (`ref` is `<catalog>/<entry>`; `name` is what the refusals call
    it), all or nothing. `level` pays a grouped cost at that level or higher (upcasting)."""
    view = SheetView(ruleset, sheet)
    mech = get(entry, "mechanics")
    refused = _usable(view, mech, name)
    if refused is not None:
        return refused
    costs = entry_costs(view, ref, entry)
    uses = {pool for pool, _n in entry_uses(view, ref, entry)}
    # Uses remaining come before the price (spec step 2: learned, requirements, uses, cost).
    for pool, amount in costs:
        left = _left(view, pool)[0]
        if pool in uses and left < amount:
            if left > 0:  # several uses at once (`usesSpent`), fewer left
                return Refusal(NOT_ENOUGH, f"Not enough {_label(view, pool)} (need {amount}, {left} left)")
            return _spent(ruleset, view, pool, _label(view, pool))
    levels = slot_levels(ruleset)
    chosen: list[tuple[str, int, bool]] = []
    paid_level: int | None = None
    base_level: int | None = None
    for pool, amount in costs:
        group, ladder = group_ladder(view, pool)
        if group is None or paid_level is not None:
            left = _left(view, pool)[0]
            if left < amount:
                return Refusal(NOT_ENOUGH, f"Not enough {_label(view, pool)} (need {amount}, {left} left)")
            chosen.append((pool, amount, pool in uses))
            continue
        base_level = pool_level(ruleset, view, pool)
        want = base_level if level is None else level
        if want < base_level:
            return Refusal(BAD_LEVEL, f"{name} is used at level {base_level} or higher, not {want}")
        above = [p for p in ladder[ladder.index(pool):] if pool_level(ruleset, view, p) >= want]
        found = next((p for p in above if _left(view, p)[0] >= amount), None)
        if found is None:
            if pool in levels:
                return Refusal(NO_SLOT, f"No spell slot of level {want} or higher left")
            first = above[0] if above else pool
            return Refusal(NOT_ENOUGH, f"Not enough {_label(view, first)} (need {amount}, "
                                       f"{_left(view, first)[0]} left)")
        paid_level = pool_level(ruleset, view, found)
        chosen.append((found, amount, False))
    if level is not None and base_level is None:
        return Refusal(BAD_LEVEL, f"{name} has no level to raise: it costs no spell slot")
    terms: list[PaidTerm] = []
    new = sheet
    for pool, amount, use in chosen:
        left, top = _left(view, pool)
        new = with_pool(new, pool, left - amount, top)
        terms.append(PaidTerm(pool, amount, _label(view, pool), left - amount, top, use, levels.get(pool)))
    return Paid(new, tuple(terms), paid_level, base_level)


# ---------------------------------------------------------------------------
# what paying buys: the amount
# ---------------------------------------------------------------------------


def per_step(mech: Any) -> tuple[Any, int | None]:
    """What each raised-cost step adds (amount, targets): an item use's `chargeStep` says,
    where it names them (an extra charge of a staff, 1.269), else `perCostStep` and
    `targetsPerCostStep` as for a higher slot. A fight and the use command read it here."""
    step = get(mech, "chargeStep")
    amount = get(step, "amount") if step is not None else None
    targets = get(step, "targets") if step is not None else None
    return (amount if amount is not None else get(mech, "perCostStep"),
            targets if targets is not None else get(mech, "targetsPerCostStep"))


def counted_steps(mech: Any, steps: int) -> int:
    cap = get(mech, "perCostStepsMax")
    return min(steps, cap) if isinstance(cap, int) else steps


def add_dice(expr: DiceExpr, more: DiceExpr) -> DiceExpr:
    """`expr` plus `more`, dice of the same size thrown as one term (1d6 + 2d6 is 3d6), so
    the log shows one roll of the grown amount."""
    terms = list(expr.terms)
    for term in more.terms:
        for i, have in enumerate(terms):
            if have.sides == term.sides and have.negative == term.negative:
                terms[i] = DiceTerm(have.count + term.count, have.sides, have.negative)
                break
        else:
            terms.append(term)
    return DiceExpr(tuple(terms), expr.modifier + more.modifier)


def scaled(view: Any, scales: Any, expr: DiceExpr) -> DiceExpr:
    """`scales`: the extra dice (of the amount's own die) of the highest table row the
    value read from the sheet reaches. Nothing without a sheet or without dice."""
    if scales is None or view is None or not expr.terms:
        return expr
    value = view.value(scales.from_)
    best: tuple[float, float] | None = None
    for at, more in scales.table:
        if value >= at and (best is None or at >= best[0]):
            best = (at, more)
    add = int(best[1]) if best is not None else 0
    if add > 0:
        return add_dice(expr, DiceExpr.of(add, expr.terms[0].sides))
    return expr


def entry_amount(view: SheetView, amount: Any, mech: Any, steps: int = 0) -> DiceExpr | None:
    """An amount (`mechanics.amount` or `temporary`) as the user uses it: dice and flat,
    `amountAdd` and `scales` (the entry's amount only), and `perCostStep` (or a staff's
    `chargeStep.amount`) once for each step paid above the base."""
    if amount is None:
        return None
    expr = parse_dice(amount.dice or "0")
    extra = amount.flat or 0
    if amount is get(mech, "amount"):
        add = get(mech, "amountAdd")
        if add is not None:
            value = view.value(add)
            extra += math.floor(value) if is_number(value) else 0
        expr = scaled(view, get(mech, "scales"), expr)
        counted = counted_steps(mech, steps)
        per = per_step(mech)[0]
        if counted > 0 and per is not None:
            if per.dice:
                expr = add_dice(expr, parse_dice(per.dice).times_dice(counted))
            extra += (per.flat or 0) * counted
    return expr.with_modifier(extra)
