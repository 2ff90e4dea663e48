"""The capability guard's probes for diseases (mechanics-2 1.258, mechanics-3 1.260, 1.261):
condition `kinds`, counted saves (`successes`, `failures`), `onRest` (with `lasting`-style
`restoredWhenCured`), `expires`, `onDamaged` and `curedOnlyBy`. Each plays the Contagion
fight of tests/combat/test_diseases.py (Mira's touch hits Brom, 15 + 5 = 20 against 16) or
Brom's Mummy rot at a long rest (tests/sheet/test_diseases.py), with and without the key.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from shared.dice import ScriptedRoller
from shared.ruleset.package import Ruleset
from shared.sheet import apply, compute_sheet_json, set_condition
from tests.combat.kit import add_condition, foe
from tests.combat.srd_kit import brom, entry, fighter, srd_package
from tests.combat.test_diseases import START, caster, package
from tests.ruleset.capability_probes import FightProbe, MenuProbe, SheetProbe

CAST = {"actor": "mira", "option": "ability:spells:contagion", "targets": ["brom"]}
#: Brom's longsword drops the Goblin in round 2 (15 + 5 = 20 against 15, 5 + 3 = 8 of 7).
FELL = {"actor": "brom", "option": "attack:attacks:longsword", "targets": ["goblin"]}


def _rule(pkg: dict[str, Any], cid: str) -> dict[str, Any]:
    rule: dict[str, Any] = next(c for c in pkg["combat"]["conditions"] if c["condition"] == cid)
    return rule


def _save_ends(pkg: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = entry(pkg, "spells", "contagion")["mechanics"]["applies"][0]["saveEnds"]
    return found


def _counted(key: str) -> FightProbe:
    """Contagion's save without `key`: Brom's first made save (15 + 2 = 17 at his turn's
    end) ends it; with it, it counts on."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg = package()
        if not on:
            _save_ends(pkg).pop(key)
        choices = [CAST, {"actor": "brom", "option": "end-turn", "targets": []}]
        return pkg, [fighter(), caster()], [foe("goblin")], START + [15, 15, 4, 4, 4, 4, 4], choices
    return FightProbe(build)


def _kinds(on: bool) -> tuple[Any, ...]:
    """Lesser Restoration's "disease" reaches Brom's Contagion only while it is of that kind
    (blinding sickness keeps the kind, so the names stay known)."""
    pkg = package()
    if not on:
        _rule(pkg, "contagion").pop("kinds")
    return pkg, [fighter(), caster()], [foe("goblin")], START + [15, 5, 5], [
        CAST, {"actor": "brom", "option": "end-turn", "targets": []},
        {"actor": "goblin", "option": "end-turn", "targets": []}]


def _stage(extra: dict[str, Any], rounds: bool = False) -> Callable[[bool], tuple[Any, ...]]:
    """Contagion with `extra` on its rule or not; `rounds` gives it a one-round countdown."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg = package(**(extra if on else {}))
        if rounds:
            applied = entry(pkg, "spells", "contagion")["mechanics"]["applies"][0]
            applied["duration"] = {"rounds": 1}
            del applied["saveEnds"]
        dice = START + [15, 5, 18, 3, 5, 5, 5, 5]
        return pkg, [fighter(), caster()], [foe("goblin")], dice, [
            CAST, {"actor": "brom", "option": "end-turn", "targets": []}]
    return build


def _goblin_hits(extra: dict[str, Any]) -> FightProbe:
    """The Goblin's first action hits Brom (18 + 4 = 22, 1d6 (3) + 2) while he holds
    Contagion, with `extra` on its rule or not."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg, party, foes, dice, choices = _stage(extra)(on)
        action = entry(pkg, "creatures", "goblin")["creature"]["actions"][0]["id"]
        return pkg, party, foes, dice, [*choices, {"actor": "goblin", "option": f"action:{action}", "targets": ["brom"]}]
    return FightProbe(build)


def _cured_only(on: bool) -> tuple[Any, ...]:
    """Lesser Restoration (a 2nd-level slot, not of the Cure catalog it names) is offered
    against Brom's Contagion, and ends it only without `curedOnlyBy`."""
    pkg = package(**({"curedOnlyBy": {"catalogs": ["spells"], "minLevel": 6}} if on else {}))
    return pkg, [fighter(), caster()], [foe("goblin")], START + [15, 5, 5], [
        CAST, {"actor": "brom", "option": "end-turn", "targets": []},
        {"actor": "goblin", "option": "end-turn", "targets": []},
        {"actor": "mira", "option": "ability:spells:lesser-restoration", "targets": ["brom"]}]


MUMMY_ROT = {"rests": ["long"], "lowersMax": {"dice": "3d6"}, "lasting": True}


def _rot(on_rest: dict[str, Any] | None) -> tuple[dict[str, Any], dict[str, Any]]:
    pkg = srd_package()
    add_condition(pkg, "mummy_rot", "Mummy rot", kinds=["disease"], **({"onRest": on_rest} if on_rest else {}))
    sheet: dict[str, Any] = brom()["sheet"]
    sheet["live"] = {"pools": {"hp": 20}, "conditions": ["mummy_rot"]}
    return pkg, sheet


def _long_rest_then(cure: bool) -> Callable[[Ruleset, dict[str, Any]], Any]:
    """A long rest rolling 4, 5, 6 for a disease, then (`cure`) Mummy rot taken off."""
    def view(rs: Ruleset, sheet: dict[str, Any]) -> Any:
        rested = apply(rs, sheet, {"op": "rest", "rest": "long"}, ScriptedRoller([4, 5, 6]))
        assert isinstance(rested, dict)
        if cure:
            cured = set_condition(rs, rested, "mummy_rot", False)
            assert isinstance(cured, dict)
            rested = cured
        return compute_sheet_json(rs, rested)
    return view


PLAYED_PROBES: dict[str, FightProbe | SheetProbe | MenuProbe] = {
    "CombatCondition.kinds": MenuProbe(_kinds, "mira"),
    "SaveEnds.successes": _counted("successes"),
    "SaveEnds.failures": FightProbe(lambda on: _failing(on)),
    "CombatCondition.expires": FightProbe(_stage({"expires": {"becomes": "blinding_sickness"}}, rounds=True)),
    "CombatCondition.onDamaged": _goblin_hits({"onDamaged": {"applies": [{"condition": "stunned",
                                                                         "duration": {"rounds": 1}}]}}),
    "CombatCondition.curedOnlyBy": FightProbe(_cured_only),
    # Brom's maximum 28 to 13 after the rest with the key, 28 without.
    "CombatCondition.onRest": SheetProbe(lambda on: _rot(MUMMY_ROT if on else None), _long_rest_then(False)),
    # Cured after the rest: the maximum back to 28 with the key, still 13 without.
    "OnRest.restoredWhenCured": SheetProbe(
        lambda on: _rot({**MUMMY_ROT, "restoredWhenCured": True} if on else copy.deepcopy(MUMMY_ROT)),
        _long_rest_then(True)),
}


def _failing(on: bool) -> tuple[Any, ...]:
    """Three failed saves (the end of Brom's turn, then the fight's end when the Goblin falls
    in round 2 rolls the rest out): Contagion becomes blinding sickness with `failures`, and
    without it stays until saved (rolled out: 4, 4, then 15 ends it)."""
    pkg = package()
    if not on:
        _save_ends(pkg).pop("failures")
    return pkg, [fighter(), caster()], [foe("goblin")], START + [15, 5, 15, 5, 4, 4, 15, 15, 15], [
        CAST, {"actor": "brom", "option": "end-turn", "targets": []},
        {"actor": "goblin", "option": "end-turn", "targets": []},
        {"actor": "mira", "option": "end-turn", "targets": []}, FELL]


FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
