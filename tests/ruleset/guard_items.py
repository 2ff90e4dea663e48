"""The capability guard's probes for the keys of a held weapon's attack (`ItemDef.attack`:
its `onHit` conditions and their narrowing, its `plus` parts, its own minimum of damage
dice), played since a fight offers held weapons (shared/combat/item_weapons.py;
tests/ruleset/test_capability_guard.py merges them).

The d20 fights are the 5e example with an item catalog (tests/combat/item_kit.py) at
schemaVersion 2: Brom wields a Hound spear (1d8 piercing, in one hand) against a Cinder
Hound. Dice: the hound's health 5d8 (4 each); initiative Brom 15 + 1, the hound 1 + 1;
then the spear's 12 + 5 = 17 hits Armor Class 12, and every other die is a 4.

The pool fight is Gravewatch (vendored): Ada holds a Warden's maul whose attack sets its
own minimum of damage dice.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Callable

from tests.combat.item_kit import brom, item_package, typed_item_package
from tests.combat.kit import FIXTURES, UPSTREAM, add_condition, foe
from tests.combat.test_item_mode_line import LINE, javelin
from tests.ruleset.capability_probes import FightProbe, MenuProbe

BROM_SPEARS = {"actor": "brom", "option": "attack:item:hound-spear", "targets": ["cinder-hound"]}
HOUND_BITES = {"actor": "cinder-hound", "option": "action:sear_bite", "targets": ["brom"]}
FRIGHTENED = {"condition": "frightened", "duration": {"rounds": 1}}


def _spear(attack: dict[str, Any]) -> dict[str, Any]:
    return {"id": "hound-spear", "label": "Hound spear", "summary": "A boar spear with a crossbar.",
            "item": {"category": "weapon", "slots": {"hand": 1}, "stats": {"ability": "str"},
                     "attack": {"damage": {"dice": "1d8", "type": "piercing"}, **copy.deepcopy(attack)}}}


def _spear_fight(without: dict[str, Any], with_key: dict[str, Any],
                 choices: list[dict[str, Any]] | None = None, *, hounds: int = 1,
                 edit: Callable[[dict[str, Any], bool], None] | None = None) -> FightProbe:
    """`hounds` 2: two hounds (initiative 2 each) and Brom with two attacks an action, each
    12 + 5 = 17 with 4 to wound. `edit(pkg, on)` changes the packages further."""
    def build(on: bool) -> tuple[Any, ...]:
        # Target tests name declared types: the hound is a beast, Brom a person.
        pkg = typed_item_package(_spear(with_key if on else without))
        if edit is not None:
            edit(pkg, on)
        brom_ = brom(items=[{"item": "items/hound-spear", "worn": True}])
        brom_["sheet"]["fields"]["attacks_per_action"] = hounds
        dice = [4] * 5 * hounds + [15] + [1] * hounds + [12, 4] * hounds + [4] * 40
        return pkg, [brom_], [foe("cinder-hound")] * hounds, dice, [BROM_SPEARS] if choices is None else choices

    return FightProbe(build)


def _tagged_spear_against_a_guard(pkg: dict[str, Any], on: bool) -> None:
    """The spear tagged magical; with the key, the hound's fire resistance written `except`
    magical (taken in full), without it plain (halved)."""
    spear = next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == "hound-spear")
    spear["item"]["tags"] = ["magical"]
    hound = next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == "cinder-hound")
    hound["creature"]["resist"] = [{"type": "fire", "except": ["magical"]} if on else "fire"]


HEARTENED = {"condition": "heartened", "duration": {"rounds": 2}}


def _heartening(pkg: dict[str, Any], _on: bool) -> None:
    add_condition(pkg, "heartened", "Heartened", temporary={"at": "turn-start", "value": True})


def _on_hit(**more: Any) -> dict[str, Any]:
    return {"onHit": [{**FRIGHTENED, **more}]}


def _gravewatch_maul(on: bool) -> tuple[Any, ...]:
    """Gravewatch: Ada (Sinew 3, Wrestle rating 2) holds a Warden's maul (1d10 blunt, a
    pool of 1 die) in both hands; with the key its attack raises the first pool to 7 dice."""
    pkg = json.loads((UPSTREAM / "gravewatch.json").read_text())
    damage: dict[str, Any] = {"dice": "1d10", "type": "blunt"}
    if on:
        damage["minimum"] = {"const": 7}
    arms = next(c for c in pkg["catalogs"] if c.get("holds") == "items")
    arms["entries"].append({"id": "wardens-maul", "label": "Warden's maul", "summary": "An iron maul.",
                            "item": {"category": "arm", "slots": {"hands": 2},
                                     "stats": {"harm": "blunt"}, "attack": {"damage": damage}}})
    ada = copy.deepcopy(json.loads((FIXTURES / "gravewatch-party.json").read_text())[0])
    ada.update({"controller": "player", "player": "ada"})
    ada["sheet"]["live"] = {"items": [{"item": f"{arms['id']}/wardens-maul", "worn": True}]}
    choice = {"actor": "ada", "option": "attack:item:warden-s-maul", "targets": ["grave-rat-swarm"]}
    return pkg, [ada], [foe("grave-rats")], [9] * 400, [choice]


def _potion(use: dict[str, Any], charges: dict[str, Any] | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"category": "potion", "stack": 10,
                            "use": {"kind": "heal", "targets": "self", "amount": {"dice": "2d4", "flat": 2},
                                    "budget": "action", **copy.deepcopy(use)}}
    if charges is not None:
        item["charges"] = charges
    return {"id": "healing-draught", "label": "Healing draught", "summary": "2d4 + 2 hit points.", "item": item}


def _draught_fight(without: dict[str, Any], with_key: dict[str, Any], charges: dict[str, Any] | None = None,
                   drinks: bool = True) -> Any:
    """Brom at 10 of 28 drinks a Healing draught (2d4 + 2: 4 + 4 + 2) on his first turn
    (or, not `drinks`, only has it on his menu)."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg = item_package(_potion(with_key if on else without, charges))
        pkg["schemaVersion"] = 2
        pkg["capabilityApi"] = {"major": 1, "minor": 290}
        brom_ = brom(hp=10, items=[{"item": "items/healing-draught", "quantity": 2}])
        drink = {"actor": "brom", "option": "item:healing-draught", "targets": ["brom"]}
        return pkg, [brom_], [foe("cinder-hound")], [4] * 5 + [15, 1] + [4] * 40, [drink] if drinks else []

    return build


def _flask_fight(on: bool) -> tuple[Any, ...]:
    """Brom throws a Flask of embers (2d6 fire, a Dex save for half) at the hound: the save's
    difficulty is the first ability list's (the 5e example's spell save DC), or, with the key,
    15 read from the sheet through `sheetDifficulty`."""
    use: dict[str, Any] = {"kind": "attack", "targets": "enemy", "amount": {"dice": "2d6"}, "damageType": "fire",
                           "save": {"save": "dex_save", "onSuccess": "half"}, "budget": "action"}
    if on:
        use["sheetDifficulty"] = {"const": 15}
    pkg = item_package({"id": "flask-of-embers", "label": "Flask of embers", "summary": "Thrown, it bursts.",
                        "item": {"category": "potion", "stack": 5, "use": use}})
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    brom_ = brom(items=[{"item": "items/flask-of-embers", "quantity": 2}])
    throw = {"actor": "brom", "option": "item:flask-of-embers", "targets": ["cinder-hound"]}
    return pkg, [brom_], [foe("cinder-hound")], [4] * 5 + [15, 1] + [4] * 40, [throw]


def _staff(more: bool) -> Any:
    """A staff of 10 charges whose use heals 1d4 (1 charge); with `moreUses`, a second use
    heals 2d4 for 2 charges, offered beside it."""
    def build(on: bool) -> tuple[Any, ...]:
        item: dict[str, Any] = {"category": "staff", "charges": {"max": 10},
                                "use": {"kind": "heal", "targets": "self", "amount": {"dice": "1d4"}, "charges": 1,
                                        "budget": "action"}}
        if on and more:
            item["moreUses"] = [{"label": "Deep mending", "use": {"kind": "heal", "targets": "self",
                                                                  "amount": {"dice": "2d4"}, "charges": 2}}]
        if on and not more:
            item["use"]["label"] = "Mending"
        pkg = item_package({"id": "mending-staff", "label": "Mending staff", "summary": "Heals.", "item": item})
        pkg["schemaVersion"] = 2
        pkg["capabilityApi"] = {"major": 1, "minor": 290}
        brom_ = brom(hp=10, items=[{"item": "items/mending-staff"}])
        option = "item:mending-staff-mending" if on and not more else "item:mending-staff"
        choices = [] if more else [{"actor": "brom", "option": option, "targets": ["brom"]}]
        return pkg, [brom_], [foe("cinder-hound")], [4] * 5 + [15, 1] + [4] * 40, choices

    return build


#: Low cover between Brom (0, 1) and the hound (6, 1), 30 feet off: half cover, a long shot.
COVERED_ROWS = {"rows": ["..........", "...-......", ".........."]}


def _bow_on_board(key: str) -> FightProbe:
    """Brom shoots a bow of range 20 (long 60) at the hound across low cover: + 2 half cover
    and disadvantage at long range, unless its `against` the beast ignores one of them."""
    def build(on: bool) -> tuple[Any, ...]:
        against = {"is": BEAST, **({key: True} if on else {"toHit": 0})}
        bow = {"id": "hound-bow", "label": "Hound bow", "summary": "A short bow.",
               "item": {"category": "weapon", "slots": {"hand": 2},
                        "stats": {"ability": "dex", "reach": 0, "range": 20, "long_range": 60},
                        "attack": {"damage": {"dice": "1d8", "type": "piercing"}, "against": [against]}}}
        brom_ = brom(items=[{"item": "items/hound-bow", "worn": True}]) | {"position": [0, 1]}
        shoot = {"actor": "brom", "option": "attack:item:hound-bow", "targets": ["cinder-hound"]}
        return (typed_item_package(bow), [brom_], [foe("cinder-hound", position=[6, 1])],
                [4] * 5 + [15, 1, 12, 3] + [4] * 40, [shoot])

    return FightProbe(build, board=COVERED_ROWS)


BEAST = {"types": ["beast"]}
PLUS = {"dice": "1d6", "type": "necrotic"}
FIRE_SPEAR = {"damage": {"dice": "1d8", "type": "fire"}}
LONG_FRIGHT = {"condition": "frightened", "duration": {"rounds": 10}}
#: Brom spears the hound (frightening it), the hound ends its turn, Brom swings his Longsword row.
SPEAR_THEN_SWORD = [BROM_SPEARS, {"actor": "cinder-hound", "option": "end-turn", "targets": []},
                    {"actor": "brom", "option": "attack:attacks:longsword", "targets": ["cinder-hound"]}]
BOTH_HOUNDS = [BROM_SPEARS, {**BROM_SPEARS, "targets": ["cinder-hound-2"]}]

PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    # The hound, left with 12, is slain outright; or, making its Constitution save of 5
    # (4 + 4), frightened instead.
    "ItemAttack.slay": _spear_fight({}, {"slay": [{"healthAtMost": 99}]}),
    "Slay.saved": _spear_fight({"slay": [{"healthAtMost": 99, "save": {"save": "con_save", "difficulty": 5}}]},
                               {"slay": [{"healthAtMost": 99, "save": {"save": "con_save", "difficulty": 5},
                                          "saved": [LONG_FRIGHT]}]}),
    # What item attacks hit (1.187, 1.189, 1.192): + 2 to hit the beast; not while the hound
    # holds no Frightened from Brom; the +2 rolled at advantage.
    "ItemAttack.against": _spear_fight({}, {"against": [{"is": BEAST, "toHit": 2}]}),
    "AttackAgainst.marked": _spear_fight({"against": [{"is": BEAST, "toHit": 2}]},
                                         {"against": [{"is": BEAST, "marked": "frightened", "toHit": 2}]}),
    # A second way to use the spear on Brom's menu: thrown, 20 feet.
    "ItemAttack.modes": MenuProbe(_spear_fight({}, {"modes": [{"label": "Thrown", "range": {"normal": 20}}]}, []).build,
                                  actor="brom"),
    "AttackAgainst.ignoresCover": _bow_on_board("ignoresCover"),
    "AttackAgainst.ignoresLongRange": _bow_on_board("ignoresLongRange"),
    "AttackAgainst.mode": _spear_fight({"against": [{"is": BEAST, "toHit": 2}]},
                                       {"against": [{"is": BEAST, "toHit": 2, "mode": "advantage"}]}),
    # A 1d6 necrotic part: skipping beasts, only on a ranged blow, only on a frightened
    # target; or giving Brom what it dealt as temporary points.
    "ItemPlus.not": _spear_fight({"plus": [PLUS]}, {"plus": [{**PLUS, "not": BEAST}]}),
    "ItemPlus.blow": _spear_fight({"plus": [PLUS]}, {"plus": [{**PLUS, "blow": "ranged"}]}),
    "ItemPlus.marked": _spear_fight({"plus": [PLUS]}, {"plus": [{**PLUS, "marked": "frightened"}]}),
    "ItemPlus.tempHp": _spear_fight({"plus": [PLUS]}, {"plus": [{**PLUS, "tempHp": True}]}),
    # A fire spear: the hound's resistance halves it, or not.
    "ItemAttack.ignoresResistance": _spear_fight(FIRE_SPEAR, {**FIRE_SPEAR, "ignoresResistance": True}),
    "DamageGuard.except": _spear_fight(FIRE_SPEAR, FIRE_SPEAR, edit=_tagged_spear_against_a_guard),
    # The Longsword row at disadvantage while the frightened hound stands.
    "ItemAttack.othersWhileMarked": _spear_fight(
        {"onHit": [LONG_FRIGHT]}, {"onHit": [LONG_FRIGHT],
                                   "othersWhileMarked": {"condition": "frightened", "mode": "disadvantage"}},
        SPEAR_THEN_SWORD),
    # Two hits in one turn on two hounds: the second is frightened only without the key.
    "ItemOnHit.oncePerTurn": _spear_fight({"onHit": [LONG_FRIGHT]}, {"onHit": [{**LONG_FRIGHT, "oncePerTurn": True}]},
                                          BOTH_HOUNDS, hounds=2),
    # A save difficulty read from the owner's sheet: 15 instead of the spell save DC.
    "ItemUse.sheetDifficulty": FightProbe(_flask_fight),
    # A second use of the staff on the menu.
    "ItemDef.moreUses": MenuProbe(_staff(True), actor="brom"),
    # The use goes by "Mending staff: Mending".
    "ItemUse.label": FightProbe(_staff(False)),
    # The owner's number added to what the use heals: 10 + 4 + 4 + 2 + 1.
    "ItemUse.amountAdd": FightProbe(_draught_fight({}, {"amountAdd": {"const": 1}})),
    "ItemDef.use.amountAdd = 'on an item use'": FightProbe(_draught_fight({}, {"amountAdd": {"const": 1}})),
    # A draught with 3 charges: a use spends 2 of them, not 1.
    "ItemUse.charges": FightProbe(_draught_fight({}, {"charges": 2}, {"max": 3})),
    # Usable only while a constant 1 is at least 2: never on the menu.
    "ItemUse.usableWhen": MenuProbe(_draught_fight({}, {"usableWhen": {"value": {"const": 1}, "atLeast": 2}},
                                                   drinks=False), actor="brom"),
    # Brom is level 3: a Frightened kept for level 5 wielders is not put on.
    "ItemOnHit.when": _spear_fight(_on_hit(), _on_hit(when={"value": {"field": "level"}, "atLeast": 5})),
    # The hound is no dragon: nothing is put on it, or no fire part reaches it.
    "ItemOnHit.targetIs": _spear_fight(_on_hit(), _on_hit(targetIs={"types": ["dragon"]})),
    "ItemPlus.targetIs": _spear_fight({"plus": [{"dice": "1d6", "type": "fire"}]},
                                      {"plus": [{"dice": "1d6", "type": "fire", "targetIs": {"types": ["dragon"]}}]}),
    # Frightened ends after the hound's own attack, or with the spear's blow itself.
    "ItemOnHit.endsAfter": _spear_fight(_on_hit(), _on_hit(endsAfter="own-attack"), [BROM_SPEARS, HOUND_BITES]),
    "ItemOnHit.duration = 'this-action'": _spear_fight(_on_hit(), {"onHit": [{**FRIGHTENED, "duration": "this-action"}]}),
    "ItemAttackDamage.minimum": FightProbe(_gravewatch_maul),
    # Heartened (temporary points of its value at the holder's turn start) fixed at Brom's
    # level 3 by the hit: the hound gains 3 as its turn starts, or nothing.
    "ItemOnHit.value": _spear_fight({"onHit": [HEARTENED]}, {"onHit": [{**HEARTENED, "value": {"field": "level"}}]},
                                    edit=_heartening),
    # Frightened ends as the hound bites (it attacked), or stays.
    "ItemOnHit.endsWhenHolder": _spear_fight(_on_hit(), _on_hit(endsWhenHolder={"attacks": True}),
                                             [BROM_SPEARS, HOUND_BITES]),
    # Restrained ends with Frightened at the hound's turn end, or stays (mechanics-2 1.202).
    "ItemOnHit.endsWith": _spear_fight(
        {"onHit": [FRIGHTENED, {"condition": "restrained", "duration": "instant"}]},
        {"onHit": [FRIGHTENED, {"condition": "restrained", "duration": "instant", "endsWith": "frightened"}]},
        [BROM_SPEARS, BROM_SPEARS]),
}


def _charged(pkg: dict[str, Any], _on: bool) -> None:
    spear = next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == "hound-spear")
    spear["item"]["charges"] = {"max": 3}


# The spear's hit opens Brom's window to spend a charge for 1d6 force, or goes straight on.
PLAYED_PROBES["ItemAttack.spends"] = _spear_fight(
    {}, {"spends": [{"label": "Force", "charges": 1, "amount": {"dice": "1d6"}, "type": "force"}]}, edit=_charged)


def _bolt_fight(on: bool) -> tuple[Any, ...]:
    """The Javelin of Lightning's bolt mode (tests/combat/test_item_mode_line.py) hurled by
    Brom on 0, 1 at a hound on 7, 1 past a hound on 4, 1: with the line, the near hound
    saves (5 against 13, a failure) and takes 4d6 (2, 3, 4, 5) = 14; without it, nothing."""
    pkg = typed_item_package(javelin(LINE if on else None))
    wielder = brom(items=[{"item": "items/javelin-of-lightning", "worn": True}]) | {"position": [0, 1]}
    foes = [foe("cinder-hound", position=[4, 1]), foe("cinder-hound", position=[7, 1])]
    dice = [4] * 10 + [15, 1, 1] + ([2, 3, 4, 5, 5] if on else []) + [12, 3, 1, 2, 3, 4]
    return pkg, [wielder], foes, dice, [{"actor": "brom", "option": "attack:item:javelin-of-lightning-lightning-bolt",
                                         "targets": ["cinder-hound-2"]}]


PLAYED_PROBES["AttackMode.line"] = FightProbe(_bolt_fight, board={"rows": ["..........", "..........", ".........."]})
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
