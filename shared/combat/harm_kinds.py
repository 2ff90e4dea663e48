"""The kind of harm a blow marks, and the target that changes it (spec/combat-2 "The target
picks the kind of harm", 1.148; spec/combat-1 `damageKinds`; spec/sheet.md harm tracks).

Owns: `read_on` (a value reference read on a combatant: its sheet, or only a constant for
a creature written in numbers), `kind_for` (the ordinary `default`/`byType` mapping, then
the first `remap` whose `when` is non-zero on the target and whose `tags`, if any, meet
the attack's; remaps never chain), `worst` (the most severe kind, for a track that marks
once per blow), `per_blow` and `blow_marks` (which part of a blow marks such a track).

The remapped kind sets the soak and the mark; the damage *type* is never changed, so
resistance and immunity still read the attack's own type.
"""

from __future__ import annotations

import math
from typing import Iterable

from ..ruleset.base import ValueRef
from . import effects as E
from .fight import Fight
from .state import Combatant


def read_on(fight: Fight, c: Combatant, ref: ValueRef | None) -> float:
    """A value reference read on `c`. A creature with no sheet can satisfy a constant
    reference but gives nothing else."""
    if ref is None:
        return 0.0
    view = fight.view(c)
    if view is not None:
        return view.value(ref)
    return float(ref.const) if ref.const is not None else 0.0


def kind_for(fight: Fight, target: Combatant, dtype: str | None, tags: Iterable[str] = ()) -> tuple[str | None, str | None]:
    """(kind the blow marks on `target`, the ordinary kind before any remap)."""
    kinds = fight.combat.damageKinds
    if kinds is None:
        return None, None
    ordinary = E.harm_kind(fight, dtype)
    held = set(tags)
    for rule in kinds.remap or []:
        if rule.from_ != ordinary:
            continue
        if rule.tags and not held & set(rule.tags):
            continue
        if math.floor(read_on(fight, target, rule.when)) != 0:
            return rule.to, ordinary
    return ordinary, ordinary


def per_blow(fight: Fight) -> bool:
    kinds = fight.combat.damageKinds
    return kinds is not None and kinds.marks == "per-blow"


def worst(fight: Fight, kinds: Iterable[str | None]) -> str | None:
    """The most severe of `kinds` by the health track's own `severity`."""
    track_id = fight.combat.health.track
    live = fight.ruleset.sheet.live
    severity: dict[str, int] = {}
    for track in (live.tracks or []) if live else []:
        if track.id == track_id:
            severity = {k.id: k.severity for k in track.kinds or []}
    found = [k for k in kinds if k is not None]
    return max(found, key=lambda k: severity.get(k, 0)) if found else None


def blow_marks(fight: Fight, target: Combatant, parts: list[tuple[str | None, int, str | None]]) -> list[int | None]:
    """How many boxes each part of one blow fills, the parts given as (kind of harm, amount,
    damage type): None for every part (each marks what it lands) unless the track marks
    `per-blow`, when the one part of the most severe kind that lands anything marks one
    box and the others none (a compound hit marks once, by its worse kind)."""
    if not per_blow(fight):
        return [None] * len(parts)
    landing = [E.adjust_for_type(fight, target, amount, dtype)[0] > 0 for _kind, amount, dtype in parts]
    most = worst(fight, [kind for (kind, _a, _t), lands in zip(parts, landing) if lands])
    marks: list[int | None] = [0] * len(parts)
    for i, ((kind, _a, _t), lands) in enumerate(zip(parts, landing)):
        if lands and kind == most:
            marks[i] = 1
            break
    return marks
