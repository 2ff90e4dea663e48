"""Cross-references of bestiaries: every id a creature names must exist, with the right
type (spec/combat-2 "Creatures: the bestiary combat reads", combat-1 "threat").

A bestiary needs a `combat` block with a `threat` scale; each creature's tier, abilities,
saves, checks, budgets, conditions, tracks, damage types, item tags, sizes, creature types
and spells must be ones the package declares; the actions of one block name each other
correctly (unique ids, sequences, riders, signature points); a `sheet` creature's values
fit the sheet; and the pool kinds' rules for creature numbers hold (soak needs the block's
soak, damage dice are the ruleset's own die, `upgrades` needs an upgrade die). Ids are
reported in the same words as everywhere else (the mechanics index and combat_refs).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..creature_parts import guard_type
from ..creature_sheet_values import check_sheet_values
from ..errors import PathPart, Problems
from . import mechanics_index as mx
from .combat_refs import gate_problem
from .lookup import index, live_part, names
from .mechanics import check_reaction, check_save, own_die, check_applies
from .mechanics_index import MechanicsIndex, index_of

if TYPE_CHECKING:
    from ..creature_actions import CreatureAction
    from ..creatures import Creature
    from ..package import Ruleset

Path = list[PathPart]


@dataclass
class _Index:
    """What a creature may name beyond the mechanics index, gathered once per package."""

    mx: MechanicsIndex
    tiers: set[str]
    level_tracks: set[str]
    tracks: dict[str, Any]
    sizes: set[str] | None
    health_track: str | None
    health_kinds: list[str] | None
    block_soak: bool
    symbol_soak: bool
    resource: bool
    upgrade_pool: bool


def _ids(items: Any, key: str = "id") -> set[str]:
    return {getattr(i, key) for i in items or [] if isinstance(getattr(i, key, None), str)}


def _index(pkg: "Ruleset") -> _Index:
    combat = getattr(pkg, "combat", None)
    tracks = live_part(pkg, "tracks")
    health_track = getattr(getattr(combat, "health", None), "track", None)
    kinds = [k.id for k in getattr(tracks.get(health_track), "kinds", None) or []] if health_track else []
    sizes = getattr(combat, "sizes", None)
    build = getattr(pkg.resolution, "pool", None)
    return _Index(
        mx=index_of(pkg),
        tiers=_ids(getattr(getattr(combat, "threat", None), "tiers", None)),
        level_tracks=_ids(getattr(combat, "levels", None), "track"),
        tracks=tracks,
        sizes=_ids(getattr(sizes, "order", None)) if sizes is not None else None,
        health_track=health_track,
        health_kinds=kinds or None,
        block_soak=getattr(getattr(combat, "pool", None), "soak", None) is not None,
        symbol_soak=getattr(getattr(combat, "symbols", None), "soak", None) is not None,
        resource=getattr(getattr(combat, "initiative", None), "resource", None) is not None,
        upgrade_pool=(
            getattr(pkg.resolution, "kind", None) == "symbol-pool"
            and getattr(build, "upgrade", None) is not None
            and getattr(build, "build", None) != "sum"
        ),
    )


def _entry(ix: _Index, ref: str) -> tuple[Any, str | None]:
    """The catalog entry `<catalog>/<entry>` names, or why there is none."""
    cat_id, _, entry_id = ref.partition("/")
    catalog = ix.mx.catalogs.get(cat_id)
    if catalog is None:
        return None, f'unknown catalog "{cat_id}"'
    entry = index(getattr(catalog, "entries", None)).get(entry_id)
    if entry is None:
        return None, f'unknown entry "{entry_id}" in catalog "{cat_id}"'
    return entry, None


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------


def _check_damage(ix: _Index, action: "CreatureAction", path: Path, problems: Problems) -> None:
    damage = action.damage
    if damage is None:
        return
    where = [*path, "damage"]
    mx.damage_type(ix.mx, damage.type, [*where, "type"], problems)
    mx.item_tags(ix.mx, damage.qualities, [*where, "qualities"], problems)
    for i, clause in enumerate(damage.plus or []):
        mx.damage_type(ix.mx, clause.type, [*where, "plus", i, "type"], problems)
        if clause.save is not None:
            mx.save(ix.mx, clause.save.save, [*where, "plus", i, "save", "save"], problems)
        mx.check_target_test(ix.mx, clause.targetIs, [*where, "plus", i, "targetIs"], problems)
    for sub, text in damage.rolls():
        own_die(ix.mx, text, [*where, *sub], problems)


def _check_block_refs(
    ix: _Index, creature: "Creature", action: "CreatureAction", by_id: dict[str, Any], path: Path, problems: Problems
) -> None:
    """What an action names inside its own block: sequence steps and signature points."""
    for j, step in enumerate(action.sequence or []):
        named = by_id.get(step.action)
        where = [*path, "sequence", j, "action"]
        if named is None:
            problems.add(where, f'unknown action "{step.action}" (a sequence names actions of the same block)')
        elif named.sequence is not None:
            problems.add(where, f'"{step.action}" is itself a sequence, and a sequence cannot name another')
    if action.signature is not None:
        points = creature.signaturePoints
        if points is None:
            problems.add(
                [*path, "signature"],
                'a signature action is paid with the creature\'s own points, so the creature needs "signaturePoints"',
            )
        elif action.signature.cost > points:
            problems.add(
                [*path, "signature", "cost"],
                f'costs {action.signature.cost}, more than the creature\'s {points} "signaturePoints"',
            )


def _check_action(
    pkg: "Ruleset", ix: _Index, creature: "Creature", action: "CreatureAction", by_id: dict[str, Any], path: Path, problems: Problems
) -> None:
    mx.budget(ix.mx, action.budget, [*path, "budget"], problems)
    if action.save is not None:
        check_save(ix.mx, action.save, [*path, "save"], problems)
    check_applies(pkg, ix.mx, action.applies, [*path, "applies"], problems)
    _check_damage(ix, action, path, problems)
    if action.reaction is not None:
        check_reaction(ix.mx, pkg, action.reaction, [*path, "reaction"], problems)
    if action.upgrades is not None:
        if ix.mx.combat_kind != "symbol-pool":
            problems.add([*path, "upgrades"], '"upgrades" is read only in a "symbol-pool" fight')
        elif not ix.upgrade_pool:
            problems.add(
                [*path, "upgrades"],
                '"upgrades" needs a resolution pool with an "upgrade" die that is not built with "sum"',
            )
    _check_block_refs(ix, creature, action, by_id, path, problems)


# ---------------------------------------------------------------------------
# The creature
# ---------------------------------------------------------------------------


def _check_soak(ix: _Index, creature: "Creature", path: Path, problems: Problems) -> None:
    soak = creature.soak
    if soak is None:
        return
    where = [*path, "soak"]
    kind = ix.mx.combat_kind
    if kind == "dice-pool" and not ix.block_soak:
        problems.add(where, 'a creature\'s own soak needs "combat.pool.soak" to say how soak is taken')
    elif kind == "symbol-pool" and not ix.symbol_soak:
        problems.add(where, 'a creature\'s own soak needs "combat.symbols.soak" to be declared')
    elif kind not in ("dice-pool", "symbol-pool"):
        problems.add(where, '"soak" is read only in a "dice-pool" or "symbol-pool" fight')
    for name in soak.byKind or {}:
        if ix.health_kinds is None:
            problems.add([*where, "byKind", name], '"byKind" needs health to be a harm track with kinds')
        elif name not in ix.health_kinds:
            problems.add(
                [*where, "byKind", name],
                f'unknown kind "{name}" of health track "{ix.health_track}" ({names(ix.health_kinds)})',
            )


def _check_condition_immunities(pkg: "Ruleset", ix: _Index, creature: "Creature", path: Path, problems: Problems) -> None:
    for i, name in enumerate(creature.conditionImmunities or []):
        where = [*path, "conditionImmunities", i]
        if name in ix.mx.conditions or name in ix.mx.condition_kinds:
            continue
        if name in ix.level_tracks:
            gate_problem(pkg, where, "a track in \"conditionImmunities\"", "1.115", problems)
        elif name in ix.tracks:
            problems.add(where, f'track "{name}" is read by no level of "combat.levels", so nothing can be immune to it')
        else:
            mx.condition(ix.mx, name, where, problems)


def _check_kinds_of_creature(ix: _Index, creature: "Creature", path: Path, problems: Problems) -> None:
    if creature.size is not None:
        if ix.sizes is None:
            problems.add([*path, "size"], '"size" needs "combat.sizes"')
        elif creature.size not in ix.sizes:
            problems.add([*path, "size"], f'unknown size "{creature.size}"')
    known_types, known_tags = ix.mx.types, ix.mx.type_tags
    if creature.type is not None:
        if known_types is None:
            problems.add([*path, "type"], f'creature type "{creature.type}" is named, but "combat.creatureTypes" is not declared')
        elif creature.type not in known_types:
            problems.add([*path, "type"], f'unknown creature type "{creature.type}"')
    for i, tag in enumerate(creature.tags or []):
        if known_types is None:
            problems.add([*path, "tags", i], f'creature tag "{tag}" is named, but "combat.creatureTypes" is not declared')
        elif tag not in known_tags:
            problems.add([*path, "tags", i], f'unknown creature tag "{tag}"')


def _check_guards(ix: _Index, creature: "Creature", path: Path, problems: Problems) -> None:
    for key in ("resist", "vulnerable", "immune"):
        for i, entry in enumerate(getattr(creature, key) or []):
            where = [*path, key, i]
            if isinstance(entry, str):
                mx.damage_type(ix.mx, entry, where, problems)
            else:
                mx.damage_type(ix.mx, guard_type(entry), [*where, "type"], problems)
                mx.item_tags(ix.mx, entry.except_, [*where, "except"], problems)


def _check_spellcasting(ix: _Index, creature: "Creature", path: Path, problems: Problems) -> None:
    casting = creature.spellcasting
    if casting is None:
        return
    for i, spell in enumerate(casting.spells):
        where = [*path, "spellcasting", "spells", i, "entry"]
        entry, why = _entry(ix, spell.entry)
        if why is not None:
            problems.add(where, why)
            continue
        mechanics = getattr(entry, "mechanics", None)
        if mechanics is None:
            problems.add(where, f'"{spell.entry}" has no "mechanics", so a creature cannot cast it')
            continue
        if creature.sheet is not None:
            continue  # a creature with a sheet may use the sheet's spellcasting numbers
        if getattr(mechanics, "attackRoll", None) and casting.toHit is None:
            problems.add(where, f'"{spell.entry}" rolls to hit, so "spellcasting" needs "toHit"')
        if getattr(mechanics, "save", None) is not None and casting.saveDifficulty is None:
            problems.add(where, f'"{spell.entry}" calls for a save, so "spellcasting" needs "saveDifficulty"')


def _check_tracks(ix: _Index, creature: "Creature", path: Path, problems: Problems) -> None:
    for track_id, marks in (creature.tracks or {}).items():
        where = [*path, "tracks", track_id]
        track = ix.tracks.get(track_id)
        if track is None:
            if track_id in ix.mx.pools:
                problems.add(where, f'"{track_id}" is a pool, not a track')
            else:
                problems.add(where, f'unknown track "{track_id}"')
            continue
        low, high = getattr(track, "min", None), getattr(track, "max", None)
        if isinstance(low, int) and isinstance(high, int) and not low <= marks <= high:
            problems.add(where, f"must be from {low} to {high}, not {marks}")


def _check_inventory(ix: _Index, creature: "Creature", path: Path, problems: Problems) -> None:
    for i, line in enumerate(creature.inventory or []):
        if line.item is None:
            continue
        entry, why = _entry(ix, line.item)
        if why is None and getattr(entry, "item", None) is None:
            why = f'"{line.item}" is not an item'
        if why is not None:
            problems.add([*path, "inventory", i, "item"], why)


def _check_riders(ix: _Index, creature: "Creature", by_id: dict[str, Any], path: Path, problems: Problems) -> None:
    seen: set[str] = set()
    for i, rider in enumerate(creature.riders or []):
        where = [*path, "riders", i]
        if rider.id in seen:
            problems.add([*where, "id"], f'rider id "{rider.id}" is used twice')
        seen.add(rider.id)
        mx.damage_type(ix.mx, rider.type, [*where, "type"], problems)
        own_die(ix.mx, rider.amount.dice, [*where, "amount", "dice"], problems)
        for j, name in enumerate(rider.actions or []):
            if name not in by_id:
                problems.add([*where, "actions", j], f'unknown action "{name}"')


def _check_recharge_groups(creature: "Creature", path: Path, problems: Problems) -> None:
    """The actions of one recharge group give the same dice and `from` (mechanics-1 1.186:
    "give each recharge the same group and dice"): one roll restores them all."""
    first: dict[str, Any] = {}
    for i, action in enumerate(creature.actions or []):
        recharge = action.recharge
        if recharge is None or recharge.group is None:
            continue
        key = (recharge.dice.count, recharge.dice.sides, recharge.from_)
        seen = first.setdefault(recharge.group, (key, action.id))
        if seen[0] != key:
            problems.add([*path, "actions", i, "recharge"],
                         f'recharge group "{recharge.group}" is rolled once for all its actions, so it needs '
                         f'the same dice and "from" as "{seen[1]}"')


def check_creature(pkg: "Ruleset", ix: _Index, creature: "Creature", path: Path, problems: Problems) -> None:
    if ix.tiers and creature.tier not in ix.tiers:
        problems.add([*path, "tier"], f'unknown tier "{creature.tier}" (combat.threat has {names(sorted(ix.tiers))})')
    for key, known, what in (
        ("abilities", ix.mx.abilities, "ability"),
        ("saves", ix.mx.saves, "save"),
        ("checks", ix.mx.checks, "check"),
    ):
        for name in getattr(creature, key) or {}:
            if name not in known:
                problems.add([*path, key, name], f'unknown {what} "{name}"')
    _check_soak(ix, creature, path, problems)
    if creature.hardness is not None and not ix.resource:
        problems.add(
            [*path, "hardness"], '"hardness" is read only where initiative is a number attacks move ("initiative.resource")'
        )
    _check_kinds_of_creature(ix, creature, path, problems)
    _check_guards(ix, creature, path, problems)
    _check_condition_immunities(pkg, ix, creature, path, problems)
    _check_tracks(ix, creature, path, problems)
    _check_spellcasting(ix, creature, path, problems)
    _check_inventory(ix, creature, path, problems)
    by_id: dict[str, Any] = {}
    for i, action in enumerate(creature.actions or []):
        if action.id in by_id:
            problems.add([*path, "actions", i, "id"], f'action id "{action.id}" is used twice')
        by_id.setdefault(action.id, action)
    for i, action in enumerate(creature.actions or []):
        _check_action(pkg, ix, creature, action, by_id, [*path, "actions", i], problems)
    _check_riders(ix, creature, by_id, path, problems)
    _check_recharge_groups(creature, path, problems)
    check_sheet_values(pkg, creature.sheet, [*path, "sheet"], problems)


def check(pkg: "Ruleset", problems: Problems) -> None:
    bestiaries = [(ci, cat) for ci, cat in enumerate(pkg.catalogs or []) if getattr(cat, "holds", None) == "creatures"]
    if not bestiaries:
        return
    combat = getattr(pkg, "combat", None)
    ix = _index(pkg)
    for ci, cat in bestiaries:
        if combat is None:
            problems.add(["catalogs", ci, "holds"], 'a bestiary needs a "combat" block with a "threat" scale')
        elif getattr(combat, "threat", None) is None:
            problems.add(
                ["catalogs", ci, "holds"], 'a bestiary needs "combat.threat": each creature is filed under one of its tiers'
            )
        for ei, entry in enumerate(getattr(cat, "entries", None) or []):
            creature = getattr(entry, "creature", None)
            if creature is not None:
                check_creature(pkg, ix, creature, ["catalogs", ci, "entries", ei, "creature"], problems)
