"""The capability guard's probes for condition mechanics (issue 24): harm over time, its
growth per cost step, stacking, attacks against the holder, immunities against some
appliers, suspension, conditions ending together and saves on the applier's harm
(tests/ruleset/test_capability_guard.py merges them).

The fights are tests/combat/test_condition_harms.py's, on tests/combat/harms_kit.py's 5e
package (Ilsa's Acid Arrow from a 3rd-level slot at the Ghoul, the Ghoul's Wounding Claw
twice at Brom), and tests/combat/test_condition_mechanics.py's on tests/combat/wards_kit.py's
(Protection from Evil and Good, Calm Emotions, Hypnotic Pattern).
"""

from __future__ import annotations

from typing import Any

import copy

from tests.combat import harms_kit as HK
from tests.combat import wards_kit as WK
from tests.combat.kit import foe
from tests.combat.srd_kit import fighter
from tests.ruleset.capability_probes import FightProbe

#: The Ghoul's 5d8 = 20, then initiative and every roll after a 4 (see each fight).
GHOUL_20 = [4] * 5


def _arrow(with_key: bool) -> tuple[Any, ...]:
    # Ilsa 18 + 3 first; the acid's later harm is 2d4 without the key, 3d4 with it.
    return (HK.package(acid_step=with_key), [HK.ilsa()], [foe("ghoul")], GHOUL_20 + [18, 1, 15] + [1] * 30,
            [{"actor": "ilsa", "option": "ability:spells:acid-arrow@slots_3", "targets": ["ghoul"]},
             {"actor": "ilsa", "option": "end-turn", "targets": []}])


def _wounds(**keys: bool) -> Any:
    def build(with_key: bool) -> tuple[Any, ...]:
        # The Ghoul 18 + 2 first, Brom 10 + 1, Ilsa 5 + 3; both Wounding Claws hit (15 + 4).
        claw = {"actor": "ghoul", "option": "action:wounding_claw", "targets": ["brom"]}
        pkg = HK.package(**{k: with_key for k in keys})
        return (pkg, [fighter(), HK.ilsa()], [foe("ghoul")], GHOUL_20 + [10, 5, 18] + [15, 1, 1, 3] + [15] + [2] * 30,
                [claw, dict(claw), {"actor": "ilsa", "option": "end-turn", "targets": []}])
    return build


def _cast(spell: str, *targets: str) -> dict[str, Any]:
    return {"actor": "mira", "option": f"ability:spells:{spell}", "targets": list(targets)}


def _hit(actor: str, option: str, target: str) -> dict[str, Any]:
    return {"actor": actor, "option": option, "targets": [target]}


def _protected(change: Any) -> Any:
    """Protection on Brom, then the Goblin's Scimitar, the Ghoul's Bite, the Ghoul's Howl
    (every die after initiative a 9: each attack hits, Brom fails the Howl's save 9 < 10)."""
    def build(with_key: bool) -> tuple[Any, ...]:
        protected = copy.deepcopy(WK.PROTECTED)
        change(protected, with_key)
        return (WK.package(protected=protected), [WK.caster(), fighter()], [foe("goblin"), foe("ghoul")],
                [6, 6] + [4] * 5 + [18, 10, 5, 3] + [9] * 40,
                [_cast("protection-from-evil-and-good", "brom"), _hit("goblin", "action:scimitar", "brom"),
                 _hit("ghoul", "action:bite", "brom"), _hit("ghoul", "action:howl", "brom")])
    return build


def _taken(protected: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        protected["modifiers"] = [{"to": "attacks", "mode": "disadvantage"}]


def _from(protected: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        del protected["modifiers"][0]["from"]


def _immune_from(protected: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        del protected["conditionImmunitiesFrom"]


def _calm(with_key: bool) -> tuple[Any, ...]:
    # Brom frightened by the Goblin's Howl (save 2), calmed, then his Longsword: one d20 or two.
    return (WK.package(calmed=WK.CALMED if with_key else {}), [WK.caster(), fighter()], [foe("goblin")],
            [6, 6, 18, 10, 5, 2] + [12, 1] * 20,
            [_hit("goblin", "action:howl", "brom"), _cast("calm-emotions", "brom"),
             _hit("brom", "attack:attacks:longsword", "goblin")])


def _pattern(change: Any, after: list[int]) -> Any:
    """Hypnotic Pattern on the Goblin (save 5), Brom's Longsword (12, 1), then `after`: the
    saves on damage and Mira's Magic Missile."""
    def build(with_key: bool) -> tuple[Any, ...]:
        applies = copy.deepcopy(WK.HYPNOTIC_PATTERN["applies"])
        change(applies, with_key)
        return (WK.package(pattern=applies), [WK.caster(), fighter()], [foe("goblin")],
                [6, 6, 18, 10, 5, 5, 12, 1] + after,
                [_cast("hypnotic-pattern", "goblin"), _hit("brom", "attack:attacks:longsword", "goblin"),
                 _cast("magic-missile", "goblin")])
    return build


def _ends_with(applies: list[dict[str, Any]], with_key: bool) -> None:
    if not with_key:
        del applies[1]["endsWith"]


def _by_source(applies: list[dict[str, Any]], with_key: bool) -> None:
    if with_key:
        applies[0]["saveEnds"]["bySource"] = True


PLAYED_PROBES: dict[str, FightProbe] = {
    # The Bite at the protected Brom rolls twice; without the key Brom's own attacks would.
    "Modifier.to = 'attacks-taken'": FightProbe(_protected(_taken)),
    # With `from` the Goblin's Scimitar rolls once, without it twice.
    "Modifier.from": FightProbe(_protected(_from)),
    # The Ghoul's fright does not take on Brom, or does.
    "CombatCondition.conditionImmunitiesFrom": FightProbe(_protected(_immune_from)),
    "CombatCondition.suppresses": FightProbe(_calm),
    # Incapacitated ends with charmed on Brom's hit, or stays.
    "Apply.endsWith": FightProbe(_pattern(_ends_with, [15, 2, 15])),
    # Brom's hit calls for the save, or only Mira's Magic Missile does (every save a 3).
    "SaveEnds.bySource": FightProbe(_pattern(_by_source, [3] * 6)),
    # 3d4 = 3 acid at the Ghoul's turn end with the key, 2d4 = 2 without.
    "Apply.harmsPerCostStep": FightProbe(_arrow),
    # Brom takes 1d4 necrotic at his turn's start, or nothing.
    "CombatCondition.harms": FightProbe(_wounds(harms=True)),
    # The second claw adds an application that harms again, or is the same one.
    "CombatCondition.stacks": FightProbe(_wounds(stacks=True)),
}
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
