"""What a `dice-pool` fight does not throw as a pool, refused by name when the fight starts
instead of being rolled as sums or silently ignored.

Owns: `refusals(ruleset)`, one sentence per part of the package that the pool resolver
would otherwise get wrong, naming the key and its Capability API version. Today that is a
condition's rolled modifier (`dice`): every number a pool roll adds is dice, so the spec
rejects a modifier that is itself rolled ("so they are `flat` numbers").
"""

from __future__ import annotations

from ..ruleset.package import Ruleset


def refusals(ruleset: Ruleset) -> list[str]:
    out: list[str] = []
    lead = f'{ruleset.name} is a "dice-pool" fight, and'
    for cond in ruleset.combat.conditions or []:
        for mod in cond.modifiers or []:
            if mod.dice:
                out.append(f'{lead} the "{mod.to}" modifier of condition "{cond.condition}" is rolled ("dice": '
                           f'"{mod.dice}"); a pool fight adds dice, so its modifiers are "flat" numbers '
                           "(Capability API 1.45)")
    return out
