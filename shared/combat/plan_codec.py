"""A chosen option's plan as plain JSON, so an action interrupted by a window can be
finished from the saved battle on any worker.

Owns: `plan_to_json` and `plan_from_json`. A plan holds models read from the package (the
catalog entry, the attack or ability list, the creature action); the JSON keeps only their
ids and the numbers the menu read when the option was chosen, and the models are looked up
again in the same ruleset. The numbers are not read again: what was paid for resolves as
the menu promised, even if paying changed the sheet.
"""

from __future__ import annotations

from typing import Any

from ..dice import parse_dice
from ..sheet import item_uses as IU
from ..ruleset.combat_attacks import AbilityList, AttackList
from .fight import Fight
from .plans import Altered, Metamagic, Pairing, Placing, Plan
from .cure_choice import narrowed
from .plan_reading import catalog_entry, block_actions
from .state import Combatant

_PLAIN = ("kind", "name", "budget", "to_hit", "damage_type", "entry_ref", "save_dc", "standard", "targets_side",
          "uses_strike", "strikes", "option_id", "cost_steps", "uses_key", "uses_count", "ability", "row", "style",
          "components")


def plan_to_json(plan: Plan) -> dict[str, Any]:
    out: dict[str, Any] = {key: getattr(plan, key) for key in _PLAIN}
    out["to_hit_parts"] = [[label, n] for label, n in plan.to_hit_parts]
    out["damage"] = str(plan.damage) if plan.damage is not None else None
    out["list"] = plan.list_def.list if plan.list_def is not None else None
    out["costs"] = [[pool, amount] for pool, amount in plan.costs]
    out["action"] = plan.action.id if plan.action is not None else None
    out["steps"] = [step.id for step in plan.steps]
    out["contest"] = plan.contest.id if plan.contest is not None else None
    if plan.aim is not None:
        out["aim"] = list(plan.aim)
    if plan.placing is not None:
        out["placing"] = plan.placing.to_json()
    if plan.cure:
        out["cure"] = plan.cure
    if plan.named_kind is not None:
        out["named_kind"] = plan.named_kind
    if plan.qualities:
        out["qualities"] = list(plan.qualities)
    if plan.granted:
        out["granted"] = True
    if plan.chosen:
        out["chosen"] = plan.chosen
    if plan.carried:
        out["carried"] = list(plan.carried)
    mm = plan.metamagic
    if mm is not None:
        # Metamagic (mechanics-2 1.253-1.255) holds for the whole window answering the use.
        out["altered"] = [{"id": a.id, "ref": a.ref, "name": a.name, "costs": [list(c) for c in a.costs],
                           "what": a.what, "changes": list(a.changes)} for a in mm.altered]
        out["spared"] = list(mm.spared)
        out["heightened"] = mm.heightened
        out["rerolls"] = mm.rerolls
    if plan.pairing is not None:
        # A teleport with a strike (1.280): the strike made first, or what follows free.
        out["pairing"] = {"first_of": plan.pairing.first_of, "free": plan.pairing.free}
    if plan.item is not None:
        out["item"] = plan.item
        out["item_use"] = plan.item_use
        out["charge_steps"] = plan.charge_steps
    return out


def _list_def(fight: Fight, kind: str, list_id: str | None) -> AttackList | AbilityList | None:
    """The attack list (a weapon's) or ability list a stored plan names, by its sheet list id."""
    if list_id is None:
        return None
    lists = fight.combat.attacks if kind == "weapon" else fight.combat.abilities
    return next((lst for lst in lists or [] if lst.list == list_id), None)


def plan_from_json(fight: Fight, actor: Combatant, data: dict[str, Any]) -> Plan:
    plan = Plan(kind=data["kind"])
    for key in _PLAIN:
        setattr(plan, key, data.get(key))
    plan.to_hit = int(data.get("to_hit") or 0)
    plan.strikes = int(data.get("strikes") or 1)
    plan.cost_steps = int(data.get("cost_steps") or 0)
    plan.uses_count = int(data.get("uses_count") or 0)
    plan.targets_side = data.get("targets_side") or "enemy"
    plan.uses_strike = bool(data.get("uses_strike"))
    plan.to_hit_parts = [(str(label), int(n)) for label, n in data.get("to_hit_parts") or []]
    plan.damage = parse_dice(data["damage"]) if data.get("damage") else None
    plan.list_def = _list_def(fight, plan.kind, data.get("list"))
    plan.costs = [(str(pool), int(amount)) for pool, amount in data.get("costs") or []]
    if plan.entry_ref:
        plan.entry = catalog_entry(fight, plan.entry_ref) if "/" in plan.entry_ref else None
        plan.mechanics = plan.entry.mechanics if plan.entry is not None else None
    by_id = {a.id: a for a in block_actions(actor)}
    plan.action = by_id.get(data["action"]) if data.get("action") else None
    plan.steps = [by_id[s] for s in data.get("steps") or [] if s in by_id]
    plan.item = data.get("item")
    plan.granted = bool(data.get("granted"))
    plan.chosen = int(data.get("chosen") or 0)
    plan.item_use = int(data.get("item_use") or 0)
    plan.charge_steps = int(data.get("charge_steps") or 0)
    if plan.item is not None and plan.of_kind.reads_entry:
        # An item's use: its mechanics are the item's `use` (or one of its `moreUses`).
        item = getattr(plan.entry, "item", None)
        uses = IU.fight_uses(item) if item is not None else []
        plan.mechanics = uses[plan.item_use][1] if plan.item_use < len(uses) else None
    plan.cure = int(data.get("cure") or 0)
    plan.named_kind = data.get("named_kind")
    plan.qualities = tuple(str(q) for q in data.get("qualities") or ())
    plan.carried = tuple(str(c) for c in data.get("carried") or ())
    if data.get("altered"):
        # Metamagic chosen with it (mechanics-2 1.253), kept through the window.
        altered = tuple(Altered(str(a["id"]), str(a["ref"]), str(a["name"]),
                                tuple((str(p), int(n)) for p, n in a.get("costs") or ()),
                                str(a.get("what") or ""), tuple(str(c) for c in a.get("changes") or ()))
                        for a in data["altered"])
        plan.metamagic = Metamagic(altered, tuple(str(c) for c in data.get("spared") or ()), data.get("heightened"),
                                   int(data.get("rerolls") or 0))
    if data.get("pairing"):
        plan.pairing = Pairing(data["pairing"].get("first_of"), bool(data["pairing"].get("free")))
    if plan.cure and plan.mechanics is not None:
        plan.mechanics = narrowed(plan.mechanics, plan.cure)
    if data.get("aim"):
        plan.aim = (int(data["aim"][0]), int(data["aim"][1]))
    if data.get("placing") is not None:
        plan.placing = Placing.from_json(data["placing"])
    if data.get("contest"):
        plan.contest = next((c for c in fight.combat.contests or [] if c.id == data["contest"]), None)
    return plan
