"""A kind named at casting (spec/mechanics-3 "A kind named at casting (1.270)"; on an
item's `use`, 1.274).

Owns `kind_plans`: an entry or item use with `kindChoice` is offered as one mode per type
and tag of `combat.creatureTypes` (creature_types.kinds), `<option>@kind-<id>`, each plan
carrying the kind (`Plan.named_kind`, kept by plan_codec) in place of the plain option, so
every use names its kind. What the use applies remembers the kind
(`HeldCondition.chosen_kind`, applying.apply_condition), and an aura with `chosenKind` on
what was applied reaches only creatures of it (auras.py).
"""

from __future__ import annotations

from dataclasses import replace

from ..ruleset.base import key_of
from .creature_types import kinds
from .fight import Fight
from .plans import Plan

#: What an option id carries after its `@` to name the kind.
MODE = "kind-"


def kind_plans(fight: Fight, plan: Plan) -> list[Plan]:
    """The plan's modes, one per kind, or the plan alone when its use names no kind."""
    if plan.mechanics is None or not key_of(plan.mechanics, "kindChoice"):
        return [plan]
    base_id = plan.option_id or plan.menu_id
    return [replace(plan, option_id=f"{base_id}@{MODE}{kind}", named_kind=kind) for kind in kinds(fight)]


__all__ = ["MODE", "kind_plans"]
