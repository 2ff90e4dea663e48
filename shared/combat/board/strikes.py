"""The opportunity strike itself (spec/combat-3 "Strikes at someone walking away"; 1.243): the
asked striker's swing at the walker, paid for and held on its hit like an attack on a turn,
then the `leaves-reach` window carries on; `best_strike` is an Engine-controlled striker's
pick. Who may strike and with what is opportunity.py's; this sits above the action step
(window_resume.py) it runs, so the walk (movement.py) never reaches back into it.
"""

from __future__ import annotations

from typing import Any

from ...ruleset.gates import ApiVersion
from .. import paying as A
from ..state import Window
from ..window_resume import action_record, continue_action
from ..windows import carry_on, no_windows


def held_on_hit(fight: Any) -> bool:
    """Mechanics-2 1.243: a strike at someone walking away is held on its hit like an attack
    on a turn. A package that declares an older Capability API keeps combat-3's rule that
    nothing made inside a window is held."""

    declared = fight.ruleset.capabilityApi
    return declared is None or not declared.version() < ApiVersion(1, 243)


def strike(fight: Any, striker: Any, item: Any, w: Window) -> None:
    """The striker's swing at the walker, paid from the opportunity budget and resolved as an
    attack of its own (a `hit` window may hold it, 1.243: the one hit and then the striker
    are asked). When it is over the `leaves-reach` window carries on: the next striker is
    asked, or the walk resumes (or ends, if the walker dropped or cannot move on)."""

    mover = fight.get(w.target)
    plan = item.plan
    fight.emit("answer", f"{striker.name} strikes at {mover.name} with {plan.name}.", actor=striker.id,
               target=mover.id, window=w.id, option=item.option.id)
    record = action_record(fight, striker, plan, [mover], stage="resolve")
    record.strike = True
    A.pay(fight, striker, plan)
    # Whoever is asked next gets a deadline of their own when the window is saved again.
    w.deadline = None
    if held_on_hit(fight):
        record.then = w
        continue_action(fight, record)
        return
    with no_windows(fight):
        continue_action(fight, record)
    carry_on(fight, w)


def best_strike(items: list[Any]) -> tuple[Any, list[str]]:
    """The Engine's striker takes its best swing (by expected damage), or passes."""
    best = None
    for item in items:
        damage = max((f.damage or 0.0 for f in item.option.forecasts), default=0.0)
        if item.option.id != "pass" and damage > 0 and (best is None or damage > best[0]):
            best = (damage, item)
    if best is None:
        return items[-1], []
    return best[1], []
