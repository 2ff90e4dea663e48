"""What a `symbol-pool` fight does not throw with symbol dice yet, refused by name when the
fight starts instead of being rolled as sums or silently ignored.

Owns: `refusals(ruleset)`, one sentence per part of the package the symbol resolver would
otherwise get wrong, naming the key and its Capability API version: contests (each side's
dice, more net successes winning, are not thrown yet) and reactions that answer a hit
before its damage (the symbol attack does not hold for a hit window; its own hold is a
player's spend decision).
"""

from __future__ import annotations

from ..ruleset.package import Ruleset


def refusals(ruleset: Ruleset) -> list[str]:
    combat = ruleset.combat
    out: list[str] = []
    lead = f'{ruleset.name} is a "symbol-pool" fight, and'
    if combat.contests:
        out.append(f'{lead} "combat.contests" are not thrown with symbol dice yet (Capability API 1.43)')
    for cat in ruleset.catalogs or []:
        for entry in cat.entries:
            mech = getattr(entry, "mechanics", None)
            reactions = [getattr(mech, "reaction", None)]
            creature = getattr(entry, "creature", None)
            reactions += [getattr(a, "reaction", None) for a in getattr(creature, "actions", None) or []]
            if any(getattr(r, "on", None) == "hit" for r in reactions):
                out.append(f'{lead} "{cat.id}/{entry.id}" answers a hit before its damage (reaction "on": "hit", '
                           "Capability API 1.46), which a symbol attack does not hold for yet")
    return out
