"""The party sheet read by the sheet engine's own rules.

Owns: `party_rules(ruleset)`, a ruleset-shaped view of the top-level `party` (its fields,
lists and pools as a sheet with nothing else: no abilities, derived values, tracks or
rests), kept per ruleset so the sheet engine's index is built once. Party pools therefore
follow exactly the current/max computation, defaults and `hideWhen` of character pools,
and party fields and lists are checked by the same value rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.ruleset.catalogs import Catalog
from shared.ruleset.items import Items
from shared.ruleset.package import Ruleset
from shared.ruleset.party import Party
from shared.ruleset.resolution import Resolution
from shared.ruleset.rests import Rest
from shared.ruleset.sheet import Sheet
from shared.ruleset.sheet_live import Live


@dataclass(frozen=True, eq=False)
class PartyRules:
    """What `shared.sheet` reads from a ruleset, for the party sheet."""

    sheet: Sheet
    party: Party
    catalogs: list[Catalog] | None = None
    resolution: Resolution | None = None
    rests: list[Rest] | None = None
    items: Items | None = None


_CACHE: dict[int, tuple[Ruleset, PartyRules]] = {}
_CACHE_SIZE = 16


def party_rules(ruleset: Ruleset) -> PartyRules | None:
    """The party sheet's rules, or None when the ruleset has no `party`."""
    party = ruleset.party
    if party is None:
        return None
    hit = _CACHE.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    sheet = Sheet(
        version=1,
        fields=list(party.fields or []),
        lists=list(party.lists or []),
        live=Live(pools=list(party.pools or [])),
    )
    rules = PartyRules(sheet=sheet, party=party, catalogs=ruleset.catalogs)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[id(ruleset)] = (ruleset, rules)
    return rules
