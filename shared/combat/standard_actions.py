"""Standard actions (`Plan.kind` "standard"): Dodge, Help, Dash and Disengage, and
those a module above makes real.

Owns: `standard_action(fight, actor, plan, targets)` (its budget spent, then the action, a sentence
in the log) and `STANDARD_RULES`, the table hiding.py fills with Hide and Search (`combat.hiding`),
which a creature action naming a standard action also reads.
"""

from __future__ import annotations

from typing import Callable

from .fight import Fight
from .paying import spend_budget
from .plans import Plan
from .state import Combatant
from .board.menu import helped_against
from .board.movement import dash, disengage


#: Standard actions a module above makes real when the package asks for them (hiding.py
#: registers Hide and Search, with `combat.hiding`).
STANDARD_RULES: dict[str, Callable[[Fight, Combatant], None]] = {}


def standard_action(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> None:
    spend_budget(fight, actor, plan.budget)
    name = plan.standard or ""
    rule = STANDARD_RULES.get(name)
    if rule is not None and fight.combat.hiding is not None:
        # `combat.hiding` makes Hide (and Search, which needs it) real (1.287).
        rule(fight, actor)
    elif name == "dodge":
        actor.dodging = True
        fight.emit("standard", f"{actor.name} dodges: attacks against them are rolled twice, keeping the worse, "
                   "until their next turn.", actor=actor.id)
    elif name == "help" and targets:
        targets[0].helped_by = actor.id
        effects = fight.combat.standardEffects
        if fight.state.board is not None and effects is not None and effects.help is not None and effects.help.beside:
            targets[0].help_against = helped_against(fight, actor)
        fight.emit("standard", f"{actor.name} helps {targets[0].name}: their next attack is rolled twice, "
                   "keeping the better.", actor=actor.id, target=targets[0].id)
    elif name in ("dash", "disengage") and fight.state.board is not None:
        (dash if name == "dash" else disengage)(fight, actor)
    elif name in ("dash", "disengage"):
        fight.emit("standard", f"{actor.name} takes the {name.capitalize()} action (it matters only on a board).",
                   actor=actor.id)
    else:
        fight.emit("standard", f"{actor.name} takes the {name.capitalize()} action, which changes nothing yet.",
                   actor=actor.id)
