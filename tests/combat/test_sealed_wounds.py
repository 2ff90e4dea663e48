"""Sealed hit points from a weapon (mechanics-1 1.193 `healedOnlyByRest` on an item's attack):
the hit points its blow takes are sealed, no healing raises their owner above the maximum less
what is sealed, and any rest restores them and lifts the seal.

In a fight: the 5e example with an item catalog (tests/combat/item_kit.py), Brom wielding a
Sword of Wounding (1d8 piercing, in one hand) against a Cinder Hound: its health 5d8 (4 x 5) =
20; initiative Brom 15 + 1, the hound 1 + 1; the sword 12 + 5 = 17 against Armor Class 12, 1d8
(4) + 3 = 7. On a sheet: Ilsa's hit points (21) with 7 sealed as wounds, through the sheet
engine's rests.
"""

from __future__ import annotations

import json
from typing import Any

from shared.ruleset import load_package
from shared.sheet import heal, rest
from shared.sheet.sealed import WOUNDS, seal
from tests.combat.item_kit import brom, item_package
from tests.combat.kit import FIXTURES, UPSTREAM, Bout, add_condition, foe, ruleset


def sword(**attack: Any) -> dict[str, Any]:
    return {"id": "sword-of-wounding", "label": "Sword of Wounding", "summary": "Wounds that close only with rest.",
            "item": {"category": "weapon", "slots": {"hand": 1}, "stats": {"ability": "str"},
                     "attack": {"damage": {"dice": "1d8", "type": "piercing"}, **attack}}}


def swing(**attack: Any) -> list[str]:
    pkg = item_package(sword(**attack))
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    b = Bout(ruleset(pkg), [brom(items=[{"item": "items/sword-of-wounding", "worn": True}])], [foe("cinder-hound")],
             dice=[4] * 5 + [15, 1, 12, 4])
    out = b.choose("brom", "attack:item:sword-of-wounding", "cinder-hound")
    assert b.dice_left() == 0
    return out


def test_the_swords_wounds_are_sealed():
    assert swing(healedOnlyByRest=True) == [
        "Brom attacks Cinder Hound with Sword of Wounding: 12 + 5 = 17 against Armor Class 12, a hit.",
        "Sword of Wounding (4 + 3 = 7) deals 7 piercing damage to Cinder Hound.",
        "Cinder Hound has 13 of 20 Hit points.",
        "Sword of Wounding seals the 7 Hit points it took from Cinder Hound: no healing gives them back until a "
        "rest (at most 13).",
        "Cinder Hound's turn.",
    ]


def test_without_the_key_nothing_is_sealed():
    assert swing()[3] == "Cinder Hound's turn."


def ilsa_wounded() -> tuple[Any, dict[str, Any]]:
    """Ilsa at 14 of 21, the 7 she lost sealed as wounds: her maximum reads 14."""
    rs = load_package(json.loads((UPSTREAM / "ruleset-5e-2014.example.json").read_text()))
    sheet = json.loads((FIXTURES / "5e-party.json").read_text())[1]["sheet"]
    sheet["live"] = {"pools": {"hp": 14}}
    sealed = seal(rs, sheet, "hp", 7, part=WOUNDS)
    assert isinstance(sealed, dict)
    return rs, sealed


def test_healing_stops_at_the_sealed_maximum_and_any_rest_gives_the_wounds_back():
    rs, sheet = ilsa_wounded()
    assert sheet["live"] == {"pools": {"hp": 14}, "sealed": {"hp": {"wounds": 7}}}
    healed = heal(rs, sheet, 5, pool="hp")
    assert isinstance(healed, dict) and healed["live"]["pools"]["hp"] == 14
    # The short rest restores nothing of hit points by its own steps; it gives the 7 back.
    short = rest(rs, sheet, "short")
    assert isinstance(short, dict) and "sealed" not in short["live"] and short["live"]["pools"]["hp"] == 21


def test_the_wound_the_sword_leaves_seals_what_it_takes_each_turn():
    # The Sword of Wounding's wound (a condition whose harms seal, 1.193) on the hound after
    # the 7: at the start of its turn 1d4 (3) necrotic, 13 -> 10, sealed: its maximum 13 -> 10.
    pkg = item_package(sword(healedOnlyByRest=True))
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    add_condition(pkg, "wounded", "Wounded",
                  harms={"at": "turn-start", "dice": "1d4", "type": "necrotic", "healedOnlyByRest": True})
    b = Bout(ruleset(pkg), [brom(items=[{"item": "items/sword-of-wounding", "worn": True}])], [foe("cinder-hound")],
             dice=[4] * 5 + [15, 1, 12, 4, 3])
    b.put("cinder-hound", "wounded", source="brom")
    out = b.choose("brom", "attack:item:sword-of-wounding", "cinder-hound")
    assert out[4:8] == [
        "Cinder Hound's turn.",
        "Wounded on behalf of Brom (1d4: 3) deals 3 necrotic damage to Cinder Hound.",
        "Cinder Hound has 10 of 13 Hit points.",
        "Wounded seals the 3 Hit points it took from Cinder Hound: no healing gives them back until a rest "
        "(at most 10).",
    ]
    assert (b.who("cinder-hound").health, b.who("cinder-hound").health_max) == (10, 10)
