"""What a combatant *is* for the tests that read it: creature types (1.168). `type_of` and
`tags_of` a combatant (a creature's own `type` and `tags`; a sheet character's
`combat.creatureTypes.field` when its value is one of the types, otherwise `default`),
`passes(test)` (any one type or tag matches; a combatant with neither matches nothing),
`of_kind` (a kind named at casting, 1.270: one type or tag), `kinds` (every type and tag a
use may name) and `describe_test` / `type_label` (the words a log sentence uses). Below targeting, saves and damage, which
all ask it.
"""

from __future__ import annotations

from ..ruleset.modifiers import TargetTest
from .fight import Fight
from .state import Combatant


def type_of(fight: Fight, c: Combatant) -> str | None:
    """A creature's own `type`; a sheet character's `field` value if it is one of the
    types, else the `default`. None when the ruleset declares no creature types and the
    creature names none."""
    block = c.block or {}
    own = block.get("type")
    if isinstance(own, str):
        return own
    types = fight.combat.creatureTypes
    view = fight.view(c)
    if types is None or view is None:
        return None
    if types.field is not None:
        value = view.field(types.field)
        if isinstance(value, str) and value in {t.id for t in types.types}:
            return value
    return types.default


def tags_of(c: Combatant) -> list[str]:
    tags = (c.block or {}).get("tags")
    return [t for t in tags if isinstance(t, str)] if isinstance(tags, list) else []


def passes(fight: Fight, c: Combatant, test: TargetTest | None) -> bool:
    """A target test passes if any one of its types or tags matches."""
    if test is None:
        return True
    kind = type_of(fight, c)
    if kind is not None and kind in (test.types or []):
        return True
    return any(tag in (test.tags or []) for tag in tags_of(c))


def of_kind(fight: Fight, c: Combatant, kind: str) -> bool:
    """Whether `c` is of the kind a use named (`kindChoice`, 1.270): its type, or one of its tags."""
    return type_of(fight, c) == kind or kind in tags_of(c)


def kinds(fight: Fight) -> list[str]:
    """Every kind a use may name: the ruleset's creature types, then its tags."""
    types = fight.combat.creatureTypes
    if types is None:
        return []
    return [t.id for t in [*types.types, *(types.tags or [])]]


def type_label(fight: Fight, ident: str) -> str:
    types = fight.combat.creatureTypes
    for entry in [*(types.types if types else []), *((types.tags or []) if types else [])]:
        if entry.id == ident:
            return entry.label
    return ident


def describe_test(fight: Fight, test: TargetTest) -> str:
    """`dragon or undead`: the words a log sentence uses for a target test."""
    names = [type_label(fight, t) for t in [*(test.types or []), *(test.tags or [])]]
    return " or ".join(names) if names else "nothing"
