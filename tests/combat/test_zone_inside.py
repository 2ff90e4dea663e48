"""Conditions and immunities inside a zone (spec/mechanics-1 "Zones acting on their occupants",
1.179: `inside`), on the 5e board of tests/combat/zones_kit.py: Ilsa (18 hit points, Armor
Class 12, Constitution save + 1) lays a Silence-shaped zone on her own cell, its `inside` of
the spec's shape with what the 5e package can play (its conditions have no rule for
deafened, and nothing on this board deals thunder): `{"conditions": ["blinded"], "immune":
["fire"]}` (blinded: attacks against her have advantage). The 5e example's Cinder Hound bites
her: + 4 to hit, 1d6 + 1 piercing and 1d4 fire.
"""

from __future__ import annotations

from shared.combat import start_battle
from tests.combat import zones_kit as ZK
from tests.combat.kit import ruleset
from tests.combat.test_zone_occupants import HOUND_START, WIDE, go, reloads

INSIDE = {"conditions": ["blinded"], "immune": ["fire"]}


def silenced(dice: list[int], inside: dict | None = INSIDE):
    """Ilsa on 0, 2 lays the zone (a 5-foot burst: her cell alone) and ends her turn; the
    Hound (9, 2, 40 feet: 8 cells) runs to 1, 2, outside it."""
    zone = dict(ZK.SILENCE["mechanics"]["zone"]) | ({"inside": inside} if inside is not None else {})
    pkg = ZK.silence_package(zone)
    ZK.entry(pkg, "spells", "silence")["mechanics"]["area"]["size"] = 5
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [ZK.ilsa([0, 2], ("silence", "Silence", 2))], ZK.foes(hound=[9, 2]), board=WIDE,
                            dice=HOUND_START + dice)
    state, lines = go(rs, state, "ilsa", "ability:spells:silence", cell=[0, 2])
    assert lines[-1] == "Silence stays on 0, 2 (1 cell) for 100 rounds."
    state, _ = go(rs, state, "ilsa", "end-turn")
    state, lines = go(rs, state, "cinder-hound", "move:1,2")
    assert lines == ["Cinder Hound moves to 1, 2 for 40 ft and has 0 ft left."]
    return rs, state


def test_inside_the_zone_ilsa_is_blinded_and_immune_to_fire_and_stepping_out_ends_both():
    # In it, blinded: the bite has advantage, 15 (4 dropped) + 4 = 19 hits; 3 + 1 = 4
    # piercing, 18 - 4 = 14; its 1d4 = 2 fire, immune: 0. Concentration: 10 + 1 = 11 against
    # 10. She steps out to 0, 1 (still beside the Hound): the next bite is one d20, 12 + 4 =
    # 16 hits, 5 + 1 = 6 piercing and 3 fire, 14 - 9 = 5.
    rs, state = silenced([4, 15, 3, 2, 10, 12, 5, 3, 10])
    assert reloads(state) == {"spells/silence": {"forbids": ["verbal"], "inside_conditions": ["blinded"],
                                                 "inside_immune": ["fire"]}}
    state, lines = go(rs, state, "cinder-hound", "action:sear_bite", "ilsa")
    assert lines[:5] == [
        "Cinder Hound attacks Ilsa with Searing bite: 15 (advantage; dropped 4) + 4 = 19 against Armor Class 12, a hit.",
        "Searing bite (3 + 1 = 4) deals 4 piercing damage to Ilsa.",
        "Ilsa has 14 of 18 Hit points.",
        "Searing bite (2) deals 0 fire damage to Ilsa (Ilsa is immune to fire).",
        "Ilsa rolls a Constitution save to keep concentrating on Silence: 10 + 1 = 11 against 10, a success.",
    ]
    # Held by nobody: nothing is put on her, it is read from where she stands.
    assert state.combatant("ilsa").conditions == []
    state, lines = go(rs, state, "ilsa", "move:0,1")
    assert lines == ["Ilsa moves to 0, 1 for 5 ft and has 25 ft left."]
    state, _ = go(rs, state, "ilsa", "end-turn")
    state, lines = go(rs, state, "cinder-hound", "action:sear_bite", "ilsa")
    assert lines[:5] == [
        "Cinder Hound attacks Ilsa with Searing bite: 12 + 4 = 16 against Armor Class 12, a hit.",
        "Searing bite (5 + 1 = 6) deals 6 piercing damage to Ilsa.",
        "Ilsa has 8 of 18 Hit points.",
        "Searing bite (3) deals 3 fire damage to Ilsa.",
        "Ilsa has 5 of 18 Hit points.",
    ]


def test_without_inside_the_bite_is_one_d20_and_its_fire_lands():
    rs, state = silenced([15, 3, 2, 10], inside=None)
    state, lines = go(rs, state, "cinder-hound", "action:sear_bite", "ilsa")
    assert lines[:4] == [
        "Cinder Hound attacks Ilsa with Searing bite: 15 + 4 = 19 against Armor Class 12, a hit.",
        "Searing bite (3 + 1 = 4) deals 4 piercing damage to Ilsa.",
        "Ilsa has 14 of 18 Hit points.",
        "Searing bite (2) deals 2 fire damage to Ilsa.",
    ]
