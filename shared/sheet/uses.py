"""Using one of a character's abilities or features outside a fight (spec/abilities.md, the
five steps: the code checks and pays, rolls, applies the effect, tells the storyteller).

Owns: `UseAsk` (what the Game Master asked: the entry by name, the user, a slot level, a
target), `known_entries` / `find_entry` (the catalog entries the sheet's rows carry, found by
the row's own name, the name the Game Master was shown, or the entry's label, ignoring case:
a renamed row still works), `use_entry` and what it answers: a `UseRecord` or a `Refusal`
in the spec's words ("Fireball is not one of this character's spells and features"; the
payment's own refusals, shared/sheet/paying.py).

What a use does, by the entry's `mechanics.kind` (`EFFECTS`, a table):
- `heal`: the amount (dice and flat, `amountAdd`, `perCostStep` per slot level above the
  base) is healed on the user's health pool (`battle.health`, else `combat.health`) at once;
- `buff`: `temporary` points on the user's health pool (the bigger buffer stands);
- a `heal` or `buff` with `restore` (mechanics-2 1.252) also refills the pool it names on
  the user ("Sera regains 2 Sorcery Points (2 of 3)");
- `attack` and `debuff`: the amount is rolled and handed back as numbers, with its damage
  type and conditions, for the storyteller (it reaches others, never the user's sheet). An
  attack roll or a save is rolled "against a typical enemy of the character's tier": the
  threat tier whose health band holds the user's health maximum (the first such in the
  scale; below the scale the first, above it the last). An attack roll is the resolution's
  dice plus the list's `toHit` against the tier's defense; a save is the resolution's dice
  for the enemy, with no bonus (a tier carries none), against the list's `saveDifficulty`,
  the amount halved or lost on a success as `onSuccess` says. Only a `dice-sum` resolution
  rolls them; another says so and hands back the numbers.
- `utility`, an entry without `mechanics`: it takes effect; nothing is rolled.

An item the character carries with a `use` (or `moreUses`) is used the same way (spec/
abilities.md "Objects that hold abilities"): `find_item` finds its stack by the stack's
name, its entry's label or `<catalog>/<entry>` (item_ops.find_stack; "Staff of Fire: Burning
Hands" names one of its `moreUses`), the use is the entry's mechanics, rolled with the first
ability list's numbers as in a fight (a use's `sheetDifficulty` reads the DC instead), and
what it takes from the stack is paid through item_uses.spend_item before the use's own cost
items are paid from the user's pools, all or nothing (`UseAsk.charges` more charges of a use
with a `chargeStep`, 1.269, each a raised-cost step adding `chargeStep.amount` as a fight's
`@charges:<n>` does, through the same `per_step`; more than its `max`, or on a use without
one, refused by name); the receipt names what it took ("1
Potion of Healing: 1 left"). An item the character does not carry is refused in item_ops'
words ("the character carries no Potion of Healing"); a carried one that is not in use (a
ring with slots, not worn), or that has no use, is refused by name.

An entry whose `mechanics.kind` reaches no one but the user changes only the user's sheet.
Pure: dice come from the `Roller` handed in, the sheet is never changed in place.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from shared.dice import DiceExpr, Roller, parse_dice, roll
from shared.ruleset.resolution import DiceSum
from shared.ruleset.sheet_refs import get

from .healing import health_pool
from .index import SheetRules, index_for
from .item_ops import UNKNOWN_ITEM, find_stack
from .item_uses import in_use, spend_item, uses_of
from .ops import heal, refill, set_temp
from .paying import Paid, add_dice, counted_steps, entry_amount, pay
from .refusal import Refusal
from .view import SheetView, slug

UNKNOWN_ENTRY = "unknown-entry"
NOT_IN_USE = "not-in-use"
NO_USE = "no-use"
NO_CHARGE_STEP = "no-charge-step"


@dataclass(frozen=True)
class UseAsk:
    entry: str
    who: str | None = None
    #: A spell slot level to pay at (upcasting); None pays the entry's own level.
    level: int | None = None
    #: Whom it is aimed at, by name, as the storyteller wrote it (handed back as written).
    target: str | None = None
    #: Extra charges of an item spent as raised-cost steps (a staff's `chargeStep`, 1.269).
    charges: int = 0


@dataclass(frozen=True)
class Known:
    """A catalog entry the sheet carries: its reference, the entry, and the name its row
    shows (the Game Master reads this one)."""

    ref: str
    entry: Any
    name: str
    #: For an item's use: the stack's reference, the item and the use (its mechanics).
    item: Any = None
    use: Any = None


def known_entries(ruleset: SheetRules, sheet: dict[str, Any]) -> list[Known]:
    """Every catalog entry the sheet's rows carry (`_catalog`), once, in list and row order;
    a row whose catalog or entry the ruleset cannot load is no entry at all."""
    idx = index_for(ruleset)
    view = SheetView(ruleset, sheet)
    out: list[Known] = []
    seen: set[str] = set()
    for list_id in idx.lists:
        for row in view.rows(list_id):
            ref = row.get("_catalog")
            if not isinstance(ref, str) or ref in seen:
                continue
            catalog_id, _, entry_id = ref.partition("/")
            entry = next((e for e in get(idx.catalogs.get(catalog_id), "entries") or [] if get(e, "id") == entry_id),
                         None)
            if entry is None:
                continue
            seen.add(ref)
            name = row.get("name")
            out.append(Known(ref, entry, name.strip() if isinstance(name, str) and name.strip() else str(entry.label)))
    return out


def find_entry(ruleset: SheetRules, sheet: dict[str, Any], name: str) -> Known | Refusal:
    """The entry `name` names: a row's own name first, then an entry's label."""
    wanted = slug(name)
    known = known_entries(ruleset, sheet)
    found = next((k for k in known if slug(k.name) == wanted), None)
    found = found or next((k for k in known if slug(str(k.entry.label)) == wanted), None)
    if found is None:
        return Refusal(UNKNOWN_ENTRY, f"{name.strip()} is not one of this character's spells and features")
    return found


def find_item(ruleset: SheetRules, sheet: dict[str, Any], name: str) -> Known | Refusal | None:
    """The item use `name` names: a carried stack (by its name, label or reference), or one
    of its `moreUses` as "<stack>: <label>". None when `name` names no item the ruleset
    holds (then it is no item at all, and the entry's refusal stands)."""
    stack, _, label = name.partition(": ")
    found = find_stack(ruleset, sheet, name)
    wanted_label = None
    if isinstance(found, Refusal) and label.strip():
        found, wanted_label = find_stack(ruleset, sheet, stack), slug(label)
    if isinstance(found, Refusal):
        wanted = slug(stack if wanted_label is not None else name)
        items = index_for(ruleset).items
        named = any(wanted in (slug(str(get(entry, "label") or "")), slug(ref)) for ref, (entry, _i) in items.items())
        return Refusal(UNKNOWN_ITEM, found.message) if named else None
    _i, held = found
    uses = uses_of(held.item)
    if not uses:
        return Refusal(NO_USE, f"{held.name} has no use: it is not one of this character's spells and features")
    if not in_use(held):
        # spec/abilities.md: worn gear lends its abilities; gear with slots lends them while worn.
        return Refusal(NOT_IN_USE, f"{held.name} is not in use: it lends its use only while worn")
    pick = next(((lbl, use) for lbl, use in uses if wanted_label is None or slug(str(lbl or "")) == wanted_label),
                None)
    if pick is None:
        return Refusal(UNKNOWN_ENTRY, f"{held.name} has no use called {label.strip()}")
    lbl, use = pick
    shown = f"{held.name}: {lbl}" if lbl and wanted_label is not None else held.name
    return Known(held.ref, {"mechanics": use}, shown, held.item, use)


@dataclass(frozen=True)
class UseRecord:
    """A use made: what it was, what was paid, every die thrown (`rolls`, as faces), the
    amount, what it did, and the sheet after it."""

    name: str
    ref: str
    paid: Paid
    sheet: dict[str, Any] = field(compare=False)
    did: str = "takes effect"
    dice: str | None = None
    rolls: tuple[int, ...] = ()
    amount: int | None = None
    #: The typical enemy's roll: ("attack"|"save", the roll's faces, total, against, result).
    against: tuple[str, tuple[int, ...], int, int, str] | None = None
    tier: str | None = None
    target: str | None = None
    #: What an item's use took from its stack ("1 Potion of Healing: 1 left").
    took: str | None = None

    def attrs(self) -> list[tuple[str, str]]:
        """The receipt's attributes, after the ask's own."""
        paid = [self.took] if self.took is not None else []
        paid += [t.words() for t in self.paid.terms]
        out = [("paid", ", ".join(paid) or "nothing")]
        if self.paid.level is not None:
            out.append(("level", str(self.paid.level)))
        if self.dice is not None:
            out += [("dice", self.dice), ("rolls", "|".join(str(f) for f in self.rolls) or "-")]
        if self.amount is not None:
            out.append(("amount", str(self.amount)))
        if self.against is not None:
            kind, faces, total, against, result = self.against
            out += [(kind, f"{'|'.join(str(f) for f in faces)} = {total} against {against}"), ("versus", self.tier or "-"),
                    (f"{kind}_result", result)]
        out += [("did", self.did), ("result", "used")]
        return out


# ---------------------------------------------------------------------------
# the effects, by kind
# ---------------------------------------------------------------------------


@dataclass
class _Use:
    ruleset: SheetRules
    view: SheetView
    known: Known
    mech: Any
    paid: Paid
    roller: Roller
    who: str
    target: str | None
    sheet: dict[str, Any]
    dice: str | None = None
    rolls: tuple[int, ...] = ()
    amount: int | None = None
    against: tuple[str, tuple[int, ...], int, int, str] | None = None
    tier: str | None = None
    #: Steps paid above the base: a higher slot's, and an item's extra charges.
    steps: int = 0

    def throw(self, amount: Any) -> int | None:
        expr = entry_amount(self.view, amount, self.mech, self.steps)
        if expr is None:
            return None
        thrown = roll(expr, self.roller)
        if not expr.is_constant:
            self.dice = str(expr)
            self.rolls = tuple(f for term in thrown.faces for f in term)
        self.amount = max(0, thrown.total)
        return self.amount


def _refilled(use: _Use) -> str | None:
    """`restore` (mechanics-2 1.252, Font of Magic) on the user: the pool it names (by id,
    or by its row's name) gains its amount and `perCostStep` more per step paid above the
    base, up to the maximum or past it with `overMax`; None without one."""
    restore = get(use.mech, "restore")
    if restore is None:
        return None
    if use.target is not None and slug(use.target) != slug(use.who):
        return f"refills {use.target}'s {restore.pool} (for the storyteller to apply)"
    view = SheetView(use.ruleset, use.sheet)
    key = restore.pool if view.pool_info(restore.pool) is not None else view.row_pool_named(restore.pool)
    if key is None or view.pool(key) is None:
        return f"finds no {restore.pool} on {use.who}'s sheet to refill"
    expr = parse_dice(restore.amount.dice or "0").with_modifier(restore.amount.flat or 0)
    per = get(use.mech, "perCostStep")
    steps = counted_steps(use.mech, use.steps)
    if steps > 0 and per is not None:
        if per.dice:
            expr = add_dice(expr, parse_dice(per.dice).times_dice(steps))
        expr = expr.with_modifier((per.flat or 0) * steps)
    amount = max(0, roll(expr, use.roller).total)
    done = refill(use.ruleset, use.sheet, key, amount, over_max=bool(restore.overMax))
    if isinstance(done, Refusal):
        return f"refills {amount} {restore.pool}, but {done.message}"
    use.sheet = done
    found = SheetView(use.ruleset, done).pool(key)
    now = f" ({found[1]} of {found[0].max})" if found is not None else ""
    return f"{use.who} regains {amount} {found[0].label if found is not None else restore.pool}{now}"


def _heal(use: _Use) -> str:
    refilled = _refilled(use)
    amount = use.throw(get(use.mech, "amount"))
    pool = health_pool(use.ruleset)
    if amount is None or pool is None:
        return refilled or "takes effect"
    if use.target is not None and slug(use.target) != slug(use.who):
        return f"heals {use.target} {amount} (for the storyteller to apply)"
    healed = heal(use.ruleset, use.sheet, amount, pool=pool)
    if isinstance(healed, Refusal):
        return f"heals {amount}, but {healed.message}"
    use.sheet = healed
    found = SheetView(use.ruleset, healed).pool(pool)
    now = f" ({found[1]} of {found[0].max})" if found is not None else ""
    return f"{use.who} heals {amount} {found[0].label if found is not None else pool}{now}"


def _buff(use: _Use) -> str:
    refilled = _refilled(use)
    temporary = get(use.mech, "temporary")
    pool = health_pool(use.ruleset)
    if temporary is None or pool is None:
        return refilled or "takes effect"
    amount = use.throw(temporary) or 0
    if use.target is not None and slug(use.target) != slug(use.who):
        return f"gives {use.target} {amount} temporary points (for the storyteller to apply)"
    given = set_temp(use.ruleset, use.sheet, pool, amount, keep_bigger=True)
    if isinstance(given, Refusal):
        return f"gives {amount} temporary points, but {given.message}"
    use.sheet = given
    return f"{use.who} gains {amount} temporary points"


def _typical_tier(use: _Use) -> Any:
    tiers = list(get(get(get(use.ruleset, "combat"), "threat"), "tiers") or [])
    pool = health_pool(use.ruleset)
    found = use.view.pool(pool) if pool is not None else None
    if not tiers or found is None:
        return None
    top = found[0].max
    held = next((t for t in tiers if t.health[0] <= top <= t.health[1]), None)
    if held is not None:
        return held
    return tiers[0] if top < tiers[0].health[0] else tiers[-1]


def _list_numbers(use: _Use) -> tuple[int | None, int | None]:
    """(to hit, save difficulty) of the ability list the entry's row sits in; for an item's
    use, the first ability list's (as in a fight, shared/combat/plan_reading.py), its DC
    read from the use's `sheetDifficulty` when it names one."""
    if use.known.item is not None:
        lists = get(get(use.ruleset, "combat"), "abilities") or []
        first = lists[0] if lists else None
        hit_ref = get(first, "toHit")
        dc_ref = get(use.mech, "sheetDifficulty") or get(first, "saveDifficulty")
        return (math.floor(use.view.value(hit_ref)) if hit_ref is not None else None,
                math.floor(use.view.value(dc_ref)) if dc_ref is not None else None)
    for lst in get(get(use.ruleset, "combat"), "abilities") or []:
        if any(row.get("_catalog") == use.known.ref for row in use.view.rows(lst.list)):
            to_hit = math.floor(use.view.value(lst.toHit)) if lst.toHit is not None else None
            dc = math.floor(use.view.value(lst.saveDifficulty)) if lst.saveDifficulty is not None else None
            return to_hit, dc
    return None, None


def _harm(use: _Use) -> str:
    amount = use.throw(get(use.mech, "amount"))
    kind = get(use.mech, "damageType")
    conditions = [a.condition for a in get(use.mech, "applies") or []]
    aimed = use.target or "the target"
    words = []
    if amount is not None:
        words.append(f"{amount}{' ' + str(kind) if kind else ''} damage to {aimed}")
    if conditions:
        words.append(", ".join(conditions) + f" on {aimed}")
    res = get(use.ruleset, "resolution")
    to_hit, dc = _list_numbers(use)
    tier = _typical_tier(use)
    save = get(use.mech, "save")
    rolls_against = isinstance(res, DiceSum) and tier is not None
    if get(use.mech, "attackRoll") and to_hit is not None and rolls_against:
        thrown = roll(DiceExpr.of(res.dice.count, res.dice.sides), use.roller)
        total = thrown.total + to_hit
        hit = total >= tier.defense
        use.tier, use.against = tier.label, ("attack", thrown.faces[0], total, tier.defense, "hit" if hit else "miss")
        if not hit:
            return f"misses a typical {tier.label} enemy (defense {tier.defense}): no effect"
    elif save is not None and dc is not None and rolls_against:
        thrown = roll(DiceExpr.of(res.dice.count, res.dice.sides), use.roller)
        saved = thrown.total >= dc
        use.tier = tier.label
        use.against = ("save", thrown.faces[0], thrown.total, dc, "success" if saved else "failure")
        if saved and amount is not None:
            kept = {"half": amount // 2, "none": 0, "negates": 0}.get(save.onSuccess or "none", 0)
            return (f"a typical {tier.label} enemy saves: {kept}{' ' + str(kind) if kind else ''} damage "
                    f"({amount} on a failed save) to {aimed}")
    elif save is not None and dc is not None:
        words.append(f"each target saves against {dc}")
    return ", ".join(words) or "takes effect"


def _takes_effect(use: _Use) -> str:
    return "takes effect"


#: What a use does, by `mechanics.kind`; an entry without mechanics takes effect.
EFFECTS: dict[str, Callable[[_Use], str]] = {
    "heal": _heal,
    "buff": _buff,
    "attack": _harm,
    "debuff": _harm,
    "utility": _takes_effect,
    "rider": _takes_effect,
}


def _charge_step_refused(known: Known, extra: int) -> Refusal | None:
    """Extra charges are raised-cost steps of an item use with a `chargeStep` (1.269), up to
    its `max`, as a fight offers them."""
    if not extra:
        return None
    step = get(known.use, "chargeStep") if known.item is not None else None
    if step is None:
        return Refusal(NO_CHARGE_STEP, f"{known.name} spends no extra charges")
    if extra > get(step, "max"):
        most = get(step, "max")
        return Refusal(NO_CHARGE_STEP, f"{known.name} spends at most {most} more charge{'s' if most != 1 else ''}")
    return None


def use_entry(ruleset: SheetRules, sheet: dict[str, Any], ask: UseAsk, roller: Roller, who: str) -> UseRecord | Refusal:
    """Uses the entry `ask.entry` names for the character `who` whose sheet is `sheet`:
    found, paid (all or nothing), rolled and applied. A refusal changes nothing."""
    known = find_entry(ruleset, sheet, ask.entry)
    if isinstance(known, Refusal):
        item = find_item(ruleset, sheet, ask.entry)
        if item is None:
            return known
        if isinstance(item, Refusal):
            return item
        known = item
    if get(get(known.entry, "mechanics"), "alters") is not None:
        # Metamagic never shows alone (mechanics-2 1.253): it is chosen with a spell in a fight.
        return Refusal(NO_USE, f"{known.name} changes how another entry is used: it is chosen with that entry "
                               "in a fight, never used alone")
    took = None
    refused = _charge_step_refused(known, ask.charges)
    if refused is not None:
        return refused
    if known.item is not None:
        # The stack pays first: an item with nothing left is refused before any cost is paid.
        spent = spend_item(ruleset, sheet, known.ref, known.item, known.use, shown=known.name, extra=ask.charges)
        if isinstance(spent, Refusal):
            return spent
        sheet, took = spent.sheet, spent.words
    paid = pay(ruleset, sheet, known.ref, known.entry, name=known.name, level=ask.level)
    if isinstance(paid, Refusal):
        return paid
    mech = get(known.entry, "mechanics")
    use = _Use(ruleset, SheetView(ruleset, paid.sheet), known, mech, paid, roller, who, ask.target, paid.sheet,
               steps=paid.steps + ask.charges)
    effect = EFFECTS.get(get(mech, "kind") or "utility", _takes_effect)
    did = effect(use)
    return UseRecord(known.name, known.ref, paid, use.sheet, did, use.dice, use.rolls, use.amount, use.against,
                     use.tier, ask.target, took)
