"""The capability guard's probes for health beyond damage (issue 24): stabilizing, contests
against a fixed difficulty (tests/ruleset/test_capability_guard.py merges them).

The fights are tests/combat/test_stabilizing.py's: Brom at 0 and dying, Ilsa (Medicine +2)
and the Thorn lurker of the vendored 5e example; Mira and Spare the Dying on the 5e-srd.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from tests.combat.kit import foe
from tests.combat.srd_kit import fighter, mira, srd_package
from tests.combat.test_stabilizing import five_e, five_e_party, spare_the_dying
from tests.ruleset.capability_probes import FightProbe, MenuProbe

#: A check against a fixed 10 (or, without the key, against the target's Athletics) that
#: knocks prone: the Thorn lurker's health (4, 4, 4), initiative Brom 15, Ilsa 18, the
#: lurker 2; then Ilsa's check and what follows.
BASE = {"id": "trip", "label": "Trip", "budget": "action", "attacker": {"checks": ["medic"]},
        "difficulty": 10, "onWin": {"applies": [{"condition": "prone"}]}}
DICE = [4, 4, 4, 15, 18, 2, 12, 12, 12, 12]


def _contest(change: Callable[[dict[str, Any], bool], None], *, target: str = "thorn-lurker",
             brom_hp: int | None = 0) -> Callable[[bool], Any]:
    def build(with_key: bool):
        contest = copy.deepcopy(BASE)
        change(contest, with_key)
        choices = [{"actor": "ilsa", "option": "contest:trip", "targets": [target]}] if target else []
        return five_e(contest), five_e_party(brom_hp), [foe("thorn-lurker")], list(DICE), choices
    return build


def _difficulty(contest: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        del contest["difficulty"]
        contest["defender"] = {"checks": ["might"]}


def _targets(contest: dict[str, Any], with_key: bool) -> None:
    if with_key:
        contest["targets"] = "any"


def _holds(contest: dict[str, Any], with_key: bool) -> None:
    if with_key:
        contest["targetHolds"] = "prone"


def _dying(contest: dict[str, Any], with_key: bool) -> None:
    contest["targets"] = "ally"
    if with_key:
        contest["targetDying"] = True


def _stabilizes(contest: dict[str, Any], with_key: bool) -> None:
    contest["targets"] = "ally"
    if with_key:
        contest["onWin"]["stabilizes"] = True


def _spare(with_key: bool):
    pkg = spare_the_dying(srd_package())
    if not with_key:
        spells = next(c for c in pkg["catalogs"] if c["id"] == "spells")
        del spells["entries"][-1]["mechanics"]["stabilizes"]
    return pkg, [fighter(hp=0), mira(("spare-the-dying", "Spare the Dying", 0))], [foe("goblin")], [3, 4, 5, 18, 10], []


#: Played keys: a scripted fight, or the actor's menu, with and without the key.
PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    "Mechanics.stabilizes": MenuProbe(_spare, actor="mira"),
    "Contest.difficulty": FightProbe(_contest(_difficulty)),
    "Contest.targets": MenuProbe(_contest(_targets, target=""), actor="ilsa"),
    "Contest.targetHolds": MenuProbe(_contest(_holds, target=""), actor="ilsa"),
    "Contest.targetDying": MenuProbe(_contest(_dying, target="", brom_hp=None), actor="ilsa"),
    "ContestWin.stabilizes": FightProbe(_contest(_stabilizes, target="brom")),
}
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
