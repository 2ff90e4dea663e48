"""Items a character carries, as the sheet reads them.

Owns: `Held` (one stack: the catalog item, its name, how many, worn or not), `held_items`
(the stacks of `sheet.live.items`, resolved against the ruleset's item catalogs),
`item_stat` (what an `itemStat` reference reads), `ability_changes` (what worn items do to
ability scores) and `item_effects` (the `worn`, `carried` and unmet-requirement `otherwise`
effects in force, which a fight reads beside conditions and levels).

Where items sit: a character's carried items are part of its live state,
`sheet.live.items`, a list of stacks `{ "item": "<catalog>/<entry>", "quantity": n,
"worn": bool, "charges": n, "name": text }`. The spec says an `itemStat` "follows the
same rules as live reads", and what is carried changes in play like a pool does, so it
lives beside the pools; a bestiary `sheet` has no `live` part of its own: a fight writes the
creature's `inventory` into it (shared/combat/belongings.py), so it carries as a party
member does.

`itemStat` reads the stacks `from` worn, carried (held and not worn) or all, narrowed by
`slot` (the item occupies it), `category` and `tag`: `sum` adds each stack's stat times
its quantity, `max` and `min` read one stack's value, `count` counts items (only those
that give the stat, when one is named). A stack whose item does not give the stat is left
out, and none at all reads the reference's `default` (0 if omitted).

What an item does (combat-1, "levels, and items' `worn`, `carried` and requirement
`otherwise` effects, share these modifiers too"): a worn stack's `worn` effect, and any
held stack's `carried` effect (wearing an item does not stop it being carried), are in
force like a condition, once per stack whatever its quantity (a second identical coat is
not worn twice over). An item's `requires` is judged while it is in use: worn, or, for an
item with no slots (nothing to wear it in), held. While the value its requirement reads
from the owner's sheet is below `atLeast`, that requirement's `otherwise` is in force too
(Gravewatch's grave spade: Sinew under 3 gives -1 to Dig); a met requirement adds
nothing. An item with `binds` does none of this, and lends no attack and no use, unless its
stack is bound to the bearer (`works`; `"bound": true`, at most `items.binding.max` of them,
which the sheet's validator holds it to: shared/sheet/carry.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from shared.ruleset.sheet_refs import get

from .index import SheetIndex


@dataclass(frozen=True)
class Held:
    ref: str
    item: Any
    quantity: int
    worn: bool
    #: The name the stack goes by: its own `name`, else the catalog entry's label.
    name: str
    #: Bound to its bearer (`"bound": true` on the stack): an item with `binds` works only so.
    bound: bool = False


def works(held: Held) -> bool:
    """Whether the stack's item works: one with `binds` has to be bound to its bearer
    (docs/format.md "Carrying and binding"); any other always does."""
    return held.bound or get(held.item, "binds") is None


def held_items(idx: SheetIndex, live: dict[str, Any]) -> list[Held]:
    out: list[Held] = []
    for line in live.get("items") or []:
        if not isinstance(line, dict):
            continue
        ref = line.get("item")
        if not isinstance(ref, str):
            continue
        hit = idx.items.get(ref)
        if hit is None:
            continue
        quantity = line.get("quantity", 1)
        if not isinstance(quantity, int) or isinstance(quantity, bool) or quantity < 1:
            quantity = 1
        name = line.get("name")
        if not isinstance(name, str) or not name.strip():
            name = get(hit[0], "label") or ref
        out.append(Held(ref, hit[1], quantity, line.get("worn") is True, name, line.get("bound") is True))
    return out


def _gives(item: Any, stat: str) -> Any:
    stats = get(item, "stats") or {}
    return stats.get(stat) if isinstance(stats, dict) else get(stats, stat)


def item_stat(held: list[Held], spec: Any) -> float:
    chosen = []
    for h in held:
        if spec.from_ == "worn" and not h.worn:
            continue
        if spec.from_ == "carried" and h.worn:
            continue
        if spec.slot is not None and not (get(h.item, "slots") or {}).get(spec.slot):
            continue
        if spec.category is not None and get(h.item, "category") != spec.category:
            continue
        if spec.tag is not None and spec.tag not in (get(h.item, "tags") or []):
            continue
        chosen.append(h)
    default = spec.default if spec.default is not None else 0
    if spec.pick == "count":
        if spec.stat is not None:
            chosen = [h for h in chosen if _gives(h.item, spec.stat) not in (None, False, "")]
        return sum(h.quantity for h in chosen) if chosen else default
    numbers = []
    for h in chosen:
        value = _gives(h.item, spec.stat)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            numbers.append((value, h.quantity))
    if not numbers:
        return default
    if spec.pick == "sum":
        return sum(v * q for v, q in numbers)
    if spec.pick == "max":
        return max(v for v, _q in numbers)
    return min(v for v, _q in numbers)


def ability_changes(held: list[Held]) -> dict[str, list[tuple[str, int]]]:
    """What items do to ability scores, worn (`worn.abilities`) or held at all
    (`carried.abilities`), as `item_effects` puts those effects in force: `{ "set": n }`
    raises a lower score to n (a weak grip made a drover's), `{ "add": n }` adds n."""
    out: dict[str, list[tuple[str, int]]] = {}
    for h in held:
        if not works(h):
            continue
        effects = [get(h.item, "carried")]
        if h.worn:
            effects.insert(0, get(h.item, "worn"))
        for effect in effects:
            changes = get(effect, "abilities") or {}
            items = changes.items() if isinstance(changes, dict) else []
            for ability, change in items:
                if get(change, "set") is not None:
                    out.setdefault(ability, []).append(("set", get(change, "set")))
                elif get(change, "add") is not None:
                    out.setdefault(ability, []).append(("add", get(change, "add")))
    return out


@dataclass(frozen=True)
class ItemEffectInForce:
    """One item effect in force: the stack it comes from, the effect, why it is in force
    (`worn`, `carried`, or `requirement unmet` for a requirement's `otherwise`) and, for an
    `otherwise`, the requirement left unmet with the value read for it."""

    held: Held
    effect: Any
    why: str
    unmet: Any = None
    value: float | None = None


def item_effects(held: list[Held], read: Callable[[Any], float]) -> list[ItemEffectInForce]:
    """The item effects in force for stacks `held`, in the order they are carried;
    `read` reads a value reference from the owner's sheet (a requirement's `value`)."""
    out: list[ItemEffectInForce] = []
    for h in held:
        if not works(h):
            continue
        worn, carried = get(h.item, "worn"), get(h.item, "carried")
        if h.worn and worn is not None:
            out.append(ItemEffectInForce(h, worn, "worn"))
        if carried is not None:
            out.append(ItemEffectInForce(h, carried, "carried"))
        in_use = h.worn or not get(h.item, "slots")
        if not in_use:
            continue
        for req in get(h.item, "requires") or []:
            value = read(get(req, "value"))
            if value < get(req, "atLeast"):
                out.append(ItemEffectInForce(h, get(req, "otherwise"), "requirement unmet", req, value))
    return out


def check_bonuses(effects: list[ItemEffectInForce], to: str, *, save: str | None = None,
                  skill: str | None = None, ability: str | None = None) -> list[tuple[str, int]]:
    """(the stack's name, the flat part) of every `to` ("checks" or "saves") modifier of the
    item effects in force that reaches this roll, narrowed as a fight narrows them: a
    modifier's own `skills` (`saves`) in place of its effect's, an ability check (no skill)
    reached by nothing narrowed to skills, a check of another ability by nothing narrowed
    to `abilities` (1.188). A save modifier `against` something reaches no
    save outside a fight (there is nothing it is against); dice and `mode` are a fight's."""
    out: list[tuple[str, int]] = []
    for found in effects:
        effect = found.effect
        for mod in get(effect, "modifiers") or []:
            if mod.to != to or not mod.flat:
                continue
            if to == "saves":
                narrowed = mod.saves or get(effect, "saves")
                if (narrowed and save not in narrowed) or mod.against is not None:
                    continue
            else:
                narrowed = mod.skills or get(effect, "skills")
                if narrowed and (skill is None or skill not in narrowed):
                    continue
                if mod.abilities and (ability is None or ability not in mod.abilities):
                    continue
            out.append((found.held.name, mod.flat))
    return out
