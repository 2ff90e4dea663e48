"""Compelled behaviour (spec/mechanics-3 "Compelled behavior (1.264)", "More compelled
behavior (1.266)" `drops`, 1.267 a creature's `held` things; the `table` rolled at a turn's
start is turn_table.py's).

Owns:
- `behavior_rules`: the conditions of the ruleset that carry `behavior`, read once per
  ruleset. A package without one leaves it empty and nothing below runs.
- `compel`: a holder's menu filtered by what its conditions' `behavior` allow. `only` keeps
  ending the turn and the parts it lists: `move` (walking and standing up), `escape`
  (a contest that breaks a hold) and the ruleset's standard actions by name. `moves:
  "away"` keeps the walks that never step closer to whoever applied the condition and end
  farther away; `moves: "toward"` those that never step farther and end closer. With no
  walk left to take, `onlyWhenStuck` adds the standard actions it names (Turn Undead's
  Dodge), and `"any"` lifts everything while the holder has not walked yet this turn (its
  turn began with nowhere to go: Fear). `keepsOut` (Turn Undead's 30 feet) and `keepsIn`
  (Sympathy's) keep a holder within that distance of the applier walking only away (ending
  outside while it can) or never farther. A choice it took off is refused as `compelled`.
- `drop_on_put` (registered in condition_on.PUT_ON) and `turn_drops`: `drops` at `applied` and
  at `turn-start`. A sheet lets fall every worn item in one of `slots` or bearing one of
  `tags` (out of its `live.items`, so it grants nothing and lends no defense); a stat block
  every action whose `qualities` bear one of `tags` and every `held` thing bearing one
  (`Combatant.let_fall`: the action is refused as `dropped`, the thing's `defense` comes
  off the block's). Each lies on the holder's cell (`BattleState.dropped`) and is picked up
  as belongings.py picks things up (also for the budget `pickUp` names, carried on the
  `Dropped`); the log says `letFall`.
"""

from __future__ import annotations

from typing import Any, Callable

from ..ruleset.auras import Behavior
from ..ruleset.package import Ruleset
from ..sheet import Refusal
from ..sheet.live import with_live
from . import condition_on as CN
from . import numbers as N
from .board import battlefield as BF
from .board.units import steps, to_cells
from .fight import Fight, combat_block
from .plan_reading import block_actions, catalog_entry
from .plans import MenuItem
from .state import Combatant, Dropped, HeldCondition

_BEHAVIOR: dict[int, tuple[Ruleset, dict[str, Behavior]]] = {}


def behavior_rules(ruleset: Ruleset) -> dict[str, Behavior]:
    """Condition id -> its `behavior`, for the conditions that carry one."""
    cached = _BEHAVIOR.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1]
    if len(_BEHAVIOR) > 64:
        _BEHAVIOR.clear()
    found = {c.condition: c.behavior for c in combat_block(ruleset).conditions or [] if c.behavior is not None}
    _BEHAVIOR[id(ruleset)] = (ruleset, found)
    return found


def compelling(fight: Fight, c: Combatant) -> list[tuple[HeldCondition, Behavior]]:
    """The behaviours `c`'s held conditions compel, with the condition holding each."""
    if not c.conditions:
        return []
    rules = behavior_rules(fight.ruleset)
    if not rules:
        return []
    return [(h, rules[h.id]) for h in c.conditions if h.id in rules]


# ---------------------------------------------------------------------------
# the menu
# ---------------------------------------------------------------------------


def _part(item: MenuItem) -> str | None:
    """What `only` calls the option: `move`, `escape`, a standard action's name, or None."""
    plan = item.plan
    if plan.kind in ("move", "stand", "flight"):
        return "move"
    if plan.kind == "contest" and getattr(plan.contest, "from_", None) is not None:
        return "escape"
    if plan.kind == "standard":
        return plan.standard
    return None


def _walk_allowed(fight: Fight, actor: Combatant, item: MenuItem, held: HeldCondition, moves: str) -> bool:
    source = fight.state.combatant(held.source) if held.source else None
    if source is None or source.out or source.position is None or actor.position is None:
        return True
    board = item.option.board or {}
    path = board.get("path")
    if item.plan.kind != "move" or not path:
        return True
    there = source.position
    start = steps(actor.position, there)
    gaps = [steps(cell, there) for cell in path]
    if moves == "away":
        return all(g >= start for g in gaps) and gaps[-1] > start
    return all(g <= start for g in gaps) and gaps[-1] < start


def allowed(fight: Fight, actor: Combatant, item: MenuItem, compelled: list[tuple[HeldCondition, Behavior]]) -> bool:
    """Whether every behaviour compelling `actor` lets `item` through."""
    if item.plan.ends_turn or item.plan.kind == "save-action":
        # Spending the action on the save that ends the condition is always left (1.264).
        return True
    for held, behavior in compelled:
        if behavior.only is not None and _part(item) not in behavior.only:
            return False
        if behavior.moves is not None and not _walk_allowed(fight, actor, item, held, behavior.moves):
            return False
    return True


def _gaps(fight: Fight, actor: Combatant, item: MenuItem, held: HeldCondition) -> tuple[int, list[int]] | None:
    """(cells from the applier now, cells from it along the walk) for a walk, or None."""
    source = fight.state.combatant(held.source) if held.source else None
    path = (item.option.board or {}).get("path")
    if item.plan.kind != "move" or not path or source is None or source.out or source.position is None \
            or actor.position is None:
        return None
    return steps(actor.position, source.position), [steps(cell, source.position) for cell in path]


def _kept_at_distance(fight: Fight, actor: Combatant, items: list[MenuItem],
                      compelled: list[tuple[HeldCondition, Behavior]]) -> list[MenuItem]:
    """`keepsOut` (1.266): inside that distance of the applier, only walks that never step
    closer, and of those only the ones ending outside it while any does. `keepsIn` (1.274):
    within that distance, no walk that steps farther away."""
    per = float(fight.combat.distance.perCell) if fight.combat.distance is not None else 1.0
    for held, b in compelled:
        for limit, out in ((b.keepsOut, True), (b.keepsIn, False)):
            if limit is None:
                continue
            reach = to_cells(float(limit), per) or 0
            walks = [(i, _gaps(fight, actor, i, held)) for i in items]
            if not any(g is not None and g[0] <= reach for _i, g in walks):
                continue
            if out:
                away = [(i, g) for i, g in walks if g is None or all(d >= g[0] for d in g[1])]
                outside = [(i, g) for i, g in away if g is not None and g[1][-1] > reach]
                items = [i for i, g in away if g is None or not outside or g[1][-1] > reach]
            else:
                items = [i for i, g in walks if g is None or all(d <= g[0] for d in g[1])]
    return items


def _not_moved(fight: Fight, actor: Combatant) -> bool:
    """The holder has not walked yet this turn (so where it stands is where its turn began)."""
    return fight.state.board is None or actor.movement >= BF.allowance(fight, actor)


def compel(fight: Fight, actor: Combatant, items: list[MenuItem]) -> list[MenuItem]:
    compelled = compelling(fight, actor)
    if not compelled:
        return items
    kept = [item for item in items if allowed(fight, actor, item, compelled)]
    if fight.state.board is not None and any(b.keepsOut is not None or b.keepsIn is not None for _h, b in compelled):
        kept = _kept_at_distance(fight, actor, kept, compelled)
    stuck = not any(item.plan.kind == "move" for item in kept)
    if not stuck:
        return kept
    if any(b.onlyWhenStuck == "any" for _h, b in compelled) and _not_moved(fight, actor):
        # A turn that starts with nowhere the condition allows belongs to the holder (1.266).
        return items
    extra = {part for _h, b in compelled if isinstance(b.onlyWhenStuck, list) for part in b.onlyWhenStuck}
    if not extra:
        return kept
    # Nowhere to go: the standard actions `onlyWhenStuck` names are allowed too (Turn
    # Undead's Dodge), as far as everything else compelling the holder lets them.
    return [item for item in items if item in kept or (_part(item) in extra and all(
        b.only is None or _part(item) in b.only or _part(item) in (b.onlyWhenStuck or ()) for _h, b in compelled))]


def refusal(fight: Fight, actor: Combatant, option: str, offered: Callable[[], bool]) -> Refusal | None:
    """`compelled` for an option a behaviour took off, `dropped` for an action let fall.
    `offered()`: whether the menu would hold the option but for the behaviour (asked last,
    since it draws that menu): an option no menu holds (a walk past the movement left) is
    not the behaviour's doing."""
    if option.startswith("action:") and f"action:{option.split(':', 1)[1]}" in actor.let_fall:
        return Refusal("dropped", f"{actor.name} dropped what {option.split(':', 1)[1]} is made with")
    for held, _behavior in compelling(fight, actor):
        if not offered():
            return None
        name = N.label(fight.ruleset, "condition", held.id)
        return Refusal("compelled", f"{actor.name} is {name}: {option!r} is not what it lets them do")
    return None


# ---------------------------------------------------------------------------
# dropping
# ---------------------------------------------------------------------------


def _cell(fight: Fight, c: Combatant) -> list[int] | None:
    return list(c.position) if fight.state.board is not None and c.position is not None else None


def _where(cell: list[int] | None) -> str:
    return f" on {cell[0]}, {cell[1]}" if cell is not None else ""


def _drops_stack(fight: Fight, stack: dict[str, Any], slots: set[str], tags: set[str]) -> bool:
    if not stack.get("worn"):
        return False
    entry = catalog_entry(fight, stack.get("item", ""))
    item = getattr(entry, "item", None)
    if item is None:
        return False
    return bool(slots & set(item.slots or {})) or bool(tags & set(item.tags or []))


def _drop_sheet_items(fight: Fight, c: Combatant, slots: set[str], tags: set[str], pick_up: str | None) -> None:
    live = (c.sheet or {}).get("live") or {}
    stacks = live.get("items") if isinstance(live, dict) else None
    if not isinstance(stacks, list):
        return
    falling = [s for s in stacks if isinstance(s, dict) and _drops_stack(fight, s, slots, tags)]
    if not falling or c.sheet is None:
        return
    cell = _cell(fight, c)
    for stack in falling:
        entry = catalog_entry(fight, stack["item"])
        name = stack.get("name") or (entry.label if entry is not None else stack["item"])
        quantity = int(stack.get("quantity", 1))
        fight.state.dropped.append(Dropped(item=stack["item"], name=name, quantity=quantity,
                                           charges=stack.get("charges"), cell=cell, by=c.id, pick_up=pick_up))
        fight.emit("letFall", f"{c.name} lets fall {name}{_where(cell)}.", actor=c.id, item=stack["item"],
                   quantity=quantity, cell=cell)
    fight.write(c, with_live(c.sheet, items=[s for s in stacks if not any(s is f for f in falling)]))


def _drop_own(fight: Fight, c: Combatant, tags: set[str], pick_up: str | None) -> None:
    """A stat block's actions whose qualities bear a dropped tag, and its `held` things."""
    if not tags or c.block is None:
        return
    cell = _cell(fight, c)
    own: list[tuple[str, str]] = []
    for action in block_actions(c):
        if set(action.qualities or []) & tags:
            own.append((f"action:{action.id}", action.name))
    for thing in c.block.get("held") or []:
        if tags & set(thing.get("tags") or []):
            own.append((f"held:{thing['label']}", thing["label"]))
    for key, name in own:
        if key in c.let_fall:
            continue
        c.let_fall = [*c.let_fall, key]
        fight.state.dropped.append(Dropped(name=name, cell=cell, by=c.id, own=key, pick_up=pick_up))
        fight.emit("letFall", f"{c.name} lets fall {name}{_where(cell)}.", actor=c.id, own=key, cell=cell)


def drop(fight: Fight, c: Combatant, behavior: Behavior) -> None:
    drops = behavior.drops
    if drops is None:
        return
    slots, tags = set(drops.slots or []), set(drops.tags or [])
    if c.sheet is not None:
        _drop_sheet_items(fight, c, slots, tags, drops.pickUp)
    _drop_own(fight, c, tags, drops.pickUp)


def drop_on_put(fight: Fight, c: Combatant, held: HeldCondition, _rule: Any = None) -> None:
    """`drops` with `at: "applied"`, as the condition is put on (Fear)."""
    behavior = behavior_rules(fight.ruleset).get(held.id)
    if behavior is not None and behavior.drops is not None and behavior.drops.at == "applied":
        drop(fight, c, behavior)


def turn_drops(fight: Fight, c: Combatant) -> None:
    """`drops` with `at: "turn-start"`, as each of the holder's turns starts (Command's drop)."""
    for _held, behavior in compelling(fight, c):
        if behavior.drops is not None and behavior.drops.at == "turn-start":
            drop(fight, c, behavior)


CN.PUT_ON.append(drop_on_put)


__all__ = ["allowed", "behavior_rules", "compel", "compelling", "drop", "drop_on_put", "refusal", "turn_drops"]
