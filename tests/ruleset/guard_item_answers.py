"""The capability guard's probes for an item's use answering in a window and rescuing its
owner's roll (`ItemUse.reaction`, `addsToBlow`, `lowersRoll`, `rescue`, and `ItemDef`'s gate
of `use.rescue`; tests/ruleset/test_capability_guard.py merges them), on the items of
tests/combat/item_answers_kit.py: Brom wears each against a Cinder Hound.

Dice: the hound's health 5d8 (4 each), initiative Brom 15 + 1, the hound 1 + 1; then the
scripted faces, and every die after them a 4.
"""

from __future__ import annotations

from typing import Any, Callable

from tests.combat import item_answers_kit as IA
from tests.combat.kit import foe
from tests.ruleset.capability_probes import FightProbe

BROM_ENDS = {"actor": "brom", "option": "end-turn"}
HOUND_BITES = {"actor": "cinder-hound", "option": "action:sear_bite", "targets": ["brom"]}
HOUND_BREATHES = {"actor": "cinder-hound", "option": "action:ember_breath", "targets": ["brom"]}
BROM_STRIKES = {"actor": "brom", "option": "attack:attacks:longsword", "targets": ["cinder-hound"]}


def _fight(item: Callable[[bool], dict[str, Any]], faces: list[int], choices: list[dict[str, Any]]) -> FightProbe:
    def build(on: bool) -> tuple[Any, ...]:
        entry = item(on)
        return (IA.answers_package(entry), [IA.wearing(entry["id"])], [foe("cinder-hound")],
                IA.START + faces + [4] * 40, choices)

    return FightProbe(build)


def _answer(option: str) -> dict[str, Any]:
    return {"actor": "brom", "option": option}


PLAYED_PROBES: dict[str, FightProbe] = {
    # The bite's 16 against Armor Class 16 is held for Brom's ring: the fight waits.
    "ItemUse.reaction = 'an object'": _fight(
        lambda on: IA.ring_of_shielding(**({"reaction": {"on": "hit"}} if on else {})), [12],
        [BROM_ENDS, HOUND_BITES]),
    # The gauntlet's 2d6 joins the Longsword's blow instead of striking by itself.
    "ItemUse.addsToBlow": _fight(
        lambda on: IA.thunder_gauntlet(**({"addsToBlow": True} if on else {})), [12],
        [BROM_STRIKES, _answer("item:thunder-gauntlet")]),
    # The brooch takes 1d6 (4) off the bite: 16 - 4 = 12 misses Armor Class 16.
    "ItemUse.lowersRoll": _fight(
        lambda on: IA.brooch_of_misdirection(
            **({"lowersRoll": {"dice": "1d6"}} if on else {"applies": [dict(IA.SHIELDED)], "kind": "buff",
                                                              "targets": "self"})),
        [12], [BROM_ENDS, HOUND_BITES, _answer("item:brooch-of-misdirection")]),
    # The Dex save 4 + 1 = 5 against 12 fails; the ring turns it into a success.
    "ItemUse.rescue": _fight(lambda on: IA.ring_of_evasion(**({"rescue": IA.EVASION} if on else {})), [],
                             [BROM_ENDS, HOUND_BREATHES]),
    "ItemDef.use.rescue = 'on an item use'": _fight(
        lambda on: IA.ring_of_evasion(**({"rescue": IA.EVASION} if on else {})), [], [BROM_ENDS, HOUND_BREATHES]),
}
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
