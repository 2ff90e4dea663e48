"""A draining blow (`drain`, mechanics-3 1.281) and healing denied by a `cannot-heal`
condition (mechanics-1 1.191), played with scripted dice on the minimal Ember-Roads package,
and on the 5e example's Cinder Hound as it ships (its lowered maximum: tests/combat/test_reduces_max.py).

The set-up of every fight: initiative on 2d6 (Juno 6+1 +0 Wits = 7; the jackal 1+1 +1 = 3),
Juno's Road axe 6+6 +3 Brawn = 15 against the jackal's Guard 6 hits for 5 + 3 = 8 (10 → 2
Grit), then the jackal's Bite 6+6 +2 = 14 against Juno's Guard 6 hits for 4 (Juno: Grit
maximum 4 + Toughness 3 + Brawn 3 = 10 → 6).
"""

from __future__ import annotations

import json
from typing import Any

from shared.ruleset import load_package
from tests.combat.kit import FIXTURES, UPSTREAM, Bout, add_charm, add_condition, foe, juno_roads, marsh, roads, ruleset, wren_marsh

DICE = [6, 1, 1, 1, 6, 6, 5, 6, 6, 4]


def _bite_fight(bite: dict[str, Any], pkg: dict[str, Any] | None = None, *, jackal_holds: str | None = None) -> list[str]:
    pkg = pkg or roads()
    pkg["catalogs"][0]["entries"][0]["creature"]["actions"][0].update(bite)
    b = Bout(ruleset(pkg), [juno_roads()], [foe("rust-jackal")], dice=list(DICE))
    b.choose("juno", "attack:gear:road-axe", "rust-jackal")
    if jackal_holds is not None:
        b.put("rust-jackal", jackal_holds)
    out = b.choose("rust-jackal", "action:bite", "juno")
    assert b.dice_left() == 0
    return out


def test_a_draining_bite_gives_back_what_it_dealt():
    # drain {}: all 4 of the 4 cut damage comes back, 2 → 6 of 10.
    assert _bite_fight({"drain": {}}) == [
        "Rust jackal attacks Juno with Bite: 12 (6 + 6) + 2 = 14 against Guard 6, a hit.",
        "Bite (4) deals 4 cut damage to Juno.",
        "Juno has 6 of 10 Grit.",
        "Bite (drains 4 of the 4 damage dealt) heals Rust jackal for 4.",
        "Rust jackal has 6 of 10 Grit.",
        "Round 2.",
        "Juno's turn.",
    ]


def test_the_same_bite_without_drain_heals_nobody():
    out = _bite_fight({})
    assert not any("heals" in line for line in out)
    assert "Juno has 6 of 10 Grit." in out


def test_a_share_of_one_damage_type_rounds_down():
    # share 0.5 of the 4 cut damage: floor(2.0) = 2, 2 → 4 of 10.
    out = _bite_fight({"drain": {"share": 0.5, "damageType": "cut"}})
    assert out[3:5] == [
        "Bite (drains 2 of the 4 cut damage dealt) heals Rust jackal for 2.",
        "Rust jackal has 4 of 10 Grit.",
    ]


def test_a_drain_of_another_damage_type_gives_nothing_back():
    out = _bite_fight({"drain": {"damageType": "burn"}})
    assert not any("heals" in line for line in out)


def test_whatever_stops_healing_stops_a_drain():
    # The jackal holds a cannot-heal condition (Chill Touch): the 4 drained are refused.
    pkg = add_condition(roads(), "chilled", "Chilled", effects=["cannot-heal"])
    out = _bite_fight({"drain": {}}, pkg, jackal_holds="chilled")
    assert out[3:] == [
        "Bite (drains 4 of the 4 damage dealt) does not heal Rust jackal: no healing while Chilled.",
        "Round 2.",
        "Juno's turn.",
    ]


def test_a_catalog_entry_drains_for_its_user():
    # Lantern Marsh: the Bog Hound's health 2d6+2 = 3+3+2 = 8; initiative Wren 12 +1, hound
    # 1 +1; Ember Leech (a charm attack, 1d8 fire, drain {}) 11 +5 = 16 against Guard 8 hits
    # for 2: Wren, set at 2 of 7 Breath, gets the 2 back.
    pkg = add_charm(marsh(), "ember-leech", "Ember Leech", {
        "kind": "attack", "range": 6, "targets": "enemy", "attackRoll": True,
        "amount": {"dice": "1d8"}, "damageType": "fire", "drain": {},
    })
    wren = wren_marsh("ember-leech")
    wren["sheet"]["live"] = {"pools": {"breath": 2}}
    b = Bout(ruleset(pkg), [wren], [foe("bog-hound")], dice=[3, 3, 12, 1, 11, 2])
    assert b.choose("wren", "ability:charms:ember-leech", "bog-hound") == [
        "Wren uses Ember Leech on Bog Hound.",
        "Wren attacks Bog Hound with Ember Leech: 11 + 5 = 16 against Guard 8, a hit.",
        "Ember Leech (2) deals 2 fire damage to Bog Hound.",
        "Bog Hound has 6 of 8 Breath.",
        "Ember Leech (drains 2 of the 2 damage dealt) heals Wren for 2.",
        "Wren has 4 of 7 Breath.",
        "Bog Hound's turn.",
    ]
    assert b.dice_left() == 0


# -- the 5e example's Cinder Hound, as shipped (tests/data/upstream) -------------------------


def _cinder_hound(bite: dict[str, Any]) -> dict[str, Any]:
    pkg = json.loads((UPSTREAM / "ruleset-5e-2014.example.json").read_text())
    hound = next(e for c in pkg["catalogs"] for e in c.get("entries", []) if e["id"] == "cinder-hound")
    hound["creature"]["actions"][0].update(bite)  # its Searing bite
    return pkg


def _searing_bite(bite: dict[str, Any]) -> list[str]:
    # The hound's health 5d8 (4 x 5) = 20; initiative Brom 15 + 1 = 16, the hound 2 + 1 = 3.
    # Brom (level 3: Strength +3, proficiency +2) swings his Longsword: 15 + 5 = 20 against
    # Armor Class 12, 1d8 (5) + 3 = 8: 20 -> 12. The Searing bite: 15 + 4 = 19 against Armor
    # Class 16, 1d6 (4) + 1 = 5 piercing and 1d4 (3) fire, 8 in all: Brom 28 -> 20.
    brom = json.loads((FIXTURES / "5e-party.json").read_text())[0]
    b = Bout(load_package(_cinder_hound(bite)), [brom], [foe("cinder-hound")],
             dice=[4, 4, 4, 4, 4, 15, 2, 15, 5, 15, 4, 3])
    b.choose("brom", "attack:attacks:longsword", "cinder-hound")
    out = b.choose("cinder-hound", "action:sear_bite", "brom")
    assert b.dice_left() == 0
    return out


def test_the_cinder_hounds_searing_bite_drains_both_its_parts():
    # drain {} gives back all 8 the blow dealt (5 piercing + 3 fire): 12 + 8 = 20 of 20. The
    # same fight without the key never heals the hound (it used to play byte for byte alike).
    drained = _searing_bite({"drain": {}})
    plain = _searing_bite({})
    assert drained[4:7] == [
        "Brom has 20 of 28 Hit points.",
        "Searing bite (drains 8 of the 8 damage dealt) heals Cinder Hound for 8.",
        "Cinder Hound has 20 of 20 Hit points.",
    ]
    assert plain[4:] == ["Brom has 20 of 28 Hit points.", "Round 2.", "Brom's turn."]
