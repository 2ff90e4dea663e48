"""The capability guard's probes for auras, conditions kept for the whole fight and
compelled behaviour (mechanics-3 1.263-1.268; tests/ruleset/test_capability_guard.py merges
them), on tests/combat/auras_kit.py's 5e package and tests/combat/test_auras.py's fights:

- Aura of Protection: Aldric keeps it and spreads Protected to Ilsa; the Cinder Hound's
  Ember breath finds her save at 5 + 5 + 3 = 13 with the aura, 5 + 5 = 10 without;
- a hound that keeps `searing_hide`, whose aura spreads `prone`... to whom `targetTypes` and
  `sourcesOf` let it reach;
- Fear on Brom: the Longsword falls and only walks away are left.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import auras_kit as AK
from tests.combat.kit import add_condition, foe
from tests.ruleset.capability_probes import FightProbe

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


PLAYED_PROBES: dict[str, FightProbe] = {
    "CombatCondition.auras": _aura_fight(_no_auras),
    "Mechanics.keepsOn": _aura_fight(_no_keeps_on),
    "Creature.keepsOn": FightProbe(_creature_keeps, board=BOARD),
    # Ilsa (Dexterity 16) is out of an aura that reaches Dexterity 14 at most.
    "Aura.targetTypes": _hide("targetTypes", {"abilityAtMost": {"dex": 14}}),
    # Nobody grappled the hound: an aura reaching only its grapplers reaches nobody.
    "Aura.sourcesOf": _hide("sourcesOf", ["grappled"]),
    "CombatCondition.behavior": _fear(_no_behavior),
    "Behavior.drops": _fear(_no_drops),
    "Creature.held": FightProbe(_held, board=BOARD),
}
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {
    "Aura.conditions = 'left out'": ("harms", {"dice": "1d6"}, {"conditions": None}),
}
