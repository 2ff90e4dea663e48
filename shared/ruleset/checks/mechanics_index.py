"""What a `mechanics` block and the mechanics-1 keys of other blocks may name, gathered
once per package, with the small lookups the mechanics checks share.

Owns: `MechanicsIndex` (`index_of(pkg)`) and the reporting helpers (`unknown_*`,
`check_target_test`). Has no `check` of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from ..errors import PathPart, Problems
from ..sheet_refs import sheet_ids
from . import combat_refs
from .combat_refs import CombatIds, combat_ids

if TYPE_CHECKING:
    from ..package import Ruleset

Path = list[PathPart]


def _ids(items: Any, key: str = "id") -> set[str]:
    return {getattr(i, key) for i in items or [] if isinstance(getattr(i, key, None), str)}


@dataclass
class MechanicsIndex:
    pkg: Any
    #: the combat block's ids, shared with the combat checks (same rules, same words)
    cids: CombatIds
    combat: Any
    pools: set[str]
    tracks: set[str]
    conditions: set[str]
    #: kinds of combat conditions (1.258): a cure may name one instead of a condition
    condition_kinds: set[str]
    saves: set[str]
    abilities: set[str]
    lists: dict[str, Any]
    budgets: set[str] | None
    standard: set[str] | None
    damage_types: set[str] | None
    catalogs: dict[str, Any]
    item_tags: set[str]
    types: set[str] | None
    type_tags: set[str]
    attack_lists: dict[str, Any]
    checks: set[str]
    components: set[str] | None
    senses: set[str] | None
    combat_kind: str | None
    die_sides: int | None


def index_of(pkg: "Ruleset") -> MechanicsIndex:
    ids = sheet_ids(pkg)
    combat = getattr(pkg, "combat", None)
    economy = getattr(combat, "economy", None)
    damage_types = getattr(combat, "damageTypes", None)
    types = getattr(combat, "creatureTypes", None)
    components = getattr(combat, "components", None)
    senses = getattr(combat, "senses", None)
    resolution = getattr(pkg, "resolution", None)
    return MechanicsIndex(
        pkg=pkg,
        cids=combat_ids(pkg),
        combat=combat,
        pools=set(ids.pools),
        tracks=set(ids.tracks),
        conditions=set(ids.conditions),
        condition_kinds={
            k for c in getattr(combat, "conditions", None) or [] for k in getattr(c, "kinds", None) or []
        },
        saves=set(ids.saves),
        abilities=set(ids.abilities),
        lists=dict(ids.lists),
        budgets=_ids(getattr(economy, "budgets", None)) if combat is not None else None,
        standard=set(getattr(combat, "standard", None) or []) if combat is not None else None,
        damage_types={t.lower() for t in damage_types} if damage_types is not None else None,
        catalogs={c.id: c for c in getattr(pkg, "catalogs", None) or []},
        item_tags=_ids(getattr(getattr(pkg, "items", None), "tags", None)),
        types=_ids(getattr(types, "types", None)) if types is not None else None,
        type_tags=_ids(getattr(types, "tags", None)),
        attack_lists={a.list: a for a in getattr(combat, "attacks", None) or []},
        checks=_ids(getattr(combat, "checks", None)),
        components=_ids(components) if components is not None else None,
        senses=_ids(senses) if senses is not None else None,
        combat_kind=getattr(combat, "kind", None),
        die_sides=(
            getattr(getattr(resolution, "die", None), "sides", None)
            if getattr(resolution, "kind", None) == "dice-pool"
            else None
        ),
    )


# ---------------------------------------------------------------------------
# Reporting helpers: each adds one line per unknown id, in the package's own words.
# ---------------------------------------------------------------------------


def pool(ix: MechanicsIndex, name: str, path: Path, problems: Problems) -> None:
    if name in ix.pools:
        return
    if name in ix.tracks:
        problems.add(path, f'"{name}" is a track, not a pool')
    else:
        problems.add(path, f'unknown pool "{name}"')


def budget(ix: MechanicsIndex, name: str | None, path: Path, problems: Problems) -> None:
    # Without a combat block nothing spends budgets, so there is nothing to hold them to.
    if ix.combat is not None:
        combat_refs.check_budget(ix.cids, name, path, problems)


def condition(ix: MechanicsIndex, name: str | None, path: Path, problems: Problems, *, kinds: bool = False) -> None:
    if name is None or (kinds and name in ix.condition_kinds):
        return
    combat_refs.check_condition_id(ix.pkg, name, path, problems)


def conditions(ix: MechanicsIndex, names: Iterable[str] | None, path: Path, problems: Problems, *, kinds: bool = False) -> None:
    for i, name in enumerate(names or []):
        condition(ix, name, [*path, i], problems, kinds=kinds)


def save(ix: MechanicsIndex, name: str | None, path: Path, problems: Problems) -> None:
    if name is not None:
        combat_refs.check_save(ix.pkg, name, path, problems)


def damage_type(ix: MechanicsIndex, name: str | None, path: Path, problems: Problems) -> None:
    combat_refs.check_damage_type(ix.cids, name, path, problems)


def damage_types(ix: MechanicsIndex, names: Iterable[str] | None, path: Path, problems: Problems) -> None:
    for i, name in enumerate(names or []):
        damage_type(ix, name, [*path, i], problems)


def catalog(ix: MechanicsIndex, name: str, path: Path, problems: Problems) -> None:
    if name not in ix.catalogs:
        problems.add(path, f'unknown catalog "{name}"')


def item_tags(ix: MechanicsIndex, tags: Iterable[str] | None, path: Path, problems: Problems) -> None:
    for i, tag in enumerate(tags or []):
        if tag not in ix.item_tags:
            problems.add([*path, i], f'unknown item tag "{tag}"')


def abilities(ix: MechanicsIndex, names: Iterable[str] | None, path: Path, problems: Problems) -> None:
    for name in names or []:
        if name not in ix.abilities:
            problems.add([*path, name], f'unknown ability "{name}"')


def components(ix: MechanicsIndex, names: Iterable[str] | None, path: Path, problems: Problems) -> None:
    for i, name in enumerate(names or []):
        if ix.components is None:
            problems.add([*path, i], f'component "{name}" needs "combat.components"')
        elif name not in ix.components:
            problems.add([*path, i], f'unknown component "{name}"')


def senses(ix: MechanicsIndex, names: Iterable[str] | None, path: Path, problems: Problems) -> None:
    # Senses are the ruleset's own words (1.127); once `combat.senses` declares them
    # (1.178), the ones a zone or condition names must be among them.
    if ix.senses is None:
        return
    for i, name in enumerate(names or []):
        if name not in ix.senses:
            problems.add([*path, i], f'unknown sense "{name}"')


def check_target_test(ix: MechanicsIndex, test: Any, path: Path, problems: Problems) -> None:
    """A target test's types and tags must be declared in `combat.creatureTypes`."""
    combat_refs.check_target_test(ix.cids, test, path, problems)
