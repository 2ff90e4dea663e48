"""Diseases in a fight (spec/mechanics-2 "Diseases (1.258)", mechanics-3 "Diseases between
fights (1.260)" and "Disease stages (1.261)").

Owns:
- `keep_count`: an `applies` item whose `saveEnds` keeps count (`successes`, `failures`
  with `becomes`) marks the condition it put on with what it counts to;
- `turn_save`: a repeated save's outcome on such a condition: a success removes it only
  once `successes` have been made; a failure counts, and the `failures`-th one puts
  `becomes` in its place, with no countdown and no further saves (the condition event
  reports `worsened`: Contagion setting in as blinding sickness);
- `roll_out`: as any fight ends, the remaining per-turn saves of those counting saves are
  rolled until each is shaken off or has set in (a save made only on damage waits);
- `worsen` / `expire`: a condition turned into another, by its failures or by its own
  countdown running out (`expires.becomes`, also at the end of the fight; never when
  removed by other means);
- `on_damaged`: `onDamaged.applies` put on the holder each time it takes damage, with
  their countdowns (Slimy Doom's stun);

`curedOnlyBy` (only a cure from those catalogs, paid at `minLevel` or higher, removes the
condition) is read where a cure is (cures.curable).

A condition without a countdown is not removed when the fight ends (outcome.finish), so a
disease that has set in stays on the sheet until something cures it. What a disease does
at a rest is the sheet engine's (shared/sheet/diseases.py).
"""

from __future__ import annotations

from typing import Any

from ..sheet import set_condition
from . import saves as SV
from . import condition_on as CN
from . import numbers as N
from .condition_off import remove_condition, sheet_conditions
from .fight import Fight
from .saves_against import for_condition
from .state import Combatant, HeldCondition

#: Saves rolled out per condition at the end of a fight, at most (a count is at most 10
#: each way, so 19 decide it; the cap only guards against a rule that never decides).
_ROLL_OUT_CAP = 40


def keep_count(target: Combatant, cid: str, save_ends: Any) -> None:
    """Marks the condition `cid` just put on `target` with the counts of its `saveEnds`."""
    if save_ends is None or (save_ends.successes is None and save_ends.failures is None):
        return
    held = next((h for h in reversed(target.conditions) if h.id == cid), None)
    if held is None or held.save is None:
        return
    held.save_goal = save_ends.successes
    held.save_wins = 0 if save_ends.successes is not None else None
    if save_ends.failures is not None:
        held.worsen_at = save_ends.failures.count
        held.becomes = save_ends.failures.becomes
        held.save_fails = 0


def counts(held: HeldCondition) -> bool:
    return held.save_goal is not None or held.worsen_at is not None


def turn_save(fight: Fight, c: Combatant, held: HeldCondition, *, after: str = "", lean: str | None = None) -> None:
    """One repeated save against `held` (its `save` and `dc`), and what it does; `after`
    says what called for it in the log (", having taken damage"); `lean` is its `seenLean`
    while the applier is in sight (source_saves.py)."""
    name = N.label(fight.ruleset, "condition", held.id)
    assert held.save is not None and held.dc is not None
    made = SV.roll_save(fight, c, held.save, held.dc, why=f"to end {name}{after}", against=for_condition(held),
                       lean=lean)
    if held not in c.conditions:
        return
    if made:
        if held.save_goal is None:
            remove_condition(fight, c, held, reason="the save ends it")
            return
        held.save_wins = (held.save_wins or 0) + 1
        if held.save_wins >= held.save_goal:
            remove_condition(fight, c, held, reason=f"{held.save_wins} saves end it")
        else:
            fight.emit("note", f"{c.name} has made {held.save_wins} of the {held.save_goal} saves that end {name}.",
                       target=c.id, condition=held.id, successes=held.save_wins)
        return
    if held.worsen_at is None:
        return
    held.save_fails = (held.save_fails or 0) + 1
    if held.save_fails >= held.worsen_at and held.becomes is not None:
        worsen(fight, c, held, held.becomes, f"after {held.save_fails} failed saves")
    else:
        fight.emit("note", f"{c.name} has failed {held.save_fails} of the {held.worsen_at} saves after which {name} "
                   f"worsens.", target=c.id, condition=held.id, failures=held.save_fails)


def worsen(fight: Fight, c: Combatant, held: HeldCondition, becomes: str, why: str) -> None:
    """`held` turned into `becomes`, with no countdown and no saves (mechanics-2 1.258,
    mechanics-3 1.261): the old one is taken off quietly and the new one reported as
    `worsened`."""
    old = N.label(fight.ruleset, "condition", held.id)
    new = N.label(fight.ruleset, "condition", becomes)
    # Taken off without what it leaves behind at its end: it has not ended, it has changed.
    c.conditions.remove(held)
    if c.sheet is not None and held.id in sheet_conditions(fight):
        fight.write(c, set_condition(fight.ruleset, c.sheet, held.id, False))
    if CN.put_condition(fight, c, becomes, source=held.source, rounds=None, quiet=True):
        fight.emit("condition", f"{c.name}'s {old} worsens {why}: {c.name} is {new}.", target=c.id,
                   condition=becomes, worsened=held.id)


def expire(fight: Fight, c: Combatant, held: HeldCondition) -> bool:
    """A countdown run out: True when the condition's `expires` turned it into another."""
    rule = N.condition_rules(fight.ruleset).get(held.id)
    expires = getattr(rule, "expires", None) if rule is not None else None
    if expires is None:
        return False
    worsen(fight, c, held, expires.becomes, "as its time runs out")
    return True


def roll_out(fight: Fight) -> None:
    """The end of any fight (mechanics-3 1.260): each counting per-turn save is rolled on
    until the condition is shaken off or has set in, and a countdown with `expires` runs
    out into what it becomes."""
    for c in fight.state.combatants:
        if c.out:
            continue
        for held in list(c.conditions):
            if counts(held) and held.save is not None and held.dc is not None and held.save_at in ("turn-end", "turn-start"):
                for _ in range(_ROLL_OUT_CAP):
                    if held not in c.conditions:
                        break
                    turn_save(fight, c, held)
            elif held.rounds is not None and held in c.conditions:
                expire(fight, c, held)


def on_damaged(fight: Fight, c: Combatant) -> None:
    """`onDamaged.applies` of every condition `c` holds, put on `c` as it takes damage."""
    if c.out:
        return
    rules = N.condition_rules(fight.ruleset)
    for held in list(c.conditions):
        rule = rules.get(held.id)
        damaged = getattr(rule, "onDamaged", None) if rule is not None else None
        if damaged is None:
            continue
        for apply in damaged.applies:
            duration = apply.duration
            CN.put_condition(fight, c, apply.condition, source=held.source, rounds=duration.rounds,
                            at=duration.at or "turn-end")
