"""What a saving throw is against, and whether a save modifier's `against` matches it
(spec/combat-1 "Saves against conditions, damage and magic", 1.134; `from` 1.185,
`actions` 1.191, `casts` 1.265; a save's own `against` 1.181 and `modes` 1.185).

Owns: `SaveContext` (the conditions the action would apply, even when the save prevents
them; the damage types of its amount, every `plus` clause and the save's own
`against.damage`, compared case-insensitively; whether it is magic, i.e. carries the
`"magical"` quality; who did it; the action's id, name and shared recharge group; the
catalog it was cast from; the save's own `modes`), the builders for an entry, a creature
action and a save that ends a condition, and `matches`.

A match on any one of `conditions`, `damage`, `magic`, `from` is enough; `actions` and
`casts` narrow everything else the modifier says. A save that ends a condition is against
that condition only (and against whoever applied it, for `from`). Concentration saves and
death saves are against nothing (`NOTHING`), so no `against` modifier reaches them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..dice import Mode
from ..ruleset.catalogs import CatalogEntry
from ..ruleset.creature_actions import CreatureAction
from ..ruleset.mechanics import Mechanics
from ..ruleset.mechanics.saves import SaveSucceeds
from ..ruleset.modifiers import SaveAgainst, TargetTest
from .creature_types import passes
from .fight import Fight
from .plans import cast_from
from .state import HeldCondition

MAGICAL = "magical"


@dataclass(frozen=True)
class SaveContext:
    conditions: frozenset[str] = frozenset()
    damage: frozenset[str] = frozenset()
    magic: bool = False
    #: The combatant whose action the save is against.
    source: str | None = None
    #: Lower-cased id, name and recharge group of the creature action (or the entry's id and label).
    actions: frozenset[str] = frozenset()
    #: The catalog the entry was cast from.
    catalogs: frozenset[str] = frozenset()
    #: The save's own `modes` (1.185): (target test, "advantage" | "disadvantage"), so a
    #: target the test passes rolls it twice (Sunbeam's undead, with disadvantage).
    modes: tuple[tuple[TargetTest, Mode], ...] = ()
    #: The save's own `succeeds` (1.181): who succeeds without rolling (Stinking Cloud).
    succeeds: SaveSucceeds | None = None
    #: The save's own `alliesMayFail` (1.278): a target on the source's side fails it
    #: without rolling (Calm Emotions).
    allies_fail: bool = False


NOTHING = SaveContext()


def _lower(values: Iterable[object]) -> frozenset[str]:
    return frozenset(v.lower() for v in values if isinstance(v, str) and v)


def counts_against(save: object) -> list[str]:
    """The damage types a save's own `against` says it also counts as being against (1.181:
    Stinking Cloud's save is against poison though the cloud deals none). `save` is an
    entry's or a creature action's save (or None), which both may carry `against`."""
    against = getattr(save, "against", None) if save is not None else None
    return list(getattr(against, "damage", None) or [])


def save_modes(save: object) -> tuple[tuple[TargetTest, Mode], ...]:
    """A save's own `modes` as (target test, mode) pairs."""
    return tuple((m.is_, m.mode) for m in (getattr(save, "modes", None) or []))


def for_entry(actor_id: str, entry_ref: str | None, entry: CatalogEntry | None, mech: Mechanics) -> SaveContext:
    """A save a catalog entry forces."""
    types = [mech.damageType, *[c.type for c in mech.plus or []], *counts_against(mech.save)]
    catalog = cast_from(entry_ref, mech)
    names = [getattr(entry, "id", None), getattr(entry, "label", None)]
    return SaveContext(
        conditions=frozenset(a.condition for a in mech.applies or []),
        damage=_lower(types),
        magic=MAGICAL in (mech.qualities or []),
        source=actor_id,
        actions=_lower(names),
        catalogs=frozenset([catalog]) if catalog else frozenset(),
        modes=save_modes(mech.save),
        succeeds=getattr(mech.save, "succeeds", None),
        allies_fail=bool(getattr(mech.save, "alliesMayFail", None)),
    )


def action_qualities(action: CreatureAction) -> tuple[str, ...]:
    """The item tags a stat-block action carries: its own `qualities` and its damage's."""
    damage = action.damage
    return (*(getattr(action, "qualities", None) or []), *((damage.qualities or []) if damage else []))


def for_action(actor_id: str, action: CreatureAction) -> SaveContext:
    """A save a creature's stat-block action forces."""
    damage = action.damage
    types = [damage.type, *[c.type for c in damage.plus or []]] if damage is not None else []
    types += counts_against(action.save)
    qualities = action_qualities(action)
    group = getattr(action.recharge, "group", None) if action.recharge is not None else None
    return SaveContext(
        conditions=frozenset(a.condition for a in action.applies or []),
        damage=_lower(types),
        magic=MAGICAL in qualities,
        source=actor_id,
        actions=_lower([action.id, action.name, group]),
        modes=save_modes(action.save),
        succeeds=getattr(action.save, "succeeds", None),
        allies_fail=bool(getattr(action.save, "alliesMayFail", None)),
    )


def for_condition(held: HeldCondition) -> SaveContext:
    """A save that ends a held condition: against that condition only."""
    return SaveContext(conditions=frozenset([held.id]), source=held.source)


def matches(fight: Fight, against: SaveAgainst | None, ctx: SaveContext | None) -> bool:
    """Whether a save modifier's `against` reaches a save made in `ctx`."""
    if against is None:
        return True
    if ctx is None:
        return False
    base: list[bool] = []
    if against.conditions:
        base.append(any(c in ctx.conditions for c in against.conditions))
    if against.damage:
        base.append(any(d.lower() in ctx.damage for d in against.damage))
    if against.magic:
        base.append(ctx.magic)
    if against.from_ is not None:
        base.append(_from_matches(fight, against.from_, ctx))
    if base and not any(base):
        return False
    if against.actions and not any(a.lower() in ctx.actions for a in against.actions):
        return False
    if against.casts and not any(c in ctx.catalogs for c in against.casts):
        return False
    return True


def _from_matches(fight: Fight, test: TargetTest, ctx: SaveContext) -> bool:
    source = fight.state.combatant(ctx.source) if ctx.source else None
    return source is not None and passes(fight, source, test)
