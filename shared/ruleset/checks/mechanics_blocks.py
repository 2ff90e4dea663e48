"""Cross-references of the keys spec/mechanics-2.md and mechanics-3.md add, wherever they
are written: a catalog entry's `mechanics` and an item's `use`, `applies` items, combat
conditions, stat blocks and their actions, items and the combat block.

The package is walked once; each model is checked by the mixin or shape it is, so a key
is checked the same way in every block that carries it. Ids must exist with the right
type: conditions and tracks on the sheet (tracks ordinary, not harm tracks), saves,
budgets, catalogs and catalog entries, damage types, item tags, senses, components,
contest checks, threat tiers, creature types; health must be counted in points for the
keys that lower or give back its maximum; `endsWith` names a condition of its own list.
Ids the other parts already check (a condition's `evasion`, `onEnd`, `grants.budget`,
`combat.hiding` for `search`) are left to them; the item tags of a grant's `afterAttack`
are checked here, with the other `afterAttack`s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from pydantic import BaseModel

from ..applies import Apply
from ..errors import PathPart, Problems
from ..combat import Combat
from ..conditions import CombatCondition
from ..creature_actions import CreatureAction
from ..creatures import Creature
from ..item_attack import ItemAttack
from ..item_entry import ItemUse
from ..mechanics.shapes import StepDie, WeaponTest, Wielding
from ..mechanics.reaction import Reaction
from ..mechanics import Mechanics
from ..sheet_refs import check_value_ref, sheet_ids
from . import mechanics_index as mx
from .mechanics import check_applies
from .mechanics_index import MechanicsIndex, Path, index_of

if TYPE_CHECKING:
    from ..package import Ruleset


def _walk(node: Any, path: tuple[PathPart, ...] = ()) -> Iterator[tuple[tuple[PathPart, ...], Any]]:
    """Every model and every list written in `node`, with its JSON path."""
    if isinstance(node, BaseModel):
        yield path, node
        fields = type(node).model_fields
        for name in node.model_fields_set:
            value = getattr(node, name, None)
            if value is None or name == "comment":
                continue
            info = fields.get(name)
            yield from _walk(value, path + ((info.alias or name) if info is not None else name,))
    elif isinstance(node, list):
        yield path, node
        for i, item in enumerate(node):
            yield from _walk(item, path + (i,))
    elif isinstance(node, dict):
        for key, item in node.items():
            yield from _walk(item, path + (str(key),))


def check(pkg: "Ruleset", problems: Problems) -> None:
    ix = index_of(pkg)
    for where, node in _walk(pkg):
        path: Path = list(where)
        if isinstance(node, list):
            if node and all(isinstance(item, Apply) for item in node):
                _same_list(node, path, problems)
            continue
        if isinstance(node, Mechanics):
            _mechanics(pkg, ix, node, path, problems)
        if isinstance(node, Reaction):
            mx.budget(ix, node.budget, [*path, "budget"], problems)
        if isinstance(node, Apply):
            _apply(pkg, ix, node, path, problems)
        if isinstance(node, CombatCondition):
            _condition(pkg, ix, node, path, problems)
        if getattr(node, "afterAttack", None) is not None:
            # An entry, its grantsStrike or a condition's grant, narrowed by the weapon the
            # Attack action was taken with.
            _after_attack(ix, node.afterAttack, [*path, "afterAttack"], problems)
        if isinstance(node, Creature):
            mx.conditions(ix, node.keepsOn, [*path, "keepsOn"], problems)
            for i, held in enumerate(node.held or []):
                mx.item_tags(ix, held.tags, [*path, "held", i, "tags"], problems)
        if isinstance(node, CreatureAction):
            _creature_action(pkg, ix, node, path, problems)
        if isinstance(node, ItemUse) and node.sheetDifficulty is not None:
            check_value_ref(pkg, node.sheetDifficulty, [*path, "sheetDifficulty"], problems)
        if isinstance(node, ItemAttack):
            _spends(pkg, ix, node, path, problems)
        if isinstance(node, Combat) and node.hiding is not None:
            _hiding(ix, node.hiding, [*path, "hiding"], problems)


# ---------------------------------------------------------------------------
# Shared pieces
# ---------------------------------------------------------------------------


def _track(ix: MechanicsIndex, name: str, key: str, path: Path, problems: Problems) -> None:
    track = sheet_ids(ix.pkg).tracks.get(name)
    if track is None:
        problems.add(path, f'"{name}" is a pool, not a track' if name in ix.pools else f'unknown track "{name}"')
    elif getattr(track, "is_harm", False):
        problems.add(path, f'"{name}" is a harm track; "{key}" shifts ordinary tracks')


def _health_in_points(ix: MechanicsIndex, key: str, path: Path, problems: Problems) -> None:
    health = getattr(ix.combat, "health", None)
    if ix.combat is not None and getattr(health, "pool", None) is None:
        problems.add(path, f'"{key}" needs health in points, and "combat.health" is not a pool')


def _entry_ref(ix: MechanicsIndex, ref: str, path: Path, problems: Problems, *, what: str = "entry") -> Any:
    catalog_id, _, entry_id = ref.partition("/")
    catalog = ix.catalogs.get(catalog_id)
    if catalog is None:
        problems.add(path, f'unknown catalog "{catalog_id}"')
        return None
    entry = next((e for e in catalog.entries if e.id == entry_id), None)
    if entry is None:
        problems.add(path, f'unknown {what} "{entry_id}" in catalog "{catalog_id}"')
    return entry


def _weapon_test(ix: MechanicsIndex, test: WeaponTest | None, path: Path, problems: Problems) -> None:
    if test is not None:
        mx.item_tags(ix, test.tags, [*path, "tags"], problems)
        mx.item_tags(ix, test.notTags, [*path, "notTags"], problems)


def _after_attack(ix: MechanicsIndex, after: Any, path: Path, problems: Problems) -> None:
    items = getattr(after, "items", None) if after is not True else None
    if items is not None:
        mx.item_tags(ix, getattr(items, "tags", None), [*path, "items", "tags"], problems)
        mx.item_tags(ix, getattr(items, "notTags", None), [*path, "items", "notTags"], problems)


def _wielding(ix: MechanicsIndex, wielding: Wielding | None, path: Path, problems: Problems) -> None:
    if wielding is not None:
        mx.item_tags(ix, wielding.only.tags, [*path, "only", "tags"], problems)
        mx.item_tags(ix, wielding.only.notTags, [*path, "only", "notTags"], problems)


def _die(pkg: "Ruleset", die: StepDie | None, path: Path, problems: Problems) -> None:
    if die is not None:
        check_value_ref(pkg, die.from_, [*path, "from"], problems)


def _same_list(items: list[Apply], path: Path, problems: Problems) -> None:
    """`endsWith` names another condition of the same `applies` (or `onEnd`, `charge`,
    `saved`) list."""
    names = {item.condition for item in items}
    for i, item in enumerate(items):
        other = getattr(item, "endsWith", None)
        if other is not None and other not in names:
            problems.add([*path, i, "endsWith"], f'"{other}" is not applied by the same list')


# ---------------------------------------------------------------------------
# A catalog entry's mechanics (and an item's use)
# ---------------------------------------------------------------------------


def _mechanics(pkg: "Ruleset", ix: MechanicsIndex, mech: Mechanics, path: Path, problems: Problems) -> None:
    if mech.healthPoolSkips is not None:
        mx.conditions(ix, mech.healthPoolSkips.conditions, [*path, "healthPoolSkips", "conditions"], problems)
    for i, shift in enumerate(mech.tracks or []):
        _track(ix, shift.track, "tracks", [*path, "tracks", i, "track"], problems)
    if mech.unseals is not None:
        _health_in_points(ix, "unseals", [*path, "unseals"], problems)
    mx.condition(ix, mech.endsCondition, [*path, "endsCondition"], problems)
    dismisses = mech.dismisses
    if dismisses is not None and dismisses is not True:
        mx.check_target_test(ix, dismisses.gone, [*path, "dismisses", "gone"], problems)
    if mech.ends is not None:
        mx.check_target_test(ix, mech.ends.from_, [*path, "ends", "from"], problems)
    if mech.ignoresSurpriseWith is not None:
        _entry_ref(ix, mech.ignoresSurpriseWith, [*path, "ignoresSurpriseWith"], problems)
    for i, rule in enumerate(mech.attackRows or []):
        where = [*path, "attackRows", i]
        mx.abilities(ix, rule.abilities, [*where, "abilities"], problems)
        mx.item_tags(ix, rule.qualities, [*where, "qualities"], problems)
        _weapon_test(ix, rule.items, [*where, "items"], problems)
        _wielding(ix, rule.wielding, [*where, "wielding"], problems)
        _die(pkg, rule.die, [*where, "die"], problems)
        if rule.when is not None:
            check_value_ref(pkg, rule.when.value, [*where, "when", "value"], problems)
    strike = mech.grantsStrike
    if strike is not None:
        where = [*path, "grantsStrike"]
        mx.budget(ix, strike.budget, [*where, "budget"], problems)
        _wielding(ix, strike.wielding, [*where, "wielding"], problems)
        if strike.when is not None:
            check_value_ref(pkg, strike.when.value, [*where, "when", "value"], problems)
    if mech.reducesMax is not None:
        mx.damage_type(ix, mech.reducesMax.damageType, [*path, "reducesMax", "damageType"], problems)
        _health_in_points(ix, "reducesMax", [*path, "reducesMax"], problems)
    if mech.targetHolds is not None:
        mx.conditions(ix, mech.targetHolds.conditions, [*path, "targetHolds", "conditions"], problems)
        mx.conditions(ix, mech.targetHolds.fromSelf, [*path, "targetHolds", "fromSelf"], problems)
    rescue = mech.rescue
    if rescue is not None:
        for i, save in enumerate(rescue.saves or []):
            mx.save(ix, save, [*path, "rescue", "saves", i], problems)
        mx.budget(ix, rescue.budget, [*path, "rescue", "budget"], problems)
        _die(pkg, rescue.die, [*path, "rescue", "die"], problems)
        if ix.combat_kind in ("dice-pool", "symbol-pool"):
            # 1.249: dice-pool combat holds nothing back for after the roll.
            problems.add([*path, "rescue"], f'a "{ix.combat_kind}" fight holds nothing back for after the roll, '
                         'so it refuses "rescue"')
    if mech.lowersRoll is not None:
        _die(pkg, mech.lowersRoll.die, [*path, "lowersRoll", "die"], problems)
        if ix.combat_kind in ("dice-pool", "symbol-pool"):
            problems.add([*path, "lowersRoll"], f'a "{ix.combat_kind}" attack is successes, not a total to take '
                         'dice off, so it refuses "lowersRoll"')
    if mech.addsToBlow is not None and ix.combat_kind in ("dice-pool", "symbol-pool"):
        problems.add([*path, "addsToBlow"], f'a "{ix.combat_kind}" blow deals successes, not an amount to add to, '
                     'so it refuses "addsToBlow"')
    if mech.alters is not None:
        _alters(pkg, ix, mech.alters, [*path, "alters"], problems)
    sections = mech.zone.sections if mech.zone is not None else None
    if sections is not None:
        where = [*path, "zone", "sections"]
        for key in ("resist", "immune", "vulnerable"):
            mx.damage_types(ix, getattr(sections, key), [*where, key], problems)
        if sections.broken is not None:
            mx.damage_type(ix, sections.broken.damageType, [*where, "broken", "damageType"], problems)
            mx.save(ix, sections.broken.save, [*where, "broken", "save"], problems)
    mx.conditions(ix, mech.keepsOn, [*path, "keepsOn"], problems)
    if mech.kindChoice is not None and ix.types is None:
        problems.add([*path, "kindChoice"], '"kindChoice" names one of "combat.creatureTypes", which is not declared')
    _teleport(ix, mech.teleport, [*path, "teleport"], problems)
    if mech.drain is not None:
        mx.damage_type(ix, mech.drain.damageType, [*path, "drain", "damageType"], problems)


def _alters(pkg: "Ruleset", ix: MechanicsIndex, alters: Any, path: Path, problems: Problems) -> None:
    for i, catalog in enumerate(alters.catalogs):
        mx.catalog(ix, catalog, [*path, "catalogs", i], problems)
    if alters.budget is not None:
        mx.budget(ix, alters.budget.from_, [*path, "budget", "from"], problems)
        mx.budget(ix, alters.budget.to, [*path, "budget", "to"], problems)
    mx.components(ix, alters.drops, [*path, "drops"], problems)
    if alters.spares is not None:
        check_value_ref(pkg, alters.spares, [*path, "spares"], problems)


def _teleport(ix: MechanicsIndex, teleport: Any, path: Path, problems: Problems) -> None:
    if teleport is None:
        return
    if getattr(ix.combat, "distance", None) is None:
        problems.add(path, 'teleportation works only on the board, so it needs "combat.distance"')
    if teleport.smoke is not None:
        mx.senses(ix, teleport.smoke.pierced, [*path, "smoke", "pierced"], problems)


# ---------------------------------------------------------------------------
# applies items, conditions, creatures, items, the combat block
# ---------------------------------------------------------------------------


def _apply(pkg: "Ruleset", ix: MechanicsIndex, item: Apply, path: Path, problems: Problems) -> None:
    if item.harmsPerCostStep is not None:
        # Raised-cost steps (1.255) are paid only for an entry or an item's use: anywhere
        # else (a creature's action, a condition's onEnd) the key would add nothing.
        if len(path) < 3 or path[-3] not in ("mechanics", "use"):
            problems.add([*path, "harmsPerCostStep"], '"harmsPerCostStep" goes on the "applies" of an entry or an '
                         "item's use, which are paid in cost steps; this list is paid in none")
        condition = _combat_condition(ix, item.condition)
        if condition is not None and getattr(condition, "harms", None) is None:
            problems.add(
                [*path, "harmsPerCostStep"],
                f'"{item.condition}" has no "harms" in "combat.conditions" to add to',
            )
    if item.value is not None:
        check_value_ref(pkg, item.value, [*path, "value"], problems)
    save_ends = item.saveEnds
    if save_ends is not None and save_ends.failures is not None:
        mx.condition(ix, save_ends.failures.becomes, [*path, "saveEnds", "failures", "becomes"], problems)
    tiers = {t.id for t in getattr(getattr(ix.combat, "threat", None), "tiers", None) or []}
    for i, step in enumerate(item.destroysUpTo or []):
        if step.tier not in tiers:
            problems.add([*path, "destroysUpTo", i, "tier"], f'unknown threat tier "{step.tier}"')
        if step.when is not None:
            check_value_ref(pkg, step.when.value, [*path, "destroysUpTo", i, "when", "value"], problems)


def _combat_condition(ix: MechanicsIndex, name: str | None) -> Any:
    for cond in getattr(ix.combat, "conditions", None) or []:
        if cond.condition == name:
            return cond
    return None


def _condition(pkg: "Ruleset", ix: MechanicsIndex, cond: CombatCondition, path: Path, problems: Problems) -> None:
    for i, ref in enumerate(cond.actions or []):
        entry = _entry_ref(ix, ref, [*path, "actions", i], problems)
        if entry is not None and entry.mechanics is None:
            problems.add([*path, "actions", i], f'"{ref}" has no "mechanics" to use')
    mx.conditions(ix, cond.suppresses, [*path, "suppresses"], problems)
    for i, catalog in enumerate(cond.endsWhenHarmedFrom or []):
        mx.catalog(ix, catalog, [*path, "endsWhenHarmedFrom", i], problems)
    if cond.onRest is not None:
        where = [*path, "onRest"]
        rests = {r.id for r in getattr(pkg, "rests", None) or []}
        for i, rest in enumerate(cond.onRest.rests):
            if rest not in rests:
                problems.add([*where, "rests", i], f'unknown rest "{rest}"')
        if cond.onRest.save is not None:
            mx.save(ix, cond.onRest.save.save, [*where, "save", "save"], problems)
        if cond.onRest.lowersMax is not None:
            _health_in_points(ix, "onRest.lowersMax", [*where, "lowersMax"], problems)
    if cond.onDamaged is not None:
        check_applies(pkg, ix, cond.onDamaged.applies, [*path, "onDamaged", "applies"], problems)
    if cond.expires is not None:
        mx.condition(ix, cond.expires.becomes, [*path, "expires", "becomes"], problems)
    if cond.curedOnlyBy is not None:
        for i, catalog in enumerate(cond.curedOnlyBy.catalogs):
            mx.catalog(ix, catalog, [*path, "curedOnlyBy", "catalogs", i], problems)
    for i, aura in enumerate(cond.auras or []):
        _aura(pkg, ix, aura, [*path, "auras", i], problems)
    if cond.behavior is not None:
        _behavior(ix, cond.behavior, [*path, "behavior"], problems)


def _aura(pkg: "Ruleset", ix: MechanicsIndex, aura: Any, path: Path, problems: Problems) -> None:
    mx.conditions(ix, aura.conditions, [*path, "conditions"], problems)
    for i, name in enumerate(aura.conditions or []):
        spread = _combat_condition(ix, name)
        if spread is not None and getattr(spread, "auras", None) is not None:
            problems.add([*path, "conditions", i], f'"{name}" carries an aura of its own, so an aura cannot spread it')
    mx.senses(ix, aura.needs, [*path, "needs"], problems)
    if aura.harms is not None:
        mx.damage_type(ix, aura.harms.type, [*path, "harms", "type"], problems)
    if aura.save is not None:
        mx.save(ix, aura.save.save, [*path, "save", "save"], problems)
        check_applies(pkg, ix, aura.save.applies, [*path, "save", "applies"], problems)
        if aura.save.failedBy is not None:
            check_applies(pkg, ix, aura.save.failedBy.applies, [*path, "save", "failedBy", "applies"], problems)
    if aura.targetTypes is not None:
        mx.check_target_test(ix, aura.targetTypes.is_, [*path, "targetTypes", "is"], problems)
        mx.check_target_test(ix, aura.targetTypes.not_, [*path, "targetTypes", "not"], problems)
    mx.conditions(ix, aura.sourcesOf, [*path, "sourcesOf"], problems)
    if aura.chosenKind is not None and ix.types is None:
        problems.add([*path, "chosenKind"], '"chosenKind" reads a kind of "combat.creatureTypes", which is not declared')
    if aura.when is not None:
        check_value_ref(pkg, aura.when.value, [*path, "when", "value"], problems)


def _behavior(ix: MechanicsIndex, behavior: Any, path: Path, problems: Problems) -> None:
    standard = ix.standard or set()
    for i, part in enumerate(behavior.only or []):
        if part not in ("move", "escape") and part not in standard:
            problems.add([*path, "only", i], f'"{part}" is not "move", "escape" or one of "combat.standard"')
    if isinstance(behavior.onlyWhenStuck, list):
        for i, part in enumerate(behavior.onlyWhenStuck):
            if part not in standard:
                problems.add([*path, "onlyWhenStuck", i], f'"{part}" is not one of "combat.standard"')
    if behavior.drops is not None:
        mx.item_tags(ix, behavior.drops.tags, [*path, "drops", "tags"], problems)
        slots = {s.id for s in getattr(getattr(ix.pkg, "items", None), "slots", None) or []}
        for i, slot in enumerate(behavior.drops.slots or []):
            if slot not in slots:
                problems.add([*path, "drops", "slots", i], f'unknown item slot "{slot}"')
        mx.budget(ix, behavior.drops.pickUp, [*path, "drops", "pickUp"], problems)


def _creature_action(pkg: "Ruleset", ix: MechanicsIndex, action: CreatureAction, path: Path, problems: Problems) -> None:
    if action.reducesMax is not None:
        mx.save(ix, action.reducesMax.save, [*path, "reducesMax", "save"], problems)
        mx.damage_type(ix, action.reducesMax.damageType, [*path, "reducesMax", "damageType"], problems)
        _health_in_points(ix, "reducesMax", [*path, "reducesMax"], problems)
    if action.targetHolds is not None:
        mx.conditions(ix, action.targetHolds.conditions, [*path, "targetHolds", "conditions"], problems)
        mx.conditions(ix, action.targetHolds.fromSelf, [*path, "targetHolds", "fromSelf"], problems)
    if action.ends is not None:
        mx.conditions(ix, action.ends.conditions, [*path, "ends", "conditions"], problems, kinds=True)
        mx.check_target_test(ix, action.ends.from_, [*path, "ends", "from"], problems)
    mx.item_tags(ix, action.qualities, [*path, "qualities"], problems)
    _teleport(ix, action.teleport, [*path, "teleport"], problems)
    if action.drain is not None:
        mx.damage_type(ix, action.drain.damageType, [*path, "drain", "damageType"], problems)
    if action.search is not None and getattr(ix.combat, "hiding", None) is None:
        problems.add([*path, "search"], '"search" needs "combat.hiding"')


def _spends(pkg: "Ruleset", ix: MechanicsIndex, attack: ItemAttack, path: Path, problems: Problems) -> None:
    for i, way in enumerate(attack.spends or []):
        where = [*path, "spends", i]
        mx.damage_type(ix, way.type, [*where, "type"], problems)
        for k, hit in enumerate(way.onHit or []):
            mx.condition(ix, hit.condition, [*where, "onHit", k, "condition"], problems)
            if hit.save is not None:
                mx.save(ix, hit.save.save, [*where, "onHit", k, "save", "save"], problems)
            if hit.saveEnds is not None:
                mx.save(ix, hit.saveEnds.save, [*where, "onHit", k, "saveEnds", "save"], problems)


def _hiding(ix: MechanicsIndex, hiding: Any, path: Path, problems: Problems) -> None:
    for key in ("stealth", "perception"):
        name = getattr(hiding, key)
        if name not in ix.checks:
            problems.add([*path, key], f'unknown check "{name}": declare it in "combat.checks"')
    mx.components(ix, hiding.noisy, [*path, "noisy"], problems)
