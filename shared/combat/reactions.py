"""Who holds an answer waiting for a moment, and whether it answers this window.

Owns: `Answer` (a reaction a combatant holds: its plan, built as the turn menu builds
plans, and its `mechanics.reaction` object; an entry's, a stat-block action's, or the use of
an item in use, paid through the item as on the menu), `held_answers`, `Origin` (what set the
moment off: the catalog and entry it came from, a stat-block action's name, a weapon
blow, melee or ranged, the budget it was paid from) and `matches`, the moment rules of
spec/combat-3 "Windows" (`on`, `against`, `for`/`within`, `seesSource`, `blow`) and
mechanics-2 (`by: "self"`, `weapon`, `names`, `budget`), and what one answer to one's own hit
uses up for that hit (`own_marks`: itself and its `oneOf` group, 1.248).

On a board the answer must also reach (board/answers.py): its own `range` to whom it lands
on (the source, the one the moment concerns, a faller) and `within` to the creature it
protects. Without a board every distance is in reach, as the spec says of a fight without
a board. `seesSource` asks seeing.py whether the holder sees the source (a line of sight on
a board, and whatever `unseen` hides them, on a board or off it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from pydantic import BaseModel

from . import blows as B
from ..sheet import item_uses as IU
from .fight import Fight
from .plans import Plan
from .plan_reading import action_plans, catalog_entry, entry_plans
from .state import Combatant
from .costs import expand_payments
from .costs import grouped_cost, pool_level
from .board.answers import nearest_first, reaches
from .plan_reading import targets_for
from .board.answers import within
from .seeing import sees


@dataclass
class Answer:
    plan: Plan
    reaction: Any

    @property
    def mechanics(self) -> Any:
        return self.plan.source

    def harmful(self) -> bool:
        """A harmful answer reaches the other side; a helpful one its own."""
        return self.plan.aims_at_foes


def answers_own_hit(answer: Answer) -> bool:
    """An answer to a hit by its owner's own attack (1.241)."""
    return getattr(answer.reaction, "by", None) == "self"


def own_marks(answer: Answer) -> list[str]:
    """What taking this answer to one's own hit uses up for that hit (1.248): the answer
    itself (its entry, or its option when it has none) and its `oneOf` group."""
    plan = answer.plan
    group = getattr(answer.reaction, "oneOf", None)
    return [plan.entry_ref or plan.menu_id] + ([f"oneOf:{group}"] if group else [])


def own_left(answer: Answer, taken: list[str]) -> bool:
    """Whether this answer to one's own hit is still offered after `taken` on that hit."""
    return not any(mark in taken for mark in own_marks(answer))


def _is_object(reaction: Any) -> bool:
    return isinstance(reaction, BaseModel)


def held_answers(fight: Fight, c: Combatant) -> list[Answer]:
    """Every answer `c` holds (`reaction: true` alone names no moment and is never one)."""
    if not may_answer(fight, c):
        return []

    plans: list[Plan] = []
    view = fight.view(c)
    if view is not None:
        plans += entry_plans(fight, c, view, pick=lambda m: m is not None and _is_object(m.reaction))
    plans += action_plans(fight, c, pick=lambda a: a.reaction is not None)
    out: list[Answer] = []
    for plan in expand_payments(fight, c, plans):
        out.append(Answer(plan, plan.reaction))
    return out


def may_answer(fight: Fight, c: Combatant) -> bool:
    """Whether any row of `c`'s sheet or action of its block is an answer at all. Every
    window asks this of everyone and most hold none, so it is kept for the call while the
    sheet and the block are the same objects (they are replaced, never edited)."""
    found = fight.memo.calls.get(("may-answer", c.id))
    if found is not None and found[0] is c.sheet and found[1] is c.block:
        known: bool = found[2]
        return known
    # A block's actions are read as written: parsing them all (what `block_actions` does,
    # once per process for a block object) costs more than this whole question.
    may = any(isinstance(a, dict) and a.get("reaction") is not None for a in (c.block or {}).get("actions") or [])
    view = fight.view(c)
    if not may and view is not None:
        for lst in fight.combat.abilities or []:
            for row in view.rows(lst.list):
                ref = row.get("_catalog")
                entry = catalog_entry(fight, ref) if isinstance(ref, str) else None
                if entry is not None and entry.mechanics is not None and _is_object(entry.mechanics.reaction):
                    may = True
                    break
            if may:
                break
    if not may and view is not None:
        # An item in use answers with its use as an entry does (mechanics-3 1.259).
        may = any(_is_object(getattr(use, "reaction", None)) for held in view.held if IU.in_use(held)
                  for _label, use in IU.fight_uses(held.item))
    fight.memo.calls[("may-answer", c.id)] = (c.sheet, c.block, may)
    return may


@dataclass(frozen=True)
class Origin:
    """What set a moment off."""

    catalog: str | None = None
    entry: str | None = None
    action: str | None = None
    weapon: bool = False
    #: The held weapon's stack that struck (a hit spend answers only its own weapon's hit).
    item: str | None = None
    blow: str | None = None
    budget: str | None = None
    name: str = ""
    level: int = 0


def _weapon_origin(fight: Fight, actor: Combatant, plan: Plan) -> Origin:
    return Origin(weapon=True, item=plan.item, blow=B.hit_of_weapon(fight, actor, plan).blow, budget=plan.budget,
                  name=plan.name)


def _entry_origin(fight: Fight, actor: Combatant, plan: Plan) -> Origin:
    i = grouped_cost(fight, plan.costs)
    level = pool_level(fight, plan.costs[i][0]) if i is not None else 0
    blow = "ranged" if getattr(plan.mechanics, "range", None) else "melee"
    return Origin(catalog=plan.entry_catalog, entry=plan.entry_ref, blow=blow, budget=plan.budget, name=plan.name,
                  level=level)


def _action_origin(fight: Fight, actor: Combatant, plan: Plan) -> Origin:
    """A creature action or sequence (and what carries no action: a standard action, ...)."""
    action = plan.action
    hit = B.hit_of_action(action) if action is not None else None
    return Origin(action=plan.name, weapon=hit is not None and hit.attacks == "weapon",
                  blow=hit.blow if hit is not None else None, budget=plan.budget, name=plan.name)


#: What set a moment off, for each kind of plan with its own origin (`Plan.kind`); every
#: other kind is read as a creature action.
ORIGINS: dict[str, Callable[[Fight, Combatant, Plan], Origin]] = {"weapon": _weapon_origin, "entry": _entry_origin}


def origin_of(fight: Fight, actor: Combatant, plan: Plan) -> Origin:
    return ORIGINS.get(plan.kind, _action_origin)(fight, actor, plan)


def moments(reaction: Any) -> list[Any]:
    """The first moment and each `also` moment (the reaction object serves as the first)."""
    return [reaction, *(reaction.also or [])]


def _against(spec: Any, origin: Origin) -> bool:
    against = getattr(spec, "against", None)
    if against is None:
        return True
    if against.catalogs and origin.catalog in against.catalogs:
        return True
    if against.entries and origin.entry in against.entries:
        return True
    if against.actions and origin.action is not None:
        return origin.action.casefold() in {a.casefold() for a in against.actions}
    return False


def _hit_narrowing(reaction: Any, spec: Any, origin: Origin) -> bool:
    if getattr(spec, "blow", None) is not None and spec.blow != origin.blow:
        return False
    if getattr(reaction, "weapon", None) and not origin.weapon:
        return False
    names = getattr(reaction, "names", None)
    if names and origin.name.casefold() not in {n.casefold() for n in names}:
        return False
    budget = getattr(reaction, "budget", None)
    return budget is None or budget == origin.budget


def matches(fight: Fight, holder: Combatant, answer: Answer, spec: Any, moment: str, source: Combatant | None,
            target: Combatant | None, aimed: list[Combatant], harmed: list[str], origin: Origin | None) -> bool:
    """Whether `answer`'s moment `spec` answers this window for `holder`."""
    if not _moment_rule(fight, holder, answer, spec, moment, source, target, aimed, harmed, origin):
        return False
    if getattr(spec, "seesSource", None) and source is not None and not sees(fight, holder, source):
        return False
    return fight.state.board is None or _on_board(fight, holder, answer, spec, moment, source, target, aimed)


def fallers_answered(fight: Fight, holder: Combatant, answer: Answer, fallers: list[Combatant]) -> list[Combatant]:
    """The fallers a `falls` answer may land on: on its target side and in its range,
    nearest first (1.124)."""

    side = {c.id for c in targets_for(fight, holder, answer.plan.targets_side)}
    eligible = [f for f in fallers if f.id in side and reaches(fight, holder, answer.plan, f)]
    return nearest_first(fight, holder, eligible)


def _lands_on(answer: Answer, moment: str, holder: Combatant, source: Combatant | None, target: Combatant | None,
              threatened: list[Combatant]) -> list[Combatant]:
    """Whom the answer lands on, for its range: none for a self answer or a chosen one
    (its choices are filtered instead)."""
    plan = answer.plan
    if plan.aims_at_self:
        return []
    at = getattr(answer.reaction, "at", None) or "source"
    if at == "chosen" or moment == "falls":
        return []
    if at == "source" or moment in ("used", "turn-start"):
        return [source] if source is not None else []
    if moment == "aimed":
        return threatened
    if moment == "hit":
        return [target] if target is not None else []
    return []


def _on_board(fight: Fight, holder: Combatant, answer: Answer, spec: Any, moment: str, source: Combatant | None,
              target: Combatant | None, aimed: list[Combatant]) -> bool:
    for_ = getattr(spec, "for_", None) or "self"
    threatened: list[Combatant] = []
    if moment == "aimed" and source is not None:
        threatened = [t for t in aimed if t.side != source.side and t.side == holder.side
                      and (for_ != "ally" or t.id != holder.id)]
        if for_ == "self":
            threatened = [t for t in threatened if t.id == holder.id]
        threatened = [t for t in threatened if within(fight, holder, answer.plan, spec, t)]
        if not threatened:
            return False
    if moment == "hit" and for_ != "self" and target is not None and not within(fight, holder, answer.plan, spec, target):
        return False
    landing = _lands_on(answer, moment, holder, source, target, threatened)
    return not landing or any(reaches(fight, holder, answer.plan, c) for c in landing)


def _moment_rule(fight: Fight, holder: Combatant, answer: Answer, spec: Any, moment: str, source: Combatant | None,
                 target: Combatant | None, aimed: list[Combatant], harmed: list[str], origin: Origin | None) -> bool:
    if spec.on != moment:
        return False
    if moment in ("used", "aimed", "hit", "harmed") and origin is not None and not _against(spec, origin):
        return False
    for_ = getattr(spec, "for_", None) or "self"
    by_self = getattr(answer.reaction, "by", None) == "self" and spec is answer.reaction
    if moment == "used":
        return source is not None and source.side != holder.side
    if moment == "aimed":
        if source is None:
            return False
        threatened = [t for t in aimed if t.side != source.side]
        if for_ == "self":
            return holder in threatened
        return any(t.side == holder.side and (for_ == "any" or t.id != holder.id) for t in threatened)
    if moment == "hit":
        if source is None or target is None or origin is None or not _hit_narrowing(answer.reaction, spec, origin):
            return False
        if by_self:
            # A weapon's charges spent on a hit answer that weapon's hit only (1.273).
            spends = answer.plan.item is not None and IU.hit_spend(getattr(answer.plan.entry, "item", None),
                                                                   answer.plan.item_use) is not None
            return holder.id == source.id and (not spends or origin.item == answer.plan.item)
        if for_ == "self":
            return holder.id == target.id
        return target.side == holder.side and (for_ == "any" or target.id != holder.id)
    if moment == "harmed":
        if holder.id not in harmed:
            return False
        # Being hurt happened to oneself, but an answer aimed back at the one who did it
        # still cannot be aimed at an ally.
        at = getattr(answer.reaction, "at", None) or "source"
        return not (at == "source" and answer.harmful() and source is not None and source.side == holder.side)
    if moment == "turn-start":
        if source is None or source.id == holder.id:
            return False
        return (source.side != holder.side) == answer.harmful()
    if moment == "falls":
        return bool(fallers_answered(fight, holder, answer, aimed))
    return False
