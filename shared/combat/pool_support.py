"""What a `dice-pool` fight does not throw as a pool yet, refused by name when the fight
starts instead of being rolled as sums or silently ignored.

Owns: `refusals(ruleset)`, one sentence per part of the package that the pool resolver
would otherwise get wrong, naming the key and its Capability API version.
"""

from __future__ import annotations

from ..ruleset.package import Ruleset


def refusals(ruleset: Ruleset) -> list[str]:
    combat = ruleset.combat
    out: list[str] = []
    lead = f'{ruleset.name} is a "dice-pool" fight, and'
    initiative = combat.initiative
    if initiative.resource is not None:
        out.append(f'{lead} "initiative.resource" (initiative that attacks move, Capability API 1.48) is not '
                   "resolved yet")
    if combat.contests:
        out.append(f'{lead} "combat.contests" are not thrown as pools yet (Capability API 1.43)')
    for cond in combat.conditions or []:
        for mod in cond.modifiers or []:
            if mod.to in ("damage", "damage-taken"):
                out.append(f'{lead} the "{mod.to}" modifier of condition "{cond.condition}" (Capability API 1.133) '
                           "is not thrown as damage dice yet")
    for cat in ruleset.catalogs or []:
        for entry in cat.entries:
            mech = getattr(entry, "mechanics", None)
            if mech is not None and mech.kind == "rider":
                out.append(f'{lead} the rider "{cat.id}/{entry.id}" (kind "rider") is not thrown as a damage pool yet')
            reactions = [getattr(mech, "reaction", None)]
            creature = getattr(entry, "creature", None)
            reactions += [getattr(a, "reaction", None) for a in getattr(creature, "actions", None) or []]
            if any(getattr(r, "on", None) == "hit" for r in reactions):
                out.append(f'{lead} "{cat.id}/{entry.id}" answers a hit before its damage (reaction "on": "hit", '
                           "Capability API 1.46), which a pool attack does not hold for yet")
    return out
