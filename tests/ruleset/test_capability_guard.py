"""No rule silently ignored: every key of the capability table (docs/capabilities.md) is either
refused by name, or changes what happens.

For each row of `capability_table()`:
- a key (or value) the engine refuses for now, or a key of an object that only a refused
  key holds (`playable_models`: a lasting zone's keys, an aura's, a teleport's): a small
  package using it is refused with a "not supported" line at the key, or at a refused key
  holding it. The packages come from
  `capability_probes.placements` (the key put on an instance of its object, reached from the
  rich test package), with a value of the key's own type, or the `REFUSED_SAMPLES` below;
- a key the engine plays: `PLAYED_PROBES` builds the same fight (scripted dice), sheet or
  actor's menu twice, with and without the key, and the two must differ;
- a key whose whole effect is in what Marinara writes (`HOST_ONLY` in
  shared/ruleset/capabilities.py, docs/capabilities.md says so): kept only while a vendored
  upstream package uses it and validates.

A key that passes neither fails: there is no list of keys let off.
"""

from __future__ import annotations

import copy
import itertools
import json
from typing import Any, Callable

import pytest

from shared.ruleset.capabilities import HOST_ONLY, CapabilityRow, capability_table, playable_models
from shared.ruleset.gates import ENGINE_NAME
from tests.conftest import UPSTREAM, UPSTREAM_PACKAGES
from tests.combat.kit import add_charm, add_condition, foe, juno_marsh, juno_roads, marsh, roads, wren_marsh
from tests.ruleset import guard_board, guard_conditions, guard_entries, guard_health, guard_items, guard_rest, guard_sheet, guard_sight
from tests.ruleset import guard_attack_rows, guard_belongings, guard_item_answers, guard_zones
from tests.ruleset import guard_class_kit, guard_condition_mechanics, guard_item_uses, guard_sizes, guard_teleport, guard_walls
from tests.ruleset import guard_diseases
from tests.ruleset import guard_between
from tests.ruleset import guard_summons
from tests.ruleset import guard_auras
from tests.ruleset import guard_kind_choice
from tests.ruleset.capability_probes import (
    MODELS,
    SCENARIOS,
    FightProbe,
    MenuProbe,
    SheetProbe,
    fight_log,
    menu_seen,
    placements,
    played_difference,
    sample_values,
    sheet_output,
)
from tests.ruleset.minimal import problems_of

NOT_YET = f"is not supported by {ENGINE_NAME} yet"


def row_id(row: CapabilityRow) -> str:
    return f"{row.model}.{row.key}"


ROWS = {row_id(row): row for row in capability_table()}
#: The objects a package can hold without a refused key above them: a key of any other
#: object is refused with the key that holds it (a lasting zone's `terrain` with the zone).
PLAYABLE = {model.__name__ for model in playable_models()}


# ---------------------------------------------------------------------------
# refused keys
# ---------------------------------------------------------------------------

#: A value, and keys its object's own rules want beside it (None deletes a key the base
#: object has), for refused keys whose type alone gives no value the object accepts.
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {
    "ItemUse.alters": ({"catalogs": ["spells"], "twins": True, "budget": {"from": "act", "to": "bonus"}}, {}),
    "ItemUse.usesSpentByLevel": (True, {"alters": {"catalogs": ["spells"], "twins": True}}),
    # The change of metamagic still refused: Extended.
    "Alters.lasts": (2, {"catalogs": ["spells"]}),
    "TextField.pick": ({"const": 1}, {"suggestions": ["beasts"]}),
    "TextColumn.pick": ({"const": 1}, {"id": "picked", "label": "Picked", "type": "text", "maxLength": 20,
                                       "suggestions": ["beasts"]}),
    "TextColumn.suggestions": (["beasts"], {"id": "picked", "label": "Picked", "type": "text", "maxLength": 20}),
}

#: Refusal values (`key = 'value'`): the value itself, put on the key.
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {
}


def refused_naming(lines: list[str], path: str) -> bool:
    """A "not supported" line at `path`, at a key that holds it, or at an item of it (a
    refused value in a list)."""
    for line in lines:
        where, _, message = line.partition(": ")
        if NOT_YET in message and (path == where or path.startswith((where + ".", where + "["))
                                   or where.startswith(path + "[")):
            return True
    return False


def _without_none(companions: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    return {k: v for k, v in companions.items() if v is not None}, [k for k, v in companions.items() if v is None]


def refusal_found(row: CapabilityRow) -> bool:
    model = MODELS[row.model]
    rid = row_id(row)
    if rid in REFUSED_VALUE_SAMPLES:
        key, value, companions = REFUSED_VALUE_SAMPLES[rid]
        tries = [(key, value, companions)]
    elif " = " in row.key:
        return False
    elif rid in REFUSED_SAMPLES:
        value, companions = REFUSED_SAMPLES[rid]
        tries = [(row.key, value, companions)]
    else:
        tries = [(row.key, value, {}) for value in sample_values(model, row.key)]
    for key, value, companions in tries:
        keep, drop = _without_none(companions)
        for pkg, path in itertools.islice(placements(model, key, value, keep, drop), 8):
            if refused_naming(problems_of(pkg), path):
                return True
    return False


# ---------------------------------------------------------------------------
# played keys: the same fight with and without the key differs
# ---------------------------------------------------------------------------


#: Juno (Road axe) against the rust jackal of the minimal Ember-Roads package: initiative
#: 6+1 and 1+1, Juno hits for 8, the jackal's Bite hits Juno for 4 (test_drain.py).
JACKAL_DICE = [6, 1, 1, 1, 6, 6, 5, 6, 6, 4]
JACKAL_CHOICES = [{"actor": "juno", "option": "attack:gear:road-axe", "targets": ["rust-jackal"]},
                  {"actor": "rust-jackal", "option": "action:bite", "targets": ["juno"]}]


def _jackal(bite: dict[str, Any]) -> Callable[[bool], Any]:
    def build(with_key: bool):
        pkg = roads()
        if with_key:
            pkg["catalogs"][0]["entries"][0]["creature"]["actions"][0].update(bite)
        return pkg, [juno_roads()], [foe("rust-jackal")], list(JACKAL_DICE), copy.deepcopy(JACKAL_CHOICES)
    return build


def _mend_on(rule: dict[str, Any]) -> Callable[[bool], Any]:
    """Lantern Marsh: Wren's Marsh Mend on Juno (at 3 Breath), who holds Chilled; Chilled
    does `rule` with the key and nothing without it."""
    def build(with_key: bool):
        pkg = add_condition(marsh(), "chilled", "Chilled", **(rule if with_key else {}))
        juno = juno_marsh()
        juno["sheet"]["live"] = {"pools": {"breath": 3}, "conditions": ["chilled"]}
        return pkg, [juno, wren_marsh("marsh-mend")], [foe("bog-hound")], [3, 3, 2, 12, 1, 4] + [3] * 20, [
            {"actor": "wren", "option": "ability:charms:marsh-mend", "targets": ["juno"]}]
    return build


def _leech(with_key: bool):
    mechanics = {"kind": "attack", "range": 6, "targets": "enemy", "attackRoll": True,
                 "amount": {"dice": "1d8"}, "damageType": "fire"}
    if with_key:
        mechanics["drain"] = {}
    pkg = add_charm(marsh(), "ember-leech", "Ember Leech", mechanics)
    wren = wren_marsh("ember-leech")
    wren["sheet"]["live"] = {"pools": {"breath": 2}}
    return pkg, [wren], [foe("bog-hound")], [3, 3, 12, 1, 11, 2], [
        {"actor": "wren", "option": "ability:charms:ember-leech", "targets": ["bog-hound"]}]


PLAYED_PROBES: dict[str, FightProbe | SheetProbe | MenuProbe] = {
    "CreatureAction.drain": FightProbe(_jackal({"drain": {}})),
    "Mechanics.drain": FightProbe(_leech),
    "CombatCondition.effects = 'cannot-heal'": FightProbe(_mend_on({"effects": ["cannot-heal"]})),
}


#: Played keys put on the objects of a whole fight the Engine plays (capability_probes
#: SCENARIOS: the minimal Ember-Roads package, Lantern Marsh, and the golden fights), with
#: the value that changes it: the same fight without the key must play differently.
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {
    "AttackRoll.criticalFrom": ("marsh", {"const": 2}),
    "Combat.damage": ("gravewatch", {"minimum": {"const": 1}}),
    "Combat.daze": ("gravewatch", {"over": {"const": 1}, "measure": "damage"}),
    "CombatCondition.attacksPerTurn": ("roads", 0),
    "CombatCondition.onEnd": ("ember-roads", {"harm": {"flat": 1}}),
    "Creature.soak": ("gravewatch", {"all": 1}),
    "CreatureAction.reaction": ("roads", {"on": "used"}),
    "CreatureAction.self": ("roads", True),
    "CreatureAction.targets": ("roads", "ally"),
    "CreatureDamage.alternatives": ("roads", [{"when": "twoHanded", "flat": 1}]),
    "DicePool.adjust": ("gravewatch", [{"value": {"const": 1}}]),
    "DiceSum.adjust": ("roads", [{"value": {"const": 1}}]),
    "Initiative.each": ("roads", "round"),
    "Initiative.plus": ("gravewatch", 1),
    "Initiative.resource": ("gravewatch", {"base": 1, "styles": [{"id": "x", "label": "x", "takes": {}}]}),
    "Mechanics.amountAdd": ("marsh", {"const": 1}),
    "Mechanics.initiativeMode": ("marsh", "advantage"),
    "Mechanics.rescue": ("marsh", {"roll": "saves", "by": "reroll"}),
    "Mechanics.usableWhen": ("marsh", {"value": {"const": 1}, "atLeast": 2}),
    "Modifier.mode": ("gravewatch", "advantage"),
    "Reaction.against": ("roads", {"actions": ["x"]}),
    "Skill.untrained": ("roads", "refuse"),
    "SymbolPool.adjust": ("dockside", [{"value": {"const": 1}}]),
}


#: Each family's probes (tests/ruleset/guard_*.py) join the ones above.
FAMILIES = (guard_conditions, guard_board, guard_entries, guard_sheet, guard_rest, guard_health, guard_items, guard_sight,
            guard_item_answers, guard_zones, guard_item_uses, guard_condition_mechanics, guard_walls,
            guard_belongings, guard_sizes, guard_teleport, guard_between, guard_attack_rows, guard_class_kit,
            guard_summons, guard_diseases, guard_auras, guard_kind_choice)
for _family in FAMILIES:
    PLAYED_PROBES.update(_family.PLAYED_PROBES)
    FIGHT_SAMPLES.update(_family.FIGHT_SAMPLES)
    REFUSED_SAMPLES.update(_family.REFUSED_SAMPLES)
    REFUSED_VALUE_SAMPLES.update(_family.REFUSED_VALUE_SAMPLES)


# ---------------------------------------------------------------------------
# the guard
# ---------------------------------------------------------------------------


def inside_refused_key(row: CapabilityRow) -> bool:
    """Whether the row is a value (or key) inside a refused key of the same object
    (`use.halfOnMiss = ...` on an item whose `use` is refused): a package using it is
    refused with that key."""
    outer = ROWS.get(f"{row.model}.{row.key.split(' = ')[0].split('.')[0]}")
    return outer is not None and outer is not row and outer.unsupported is not None


def _objects(node: Any) -> Any:
    if isinstance(node, dict):
        yield node
        node = list(node.values())
    if isinstance(node, list):
        for item in node:
            yield from _objects(item)


def kept_for_marinara(row: CapabilityRow) -> bool:
    """A key whose whole effect is in what Marinara itself writes (`HOST_ONLY`: the Game
    Master's sheet block, which this engine does not produce) is accepted only because a
    vendored upstream package uses it: one does, validates, and the key is on an object of
    the row's model (not another object's key of the same name)."""
    model = MODELS[row.model]
    for name in UPSTREAM_PACKAGES:
        pkg = json.loads((UPSTREAM / name).read_text())
        holders = [o for o in _objects(pkg) if row.key in o]
        if holders and not problems_of(pkg) and any(_is_a(model, o) for o in holders):
            return True
    return False


def _is_a(model: Any, data: dict[str, Any]) -> bool:
    try:
        model.model_validate(copy.deepcopy(data))
    except Exception:  # noqa: BLE001 - another model's object
        return False
    return True


#: Rows that stand only beside a refused value of their own object: (the key's value, the
#: refused companions, the same companions with a played value). A package using the key is
#: refused naming the refused value, and with the played value instead the validator rejects
#: the key itself, so the key is never accepted into play.
NEEDS_REFUSED_VALUE: dict[str, tuple[Any, dict[str, Any], dict[str, Any]]] = {
}


def refused_through_value(row: CapabilityRow) -> bool:
    value, refused, played = NEEDS_REFUSED_VALUE[row_id(row)]
    model = MODELS[row.model]
    refused_key = next(iter(refused))
    named = any(refused_naming(problems_of(pkg), path.rsplit(".", 1)[0] + "." + refused_key)
                for pkg, path in itertools.islice(placements(model, row.key, value, refused), 8))
    rejected = [any(line.startswith(path + ":") for line in problems_of(pkg))
                for pkg, path in itertools.islice(placements(model, row.key, value, played), 8)]
    return named and bool(rejected) and all(rejected)


def covered(rid: str) -> bool:
    """Whether a probe shows the row refused by name (or with the refused key holding it), or
    played (the fight, the computed sheet or service output of a `SheetProbe`, or the
    actor's menu of a `MenuProbe`, differs)."""
    row = ROWS[rid]
    if is_refused(row):
        return refusal_found(row)
    if rid in NEEDS_REFUSED_VALUE:
        return refused_through_value(row)
    if (row.model, row.key) in HOST_ONLY:
        return kept_for_marinara(row)
    if rid in FIGHT_SAMPLES:
        scenario, value = FIGHT_SAMPLES[rid]
        return played_difference(SCENARIOS[scenario], MODELS[row.model], row.key, value, tries=4) is not None
    probe = PLAYED_PROBES.get(rid)
    if isinstance(probe, SheetProbe):
        return sheet_output(probe, True) != sheet_output(probe, False)
    if isinstance(probe, MenuProbe):
        return menu_seen(probe, True) != menu_seen(probe, False)
    return probe is not None and fight_log(probe, True) != fight_log(probe, False)


@pytest.mark.parametrize("rid", sorted(ROWS))
def test_every_key_is_refused_by_name_or_changes_play(rid):
    assert covered(rid), f"{rid}: no package using it is refused naming it, and no fight or sheet changes with it"


def test_probes_name_only_keys_of_the_table():
    named = {*PLAYED_PROBES, *FIGHT_SAMPLES, *REFUSED_SAMPLES, *REFUSED_VALUE_SAMPLES, *NEEDS_REFUSED_VALUE}
    assert sorted(named - ROWS.keys()) == []


def is_refused(row: CapabilityRow) -> bool:
    """Whether `covered` asks the row for a refusal (refused, or only a refused key holds it)."""
    return row.unsupported is not None or row.model not in PLAYABLE or inside_refused_key(row)


def test_samples_follow_what_each_row_is():
    """A refusal sample names a refused row, a probe a played one: a key made played keeps
    no refusal sample it would never read (and a probe is never left beside a refusal)."""
    refusal = {*REFUSED_SAMPLES, *REFUSED_VALUE_SAMPLES, *NEEDS_REFUSED_VALUE}
    played = {*PLAYED_PROBES, *FIGHT_SAMPLES}
    assert sorted(rid for rid in refusal & ROWS.keys() if not is_refused(ROWS[rid])) == []
    assert sorted(rid for rid in played & ROWS.keys() if is_refused(ROWS[rid])) == []
