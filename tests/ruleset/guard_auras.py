"""The capability guard's probes for auras, conditions kept for the whole fight and
compelled behaviour (mechanics-3 1.263-1.268; tests/ruleset/test_capability_guard.py merges
them), on tests/combat/auras_kit.py's 5e package and tests/combat/test_auras.py's fights:

- Aura of Protection: Aldric keeps it and spreads Protected to Ilsa; the Cinder Hound's
  Ember breath finds her save at 5 + 5 + 3 = 13 with the aura, 5 + 5 = 10 without;
- a hound that keeps `searing_hide`, whose aura spreads `prone`... to whom `targetTypes` and
  `sourcesOf` let it reach;
- Fear on Brom: the Longsword falls and only walks away are left;
- an aura's harm and saving throw (1.265-1.274), on tests/combat/aura_rolls_kit.py's 5e
  package as it ships: the balor's Fire Aura burns Brom, the basilisk's gaze restrains him
  (or petrifies him, failing by 5), the pit fiend's Fear Aura reaches him by sight, a
  Loathing cast by Mira is rolled against at her DC 13, Countercharm stops at Silence.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import aura_rolls_kit as ARK
from tests.combat import auras_kit as AK
from tests.combat import test_confusion as TC
from tests.combat import test_destroying as TD
from tests.combat.item_kit import brom, item_package
from tests.combat.srd_kit import brom as srd_brom, mira, srd_package
from tests.combat.test_items_held_weapons import spear
from tests.combat.test_remaining_health import spell
from tests.combat.kit import add_condition, foe
from tests.ruleset.capability_probes import FightProbe, MenuProbe

BOARD = {"rows": ["." * 12] * 6}
START = [4] * 5 + [15, 10, 2]
BREATH = [{"actor": "cinder-hound", "option": "action:ember_breath", "targets": [], "cell": [6, 2]}]


def _aura_fight(change: Any) -> FightProbe:
    """Aldric 6, 0 and Ilsa 6, 2 against the hound at 9, 2; its breath at Ilsa."""
    def build(with_key: bool) -> tuple[Any, ...]:
        pkg = AK.package()
        paladin = AK.paladin()
        change(pkg, paladin, with_key)
        party = [paladin | {"position": [6, 0]}, AK.member("Ilsa") | {"position": [6, 2]}]
        return pkg, party, [foe("cinder-hound", position=[9, 2])], START + [3, 4, 5] + [4] * 20, BREATH
    return FightProbe(build, board=BOARD)


def _condition(pkg: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in pkg["combat"]["conditions"] if c["condition"] == cid)


def _no_auras(pkg: dict[str, Any], _paladin: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        del _condition(pkg, "aura_of_protection")["auras"]


def _no_keeps_on(pkg: dict[str, Any], _paladin: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        del pkg["catalogs"][-1]["entries"][0]["mechanics"]["keepsOn"]


#: The hound keeps `searing_hide`: its aura puts `prone` on those around it (2 cells).
HIDE = {"auras": [{"distance": 10, "side": "all", "conditions": ["prone"]}]}


def _hide(key: str, value: Any) -> FightProbe:
    def build(with_key: bool) -> tuple[Any, ...]:
        pkg = AK.package()
        hide = copy.deepcopy(HIDE)
        if with_key:
            hide["auras"][0][key] = value
        add_condition(pkg, "searing_hide", "Searing hide", **hide)
        hound = next(e for e in pkg["catalogs"][0]["entries"] if e["id"] == "cinder-hound")
        hound["creature"]["keepsOn"] = ["searing_hide"]
        party = [AK.paladin() | {"position": [6, 0]}, AK.member("Ilsa") | {"position": [7, 2]}]
        return pkg, party, [foe("cinder-hound", position=[9, 2])], START + [4] * 20, []
    return FightProbe(build, board=BOARD)


def _creature_keeps(with_key: bool) -> tuple[Any, ...]:
    pkg = AK.package()
    add_condition(pkg, "searing_hide", "Searing hide", **copy.deepcopy(HIDE))
    if with_key:
        hound = next(e for e in pkg["catalogs"][0]["entries"] if e["id"] == "cinder-hound")
        hound["creature"]["keepsOn"] = ["searing_hide"]
    party = [AK.paladin() | {"position": [6, 0]}, AK.member("Ilsa") | {"position": [7, 2]}]
    return pkg, party, [foe("cinder-hound", position=[9, 2])], START + [4] * 20, []


def _fear(change: Any) -> FightProbe:
    """The Grave Piper's Fear at Brom (test_auras.py's FEAR_DICE); then Brom dodges, which
    `only` refuses, or ends his turn."""
    def build(with_key: bool) -> tuple[Any, ...]:
        fear = copy.deepcopy(AK.FEAR)
        change(fear, with_key)
        pkg = AK.package(fear=fear)
        return (pkg, [AK.brom_armed() | {"position": [3, 2]}], [foe("grave-piper", position=[6, 2])],
                [4] * 9 + [4] * 20,
                [{"actor": "grave-piper", "option": "action:fear", "targets": ["brom"]},
                 {"actor": "grave-piper", "option": "end-turn", "targets": []},
                 {"actor": "brom", "option": "move:0,2", "targets": []}])
    return FightProbe(build, board=BOARD)


def _no_behavior(fear: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        del fear["behavior"]


def _no_drops(fear: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        del fear["behavior"]["drops"]


def _held(with_key: bool) -> tuple[Any, ...]:
    """The hound keeps `fumbling`, which makes it drop shields as each of its turns starts;
    with `held`, it holds a shield (+ 2 defense) and lets it fall."""
    pkg = AK.package()
    add_condition(pkg, "fumbling", "Fumbling", behavior={"drops": {"tags": ["shield"], "at": "turn-start"}})
    hound = next(e for e in pkg["catalogs"][0]["entries"] if e["id"] == "cinder-hound")
    hound["creature"]["keepsOn"] = ["fumbling"]
    if with_key:
        hound["creature"]["held"] = [{"label": "Shield", "tags": ["shield"], "defense": 2}]
    party = [AK.paladin() | {"position": [6, 0]}, AK.member("Ilsa") | {"position": [6, 2]}]
    return pkg, party, [foe("cinder-hound", position=[9, 2])], START + [4] * 20, \
        [{"actor": "cinder-hound", "option": "end-turn", "targets": []}]


def _fear_save(key: str, value: Any) -> FightProbe:
    """Fear's ending save with `key`; Brom walks to 0, 2 (30 feet from the Piper, in sight)
    and ends his turn, rolling 15 then 3."""
    def build(with_key: bool) -> tuple[Any, ...]:
        pkg = AK.package()
        if with_key:
            piper = next(e for e in pkg["catalogs"][0]["entries"] if e["id"] == "grave-piper")
            piper["creature"]["actions"][-1]["applies"][0]["saveEnds"][key] = value
        return (pkg, [AK.brom_armed() | {"position": [3, 2]}], [foe("grave-piper", position=[6, 2])],
                [4] * 9 + [15, 3] + [4] * 20,
                [{"actor": "grave-piper", "option": "action:fear", "targets": ["brom"]},
                 {"actor": "grave-piper", "option": "end-turn", "targets": []},
                 {"actor": "brom", "option": "move:0,2", "targets": []},
                 {"actor": "brom", "option": "end-turn", "targets": []}])
    return FightProbe(build, board=BOARD)


def _save_on_action(with_key: bool) -> tuple[Any, ...]:
    """Fear's save at the end of Brom's turn, or (`at: "action"`) spent his action on."""
    pkg = AK.package()
    piper = next(e for e in pkg["catalogs"][0]["entries"] if e["id"] == "grave-piper")
    if with_key:
        piper["creature"]["actions"][-1]["applies"][0]["saveEnds"]["at"] = "action"
    return (pkg, [AK.brom_armed() | {"position": [3, 2]}], [foe("grave-piper", position=[6, 2])],
            [4] * 9 + [15, 3] + [4] * 20,
            [{"actor": "grave-piper", "option": "action:fear", "targets": ["brom"]},
             {"actor": "grave-piper", "option": "end-turn", "targets": []},
             {"actor": "brom", "option": "end-turn", "targets": []}])


def _cornered(with_key: bool) -> tuple[Any, ...]:
    """Brom at the end of a one-row board, frightened by the Piper 3 cells off: nowhere
    farther to go, so with `onlyWhenStuck: "any"` his whole menu is back."""
    fear = copy.deepcopy(AK.FEAR)
    if with_key:
        fear["behavior"]["onlyWhenStuck"] = "any"
    return (AK.package(fear=fear), [AK.brom_armed() | {"position": [0, 0]}], [foe("grave-piper", position=[3, 0])],
            [4] * 9 + [4] * 20,
            [{"actor": "grave-piper", "option": "action:fear", "targets": ["brom"]},
             {"actor": "grave-piper", "option": "end-turn", "targets": []}])


def _kept(key: str) -> MenuProbe:
    """Brom 3 cells from the Piper, feared with a behavior that drops his sword and, with
    the key, keeps him out of (or within) 20 feet: the walks on his menu differ."""
    def build(with_key: bool) -> tuple[Any, ...]:
        behavior: dict[str, Any] = {"drops": {"slots": ["hand"], "at": "applied"}}
        if with_key:
            behavior[key] = 20
        return (AK.package(fear={"behavior": behavior}), [AK.brom_armed() | {"position": [3, 2]}],
                [foe("grave-piper", position=[6, 2])], [4] * 9 + [4] * 20,
                [{"actor": "grave-piper", "option": "action:fear", "targets": ["brom"]},
                 {"actor": "grave-piper", "option": "end-turn", "targets": []}])
    return MenuProbe(build, "brom", board=BOARD)


def _disarmed(with_key: bool) -> tuple[Any, ...]:
    """tests/combat/test_drops_pick_up.py: the Piper's Fear only drops Brom's Longsword on
    3, 2; with `pickUp: "bonus"` it is offered for a bonus action too."""
    drops: dict[str, Any] = {"slots": ["hand"], "at": "applied"}
    if with_key:
        drops["pickUp"] = "bonus"
    return (AK.package(fear={"behavior": {"drops": drops}}), [AK.brom_armed() | {"position": [3, 2]}],
            [foe("grave-piper", position=[6, 2])], [4] * 9 + [4] * 20,
            [{"actor": "grave-piper", "option": "action:fear", "targets": ["brom"]},
             {"actor": "grave-piper", "option": "end-turn", "targets": []}])


def _turn_undead(with_key: bool) -> tuple[Any, ...]:
    """tests/combat/test_destroying.py's level-5 Mira turning the Zombie, which fails."""
    pkg = srd_package()
    add_condition(pkg, "turned", "Turned", behavior={"moves": "away"})
    turn = copy.deepcopy(TD.TURN_UNDEAD)
    if not with_key:
        del turn["applies"][0]["destroysUpTo"]
    spell(pkg, "turn-undead", "Turn Undead", 0, turn)
    cleric = mira(("turn-undead", "Turn Undead", 0), level=5, spellcasting_ability="wis")
    cleric["sheet"]["abilities"]["wis"] = 16
    return (pkg, [cleric], [foe("zombie")], [4, 4, 4, 15, 1, 5] + [4] * 20,
            [{"actor": "mira", "option": "ability:spells:turn-undead", "targets": ["zombie"]}])


def _destroying_spear(with_key: bool) -> tuple[Any, ...]:
    """tests/combat/test_items_held_weapons.py's Hound spear; its hit frightens, or destroys."""
    on_hit: dict[str, Any] = {"condition": "frightened", "duration": {"rounds": 10}}
    if with_key:
        on_hit["destroysUpTo"] = [{"tier": "cr_1"}]
    pkg = item_package(spear(on_hit))
    return (pkg, [brom(items=[{"item": "items/hound-spear", "worn": True}])], [foe("cinder-hound")],
            [4] * 5 + [15, 1] + [12, 5] + [4] * 20,
            [{"actor": "brom", "option": "attack:item:hound-spear", "targets": ["cinder-hound"]}])


# ---------------------------------------------------------------------------
# an aura's harm and saving throw (tests/combat/test_aura_rolls.py)
# ---------------------------------------------------------------------------

GAZE_START = [4] * 8 + [10, 2]
FIEND_START = [4] * 24 + [10, 2]


def _rule(creature: str, change: Any, turns: bool = True) -> FightProbe:
    """Brom on 2, 2 (4, 2 beside the balor) and `creature` on 5, 2, its aura rule changed by
    `change(aura, with_key)`; with `turns`, Brom's and its turns end."""
    def build(with_key: bool) -> tuple[Any, ...]:
        cid, _label, rule = ARK.AURAS[creature]
        rule = copy.deepcopy(rule)
        change(rule["auras"][0], with_key)
        pkg = ARK.package(**{creature.replace("-", "_"): rule})
        start = {"balor": [6] * 21 + [15, 10], "basilisk": GAZE_START, "pit-fiend": FIEND_START}[creature]
        brom_at = [4, 2] if creature == "balor" else [2, 2]
        party = [(ARK.sage() if creature == "pit-fiend" else srd_brom()) | {"position": brom_at}]
        choices = [{"actor": "brom", "option": "end-turn", "targets": []},
                   {"actor": creature, "option": "end-turn", "targets": []}] if turns else []
        # The Fire Aura's 3d6; the gaze's save (2 + 4 = 6, 6 short of 12) and Restrained's (15 + 4).
        tail = [3, 4, 5] if creature == "balor" else [2, 15]
        return pkg, party, [foe(creature, position=[5, 2])], start + tail + [4] * 20, choices
    return FightProbe(build, board=BOARD)


def _harms(aura: dict[str, Any], with_key: bool) -> None:
    # The Fire Aura spreads prone besides: without `harms`, only that.
    aura["conditions"] = ["prone"]
    if not with_key:
        del aura["harms"]


def _left_out(aura: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        aura["conditions"] = ["prone"]


def _save(aura: dict[str, Any], with_key: bool) -> None:
    aura["conditions"] = ["prone"]
    if not with_key:
        del aura["save"]


def _save_key(key: str, value: Any) -> Any:
    def change(aura: dict[str, Any], with_key: bool) -> None:
        if with_key:
            aura["save"][key] = value
    return change


def _or_seen(with_key: bool) -> tuple[Any, ...]:
    """A Fear Aura of 5 feet, Brom 55 feet off in sight of the pit fiend."""
    rule = copy.deepcopy(ARK.FEAR_AURA)
    rule["auras"][0]["distance"] = 5
    if with_key:
        rule["auras"][0]["orSeen"] = True
    return (ARK.package(pit_fiend=rule), [ARK.sage() | {"position": [0, 2]}], [foe("pit-fiend", position=[11, 2])],
            FIEND_START + [3] + [4] * 20, [])


def _applied(with_key: bool) -> tuple[Any, ...]:
    pkg, party, foes, dice = ARK.loathing(with_key)
    return pkg, party, foes, dice, [{"actor": "mira", "option": "ability:spells:loathing", "targets": ["goblin"]},
                                    {"actor": "mira", "option": "end-turn", "targets": []}]


def _avert(with_key: bool) -> tuple[Any, ...]:
    """The gaze reaching the Engine's goblin beside the basilisk: with `avert`, it turns its
    eyes away (Brom is there to fight) instead of rolling."""
    rule = copy.deepcopy(ARK.PETRIFYING_GAZE)
    if with_key:
        rule["auras"][0]["save"]["avert"] = True
    return (ARK.package(basilisk=rule), [srd_brom() | {"position": [0, 2]}],
            [foe("basilisk", position=[5, 2]), {"creature": "goblin", "position": [6, 2]}],
            [4] * 8 + [4, 4] + [2, 1, 20] + [4] * 20, [])


def _needs(with_key: bool) -> tuple[Any, ...]:
    pkg, party, foes, dice = ARK.countercharm(with_key)
    return pkg, party, foes, dice, [{"actor": "ilsa", "option": "ability:spells:silence", "targets": [], "cell": [2, 2]}]


def _confusion(with_key: bool) -> tuple[Any, ...]:
    """tests/combat/test_confusion.py's Goblin confused by Mira; its turn starts with the
    d10 at 7 (strike, the d3 at 3: the Zombie) with the table, as it is without one."""
    confused = TC.CONFUSED if with_key else {}
    party = [mira(("confusion", "Confusion", 4), level=7, slots_max_4=1), TC.brom()]
    return (TC.confusion_package(confused), party, [foe("zombie"), foe("goblin")], TC.START + [6, 7, 3] + [4] * 20,
            [{"actor": "mira", "option": "ability:spells:confusion", "targets": ["goblin"]},
             {"actor": "brom", "option": "end-turn", "targets": []}])


PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    "Behavior.table": MenuProbe(_confusion, "goblin"),
    "Aura.harms": _rule("balor", _harms),
    "Aura.conditions = 'left out'": _rule("balor", _left_out),
    "Aura.save": _rule("basilisk", _save),
    # 2 + 4 = 6 against 12: 6 short, Petrified at once.
    "AuraSave.failedBy": _rule("basilisk", _save_key("failedBy", {"atLeast": 5, "applies": [
        {"condition": "petrified", "duration": "instant"}]}), turns=False),
    # 2 + 4 fails, 15 + 4 ends Restrained: the next round's gaze is not rolled.
    "AuraSave.immuneWhenEnds": _rule("basilisk", _save_key("immuneWhenEnds", True)),
    "Aura.orSeen": FightProbe(_or_seen, board=BOARD),
    "AuraSave.appliedDifficulty": FightProbe(_applied, board=BOARD),
    "Aura.needs": FightProbe(_needs, board=BOARD),
    "AuraSave.avert": FightProbe(_avert, board=BOARD),
    "Apply.destroysUpTo": FightProbe(_turn_undead),
    "ItemOnHit.destroysUpTo": FightProbe(_destroying_spear),
    "Behavior.keepsOut": _kept("keepsOut"),
    "Behavior.keepsIn": _kept("keepsIn"),
    "Behavior.onlyWhenStuck = 'any'": MenuProbe(_cornered, "brom", board={"rows": ["......"]}),
    "SaveEnds.at = 'action'": FightProbe(_save_on_action, board=BOARD),
    "SaveEnds.unseen": _fear_save("unseen", True),
    "SaveEnds.seenLean": _fear_save("seenLean", "disadvantage"),
    "SaveEnds.beyond": _fear_save("beyond", 30),
    "CombatCondition.auras": _aura_fight(_no_auras),
    "Mechanics.keepsOn": _aura_fight(_no_keeps_on),
    "Creature.keepsOn": FightProbe(_creature_keeps, board=BOARD),
    # Ilsa (Dexterity 16) is out of an aura that reaches Dexterity 14 at most.
    "Aura.targetTypes": _hide("targetTypes", {"abilityAtMost": {"dex": 14}}),
    # Nobody grappled the hound: an aura reaching only its grapplers reaches nobody.
    "Aura.sourcesOf": _hide("sourcesOf", ["grappled"]),
    "CombatCondition.behavior": _fear(_no_behavior),
    "Behavior.drops": _fear(_no_drops),
    "Drops.pickUp": MenuProbe(_disarmed, "brom", board=BOARD),
    "Creature.held": FightProbe(_held, board=BOARD),
}
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
