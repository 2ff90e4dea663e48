"""A creature's belongings in a fight (spec/combat-2 "Creatures": `inventory`, Capability
API 1.795; `loot`, 1.63), and picking up what a defeated creature let fall.

Owns:
- `carry_at_start`: each `inventory` line of an opponent from the bestiary, rolled once when
  the fight is made: its `chance` (a d100 at or under it; 100 rolls nothing) and its `count`
  (a number, or dice rolled). A creature with a `sheet` carries the stacks in its sheet's
  `live.items`, so it uses them exactly as a party member does: an item with slots is worn
  while the ruleset's slots have room for it (first lines first), and lends its worn
  effects, its attack and its use (shared/sheet/items.py, item_weapons.py, plan_reading.py).
  A creature written in plain numbers keeps them in `Combatant.carrying` and uses what is
  used up on use and reads nothing of its user (plan_reading.carried_use_plans;
  `use_up_carried` takes one off the stack).
- `drop_belongings`: when an opponent is defeated, whatever it still carries drops together
  with its `loot` (`BattleState.dropped`): on the cell it stood on when the fight is on a
  board. The log says `letFall`.
- `pick_up_items` and `pick_up`: on a board, a character standing on that cell or next to it
  picks an item up with the free pick-up, once a turn (mechanics-3 1.266: "picked up by
  standing on that cell or next to it, with the free pick-up once per turn"), or, for what
  a condition made its holder drop, for one of the budget its `drops.pickUp` names (that
  option id ends `@<budget>`; the free pick-up stays unused); it goes into
  their `live.items` (item_ops.take), carried, not worn. The log says `pickedUp`. A thing
  whose weight (`items.carry`) would take the bearer past their carry `limit` is not offered. The Engine
  leaves things where they lie (a pick-up is a board step, which its tactics do not weigh).
- `loot_report`: when the party wins, what the victors may take: everything still lying
  where it fell and each loot table by its id. The spec never says what a loot table holds
  or how it is rolled (its "Loot" section is not among the pages), so the table is named
  for Marinara to roll, never rolled here; an inventory line naming a `table` is refused
  when the package loads for the same reason.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..dice import DiceExpr
from ..sheet import SheetView
from ..sheet.carry import past_limit, weight
from ..sheet.item_ops import take
from ..sheet.live import with_live
from . import numbers as N
from .board.units import steps
from .fight import Fight
from .plan_reading import catalog_entry
from .plans import MenuItem, Option, Plan
from .state import Combatant, Dropped


def _named(name: str, quantity: int) -> str:
    return name if quantity == 1 else f"{name} ({quantity})"


def _count(fight: Fight, c: Combatant, label: str, count: Any) -> int:
    if isinstance(count, int):
        return count
    r = fight.roll(str(count))
    fight.emit("setup", f"{c.name}'s {label}: {count} = {r.describe()}.", target=c.id)
    return max(0, r.total)


def _carried(fight: Fight, c: Combatant, line: dict[str, Any]) -> dict[str, Any] | None:
    """One inventory line rolled: the stack it gives, or None."""
    ref = line.get("item")
    entry = catalog_entry(fight, ref) if isinstance(ref, str) else None
    if entry is None:
        return None
    chance = line.get("chance", 100)
    if chance < 100:
        face = fight.roll(DiceExpr.of(1, 100)).total
        kept = face <= chance
        fight.emit("setup", f"{c.name}'s {entry.label}: 1d100 = {face}, {'within' if kept else 'above'} its "
                   f"{chance:g}% chance{'' if kept else ', so it does not carry it'}.", target=c.id)
        if not kept:
            return None
    n = _count(fight, c, entry.label, line.get("count", 1))
    if n < 1:
        return None
    fight.emit("setup", f"{c.name} carries {_named(entry.label, n)}.", target=c.id, item=ref, quantity=n)
    return {"item": ref, "quantity": n} if n != 1 else {"item": ref}


def _wear(fight: Fight, stacks: list[dict[str, Any]]) -> None:
    """Marks worn each stack whose item has slots, while the ruleset's slots have room."""
    items = fight.ruleset.items
    room = {s.id: s.count for s in (items.slots or [])} if items is not None else {}
    used: Counter[str] = Counter()
    for stack in stacks:
        slots = getattr(getattr(catalog_entry(fight, stack["item"]), "item", None), "slots", None) or {}
        needs = {k: v for k, v in slots.items() if k != "$comment"}
        if needs and all(used[k] + v <= room.get(k, 0) for k, v in needs.items()):
            used.update(needs)
            stack["worn"] = True


def carry_at_start(fight: Fight, c: Combatant) -> None:
    lines = (c.block or {}).get("inventory") if c.side == "foes" else None
    if not lines:
        return
    stacks = [s for s in (_carried(fight, c, line) for line in lines) if s is not None]
    if c.sheet is None:
        c.carrying = stacks
        return
    _wear(fight, stacks)
    sheet = c.sheet
    for stack in stacks:
        sheet = take(sheet, stack)
    fight.write(c, sheet)


def use_up_carried(fight: Fight, c: Combatant, ref: str, name: str) -> None:
    """One of what a creature written in plain numbers carries, used up (its stack's
    quantity; the last one takes the stack away), as a sheet's consume does."""
    for i, stack in enumerate(c.carrying):
        if stack.get("item") != ref:
            continue
        left = int(stack.get("quantity", 1)) - 1
        c.carrying = [*c.carrying[:i], *([{**stack, "quantity": left}] if left > 1 else [{"item": ref}] if left == 1
                                         else []), *c.carrying[i + 1:]]
        fight.emit("item-spent", f"{c.name} spends 1 {name}: {left if left else 'none'} left.", actor=c.id, item=ref)
        return


def _stacks_of(c: Combatant) -> list[dict[str, Any]]:
    live = (c.sheet or {}).get("live") or {}
    on_sheet = live.get("items") if isinstance(live, dict) else None
    return [s for s in [*c.carrying, *(on_sheet if isinstance(on_sheet, list) else [])] if isinstance(s, dict)]


def drop_belongings(fight: Fight, c: Combatant) -> None:
    """A defeated opponent lets fall what it still carries, and leaves its loot table."""
    stacks = _stacks_of(c)
    table = (c.block or {}).get("loot")
    if not stacks and not table:
        return
    cell = list(c.position) if fight.state.board is not None and c.position is not None else None
    where = f" on {cell[0]}, {cell[1]}" if cell is not None else ""
    for stack in stacks:
        entry = catalog_entry(fight, stack.get("item", ""))
        if entry is None:
            continue
        name = stack.get("name") or entry.label
        quantity = stack.get("quantity", 1)
        fight.state.dropped.append(Dropped(item=stack["item"], name=name, quantity=quantity,
                                           charges=stack.get("charges"), cell=cell, by=c.id))
        fight.emit("letFall", f"{c.name} lets fall {_named(name, quantity)}{where}.", actor=c.id, item=stack["item"],
                   quantity=quantity, cell=cell)
    c.carrying = []
    if c.sheet is not None and stacks:
        fight.write(c, with_live(c.sheet, items=[]))
    if table:
        fight.state.dropped.append(Dropped(table=table, name=table, by=c.id))
        fight.emit("loot", f"{c.name} leaves its loot table {table} for the victors.", actor=c.id, table=table)


def _reach(actor: Combatant, thing: Dropped) -> bool:
    if thing.own is not None and thing.by != actor.id:
        # A stat block's own action or held thing is picked up only by its owner (1.267).
        return False
    return (thing.item is not None or thing.own is not None) and thing.cell is not None \
        and actor.position is not None and steps(thing.cell, actor.position) <= 1


def _option_id(thing: Dropped) -> str:
    assert thing.cell is not None
    what = thing.item.rpartition('/')[2] if thing.item is not None else _slug(thing.own or "")
    return f"pick-up:{what}@{thing.cell[0]}-{thing.cell[1]}"


def _slug(own: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in own.lower())


def pick_up_items(fight: Fight, actor: Combatant) -> list[MenuItem]:
    """"Pick up <item>" for each thing lying on the actor's cell or next to it, on their own
    turn: free while the free pick-up of this turn is unused, and for one of the budget a
    condition's `drops.pickUp` named while the actor has it left (1.266); only someone with
    a sheet carries."""
    state = fight.state
    if not state.dropped or state.current() is not actor:
        return []
    free = actor.picked_up != state.round
    if not free and not any(t.pick_up is not None for t in state.dropped):
        return []
    if actor.sheet is None and not actor.let_fall:
        return []
    items: list[MenuItem] = []
    seen: set[str] = set()
    view = fight.view(actor)
    for thing in state.dropped:
        if not _reach(actor, thing) or (thing.own is None and actor.sheet is None):
            continue
        if view is not None and _too_heavy(fight, view, thing):
            continue
        oid = _option_id(thing)
        assert thing.cell is not None
        label = f"Pick up {_named(thing.name, thing.quantity)}"
        where = f"on {thing.cell[0]}, {thing.cell[1]}"
        if free and oid not in seen:
            seen.add(oid)
            items.append(MenuItem(
                Option(id=oid, label=label, group="pick-up", text=f"free, once a turn; {where}",
                       board={"cell": thing.cell}),
                Plan(kind="pick-up", name=label, entry_ref=oid)))
        budget = thing.pick_up
        paid = f"{oid}@{budget}"
        if budget is not None and paid not in seen and actor.budgets.get(budget, 0) > 0:
            seen.add(paid)
            spent = N.label(fight.ruleset, "budget", budget)
            items.append(MenuItem(
                Option(id=paid, label=f"{label} ({spent})", group="pick-up", budget=budget, text=f"{spent}; {where}",
                       board={"cell": thing.cell}),
                Plan(kind="pick-up", name=label, entry_ref=oid, budget=budget)))
    return items


def _too_heavy(fight: Fight, view: SheetView, thing: Dropped) -> bool:
    """Whether picking `thing` up would take its bearer past `items.carry.limit` (the
    Marinara schema's "the most they can carry at all"; shared/sheet/carry.py)."""
    entry = catalog_entry(fight, thing.item) if thing.item is not None else None
    item = getattr(entry, "item", None) if entry is not None else None
    return item is not None and past_limit(view, weight(fight.ruleset, item) * thing.quantity)


def _pays(fight: Fight, actor: Combatant, plan: Plan) -> str:
    """The free pick-up of this turn is spent, unless the plan is paid from the budget a
    condition's `drops.pickUp` names (1.266; the engine's step spends that, as it spends
    any plan's budget). The log's words for what it cost ("" for the free one)."""
    if plan.budget is None:
        actor.picked_up = fight.state.round
        return ""
    return f" ({N.label(fight.ruleset, 'budget', plan.budget)})"


def pick_up(fight: Fight, actor: Combatant, plan: Plan) -> None:
    state = fight.state
    thing = next((t for t in state.dropped if _reach(actor, t) and _option_id(t) == plan.entry_ref), None)
    if thing is not None and thing.own is not None and thing.cell is not None:
        # Its own action or held thing comes back: the action is offered again, the thing's
        # defense counted again (1.267).
        state.dropped.remove(thing)
        cost = _pays(fight, actor, plan)
        actor.let_fall = [k for k in actor.let_fall if k != thing.own]
        fight.emit("pickedUp", f"{actor.name} picks up {thing.name} from {thing.cell[0]}, {thing.cell[1]}{cost}.",
                   actor=actor.id, own=thing.own, cell=thing.cell, budget=plan.budget)
        return
    if thing is None or actor.sheet is None or thing.cell is None or thing.item is None:
        return
    state.dropped.remove(thing)
    cost = _pays(fight, actor, plan)
    entry = catalog_entry(fight, thing.item)
    stack: dict[str, Any] = {"item": thing.item, "quantity": thing.quantity if thing.quantity != 1 else None,
                             "charges": thing.charges,
                             "name": thing.name if entry is None or thing.name != entry.label else None}
    fight.write(actor, take(actor.sheet, stack))
    fight.emit("pickedUp", f"{actor.name} picks up {_named(thing.name, thing.quantity)} from {thing.cell[0]}, "
               f"{thing.cell[1]}{cost}.", actor=actor.id, item=thing.item, quantity=thing.quantity, cell=thing.cell,
               budget=plan.budget)


def loot_report(fight: Fight) -> None:
    """What the victors may take, said once when the party wins; the outcome's `loot` event
    carries the list (`Dropped` as JSON)."""
    # A stat block's own action or held thing is its own, not the victors' (1.267).
    left = [t for t in fight.state.dropped if t.own is None]
    if not left:
        return
    names = {c.id: c.name for c in fight.state.combatants}
    pieces = []
    for thing in left:
        whose = names.get(thing.by, thing.by)
        if thing.table is not None:
            pieces.append(f"{whose}'s loot table {thing.table}")
        else:
            where = f" on {thing.cell[0]}, {thing.cell[1]}" if thing.cell is not None else ""
            pieces.append(f"{_named(thing.name, thing.quantity)}{where} ({whose}'s)")
    fight.emit("loot", "The victors may take: " + "; ".join(pieces) + ".",
               loot=[t.model_dump(mode="json") for t in left])


__all__ = ["carry_at_start", "drop_belongings", "loot_report", "pick_up", "pick_up_items", "use_up_carried"]
