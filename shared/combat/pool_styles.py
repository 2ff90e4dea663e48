"""The styles of attack where initiative is a number attacks move (spec/combat-2 "Initiative
that attacks move", "Styles"; Capability API 1.48): every attack is offered once per style,
each with its own forecast, and the Engine weighs a taking blow one turn ahead.

Owns:
- `styled`: each attack on the menu (initiative_resource.attacks) becomes one option per
  style, `<option id>#<style id>`, labelled "Road axe (Telling blow)". A spending style is
  offered only while the attacker's number is above the crash line and never for an action
  made of other actions;
- `unnamed`: a choice that names no style (`<option id>`) is made in the first style, when
  that style is on the menu; a style the attack is not offered in is not on the menu, so it
  is refused like any other option;
- the forecasts: a taking style's `hit` and `take` (the initiative it would take: its damage
  pools after soak and the minimum, past no guard), a spending style's `hit` and `damage`
  (the attacker's number thrown against the damage target, nothing if below the target's
  hardness);
- `score`: the tactics' weighing, one turn ahead: a spending blow is worth its damage now
  and a spend again next turn from `base`; a taking blow is worth a spend next turn from the
  number it is expected to leave the attacker on.
"""

from __future__ import annotations

import dataclasses

from ..ruleset.combat_pool import InitiativeStyle
from . import initiative_resource as IR
from . import pool_dice as P
from .fight import Fight
from .plans import Forecast, MenuItem, Plan
from .state import Combatant
from .pool_forecast import forecasts as pool_forecasts

SEPARATOR = "#"


def styled(fight: Fight, actor: Combatant, items: list[MenuItem]) -> list[MenuItem]:
    res = IR.resource(fight)
    out: list[MenuItem] = []
    for item in items:
        if not item.plan.damaging_attack:

            out.append(item)
            continue
        for style in res.styles:
            if style.spends is not None and (item.plan.kind == "sequence" or not IR.may_spend(fight, actor)):
                continue
            plan = dataclasses.replace(item.plan, style=style.id)
            forecasts = [_forecast(fight, actor, plan, style, fc) for fc in item.option.forecasts]
            words = "takes initiative" if style.takes is not None else f"spends {IR.number(actor)} initiative"
            option = item.option.model_copy(update={
                "id": f"{item.option.id}{SEPARATOR}{style.id}", "label": f"{item.option.label} ({style.label})",
                "forecasts": forecasts, "text": f"{item.option.text}; {style.label}: {words}".lstrip("; "),
            })
            out.append(MenuItem(option, plan))
    return out


def unnamed(fight: Fight, items: list[MenuItem], option_id: str) -> MenuItem | None:
    """The first style's option for a choice that names no style."""
    res = IR.resource(fight)
    if res is None or SEPARATOR in option_id:
        return None
    wanted = f"{option_id}{SEPARATOR}{res.styles[0].id}"
    return next((i for i in items if i.option.id == wanted), None)


# ---------------------------------------------------------------------------
# forecasts
# ---------------------------------------------------------------------------


def _forecast(fight: Fight, actor: Combatant, plan: Plan, style: InitiativeStyle, fc: Forecast) -> Forecast:
    target = fight.state.combatant(fc.target)
    if not fight.drawing.forecasting or target is None or fc.hit is None:
        return fc
    if style.takes is not None:
        unguarded = pool_forecasts(fight, actor, plan, [target], guarded=False)
        taken = unguarded[0].damage if unguarded else fc.damage
        return Forecast(target=fc.target, hit=fc.hit, take=taken)
    return Forecast(target=fc.target, hit=fc.hit, damage=round(fc.hit * spend_mean(fight, target, IR.number(actor)), 3))


def spend_mean(fight: Fight, target: Combatant, dice: float) -> float:
    """Expected damage of `dice` of initiative thrown at `target`: each die counts once at
    or above the damage target, nothing when they are below its hardness. Linear in the
    dice, so the tactics may weigh an expected (fractional) number."""
    if dice <= 0 or dice < IR.hardness(fight, target):
        return 0.0
    rules = P.damage_rules(fight)
    return dice * (rules.sides - rules.target + 1) / rules.sides


# ---------------------------------------------------------------------------
# tactics
# ---------------------------------------------------------------------------


def score(fight: Fight, actor: Combatant, item: MenuItem) -> tuple[float, list[str]]:
    """The best target's worth of a styled attack, one turn ahead."""
    style = IR.style_of(fight, item.plan)
    res = IR.resource(fight)
    now = IR.number(actor)
    best: tuple[float, str] | None = None
    for fc in item.option.forecasts:
        target = fight.state.combatant(fc.target)
        if target is None or target.side == actor.side or fc.hit is None:
            continue
        hit = fc.hit

        def later(number: float) -> float:
            # A spend next turn from `number`, at this attack's chance to hit.
            return hit * spend_mean(fight, target, number) if number > IR.line(fight) else 0.0

        if style.spends is not None:
            value = (fc.damage or 0.0) + later(res.base)
        else:
            gained = (fc.take or 0.0) + hit * style.takes.gain
            value = later(now + gained)
        if best is None or value > best[0]:
            best = (value, target.id)
    if best is None:
        return 0.0, []
    return best[0], [best[1]]
