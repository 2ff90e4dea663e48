"""Probes for the capability guard (test_capability_guard.py): a way to put any key of the
capability table into a small package.

Owns:
- `sample_values(annotation)`: JSON values of a field's type, simplest first, each checked
  against the type itself (so a refused key is refused for being refused, not for a value
  of the wrong shape);
- `placements(model, key, value)`: small packages with `key` set to `value` on an instance
  of `model`, each with the JSON path of the key. The instance is reached from the package
  root along the model graph (`route_to`), built from the base package where it already
  holds that object (the rich test package of mechanics-2: its combat, sheet and catalogs)
  and from generated values where it does not (a new catalog entry, a new condition ...).

- fights with and without a key (`Scenario`, `played_difference`, `FightProbe`), an
  actor's menu at a point of a scripted fight with and without it (`MenuProbe`: what a
  player may do is play), and
  `SheetProbe`: a computed sheet (or a service's output outside a fight: a rest, the party
  sheet, the GM text) with and without a key.

A placement is data: (package, path). Whether the package is refused naming the key is the
guard's question, not this module's.
"""

from __future__ import annotations

import copy
import itertools
import json
import types
import typing
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Callable, Iterator, Literal, get_args, get_origin

from pydantic import BaseModel, TypeAdapter

from shared.combat import advance, menu, start_battle
from shared.combat.engine import decide_for
from shared.combat.fight import Refusal
from shared.ruleset import load_package
from shared.ruleset.capabilities import reachable_models
from shared.ruleset.errors import PathPart, format_path
from shared.ruleset.package import Ruleset
from shared.sheet.output import compute_sheet_json
from tests.combat.kit import add_condition, foe, juno_marsh, juno_roads, marsh, roads, ruleset, wren_marsh
from tests.ruleset.minimal import problems_of
from tests.ruleset.entry_kit import rich_package

MODELS: dict[str, type[BaseModel]] = {m.__name__: m for m in reachable_models()}

#: Text values tried for a `str` field: an id, a save, an entry reference, dice, a damage
#: type and a budget the rich package declares, so cross-references mostly hold.
TEXTS = ["x", "con_save", "spells/bless", "1d6", "fire", "act", "shaken", "a"]


def alias(model: type[BaseModel], name: str) -> str:
    return model.model_fields[name].alias or name


def field_named(model: type[BaseModel], key: str) -> str:
    return next(n for n, f in model.model_fields.items() if (f.alias or n) == key)


def _models_of(annotation: Any) -> Iterator[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
        return
    for arg in get_args(annotation) or ():
        yield from _models_of(arg)


def _is_list(annotation: Any) -> bool:
    """Whether the field holds a list (of what `_models_of` finds)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _is_list(get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return any(_is_list(a) for a in get_args(annotation) if a is not type(None))
    return origin is list


def _candidates(annotation: Any, depth: int = 0) -> list[Any]:
    if depth > 6:
        return []
    origin = get_origin(annotation)
    if origin is Annotated:
        return _candidates(get_args(annotation)[0], depth)
    if annotation is type(None):
        return []
    if origin is Literal:
        return list(get_args(annotation))[:3]
    if origin in (typing.Union, types.UnionType):
        return [c for a in get_args(annotation) for c in _candidates(a, depth)]
    if annotation is bool:
        return [True]
    if annotation is int:
        return [1, 2, 5, 10, 0]
    if annotation is float:
        return [1, 0.5, 2]
    if annotation is str:
        return list(TEXTS)
    if origin is list:
        (item,) = get_args(annotation) or (Any,)
        inner = _candidates(item, depth + 1)
        return [[c] for c in inner[:4]] + [[a, b] for a, b in zip(inner[:2], inner[1:3])]
    if origin is dict:
        _key, value = get_args(annotation)
        return [{"x": c} for c in _candidates(value, depth + 1)[:3]] + [{}]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return model_instances(annotation, depth + 1)
    if annotation is Any:
        return [1]
    return []


#: By model and depth: an object made deep in another is made with less room below it, so
#: the same model made at the top can come out differently (the cache must not mix them).
_INSTANCES: dict[tuple[type[BaseModel], int], list[dict[str, Any]]] = {}


def model_instances(model: type[BaseModel], depth: int = 0) -> list[dict[str, Any]]:
    """Up to three valid JSON objects of `model`: its required keys, then each with one
    optional key more (a model that needs one of several keys finds it that way)."""
    memo = (model, depth)
    if memo in _INSTANCES:
        return _INSTANCES[memo]
    _INSTANCES[memo] = []
    required = {n: f for n, f in model.model_fields.items() if f.is_required()}
    base: dict[str, Any] = {}
    for name, info in required.items():
        found = _candidates(info.annotation, depth)
        if not found:
            return []
        base[alias(model, name)] = found[0]
    tries = [base]
    tries += [{**base, alias(model, n): c} for n, f in model.model_fields.items()
              if not f.is_required() and n != "comment" for c in _candidates(f.annotation, depth)[:2]]
    tries += [{**base, alias(model, n): c} for n, f in required.items() for c in _candidates(f.annotation, depth)[1:4]]
    checker = TypeAdapter(model)
    out: list[dict[str, Any]] = []
    for each in tries:
        try:
            checker.validate_python(copy.deepcopy(each))
        except Exception:  # noqa: BLE001 - any refusal means "not this one"
            continue
        out.append(each)
        if len(out) >= 3:
            break
    _INSTANCES[memo] = out
    return out


def sample_values(model: type[BaseModel], key: str, limit: int = 3) -> list[Any]:
    """Values of `model.key`'s own type, as JSON, simplest first."""
    annotation = model.model_fields[field_named(model, key)].annotation
    checker = TypeAdapter(annotation)
    out = []
    for value in _candidates(annotation):
        try:
            checker.validate_python(copy.deepcopy(value), strict=True)
        except Exception:  # noqa: BLE001
            continue
        out.append(value)
    return out[:limit]


#: Put in place of a value: the same placement without the key (the fight to compare with).
ABSENT = object()

#: Known-good objects the generated ones start from, by model: a key is put on one of these
#: first (an entry's mechanics whose rules want an attack roll, a save, a cost ...).
MECHANICS_BASES: list[dict[str, Any]] = [
    {"kind": "attack", "attackRoll": True, "amount": {"dice": "1d6"}, "damageType": "fire"},
    {"kind": "attack", "amount": {"dice": "1d6"}, "damageType": "fire", "save": {"save": "con_save", "onSuccess": "half"}},
    {"kind": "debuff", "targets": "enemy", "save": {"save": "con_save"},
     "applies": [{"condition": "shaken", "duration": {"rounds": 1}}]},
    {"kind": "buff", "targets": "ally", "cost": [{"pool": "luck", "amount": 1}]},
    {"kind": "heal", "targets": "ally", "amount": {"dice": "1d6"}},
    {"kind": "utility"},
]
ACTION_BASES: list[dict[str, Any]] = [
    {"id": "bite", "name": "Bite", "budget": "act", "toHit": 4, "damage": {"dice": "1d6", "flat": 2, "type": "fire"}},
    {"id": "gaze", "name": "Gaze", "budget": "act", "save": {"save": "con_save", "difficulty": 12},
     "applies": [{"condition": "shaken", "duration": {"rounds": 1}}]},
    {"id": "roar", "name": "Roar", "budget": "act", "signature": {"cost": 1}, "damage": {"dice": "1d6", "type": "fire"},
     "save": {"save": "con_save", "difficulty": 12, "onSuccess": "half"}},
]
CREATURE = {"health": 20, "defense": 12, "initiativeModifier": 1, "tier": "minor", "actions": [ACTION_BASES[0]]}
#: Where the rich package holds (or is given) an object of a model, by model name: the
#: package and the path to that object.
ANCHORS: dict[str, list[tuple[dict[str, Any], tuple[PathPart, ...]]]] = {}


def _anchors() -> dict[str, list[tuple[dict[str, Any], tuple[PathPart, ...]]]]:
    if ANCHORS:
        return ANCHORS
    def entry(mechanics: dict[str, Any]) -> dict[str, Any]:
        pkg = rich_package()
        pkg["catalogs"].append({"id": "feats", "label": "Feats", "entries": [{"id": "x", "label": "X", "mechanics": mechanics}]})
        return pkg
    def beast(creature: dict[str, Any]) -> dict[str, Any]:
        pkg = rich_package()
        pkg["catalogs"].append({"id": "bestiary", "label": "Bestiary", "holds": "creatures",
                                "entries": [{"id": "wight", "label": "Wight", "creature": creature}]})
        return pkg
    def gear(item: dict[str, Any]) -> dict[str, Any]:
        pkg = rich_package()
        pkg["catalogs"].append({"id": "gear", "label": "Gear", "holds": "items", "entries": [{"id": "ring", "label": "Ring", "item": item}]})
        return pkg
    def condition(rule: dict[str, Any]) -> dict[str, Any]:
        pkg = rich_package()
        pkg["combat"]["conditions"].append(rule)
        return pkg
    mech = ("catalogs", 1, "entries", 0, "mechanics")
    where = ("catalogs", 1, "entries", 0, "creature")
    ANCHORS["Mechanics"] = [(entry(copy.deepcopy(m)), mech) for m in MECHANICS_BASES]
    ANCHORS["Creature"] = [(beast(copy.deepcopy(CREATURE)), where)]
    ANCHORS["CreatureAction"] = [(beast({**copy.deepcopy(CREATURE), "actions": [copy.deepcopy(a)]}), where + ("actions", 0))
                                 for a in ACTION_BASES]
    # A weapon with charges (what its attack's spends, and their onHit, need), and one without.
    ANCHORS["ItemDef"] = [(gear({"category": "weapon", "charges": {"max": 10}}), ("catalogs", 1, "entries", 0, "item")),
                          (gear({"category": "weapon"}), ("catalogs", 1, "entries", 0, "item"))]
    # An item with charges, so a use that spends them (a rescue, a staff's step) is taken.
    ANCHORS["ItemUse"] = [(gear({"category": "weapon", "charges": {"max": 10}, "use": {**copy.deepcopy(m), "charges": 1}}),
                           ("catalogs", 1, "entries", 0, "item", "use"))
                          for m in MECHANICS_BASES]
    ANCHORS["CombatCondition"] = [(condition({"condition": "raging"}), ("combat", "conditions", 6))]
    # Objects only a refused key holds (a lasting zone, a teleport), valid around the key
    # put on them: a zone needs its entry's area, and a wall's keys a wall that blocks.
    ANCHORS["Zone"] = [
        (entry({**copy.deepcopy(MECHANICS_BASES[1]), "area": {"shape": "wall", "size": 6},
                "zone": {"rounds": 10, "blocks": ["move"]}}), mech + ("zone",)),
        (entry({**copy.deepcopy(MECHANICS_BASES[1]), "area": {"shape": "burst", "size": 2}, "zone": {"rounds": 10}}),
         mech + ("zone",)),
    ]
    # Metamagic's changes (mechanics-2 1.253): a utility entry that alters the spells.
    ANCHORS["Alters"] = [(entry({"kind": "utility", "alters": {"catalogs": ["spells"], "twins": True}}),
                          mech + ("alters",))]
    # A wall's area: a wall always stays on the grid, so its entry holds a (refused) zone.
    ANCHORS["Area"] = [(entry({**copy.deepcopy(MECHANICS_BASES[1]), "area": {"shape": "burst", "size": 2},
                                "zone": {"rounds": 10, "blocks": ["move"]}}), mech + ("area",))]
    ANCHORS["Teleport"] = [
        (entry({"kind": "utility", "teleport": {"distance": 30}}), mech + ("teleport",)),
        (beast({**copy.deepcopy(CREATURE), "actions": [{"id": "blink", "name": "Blink", "budget": "act",
                                                        "teleport": {"distance": 30}},
                                                       copy.deepcopy(ACTION_BASES[0])]}),
         where + ("actions", 0, "teleport")),
    ]
    ANCHORS["Ruleset"] = [(rich_package(), ())]
    return ANCHORS


def _at(node: Any, path: tuple[PathPart, ...]) -> Any:
    for step in path:
        node = node[step]
    return node


def _put(node: Any, path: tuple[PathPart, ...], value: Any) -> Any:
    """A copy of `node` with `value` at `path`."""
    if not path:
        return value
    out = copy.deepcopy(node)
    parent = _at(out, path[:-1])
    parent[path[-1]] = value
    return out


def route_to(target: type[BaseModel], start_at: type[BaseModel] = Ruleset) -> list[tuple[type[BaseModel], str]] | None:
    """The shortest chain of (model, key) from `start_at` to a field holding `target`."""
    start: list[tuple[type[BaseModel], str]] = []
    queue: deque[tuple[type[BaseModel], list[tuple[type[BaseModel], str]]]] = deque([(start_at, start)])
    seen = {start_at}
    while queue:
        model, route = queue.popleft()
        if model is target:
            return route
        for name, info in model.model_fields.items():
            for sub in _models_of(info.annotation):
                if sub not in seen:
                    seen.add(sub)
                    queue.append((sub, route + [(model, name)]))
    return None


def placements(model: type[BaseModel], key: str, value: Any, companions: dict[str, Any] | None = None,
               drop: list[str] | None = None) -> Iterator[tuple[dict[str, Any], str]]:
    """Small packages with `model.key` = `value` (and the `companions` keys its own rules
    want beside it, without the `drop` keys), each with the key's JSON path: from the
    nearest anchor first."""
    routes = []
    for name, anchored in _anchors().items():
        route = route_to(model, MODELS[name]) if MODELS[name] is not model else []
        if route is not None:
            routes.append((len(route), name, route, anchored))
    for _length, _name, route, anchored in sorted(routes, key=lambda r: r[0]):
        for pkg, at in anchored:
            for placed, path in _place(_at(pkg, at), route, model, key, value, at, companions or {}, drop or []):
                yield _put(pkg, at, placed), format_path(path + (key,))


def _place(node: dict[str, Any], route: list[tuple[type[BaseModel], str]], target: type[BaseModel], key: str,
           value: Any, path: tuple[PathPart, ...],
           companions: dict[str, Any], drop: list[str]) -> Iterator[tuple[dict[str, Any], tuple[PathPart, ...]]]:
    """`node` (a copy) with `key` = `value` on the object at the end of `route`: the one the
    base package already holds there, else a generated one (a list gets one more item)."""
    if not route:
        kept = {k: copy.deepcopy(v) for k, v in node.items() if k not in drop and k != key}
        placed = {**kept, **copy.deepcopy(companions)}
        if value is not ABSENT:
            placed[key] = copy.deepcopy(value)
        yield placed, path
        return
    (model, name), rest = route[0], route[1:]
    field = alias(model, name)
    child_model = rest[0][0] if rest else target
    here = node.get(field)
    fresh = [copy.deepcopy(x) for x in model_instances(child_model)]
    if not rest and not fresh:
        # The object itself: the key and its companions may be all it needs.
        fresh = [{}]
    if _is_list(model.model_fields[name].annotation):
        items = list(here or [])
        # The new item first copies one already there (a known-good object), else is generated.
        children = [copy.deepcopy(items[0])] if items and isinstance(items[0], dict) else []
        for child in (fresh[:2] + children + fresh[2:])[:4]:
            for placed, sub in _place(child, rest, target, key, value, path + (field, len(items)), companions, drop):
                yield {**copy.deepcopy(node), field: [*copy.deepcopy(items), placed]}, sub
        return
    children = [copy.deepcopy(here)] if isinstance(here, dict) else []
    for child in (children + fresh)[:3]:
        for placed, sub in _place(child, rest, target, key, value, path + (field,), companions, drop):
            yield {**copy.deepcopy(node), field: placed}, sub


# ---------------------------------------------------------------------------
# fights: the same fight with and without a key
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Scenario:
    """A small fight every combatant of which the Engine plays, on a package built by
    `package`, with the objects keys are put on (`anchors`: model name → JSON paths)."""

    name: str
    package: Callable[[], dict[str, Any]]
    party: Callable[[], list[dict[str, Any]]]
    foes: Callable[[], list[dict[str, Any]]]
    anchors: dict[str, list[tuple[PathPart, ...]]]
    seeds: tuple[int, ...] = (1, 2, 3)


def _engine(member: dict[str, Any]) -> dict[str, Any]:
    return {**member, "controller": "engine"}


def _roads_package() -> dict[str, Any]:
    # A condition Juno holds from the start and that does nothing yet, for keys of a condition.
    return add_condition(roads(), "marked", "Marked")


def _roads_party() -> list[dict[str, Any]]:
    juno = _engine(juno_roads())
    juno["sheet"]["live"] = {"conditions": ["marked"]}
    return [juno]


def _marsh_party() -> list[dict[str, Any]]:
    wren = _engine(wren_marsh("lantern-flare", "marsh-mend"))
    return [_engine(juno_marsh()), wren]


SCENARIOS: dict[str, Scenario] = {
    "roads": Scenario(
        "roads", _roads_package, _roads_party, lambda: [foe("rust-jackal", controller="engine")],
        {
            "Ruleset": [()],
            "CreatureAction": [("catalogs", 0, "entries", 0, "creature", "actions", 0)],
            "Creature": [("catalogs", 0, "entries", 0, "creature")],
            "CombatCondition": [("combat", "conditions", 2)],
        },
    ),
    "marsh": Scenario(
        "marsh", marsh, _marsh_party, lambda: [foe("bog-hound", controller="engine")],
        {
            "Ruleset": [()],
            "Mechanics": [("catalogs", 0, "entries", 0, "mechanics"), ("catalogs", 0, "entries", 2, "mechanics")],
            "Creature": [("catalogs", 1, "entries", 1, "creature")],
        },
    ),
}

def outcome(scenario: Scenario, pkg: dict[str, Any]) -> tuple[Any, ...]:
    """The logs of the scenario's fight on `pkg` (three seeds), and its members' computed
    sheets before the fight."""
    rs = load_package(copy.deepcopy(pkg))
    logs = []
    for seed in scenario.seeds:
        state, _events = start_battle(rs, scenario.party(), scenario.foes(), seed=seed)
        # Whoever a person would play, the Engine's tactics decide for (as the golden fights do).
        while state.pending is not None and not state.outcome:
            result = advance(rs, state, decide_for(rs, state))
            if isinstance(result, Refusal):
                break
            state, _events = result
        logs.append(tuple(e.text for e in state.events))
    sheets = tuple(json.dumps(compute_sheet_json(rs, m["sheet"]), sort_keys=True) for m in scenario.party())
    return tuple(logs), sheets


def fight_placements(scenario: Scenario, model: type[BaseModel], key: str, value: Any,
                     companions: dict[str, Any] | None = None,
                     ) -> Iterator[tuple[dict[str, Any], dict[str, Any], str]]:
    """The scenario's package with `model.key` = `value` on an object the fight uses, the
    same package without the key, and the key's path. The object holding the key is of
    `model` itself (not another arm of a union that happens to take the key)."""
    base = scenario.package()
    checker = TypeAdapter(model)
    routes = []
    for name, paths in scenario.anchors.items():
        route = route_to(model, MODELS[name]) if MODELS[name] is not model else []
        if route is not None:
            routes.append((len(route), route, paths))
    # The nearest object the fight already uses first (the foe's own action before a new entry).
    for _length, route, paths in sorted(routes, key=lambda r: r[0]):
        for at in paths:
            with_key = _place(_at(base, at), route, model, key, value, at, companions or {}, [])
            without = _place(_at(base, at), route, model, key, ABSENT, at, companions or {}, [])
            for (placed, path), (bare, _same) in zip(with_key, without):
                holder = _at(_put(base, at, placed), path)
                try:
                    checker.validate_python(copy.deepcopy(holder))
                except Exception:  # noqa: BLE001 - another model's object
                    continue
                yield _put(base, at, placed), _put(base, at, bare), format_path(path + (key,))


def played_difference(scenario: Scenario, model: type[BaseModel], key: str, value: Any,
                      companions: dict[str, Any] | None = None, tries: int = 6) -> str | None:
    """The path of a placement of the key whose fight (or sheet) differs from the same
    fight without it; None when none of the first `tries` valid placements does."""
    for pkg, bare, path in itertools.islice(fight_placements(scenario, model, key, value, companions), tries * 3):
        if problems_of(pkg) or problems_of(bare):
            continue
        tries -= 1
        if outcome(scenario, pkg) != outcome(scenario, bare):
            return path
        if tries <= 0:
            break
    return None


def _golden(name: str, package: Path, party: Path, foes: Path, seed: int) -> Scenario:
    """A golden fight (tests/combat/make_golden.py) as a scenario: anchors on the combat
    block's conditions, the foes' creatures and their first actions, and the first entries
    with mechanics."""
    data = json.loads(package.read_text())
    foe_ids = {f.get("creature") for f in json.loads(foes.read_text())}
    anchors: dict[str, list[tuple[PathPart, ...]]] = {"Ruleset": [()]}
    for i, catalog in enumerate(data.get("catalogs") or []):
        for j, entry in enumerate(catalog.get("entries") or []):
            where: tuple[PathPart, ...] = ("catalogs", i, "entries", j)
            if "creature" in entry and entry["id"] in foe_ids:
                anchors.setdefault("Creature", []).append(where + ("creature",))
                for k, _action in enumerate((entry["creature"].get("actions") or [])[:2]):
                    anchors.setdefault("CreatureAction", []).append(where + ("creature", "actions", k))
            if "mechanics" in entry and len(anchors.get("Mechanics", [])) < 4:
                anchors.setdefault("Mechanics", []).append(where + ("mechanics",))
    anchors["CombatCondition"] = [("combat", "conditions", i) for i in range(min(4, len((data.get("combat") or {}).get("conditions") or [])))]
    return Scenario(name, lambda: json.loads(package.read_text()), lambda: json.loads(party.read_text()),
                    lambda: json.loads(foes.read_text()), anchors, seeds=(seed,))


_ROOT = Path(__file__).resolve().parents[2]
_FIX = _ROOT / "tests" / "combat" / "fixtures"
_UP = _ROOT / "tests" / "data" / "upstream"
SCENARIOS.update({
    "ember-roads": _golden("ember-roads", _UP / "ember-roads.json", _FIX / "ember-party.json", _FIX / "ember-foes.json", 9),
    "5e": _golden("5e", _UP / "ruleset-5e-2014.example.json", _FIX / "5e-party.json", _FIX / "5e-foes.json", 3),
    "gravewatch": _golden("gravewatch", _UP / "gravewatch.json", _FIX / "gravewatch-party.json", _FIX / "gravewatch-foes.json", 1),
    "dockside": _golden("dockside", _FIX / "dockside.json", _FIX / "dockside-party.json", _FIX / "dockside-foes.json", 2),
})


# ---------------------------------------------------------------------------
# played keys: a scripted fight built with and without the key
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FightProbe:
    """`build(with_key)` gives (package, party, foes, dice, choices); the fight's log with
    the key must differ from the log without it. With a `board` (start_battle's: `rows`
    of cells), the fight is on it, and the party and foes carry their `position`s."""

    build: Callable[[bool], tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]], list[int], list[dict[str, Any]]]]
    board: dict[str, Any] | None = None


def fight_log(probe: FightProbe | MenuProbe, with_key: bool) -> list[str]:
    return played(probe, with_key)[2]


def played(probe: FightProbe | MenuProbe, with_key: bool) -> tuple[Ruleset, Any, list[str]]:
    """The probe's scripted fight, each choice accepted: the ruleset, the state after the
    last choice and the log."""
    pkg, party, foes, dice, choices = probe.build(with_key)
    rs = ruleset(pkg)
    state, events = start_battle(rs, party, foes, dice=dice, board=probe.board)
    log = [e.text for e in events]
    for choice in choices:
        state, ended = until_decides(rs, state, choice["actor"])
        log += ended
        state, events = step(rs, state, choice)
        log += [e.text for e in events]
    return rs, state, log


def until_decides(rs: Ruleset, state: Any, actor: str) -> tuple[Any, list[str]]:
    """Whoever decides before `actor` ends their turn: the state where `actor` decides, and
    what those ends logged."""
    log: list[str] = []
    while state.pending is not None and state.pending.actor != actor and not state.outcome:
        state, events = step(rs, state, {"actor": state.pending.actor, "option": "end-turn", "targets": []})
        log += [e.text for e in events]
    return state, log


def step(rs: Any, state: Any, choice: dict[str, Any]) -> Any:
    result = advance(rs, state, choice)
    assert not isinstance(result, Refusal), result
    return result


@dataclass(frozen=True)
class MenuProbe:
    """A key whose play is what an actor may choose: `build(with_key)` as a FightProbe's;
    after its choices (each accepted), `actor`'s menu when they next decide (its options'
    ids and targets) with the key must differ from the same menu without it."""

    build: Callable[[bool], tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]], list[int], list[dict[str, Any]]]]
    actor: str
    board: dict[str, Any] | None = None


def menu_seen(probe: MenuProbe, with_key: bool) -> list[tuple[str, tuple[str, ...]]]:
    rs, state, _log = played(probe, with_key)
    state, _ended = until_decides(rs, state, probe.actor)
    return [(option.id, tuple(option.targets)) for option in menu(rs, state, probe.actor, forecasts=False)]


# ---------------------------------------------------------------------------
# played keys outside a fight: a computed sheet (or a service's output) with and without
# ---------------------------------------------------------------------------


def computed_sheet(rs: Ruleset, sheet: dict[str, Any]) -> Any:
    """The sheet as `battle sheet` prints it."""
    return compute_sheet_json(rs, sheet)


@dataclass(frozen=True)
class SheetProbe:
    """`build(with_key)` gives (package, character sheet); what `view` makes of them (the
    computed sheet by default; a rest through the sheet engine, the party sheet, the GM
    reminder text for keys only play outside a fight reads) with the key must differ from
    the same without it. Both packages must validate."""

    build: Callable[[bool], tuple[dict[str, Any], dict[str, Any]]]
    view: Callable[[Ruleset, dict[str, Any]], Any] = computed_sheet


def sheet_output(probe: SheetProbe, with_key: bool) -> Any:
    pkg, sheet = probe.build(with_key)
    return probe.view(ruleset(pkg), copy.deepcopy(sheet))
