"""Cross-references of the `mechanics` block (base keys and spec/mechanics-1) and of the
keys mechanics-1 adds to the combat block, its conditions and bestiary actions.

Every id an entry names must exist with the right type: cost pools are live pools,
budgets are in `combat.economy`, saves and conditions are on the sheet, damage types are
in `combat.damageTypes` when it is declared, catalogs exist, item tags are in
`items.tags`, target tests name declared creature types, rider sources are attack lists
with the required column, and value references read what the sheet has. An entry that
calls for a save needs a `saveDifficulty` on every ability list it goes into. Item uses
are checked with the same `check_mechanics` (from `items_entry`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..applies import Apply
from ..creature_parts import roll_sides
from ..errors import Problems
from ..mechanics.reaction import Reaction
from ..sheet_refs import check_value_ref
from . import mechanics_index as mx
from .mechanics_index import MechanicsIndex, Path, index_of

if TYPE_CHECKING:
    from ..package import Ruleset


def check_applies(pkg: "Ruleset", ix: MechanicsIndex, items: list[Apply] | None, path: Path, problems: Problems) -> None:
    for i, item in enumerate(items or []):
        where = [*path, i]
        mx.condition(ix, item.condition, [*where, "condition"], problems)
        if item.saveEnds is not None:
            mx.save(ix, item.saveEnds.save, [*where, "saveEnds", "save"], problems)
        if item.when is not None:
            check_value_ref(pkg, item.when.value, [*where, "when", "value"], problems)
        mx.check_target_test(ix, item.targetIs, [*where, "targetIs"], problems)
        for k, check_id in enumerate(getattr(item, "escapeChecks", None) or []):
            if check_id not in ix.checks:
                problems.add([*where, "escapeChecks", k], f'unknown check "{check_id}"')
        ends = getattr(item, "endsWhenHolder", None)
        for k, cat in enumerate(getattr(ends, "casts", None) or []):
            mx.catalog(ix, cat, [*where, "endsWhenHolder", "casts", k], problems)


def own_die(ix: MechanicsIndex, text: str | None, path: Path, problems: Problems) -> None:
    """In a dice-pool fight an amount's dice count dice of the ruleset's own die."""
    if text is None or ix.die_sides is None:
        return
    sides = roll_sides(text)
    if sides is not None and sides != ix.die_sides:
        problems.add(path, f'"{text}" is not dice of the ruleset\'s own die (d{ix.die_sides}) in a "dice-pool" fight')


def check_reaction(ix: MechanicsIndex, pkg: "Ruleset", reaction: Reaction, path: Path, problems: Problems) -> None:
    moments: list[tuple[Path, Any]] = [(path, reaction)]
    moments += [([*path, "also", i], m) for i, m in enumerate(reaction.also or [])]
    for where, moment in moments:
        against = moment.against
        if against is None:
            continue
        for i, cat in enumerate(against.catalogs or []):
            mx.catalog(ix, cat, [*where, "against", "catalogs", i], problems)
        # An entry missing from its catalog only opens no moment; the catalog must exist.
        for i, ref in enumerate(against.entries or []):
            mx.catalog(ix, ref.partition("/")[0], [*where, "against", "entries", i], problems)
    if reaction.cancelSave is not None:
        mx.save(ix, reaction.cancelSave.save, [*path, "cancelSave", "save"], problems)
    if reaction.above is not None:
        check_value_ref(pkg, reaction.above.check, [*path, "above", "check"], problems)
        if ix.combat_kind == "dice-pool":
            problems.add([*path, "above"], 'a "dice-pool" fight has no difficulty to reach, so it refuses "above"')


def _check_rider(ix: MechanicsIndex, rider: Any, path: Path, problems: Problems) -> None:
    lists: list[tuple[Path, str]] = []
    for i, name in enumerate(rider.sources or []):
        if name not in ix.attack_lists:
            problems.add([*path, "sources", i], f'unknown attack list "{name}"')
        else:
            lists.append(([*path, "sources", i], name))
    if rider.sources is None:
        lists = [([*path, "requires", "column"], name) for name in ix.attack_lists]
    if rider.requires is not None:
        column = rider.requires.column
        for _where, name in lists:
            sheet_list = ix.lists.get(name)
            if sheet_list is not None and sheet_list.column(column) is None:
                problems.add([*path, "requires", "column"], f'unknown column "{column}" in list "{name}"')
    mx.damage_type(ix, rider.type, [*path, "type"], problems)
    if rider.weapons is not None:
        mx.item_tags(ix, rider.weapons.tags, [*path, "weapons", "tags"], problems)
    own_die(ix, rider.amount.dice, [*path, "amount", "dice"], problems)


def check_save(ix: MechanicsIndex, save: Any, path: Path, problems: Problems) -> None:
    mx.save(ix, save.save, [*path, "save"], problems)
    if save.against is not None:
        mx.damage_types(ix, save.against.damage, [*path, "against", "damage"], problems)
    if save.succeeds is not None:
        mx.damage_types(ix, save.succeeds.immune, [*path, "succeeds", "immune"], problems)
        mx.conditions(ix, save.succeeds.conditionImmune, [*path, "succeeds", "conditionImmune"], problems)
        mx.check_target_test(ix, save.succeeds.is_, [*path, "succeeds", "is"], problems)
    for i, mode in enumerate(save.modes or []):
        mx.check_target_test(ix, mode.is_, [*path, "modes", i, "is"], problems)


def _check_zone(ix: MechanicsIndex, zone: Any, path: Path, problems: Problems) -> None:
    if zone.move is not None:
        mx.budget(ix, zone.move.budget, [*path, "move", "budget"], problems)
    if zone.turn is not None:
        mx.budget(ix, zone.turn.budget, [*path, "turn", "budget"], problems)
    terrain = zone.terrain
    if terrain is not None and terrain.perDistance is not None:
        mx.damage_type(ix, terrain.perDistance.damageType, [*path, "terrain", "perDistance", "damageType"], problems)
    if zone.whileHeld is not None:
        mx.condition(ix, zone.whileHeld.condition, [*path, "whileHeld", "condition"], problems)
        mx.damage_type(ix, zone.whileHeld.damageType, [*path, "whileHeld", "damageType"], problems)
    if zone.obscures is not None:
        mx.senses(ix, zone.obscures.pierced, [*path, "obscures", "pierced"], problems)
    if zone.inside is not None:
        mx.conditions(ix, zone.inside.conditions, [*path, "inside", "conditions"], problems)
        mx.damage_types(ix, zone.inside.immune, [*path, "inside", "immune"], problems)
    if zone.forbids is not None:
        mx.components(ix, zone.forbids.components, [*path, "forbids", "components"], problems)
    if zone.wards is not None:
        for i, cat in enumerate(zone.wards.catalogs):
            mx.catalog(ix, cat, [*path, "wards", "catalogs", i], problems)
    if zone.burns is not None:
        mx.damage_types(ix, zone.burns.by, [*path, "burns", "by"], problems)
        mx.damage_type(ix, zone.burns.damageType, [*path, "burns", "damageType"], problems)
    mx.damage_type(ix, zone.damageType, [*path, "damageType"], problems)


def check_mechanics(pkg: "Ruleset", ix: MechanicsIndex, mech: Any, path: Path, problems: Problems) -> None:
    """Every id one `mechanics` block (or an item's `use`) names."""
    for i, cost in enumerate(mech.cost or []):
        mx.pool(ix, cost.pool, [*path, "cost", i, "pool"], problems)
    mx.budget(ix, mech.budget, [*path, "budget"], problems)
    for i, gift in enumerate(mech.gives or []):
        mx.budget(ix, gift.budget, [*path, "gives", i, "budget"], problems)
    if mech.standard is not None:
        mx.budget(ix, mech.standard.budget, [*path, "standard", "budget"], problems)
        if ix.standard is not None:
            for i, action in enumerate(mech.standard.actions):
                if action not in ix.standard:
                    problems.add([*path, "standard", "actions", i], f'standard action "{action}" is not in "combat.standard"')
    if mech.save is not None:
        check_save(ix, mech.save, [*path, "save"], problems)
    mx.damage_type(ix, mech.damageType, [*path, "damageType"], problems)
    if mech.amount is not None and mech.kind == "attack":
        own_die(ix, mech.amount.dice, [*path, "amount", "dice"], problems)
    for i, clause in enumerate(mech.plus or []):
        where = [*path, "plus", i]
        mx.damage_type(ix, clause.type, [*where, "type"], problems)
        if clause.save is not None:
            mx.save(ix, clause.save.save, [*where, "save", "save"], problems)
        mx.check_target_test(ix, clause.targetIs, [*where, "targetIs"], problems)
        own_die(ix, clause.dice, [*where, "dice"], problems)
    check_applies(pkg, ix, mech.applies, [*path, "applies"], problems)
    if mech.amountAdd is not None:
        check_value_ref(pkg, mech.amountAdd, [*path, "amountAdd"], problems)
    if mech.usableWhen is not None:
        check_value_ref(pkg, mech.usableWhen.value, [*path, "usableWhen", "value"], problems)
    if mech.scales is not None:
        check_value_ref(pkg, mech.scales.from_, [*path, "scales", "from"], problems)
    if isinstance(mech.reaction, Reaction):
        check_reaction(ix, pkg, mech.reaction, [*path, "reaction"], problems)
    if mech.rider is not None:
        _check_rider(ix, mech.rider, [*path, "rider"], problems)
    mx.item_tags(ix, mech.qualities, [*path, "qualities"], problems)
    tt = mech.targetTypes
    if tt is not None:
        mx.check_target_test(ix, tt.is_, [*path, "targetTypes", "is"], problems)
        mx.check_target_test(ix, tt.not_, [*path, "targetTypes", "not"], problems)
        mx.abilities(ix, tt.abilityAtMost, [*path, "targetTypes", "abilityAtMost"], problems)
        mx.abilities(ix, tt.abilityAtLeast, [*path, "targetTypes", "abilityAtLeast"], problems)
        mx.conditions(ix, tt.notImmuneTo, [*path, "targetTypes", "notImmuneTo"], problems)
    mx.check_target_test(ix, mech.maxAgainst, [*path, "maxAgainst"], problems)
    if mech.summons is not None:
        mx.budget(ix, mech.summons.budget, [*path, "summons", "budget"], problems)
    if mech.zone is not None:
        _check_zone(ix, mech.zone, [*path, "zone"], problems)
    if mech.ends is not None:
        mx.conditions(ix, mech.ends.conditions, [*path, "ends", "conditions"], problems, kinds=True)
    if mech.stabilizes and getattr(ix.combat, "dying", None) is None:
        problems.add([*path, "stabilizes"], '"stabilizes" needs a combat block with a "dying" rule')
    if mech.healthPoolSkips is not None and mech.healthPool is None:
        problems.add([*path, "healthPoolSkips"], '"healthPoolSkips" needs "healthPool"')
    if mech.healthPoolSkips is not None and mech.healthPoolSkips.conditions:
        mx.conditions(ix, mech.healthPoolSkips.conditions, [*path, "healthPoolSkips", "conditions"], problems)
    mx.components(ix, mech.components, [*path, "components"], problems)
    casts = getattr(mech, "casts", None)
    if casts is not None:
        mx.catalog(ix, casts, [*path, "casts"], problems)


def _calls_for_save(mech: Any) -> bool:
    return mech.save is not None or any(a.saveEnds is not None for a in mech.applies or [])


def _check_save_difficulty(ix: MechanicsIndex, cat: Any, entry: Any, path: Path, problems: Problems) -> None:
    """An entry that calls for a save (its own, or one that ends a condition it applies)
    is rejected when a list it becomes an ability in has no `saveDifficulty`: a save with
    no target always succeeds."""
    if ix.combat is None or not _calls_for_save(entry.mechanics):
        return
    lists = set(cat.feeds or []) | {row.list for row in entry.rows or []}
    for ability_list in getattr(ix.combat, "abilities", None) or []:
        if ability_list.list in lists and ability_list.saveDifficulty is None:
            key = "save" if entry.mechanics.save is not None else "applies"
            problems.add(
                [*path, key],
                f'this entry calls for a save, and list "{ability_list.list}" it becomes an ability in has no "saveDifficulty"',
            )


# ---------------------------------------------------------------------------
# mechanics-1 keys on other blocks
# ---------------------------------------------------------------------------


def _check_combat_ext(pkg: "Ruleset", ix: MechanicsIndex, problems: Problems) -> None:
    combat = ix.combat
    if combat is None:
        return
    if getattr(combat, "senses", None) is not None:
        if getattr(combat, "distance", None) is None:
            problems.add(["combat", "senses"], '"combat.senses" needs "combat.distance"')
        for i, sense in enumerate(combat.senses):
            if sense.sheet is not None:
                check_value_ref(pkg, sense.sheet, ["combat", "senses", i, "sheet"], problems)
    for i, cond in enumerate(getattr(combat, "conditions", None) or []):
        path: Path = ["combat", "conditions", i]
        if getattr(cond, "unseen", None) is not None:
            mx.senses(ix, cond.unseen.pierced, [*path, "unseen", "pierced"], problems)
        if getattr(cond, "senses", None) is not None:
            mx.senses(ix, list(cond.senses), [*path, "senses"], problems)
        if getattr(cond, "forbids", None) is not None:
            mx.components(ix, cond.forbids.components, [*path, "forbids", "components"], problems)
        if getattr(cond, "harms", None) is not None:
            mx.damage_type(ix, cond.harms.type, [*path, "harms", "type"], problems)
        for k, imm in enumerate(getattr(cond, "conditionImmunitiesFrom", None) or []):
            mx.conditions(ix, imm.conditions, [*path, "conditionImmunitiesFrom", k, "conditions"], problems)
            mx.check_target_test(ix, imm.from_, [*path, "conditionImmunitiesFrom", k, "from"], problems)
        if getattr(cond, "size", None) is not None and getattr(combat, "sizes", None) is None:
            problems.add([*path, "size"], '"size" needs "combat.sizes"')


def _check_creature_ext(pkg: "Ruleset", ix: MechanicsIndex, creature: Any, path: Path, problems: Problems) -> None:
    if getattr(creature, "senses", None) is not None:
        mx.senses(ix, list(creature.senses), [*path, "senses"], problems)
    casting = getattr(creature, "spellcasting", None)
    if casting is not None:
        mx.components(ix, casting.components, [*path, "spellcasting", "components"], problems)
        for si, spell in enumerate(casting.spells):
            mx.components(ix, spell.components, [*path, "spellcasting", "spells", si, "components"], problems)
    for ai, action in enumerate(getattr(creature, "actions", None) or []):
        where: Path = [*path, "actions", ai]
        if getattr(action, "ability", None) is not None and action.ability not in ix.abilities:
            problems.add([*where, "ability"], f'unknown ability "{action.ability}"')
        mx.components(ix, getattr(action, "components", None), [*where, "components"], problems)
        charge = getattr(action, "charge", None)
        if charge is None:
            continue
        for ci, clause in enumerate(charge.plus or []):
            mx.damage_type(ix, clause.type, [*where, "charge", "plus", ci, "type"], problems)
        if charge.save is not None:
            mx.save(ix, charge.save.save, [*where, "charge", "save", "save"], problems)
        check_applies(pkg, ix, charge.applies, [*where, "charge", "applies"], problems)


def check(pkg: "Ruleset", problems: Problems) -> None:
    ix = index_of(pkg)
    for ci, cat in enumerate(pkg.catalogs or []):
        for ei, entry in enumerate(cat.entries):
            path: Path = ["catalogs", ci, "entries", ei]
            if entry.mechanics is not None:
                check_mechanics(pkg, ix, entry.mechanics, [*path, "mechanics"], problems)
                _check_save_difficulty(ix, cat, entry, [*path, "mechanics"], problems)
            if entry.creature is not None:
                _check_creature_ext(pkg, ix, entry.creature, [*path, "creature"], problems)
    _check_combat_ext(pkg, ix, problems)
