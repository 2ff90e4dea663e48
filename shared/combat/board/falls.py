"""Falls: held, asked about, landed (spec/combat-3 "Elevation" `falling`, "Windows" the
`falls` moment, Capability API 1.124).

Owns: `hold` (a fall does not land at once: it waits in `state.falls` while the step that
caused it finishes, and while any window is open), `next_falls` (the driver's call when
nothing else holds the fight: the first blow's or effect's falls open one `falls` window,
asking, in turn order, whoever holds a `falls` answer that reaches a faller on its target
side; with nobody to ask they land at once), `land_all` (the window's continuation) and
`land` (`falling.dice` for every `per` of the height, up to `max` dice, as `type`
damage, then the `prone` condition; a faller holding a `fallsSafely` condition lands
without either, though what made them fall stays; without `falling` the fall is only
recorded).
"""

from __future__ import annotations

import math
from typing import Any

from ...dice import DiceExpr
from .. import effects as E
from .. import condition_on as CN
from .. import numbers as N
from ..windows import open_window
from ..outcome import check_outcome
from ..windows import RESUMES
from ..state import Fall, FallStep, HeldFall


def hold(fight: Any, faller: Any, levels: int, source: Any = None) -> None:
    """Keeps the fall for later; falls from one blow or effect (one step) are one group."""
    step = fight.resolving.step
    group = step.from_seq if step is not None else fight.state.seq
    fight.state.falls.append(HeldFall(faller=faller.id, levels=levels, source=source.id if source else None,
                                      group=group))


def next_falls(fight: Any) -> None:
    """Takes the first group of held falls: opens their `falls` window (raises `Held`), or
    lands them when nobody may answer."""

    state = fight.state
    group = state.falls[0].group
    taken = [f for f in state.falls if f.group == group]
    state.falls = [f for f in state.falls if f.group != group]
    falls = [Fall(faller=f.faller, levels=f.levels, source=f.source) for f in taken]
    fallers = [f.faller for f in falls]
    record = FallStep(targets=fallers, falls=falls)
    source = state.combatant(falls[0].source) if falls[0].source else None
    target = state.combatant(fallers[0]) if len(fallers) == 1 else None
    open_window(fight, "falls", source, target, record)
    land_all(fight, record)


def land_all(fight: Any, record: FallStep) -> None:
    for f in record.falls:
        c = fight.state.combatant(f.faller)
        source = fight.state.combatant(f.source) if f.source else None
        if c is not None and not c.out:
            land(fight, c, f.levels, source)
    check_outcome(fight)


def _falls_safely(fight: Any, c: Any) -> str | None:
    """The label of a condition `c` holds that lands its falls safely, or None."""
    rules = N.condition_rules(fight.ruleset)
    for held in c.conditions:
        rule = rules.get(held.id)
        if rule is not None and getattr(rule, "fallsSafely", None):
            return N.label(fight.ruleset, "condition", held.id)
    return None


def land(fight: Any, c: Any, levels: int, source: Any = None) -> None:
    elevation = fight.combat.elevation
    rule = elevation.falling if elevation is not None else None
    height = levels * float(elevation.levelHeight) if elevation is not None and elevation.levelHeight else None
    far = f"{height:g} {fight.combat.distance.label}" if height is not None else f"{levels} levels"
    safe = _falls_safely(fight, c)
    if safe is not None:
        fight.emit("fall", f"{c.name} falls {far} and lands safely: {safe} keeps the fall's harm off.",
                   target=c.id, levels=levels, safe=True)
        return
    # `falling` needs `levelHeight` (the package's check), so with a rule there is a height.
    if rule is None or height is None:
        fight.emit("fall", f"{c.name} falls {far}.", target=c.id, levels=levels)
        return
    # `falling` is read only with a level height (the package check asks for both).
    assert height is not None
    count = math.floor(height / float(rule.per))
    if rule.max is not None:
        count = min(count, rule.max)
    if count <= 0:
        fight.emit("fall", f"{c.name} falls {far}, not far enough to be hurt.", target=c.id, levels=levels)
        return
    expr = DiceExpr.of(count * rule.dice.count, rule.dice.sides)
    r = fight.roll(expr)
    fight.emit("fall", f"{c.name} falls {far}: {expr} = {r.describe()}.", target=c.id, levels=levels)
    E.deal_damage(fight, source, c, max(0, r.total), rule.type, what="The fall")
    if rule.prone and not c.out and not CN.has_condition(c, rule.prone):
        CN.put_condition(fight, c, rule.prone, source=None, rounds=None)


# A `falls` window held the landing (windows.RESUMES).
RESUMES["fall"] = land_all
