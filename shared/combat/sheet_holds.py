"""What a creature held to its tier (tier_hold.py, spec/combat-2 "Opponents nobody wrote")
may still use: the readers the fight asks, `held_defense`, `held_to_hit`, `held_difficulty`,
`held_weapon`, `held_weapon_damage` and `held_amount`, over `Combatant.held`.

`held` is a `TierHold` (state.py): caps on defense, to-hit and save difficulty, and the
weapons' and entries' damage held to the tier.
"""

from __future__ import annotations

from typing import Any

from ..dice import DiceExpr, parse_dice
from .fight import Fight
from .state import Combatant, EntryHold, WeaponHold

_REFS: dict[int, tuple[Any, dict[int, str]]] = {}


def held_defense(c: Combatant, value: int) -> int:
    cap = c.held.defense if c.held is not None else None
    return min(value, cap) if cap is not None else value


def held_to_hit(c: Combatant, value: int) -> int:
    cap = c.held.to_hit if c.held is not None else None
    return min(value, cap) if cap is not None else value


def held_difficulty(c: Combatant, value: int | None) -> int | None:
    cap = c.held.save_difficulty if c.held is not None else None
    return min(value, cap) if cap is not None and value is not None else value


def held_weapon(c: Combatant, ref: str) -> WeaponHold | None:
    return c.held.weapons.get(ref) if c.held is not None else None


def entry_ref(fight: Fight, mech: Any) -> str | None:
    """The `<catalog>/<entry>` whose mechanics `mech` is (worked out once per ruleset)."""
    ruleset = fight.ruleset
    cached = _REFS.get(id(ruleset))
    if cached is None or cached[0] is not ruleset:
        refs = {id(e.mechanics): f"{cat.id}/{e.id}" for cat in ruleset.catalogs or [] for e in cat.entries
                if e.mechanics is not None}
        cached = _REFS[id(ruleset)] = (ruleset, refs)
    return cached[1].get(id(mech))


def held_amount(fight: Fight, c: Combatant, mech: Any) -> EntryHold | None:
    entries = c.held.entries if c.held is not None else None
    if not entries:
        return None
    ref = entry_ref(fight, mech)
    return entries.get(ref) if ref is not None else None


# ---------------------------------------------------------------------------
# holding a built creature
# ---------------------------------------------------------------------------


def held_weapon_damage(c: Combatant, ref: str, damage: DiceExpr, strikes: int) -> tuple[DiceExpr, int]:
    held = held_weapon(c, ref)
    if held is None:
        return damage, strikes
    return parse_dice(held.dice), min(strikes, held.strikes)
