"""Cross-references of the `combat` block itself: what health wears down and the damage
kinds it needs, which keys each kind of fight requires or rejects, the budgets, values,
saves, tracks and texts the block names, and the keys that need `distance`. The lists
(`attacks`, `abilities`) are checked in checks/combat_lists.py, conditions and levels in
checks/combat_conditions.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import PathPart, Problems
from ..sheet_refs import a_or_an, check_value_ref, get, sheet_ids
from .combat_refs import (
    POOL_KINDS,
    CombatIds,
    check_budget,
    check_condition_id,
    check_damage_type,
    check_save,
    combat_ids,
    gate_problem,
)

if TYPE_CHECKING:
    from ..package import Ruleset


def check(pkg: "Ruleset", problems: Problems) -> None:
    combat = pkg.combat
    if combat is None:
        return
    ids = combat_ids(pkg)
    _kind_rules(combat, problems)
    _health(pkg, combat, problems)
    _values(pkg, combat, problems)
    _economy(pkg, combat, ids, problems)
    _standard(pkg, combat, problems)
    _board(pkg, combat, ids, problems)
    _contests(pkg, combat, ids, problems)
    _named_ids(pkg, combat, problems)


def _kind_rules(combat: Any, problems: Problems) -> None:
    kind = combat.kind
    if kind == "attack-vs-defense" and combat.attackRoll is None:
        problems.add(["combat", "attackRoll"], 'required in an "attack-vs-defense" fight')
    if kind in POOL_KINDS and combat.attackRoll is not None:
        problems.add(
            ["combat", "attackRoll"],
            f'rejected in a "{kind}" fight, which rolls its resolution\'s own pool',
        )
    if combat.hiding is not None and combat.attackRoll is None:
        # Hide and Search are rolled as contests are, on attackRoll.dice (combat/hiding.py):
        # a fight that throws pools has no such die, so hiding there could not be played.
        problems.add(["combat", "hiding"], 'rolls Stealth and Search on "combat.attackRoll.dice", so it needs '
                     '"combat.attackRoll" (a fight that throws pools has none)')


def _health(pkg: "Ruleset", combat: Any, problems: Problems) -> None:
    ids = sheet_ids(pkg)
    health = combat.health
    kinds = combat.damageKinds
    if health.pool is not None:
        name = health.pool
        where = ["combat", "health", "pool"]
        if name in ids.pools:
            if ids.pools[name].start == "empty":
                problems.add(
                    where,
                    f'pool "{name}" starts empty, so every combatant would start the fight down',
                )
        elif name in ids.tracks:
            problems.add(where, f'"{name}" is a track, not a pool: write {{ "track": "{name}" }}')
        elif name in ids.lists:
            problems.add(where, f'"{name}" is a list, not a live pool')
        else:
            problems.add(where, f'unknown pool "{name}"')
        if kinds is not None:
            problems.add(
                ["combat", "damageKinds"],
                'rejected when "health" names a pool: only marks on a harm track carry a kind',
            )
        return
    name = health.track
    where = ["combat", "health", "track"]
    track = ids.tracks.get(name)
    if track is None:
        problems.add(where, f'"{name}" is a pool, not a track' if name in ids.pools else f'unknown track "{name}"')
        return
    if track.is_harm:
        if kinds is None:
            problems.add(["combat", "damageKinds"], f'required when "health" names the harm track "{name}"')
        else:
            _damage_kinds(combat, track, problems)
        return
    if track.levels is not None or track.boxes is not None:
        return
    gate_problem(pkg, where, f'a plain track ("{name}") as "health"', "1.383", problems)
    if kinds is not None:
        problems.add(["combat", "damageKinds"], f'rejected: the plain track "{name}" takes points, not marks of a kind')
    if isinstance(track.max, int):
        start = track.default if track.default is not None else track.min
        if start >= track.max:
            problems.add(where, f'the plain track "{name}" starts at its "max" ({track.max}), so everyone would start out of the fight')


def _damage_kinds(combat: Any, track: Any, problems: Problems) -> None:
    kinds = combat.damageKinds
    known = {k.id for k in track.kinds or []}
    base = ["combat", "damageKinds"]
    if kinds.default not in known:
        problems.add([*base, "default"], f'"{kinds.default}" is not a kind of the health track "{track.id}"')
    declared = {t.lower() for t in combat.damageTypes or []}
    for type_name, kind in (kinds.byType or {}).items():
        if kind not in known:
            problems.add([*base, "byType", type_name], f'"{kind}" is not a kind of the health track "{track.id}"')
        if combat.damageTypes is None:
            problems.add([*base, "byType", type_name], '"byType" maps damage types, and "combat.damageTypes" declares none')
        elif type_name.lower() not in declared:
            problems.add([*base, "byType", type_name], f'unknown damage type "{type_name}": it is not one of "combat.damageTypes"')


def _values(pkg: "Ruleset", combat: Any, problems: Problems) -> None:
    check_value_ref(pkg, combat.defense, ["combat", "defense"], problems)
    init = combat.initiative
    check_value_ref(pkg, init.modifier, ["combat", "initiative", "modifier"], problems)
    if init.checkAbility is not None and init.checkAbility not in sheet_ids(pkg).abilities:
        problems.add(["combat", "initiative", "checkAbility"], f'unknown ability "{init.checkAbility}"')
    if combat.attackRoll is not None:
        check_value_ref(pkg, combat.attackRoll.criticalFrom, ["combat", "attackRoll", "criticalFrom"], problems)
    for i, check_entry in enumerate(combat.checks or []):
        check_value_ref(pkg, check_entry.value, ["combat", "checks", i, "value"], problems)
    for i, limit in enumerate(combat.spendLimits or []):
        where: list[PathPart] = ["combat", "spendLimits", i]
        check_value_ref(pkg, limit.max, [*where, "max"], problems)
        ids = sheet_ids(pkg)
        if limit.pool not in ids.pools:
            problems.add(
                [*where, "pool"],
                f'"{limit.pool}" is a track, not a pool' if limit.pool in ids.tracks else f'unknown pool "{limit.pool}"',
            )
        if any(o.pool == limit.pool and o.per == limit.per for o in (combat.spendLimits or [])[:i]):
            problems.add([*where, "pool"], f'pool "{limit.pool}" already has a limit per {limit.per}')


def _economy(pkg: "Ruleset", combat: Any, ids: CombatIds, problems: Problems) -> None:
    economy = combat.economy
    base = ["combat", "economy"]
    check_value_ref(pkg, economy.movement, [*base, "movement"], problems)
    modes = economy.movementModes
    if modes is not None:
        for key in ("fly", "swim", "climb", "burrow"):
            check_value_ref(pkg, getattr(modes, key), [*base, "movementModes", key], problems)
    if combat.opportunity is not None:
        check_budget(ids, combat.opportunity.budget, ["combat", "opportunity", "budget"], problems)


def _standard(pkg: "Ruleset", combat: Any, problems: Problems) -> None:
    standard = combat.standard or []
    effects = combat.standardEffects
    if "search" in standard and get(combat, "hiding") is None:
        problems.add(["combat", "standard", standard.index("search")], '"search" needs "combat.hiding"')
    if effects is None:
        return
    if effects.dodge is not None:
        if "dodge" not in standard:
            problems.add(["combat", "standardEffects", "dodge"], 'used only when "dodge" is in the "standard" list')
        for i, save in enumerate(effects.dodge.saves):
            check_save(pkg, save, ["combat", "standardEffects", "dodge", "saves", i], problems)
    if effects.help is not None and "help" not in standard:
        problems.add(["combat", "standardEffects", "help"], 'used only when "help" is in the "standard" list')


def _board(pkg: "Ruleset", combat: Any, ids: CombatIds, problems: Problems) -> None:
    if combat.distance is None:
        for key in ("ranged", "cover", "opportunity", "elevation"):
            if getattr(combat, key) is not None:
                problems.add(["combat", key], 'is read only on a board, so it needs "combat.distance"')
        for i, lst in enumerate(combat.attacks or []):
            for key in ("reach", "range"):
                if getattr(lst, key) is not None:
                    problems.add(["combat", "attacks", i, key], 'is a distance, so it needs "combat.distance"')
        for i, contest in enumerate(combat.contests or []):
            if contest.reach is not None:
                problems.add(["combat", "contests", i, "reach"], 'is a distance, so it needs "combat.distance"')
            if contest.onWin.push is not None:
                problems.add(["combat", "contests", i, "onWin", "push"], 'is a distance, so it needs "combat.distance"')
    if combat.cover is not None:
        for i, save in enumerate(combat.cover.saves or []):
            check_save(pkg, save, ["combat", "cover", "saves", i], problems)
    falling = combat.elevation.falling if combat.elevation is not None else None
    if falling is not None:
        check_damage_type(ids, falling.type, ["combat", "elevation", "falling", "type"], problems)
        check_condition_id(pkg, falling.prone, ["combat", "elevation", "falling", "prone"], problems)


def _contests(pkg: "Ruleset", combat: Any, ids: CombatIds, problems: Problems) -> None:
    for i, contest in enumerate(combat.contests or []):
        base: list[PathPart] = ["combat", "contests", i]
        check_budget(ids, contest.budget, [*base, "budget"], problems)
        for side in ("attacker", "defender"):
            # A contest against a fixed difficulty has no defender.
            for j, name in enumerate(getattr(getattr(contest, side), "checks", None) or []):
                if name not in ids.checks:
                    problems.add([*base, side, "checks", j], f'unknown check "{name}": declare it in "combat.checks"')
        if contest.from_ is not None:
            check_condition_id(pkg, contest.from_.holding, [*base, "from", "holding"], problems)
        _fixed_contest(pkg, combat, contest, base, problems)
        held = contest.from_.holding if contest.from_ is not None else None
        for j, item in enumerate(contest.onWin.applies or []):
            check_condition_id(pkg, item.condition, [*base, "onWin", "applies", j, "condition"], problems)
            if item.condition == held:
                problems.add(
                    [*base, "onWin", "applies", j, "condition"],
                    f'the contest breaks free of "{held}", so winning it cannot put "{held}" on the loser',
                )
        for j, item in enumerate(contest.onWin.ends or []):
            check_condition_id(pkg, item.condition, [*base, "onWin", "ends", j, "condition"], problems)


def _fixed_contest(pkg: "Ruleset", combat: Any, contest: Any, base: list[PathPart], problems: Problems) -> None:
    """The 1.193 keys: a pool-based battle counts successes, so it has no difficulty to
    reach; dying targets need the dying rule."""
    if contest.difficulty is not None and combat.kind in ("dice-pool", "symbol-pool"):
        problems.add([*base, "difficulty"], f'a "{combat.kind}" fight counts successes, so it refuses a fixed "difficulty"')
    if contest.targetHolds is not None:
        check_condition_id(pkg, contest.targetHolds, [*base, "targetHolds"], problems)
    if contest.maxSizeAbove is not None and combat.sizes is None:
        problems.add([*base, "maxSizeAbove"], '"maxSizeAbove" needs "combat.sizes"')
    if combat.dying is None:
        if contest.targetDying:
            problems.add([*base, "targetDying"], 'needs a "combat.dying" rule: nobody is dying without one')
        if contest.onWin.stabilizes:
            problems.add([*base, "onWin", "stabilizes"], 'needs a "combat.dying" rule: nobody is dying without one')


def _plain_track(pkg: "Ruleset", name: str, where: list[Any], problems: Problems, purpose: str) -> Any:
    """The plain track `name`, or None after saying why it is not one."""
    ids = sheet_ids(pkg)
    track = ids.tracks.get(name)
    if track is None:
        problems.add(where, f'"{name}" is a pool, not a track' if name in ids.pools else f'unknown track "{name}"')
    elif track.is_harm:
        problems.add(where, f'"{name}" is a harm track; {purpose} a plain track')
    else:
        return track
    return None


def _room_to_count(track: Any, where: list[Any], problems: Problems) -> None:
    """A death-save track counts from where it starts up to its `max` (the number needed);
    one that starts at its top has no room, and the first roll would settle the fight."""
    if not isinstance(track.max, int):
        return
    start = track.default if track.default is not None else track.min
    if track.max - start < 1:
        problems.add(
            where,
            f'the track "{track.id}" starts at {start} and its "max" is {track.max}, so it has no room to count rolls',
        )


def _named_ids(pkg: "Ruleset", combat: Any, problems: Problems) -> None:
    ids = sheet_ids(pkg)
    conc = combat.concentration
    if conc is not None:
        if conc.text not in ids.texts:
            problems.add(
                ["combat", "concentration", "text"],
                f'unknown live text field "{conc.text}": declare it in "sheet.live.text"',
            )
        check_save(pkg, conc.save, ["combat", "concentration", "save"], problems)
    dying = combat.dying
    if dying is not None:
        for key in ("successes", "failures"):
            where = ["combat", "dying", key]
            track = _plain_track(pkg, getattr(dying, key), where, problems, "the dying rule counts rolls on")
            if track is not None:
                _room_to_count(track, where, problems)
        check_condition_id(pkg, dying.condition, ["combat", "dying", "condition"], problems)
    types = combat.creatureTypes
    if types is not None and types.field is not None:
        entry = ids.fields.get(types.field)
        if entry is None:
            problems.add(["combat", "creatureTypes", "field"], f'unknown field "{types.field}"')
        elif entry.type not in ("text", "enum"):
            problems.add(
                ["combat", "creatureTypes", "field"],
                f'"{types.field}" is {a_or_an(entry.type)} field; a character\'s type is read from a text or choice field',
            )
    budget = combat.threat.budget if combat.threat is not None else None
    if budget is not None:
        for i, name in enumerate(budget.level):
            entry = ids.fields.get(name)
            if entry is None:
                problems.add(["combat", "threat", "budget", "level", i], f'unknown field "{name}"')
            elif entry.type != "number":
                problems.add(
                    ["combat", "threat", "budget", "level", i],
                    f'"{name}" is {a_or_an(entry.type)} field; a level is summed from number fields',
                )
