"""Putting a condition on a combatant, the one way every rule does it (the other half of
condition_off.py): refused to an immune holder, or while it holds one of the same `oneAtATime`
group (mechanics-2 1.256), or without its `endsWith` partner (1.202); on again keeps the
longer clock and counts `stacks` (mechanics-1 1.189); `onePerSource` takes it off whoever
else had it from the same source (1.189).

Owns: `put_condition`, `has_condition`, `one_at_a_time_held` and `PUT_ON` (the hooks a module
above registers to act as a condition is put on: size_conditions.py, behavior.py). Written to the sheet for a
sheet combatant (but an aura's and a kept one), a sentence in the log. Below effects.py, which
puts the dying condition on.
"""

from __future__ import annotations

from typing import Any, Callable

from ..sheet import set_condition
from . import numbers as N
from .fight import Fight
from .condition_off import remove_condition, sheet_conditions
from .state import Combatant, HeldCondition


#: What a condition does as it is put on, once its line is in the log (size_conditions.py:
#: a size-changing condition, 1.195; behavior.py: `drops` at `applied`, mechanics-3 1.266);
#: each gets the condition's `combat.conditions` rule.
PUT_ON: list[Callable[[Fight, Combatant, HeldCondition, Any], None]] = []


def has_condition(c: Combatant, cid: str) -> bool:
    return any(h.id == cid for h in c.conditions)


def one_at_a_time_held(fight: Fight, c: Combatant, cid: str) -> HeldCondition | None:
    """The condition `c` holds of the same `oneAtATime` group as `cid` (1.256), if any."""
    rules = N.condition_rules(fight.ruleset)
    group = getattr(rules.get(cid), "oneAtATime", None)
    if group is None:
        return None
    return next((h for h in c.conditions if getattr(rules.get(h.id), "oneAtATime", None) == group), None)


def put_condition(fight: Fight, c: Combatant, cid: str, *, source: str | None, rounds: int | None,
                  at: str = "turn-end", of: str = "holder", save: str | None = None, save_at: str | None = None,
                  dc: int | None = None, ends_after: str | None = None, tracked: bool = True,
                  concentration: str | None = None, this_action: bool = False, quiet: bool = False,
                  escape: int | None = None, escape_checks: list[str] | None = None,
                  ends_when_holder: Any = None, harm_more: str | None = None,
                  save_by_source: bool | None = None, ends_with: str | None = None,
                  aura: str | None = None, kept: bool | None = None) -> bool:
    """Puts condition `cid` on `c` (or on again). `ends_with` (an `applies` item's `endsWith`,
    mechanics-2 1.202) ties a condition this use puts on to its partner, which must be there.
    `aura` (the holder whose aura spreads it) and `kept` (`keepsOn`) put on a condition that
    is never written to the sheet (mechanics-3 1.263)."""
    name = N.label(fight.ruleset, "condition", cid)
    if ends_with is not None and not has_condition(c, ends_with):
        fight.emit("note", f"{name} is not put on {c.name}: it ends with "
                   f"{N.label(fight.ruleset, 'condition', ends_with)}, which {c.name} does not have.",
                   target=c.id, condition=cid)
        return False
    why = N.immunity_source(fight, c, cid, applier=fight.state.combatant(source) if source else None)
    if why is not None:
        fight.emit("immune", f"{c.name} is immune to {name}{f' while {why}' if why else ''}.",
                   target=c.id, condition=cid)
        return False
    kin = one_at_a_time_held(fight, c, cid)
    if kin is not None:
        # mechanics-2 1.256: one condition of a `oneAtATime` group at a time, the same one
        # again included (it is not refreshed either); the event reports `already`.
        held_name = N.label(fight.ruleset, "condition", kin.id)
        fight.emit("condition", f"{name} is not put on {c.name}: {c.name} is already {held_name}, one of a kind held one at a time.",
                   target=c.id, condition=cid, already=kin.id)
        return False
    for held in c.conditions:
        if held.id == cid:
            # The same condition twice is still one condition: keep the longer clock.
            if rounds is not None and (held.rounds is None or held.rounds < rounds) and held.save is None:
                held.rounds = rounds
            _stack(fight, c, held, name, harm_more)
            return True
    put = HeldCondition(
        id=cid, source=source, rounds=rounds, at=at, of=of, save=save, save_at=save_at, dc=dc,
        ends_after=ends_after, tracked=tracked, concentration=concentration, this_action=this_action,
        escape=escape, escape_checks=escape_checks, harm_more=harm_more, save_by_source=save_by_source,
        # Only the condition this use puts on ends with its partner: one held already stays.
        ends_with=ends_with,
        ends_on_attack=(ends_when_holder.attacks or None) if ends_when_holder is not None else None,
        ends_on_casts=list(ends_when_holder.casts) if ends_when_holder is not None and ends_when_holder.casts else None,
        aura=aura, kept=kept,
    )
    c.conditions.append(put)
    if c.sheet is not None and aura is None and not kept and cid in sheet_conditions(fight):
        fight.write(c, set_condition(fight.ruleset, c.sheet, cid, True))
    if not quiet:
        clock = f" for {rounds} round{'s' if rounds != 1 else ''}" if rounds else (" until saved" if save else "")
        fight.emit("condition", f"{c.name} is {name}{clock}.", target=c.id, condition=cid, rounds=rounds)
    _one_per_source(fight, c, cid, source)
    if PUT_ON:
        rule = N.condition_rules(fight.ruleset).get(cid)
        for hook in PUT_ON:
            hook(fight, c, put, rule)
    return True


def _stack(fight: Fight, c: Combatant, held: HeldCondition, name: str, harm_more: str | None) -> None:
    """`stacks` (mechanics-1 1.189, the Sword of Wounding): applied again while in effect, one
    more application up to the condition's limit; its harm is dealt once for each."""
    limit = getattr(N.condition_rules(fight.ruleset).get(held.id), "stacks", None)
    if limit is None:
        return
    count = held.stacks or 1
    if count >= limit:
        fight.emit("condition", f"{c.name} is already {name} {count} times, as many as it stacks.",
                   target=c.id, condition=held.id, stacks=count)
        return
    held.stacks = count + 1
    if harm_more is not None:
        held.harm_more = harm_more
    fight.emit("condition", f"{c.name} is {name} again: {held.stacks} applications.",
               target=c.id, condition=held.id, stacks=held.stacks)


def _one_per_source(fight: Fight, c: Combatant, cid: str, source: str | None) -> None:
    """`onePerSource` (mechanics-1 1.189, the Oathbow's sworn enemy): put on `c`, the
    condition leaves whoever else had it from the same source."""
    rule = N.condition_rules(fight.ruleset).get(cid)
    if source is None or rule is None or not getattr(rule, "onePerSource", None):
        return
    for other in fight.state.combatants:
        if other is c:
            continue
        for held in [h for h in other.conditions if h.id == cid and h.source == source]:
            remove_condition(fight, other, held, reason=f"it is now on {c.name}, one holder per source")
