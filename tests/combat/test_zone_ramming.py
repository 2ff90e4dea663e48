"""Ramming zones (spec/mechanics-1 "Ramming zones and costlier terrain", 1.175: `move.ram`), on
the 5e board of tests/combat/zones_kit.py: Ilsa (Wisdom caster, spell save DC 12) casts the
SRD's Flaming Sphere as the spec writes it (2d6 fire, a Dexterity save for half, a 5-foot
burst, `turn-end`, moved with a bonus action up to 30 feet, ramming) on the 5e example's
Cinder Hound (8, 2; 5d8 = 25, resists fire, no Dexterity save bonus), and rams the Thorn
Lurker (5, 2; 3d8 + 3 = 23, Dexterity save + 4).
"""

from __future__ import annotations

from shared.combat import start_battle
from tests.combat import zones_kit as ZK
from tests.combat.kit import ruleset
from tests.combat.test_zone_carried import START
from tests.combat.test_zone_occupants import go

#: Cast on the Hound: 2d6 = 3 + 4, its save 5; its turn end in it: 2 + 2, its save 3; rammed
#: into the Lurker: 6 + 5, its save 4.
SPHERE = [3, 4, 5, 2, 2, 3, 6, 5, 4]


def sphere(ram: bool = True):
    rs = ruleset(ZK.sphere_package(ram))
    state, _ = start_battle(rs, [ZK.ilsa([0, 2], ("flaming-sphere", "Flaming Sphere", 2))], ZK.foes([5, 2], [8, 2]),
                            board=ZK.BOARD, dice=START + SPHERE)
    # On the Hound: 5 against 12 fails, 3 + 4 = 7 fire, halved by its resistance: 3 (25 - 3 =
    # 22); its turn ends in it: 3 fails, 2 + 2 = 4, resisted: 2 (22 - 2 = 20).
    state, _ = go(rs, state, "ilsa", "ability:spells:flaming-sphere", cell=[8, 2])
    for actor in ("ilsa", "thorn-lurker"):
        state, _ = go(rs, state, actor, "end-turn")
    state, lines = go(rs, state, "cinder-hound", "end-turn")
    assert lines[:4] == [
        "Flaming Sphere affects Cinder Hound: its turn ends in it.",
        "Cinder Hound rolls a Dexterity save against Flaming Sphere: 3 against 12, a failure.",
        "Flaming Sphere (4 (2 + 2)) deals 2 fire damage to Cinder Hound (resisted: halved).",
        "Cinder Hound has 20 of 25 Hit points.",
    ]
    return rs, state


def test_flaming_sphere_rams_the_first_one_on_its_way_and_stops_there():
    # Sent west to 2, 2 (30 feet) with a bonus action, it goes a cell at a time: 7, 2, 6, 2,
    # and at 5, 2 it reaches the Lurker, stops (15 feet) and rams it, though its trigger is
    # `turn-end`: 4 + 4 = 8 against 12 fails, 6 + 5 = 11 fire, 23 - 11 = 12.
    rs, state = sphere()
    state, lines = go(rs, state, "ilsa", "zone:spells/flaming-sphere", cell=[2, 2])
    assert lines == [
        "Ilsa moves Flaming Sphere 15 ft to 5, 2.",
        "Flaming Sphere affects Thorn Lurker: it rams them.",
        "Thorn Lurker rolls a Dexterity save against Flaming Sphere: 4 + 4 = 8 against 12, a failure.",
        "Flaming Sphere (11 (6 + 5)) deals 11 fire damage to Thorn Lurker.",
        "Thorn Lurker has 12 of 23 Hit points.",
    ]
    assert state.zones[0].cells == [[5, 2]]


def test_without_ram_the_sphere_passes_over_the_lurker_and_its_trigger_waits():
    rs, state = sphere(ram=False)
    state, lines = go(rs, state, "ilsa", "zone:spells/flaming-sphere", cell=[2, 2])
    assert lines == ["Ilsa moves Flaming Sphere 30 ft to 2, 2."]
