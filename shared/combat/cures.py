"""Cures an entry or a creature action carries (mechanics-1 "Curing conditions", 1.176;
`ends.from` 1.236; a creature's `ends` 1.261): what counts as one, what it would cure, and
whom an option that only cures may be aimed at.

Owns: `cures(source)` (it ends conditions, stabilizes, revives, moves tracks or unseals
health, 1.201), `only_cures(source)` (it
does nothing else: no amount, damage, healing, temporary points or conditions), `curable`
(the held conditions `ends` removes from a target: its `conditions` in their order, a name
matching a condition or one of its `kinds`, only those applied by a creature passing
`ends.from`, at most `count` of the names), `helped` and `cure_refusal`: an option that only
cures is offered only against someone it will help, so Lesser Restoration reaches only a
holder of what it ends, Spare the Dying only the dying (down, still counting against death,
not yet stabilized) and Revivify only someone of the user's side who died no more than
`withinRounds` rounds ago (`the_dead`, whom no other option reaches), Greater Restoration's
exhaustion -1 only someone with a level to lose and its `unseals` only someone whose maximum
is `sealed`. A `utility` entry that
cures is offered and aimed like any other (plan_reading.py, costs.py). Landing the cure is
entries.apply_conditions (condition_off.remove_condition, effects.stabilize, effects.revive).
"""

from __future__ import annotations

from typing import Any

from ..ruleset.base import any_key
from . import numbers as N
from ..sheet.sealed import is_sealed
from .creature_types import passes
from .fight import Fight
from .state import Combatant, HeldCondition

#: What makes an option a cure (entry and creature action keys alike).
CURE_KEYS = ("ends", "stabilizes", "revives", "tracks", "unseals")
#: What makes an option do more than cure.
OTHER_EFFECT_KEYS = ("amount", "damage", "heal", "temporary", "applies")


def cures(source: Any) -> bool:
    """Whether the entry, item use or creature action carries a cure."""
    return any_key(source, CURE_KEYS)


def only_cures(source: Any) -> bool:
    """A cure and nothing else the target would feel."""
    return any_key(source, CURE_KEYS) and not any_key(source, OTHER_EFFECT_KEYS)


def dead_within(target: Combatant, rounds: int, now: int) -> bool:
    """Died in this fight no more than `rounds` rounds ago."""
    return target.out and target.died_round is not None and now - target.died_round <= rounds


def the_dead(combatants: list[Combatant], actor: Combatant, mech: Any, now: int) -> list[Combatant]:
    """Those of `actor`'s side a `revives` entry may still bring back."""
    revives = getattr(mech, "revives", None)
    if revives is None:
        return []
    return [c for c in combatants if c.side == actor.side and dead_within(c, revives.withinRounds, now)]


def curable(fight: Fight, source: Any, target: Combatant, *,
            paid: tuple[str | None, int] | None = None) -> list[HeldCondition]:
    """The held conditions the option's `ends` takes off `target`, in the order it names them.
    `paid` is the cure's own catalog and the level it was paid at, as it lands: a condition
    with `curedOnlyBy` (mechanics-3 1.261) counts then only for a cure from one of its
    catalogs paid at its `minLevel` or higher (a creature's action is from no catalog).
    Without it (the menu, which has not paid yet) the condition counts."""
    ends = getattr(source, "ends", None)
    if ends is None:
        return []
    rules = N.condition_rules(fight.ruleset)
    out: list[HeldCondition] = []
    names = 0
    for name in ends.conditions:
        if ends.count is not None and names >= ends.count:
            break
        found = [h for h in target.conditions if _named(h, name, rules) and _from_passes(fight, h, ends.from_)
                 and (paid is None or cure_reaches(rules.get(h.id), *paid))]
        if found:
            names += 1
            out += [h for h in found if h not in out]
    return out


def cure_reaches(rule: Any, catalog: str | None, level: int) -> bool:
    """Whether a cure from `catalog` paid at `level` may remove a condition of `rule`."""
    only = getattr(rule, "curedOnlyBy", None) if rule is not None else None
    return only is None or (catalog in only.catalogs and level >= (only.minLevel or 0))


def _named(held: HeldCondition, name: str, rules: dict[str, Any]) -> bool:
    rule = rules.get(held.id)
    return held.id == name or (rule is not None and name in (getattr(rule, "kinds", None) or []))


def _from_passes(fight: Fight, held: HeldCondition, test: Any) -> bool:
    if test is None:
        return True
    source = fight.state.combatant(held.source) if held.source is not None else None
    return source is not None and passes(fight, source, test)


def helped(fight: Fight, source: Any, target: Combatant) -> bool:
    """Whether a cure does something for `target`."""
    if getattr(source, "stabilizes", None) and target.down and not target.out and target.dying is not None:
        return True
    revives = getattr(source, "revives", None)
    if revives is not None and dead_within(target, revives.withinRounds, fight.state.round):
        return True
    if target.out:
        return False
    if getattr(source, "unseals", None) and sealed(fight, target):
        return True
    if any(_moves(fight, target, shift) for shift in getattr(source, "tracks", None) or []):
        return True
    return bool(curable(fight, source, target))


def sealed(fight: Fight, target: Combatant) -> bool:
    """Whether some of `target`'s health maximum is sealed (shared/sheet/sealed.py): what
    `unseals` gives back (1.201)."""
    pool = fight.combat.health.pool
    return target.sheet is not None and pool is not None and is_sealed(target.sheet, pool)


def _moves(fight: Fight, target: Combatant, shift: Any) -> bool:
    """Whether a `tracks` shift (1.201) would move the track at all, within its bounds."""
    view = fight.view(target)
    if view is None:
        value, low, high = target.tracks.get(shift.track, 0), 0, None
    else:
        info = view.track(shift.track)
        if info is None:
            return False
        value, low, high = info.value, info.min, info.max
    return value > low if shift.by < 0 else (high is None or value < high)


def cure_refusal(fight: Fight, target: Combatant, source: Any) -> str | None:
    """Why an option that only cures may not be aimed at `target`, or None."""
    if source is None or not only_cures(source) or helped(fight, source, target):
        return None
    return f"{target.name} has nothing it cures, so it helps nothing"
