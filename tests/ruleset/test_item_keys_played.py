"""The item keys outside the capability table (`ItemDef` `worn.*`, `carried.*`, `requires`:
no gate of their own, so test_capability_guard.py never sees them) are held to the guard's
rule by hand: each changes a scripted fight, built with and without the key by the
guard's own `FightProbe` and `fight_log`.

The fights are Lantern Marsh (1d12): Juno (Might 3, Nerve 1, Lore 0, a Reed axe) against a
Will-o'-wisp whose turn a player decides, with a Trinket in her `live.items`. Either Juno
swings her axe at the wisp (the modifier keys and `requires`), or the wisp's Lure asks her
for a Nerve save against 9 (the effect and failsSaves keys).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from shared.ruleset.capabilities import FOUND_IGNORED_UNGATED
from tests.combat.kit import foe, juno_marsh, marsh
from tests.ruleset.capability_probes import FightProbe, fight_log

WISP = "will-o-wisp"
SWING = {"actor": "juno", "option": "attack:kit:reed-axe", "targets": [WISP]}
LURE = {"actor": WISP, "option": "action:lure", "targets": ["juno"]}


def _probe(place: str, key: str, value: Any, choice: dict[str, Any]) -> FightProbe:
    """A trinket worn at the neck (`place` "worn") or held in a pocket ("carried"); with
    the key, it carries `value` at `key`."""

    def build(with_key: bool):
        pkg = marsh()
        pkg["items"] = {"categories": [{"id": "trinket", "label": "Trinket"}],
                        "slots": [{"id": "neck", "label": "Neck", "count": 1}]}
        item: dict[str, Any] = {"category": "trinket"}
        if place == "worn":
            item["slots"] = {"neck": 1}
        if with_key:
            item[key] = copy.deepcopy(value)
        pkg["catalogs"].append({"id": "trinkets", "label": "Trinkets", "holds": "items", "entries": [
            {"id": "trinket", "label": "Trinket", "summary": "A trinket.", "item": item}]})
        juno = juno_marsh(live={"items": [{"item": "trinkets/trinket", "worn": place == "worn"}]})
        # Initiative: Juno 12, the wisp 1; then every die a 6.
        return pkg, [juno], [foe(WISP)], [12, 1] + [6] * 20, [choice]

    return FightProbe(build)


PROBES: dict[str, FightProbe] = {
    "worn.modifiers": _probe("worn", "worn", {"modifiers": [{"to": "attacks", "flat": 10}]}, SWING),
    "worn.effects": _probe("worn", "worn", {"effects": ["own-saves-disadvantage"]}, LURE),
    "worn.failsSaves": _probe("worn", "worn", {"failsSaves": ["nerve_save"]}, LURE),
    "carried.modifiers": _probe("carried", "carried", {"modifiers": [{"to": "attacks", "flat": 10}]}, SWING),
    "carried.effects": _probe("carried", "carried", {"effects": ["own-saves-disadvantage"]}, LURE),
    "carried.failsSaves": _probe("carried", "carried", {"failsSaves": ["nerve_save"]}, LURE),
    # Lore 0 is under 3: the otherwise's - 10 is in force.
    "requires": _probe("worn", "requires", [{"value": {"abilityScore": "lore"}, "atLeast": 3,
                                            "otherwise": {"modifiers": [{"to": "attacks", "flat": -10}]}}], SWING),
}


def test_every_item_key_outside_the_table_has_a_probe():
    assert {f"{model}.{key}" for model, key in FOUND_IGNORED_UNGATED} == {f"ItemDef.{k}" for k in PROBES}


@pytest.mark.parametrize("key", sorted(PROBES))
def test_the_item_key_changes_the_fight(key: str):
    assert fight_log(PROBES[key], True) != fight_log(PROBES[key], False)


def test_the_probes_differ_where_the_item_acts():
    # Juno's axe: 6 + Might 3 + 10 (Trinket) = 19; the wisp's Lure with failsSaves: no roll.
    swing = fight_log(PROBES["worn.modifiers"], True)
    assert any("6 + 3 + 10 (Trinket) = 19" in line for line in swing)
    lure = fight_log(PROBES["carried.failsSaves"], True)
    assert any(line.startswith("Juno fails the Nerve save against Lure without rolling (Trinket).") for line in lure)
    short = fight_log(PROBES["requires"], True)
    assert any("6 + 3 - 10 (Trinket, Lore under 3) = -1" in line for line in short)
