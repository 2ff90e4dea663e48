"""Pushes by entries and creatures (spec/mechanics-1 "Pushes, wind and goggles", 1.182, and
"Creatures push too", 1.184; shared/combat/entries.py and creature_actions.py, board/push.py `forced_push`), with
exact log lines from scripted dice, on tests/combat/zones_kit.py's 10 x 4 board.

Thunderwave as the spec shapes it: SRD 5.1's 2d8 thunder, a Constitution save for half, a
10-foot push on a failure, here a burst around the user of 10 feet (2 cells: the 3 x 3
square around Ilsa), a 1st-level slot. Ilsa's spell save DC is 12; the 5e example's Cinder
Hound has 5d8 hit points and Constitution save + 4.
"""

from __future__ import annotations

import copy

from shared.combat import start_battle
from tests.combat import zones_kit as ZK
from tests.combat.item_kit import carry
from tests.combat.kit import play, ruleset

THUNDERWAVE = {"id": "thunderwave", "label": "Thunderwave", "mechanics": {
    "kind": "attack", "amount": {"dice": "2d8"}, "damageType": "thunder", "targets": "enemy",
    "area": {"shape": "burst", "size": 10, "around": True},
    "save": {"save": "con_save", "onSuccess": "half"}, "push": 10,
    "cost": [{"pool": "slots_1", "amount": 1}]}}
#: The Hound's 5d8 = 25, initiative Ilsa 20 + 3, the Hound 1 + 1.
START = [5] * 5 + [20, 1]


def package(push: float | None = 10, bite_push: float | None = None):
    pkg = ZK.package()
    wave = copy.deepcopy(THUNDERWAVE)
    if push is None:
        del wave["mechanics"]["push"]
    else:
        wave["mechanics"]["push"] = push
    next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"].append(wave)
    if bite_push is not None:
        hound = next(e for c in pkg["catalogs"] if c["id"] == "creatures" for e in c["entries"] if e["id"] == "cinder-hound")
        hound["creature"]["actions"][0]["push"] = bite_push
    return pkg


_go = play


def _wave(rows, dice, push=10):
    rs = ruleset(package(push))
    state, _ = start_battle(rs, [ZK.ilsa([2, 1], ("thunderwave", "Thunderwave", 1))], ZK.foes(hound=[3, 1]),
                            board={"rows": rows}, dice=START + dice)
    return _go(rs, state, "ilsa", "ability:spells:thunderwave", cell=[2, 1])


def test_a_hound_failing_its_save_takes_the_thunder_and_is_pushed_two_cells():
    # 2d8 = 3 + 4 = 7 thunder; the save 5 + 4 = 9 against 12 fails: 25 - 7 = 18, and 10
    # feet (2 cells) straight away from Ilsa on 2, 1: from 3, 1 to 5, 1.
    state, lines = _wave(ZK.ROWS, [3, 4, 5])
    assert lines[-4:] == [
        "Cinder Hound rolls a Constitution save against Thunderwave: 5 + 4 = 9 against 12, a failure.",
        "Thunderwave (7 (3 + 4)) deals 7 thunder damage to Cinder Hound.",
        "Cinder Hound has 18 of 25 Hit points.",
        "Ilsa pushes Cinder Hound 10 ft to 5, 1.",
    ]
    assert state.combatant("cinder-hound").position == [5, 1]


def test_a_wall_stops_the_push_after_one_cell_and_a_save_made_spares_it():
    rows = ["..........", ".....#....", "..........", ".........."]
    state, lines = _wave(rows, [3, 4, 5])
    assert lines[-1] == "Ilsa pushes Cinder Hound 5 ft to 4, 1."
    # A save of 10 + 4 = 14 makes it: half of 7 = 3, and no push.
    state, lines = _wave(ZK.ROWS, [3, 4, 10])
    assert lines[-2:] == ["Thunderwave (7 (3 + 4), halved by the save) deals 3 thunder damage to Cinder Hound.",
                          "Cinder Hound has 22 of 25 Hit points."]
    assert state.combatant("cinder-hound").position == [3, 1]


def test_a_creatures_bite_pushes_what_it_lands_on():
    # The Hound's Searing bite with `push: 5`: 15 + 4 = 19 hits Ilsa's Armor Class 12 for
    # 1d6 4 + 1 = 5 piercing and 1d4 2 fire; Ilsa (18 hit points) is pushed one cell away
    # from the Hound on 3, 1: to 1, 1.
    rs = ruleset(package(bite_push=5))
    state, _ = start_battle(rs, [ZK.ilsa([2, 1])], ZK.foes(hound=[3, 1]), board={"rows": ZK.ROWS},
                            dice=[5] * 5 + [1, 20] + [15, 4, 2, 10])
    state, lines = _go(rs, state, "cinder-hound", "action:sear_bite", "ilsa")
    assert lines[-1] == "Cinder Hound pushes Ilsa 5 ft to 1, 1."
    assert state.combatant("ilsa").position == [1, 1]


#: SRD 5.1's Ring of the Ram as the spec writes it (mechanics-3 1.271): 3 charges; 1 to 3 of
#: them for a ranged attack within 60 feet, 2d10 force and a 5-foot push for each charge (the
#: use's own for the first, `chargeStep` for each extra one). The attack is rolled with the
#: wearer's own spell attack (the SRD's fixed + 7 is not a key of an item use).
RING_OF_THE_RAM = {"id": "ring-of-the-ram", "label": "Ring of the Ram", "summary": "3 charges: a ram's head.",
                   "item": {"category": "ring", "charges": {"max": 3},
                            "use": {"kind": "attack", "targets": "enemy", "range": 60, "attackRoll": True,
                                    "amount": {"dice": "2d10"}, "damageType": "force", "charges": 1,
                                    "budget": "action", "push": 5,
                                    "chargeStep": {"max": 2, "amount": {"dice": "2d10"}, "push": 5}}}}


def ring_fight(step_push: float | None = 5):
    """Ilsa (2, 1) wearing the Ring of the Ram (3 charges), the Hound two cells off (4, 1: not
    beside her, so the ranged attack has no disadvantage); `step_push`
    None leaves `chargeStep.push` off."""
    pkg = package(push=None)
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    ring = copy.deepcopy(RING_OF_THE_RAM)
    if step_push is None:
        del ring["item"]["use"]["chargeStep"]["push"]
    else:
        ring["item"]["use"]["chargeStep"]["push"] = step_push
    ilsa = ZK.ilsa([2, 1])
    carry(pkg, ilsa, ring, charges=3)
    return pkg, ilsa


def test_the_ring_of_the_ram_pushes_five_feet_more_for_each_extra_charge():
    # Two extra charges (3 in all): 2d10 x 3 = 6d10 (six 1s: 6 force); the attack 15 + 4
    # (Ilsa's spell attack: Wisdom + 2, proficiency + 2) = 19 hits; 25 - 6 = 19. The push:
    # 5 feet of its own and 5 for each of the 2 extra charges, 15 feet: 3 cells from 4, 1
    # to 7, 1.
    pkg, ilsa = ring_fight()
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [ilsa], ZK.foes(hound=[4, 1]), board={"rows": ZK.ROWS},
                            dice=START + [15] + [1] * 6)
    state, lines = play(rs, state, "ilsa", "item:ring-of-the-ram@charges:2", "cinder-hound")
    assert lines == [
        "Ilsa pays 2 steps above the base for Ring of the Ram.",
        "Ilsa spends 3 charges of Ring of the Ram: 0/3 charges.",
        "Ilsa uses Ring of the Ram on Cinder Hound.",
        "Ilsa attacks Cinder Hound with Ring of the Ram: 15 + 4 = 19 against Armor Class 12, a hit.",
        "Ring of the Ram (6 (1 + 1 + 1 + 1 + 1 + 1)) deals 6 force damage to Cinder Hound.",
        "Cinder Hound has 19 of 25 Hit points.",
        "Ilsa pushes Cinder Hound 15 ft to 7, 1.",
    ]
    assert state.combatant("cinder-hound").position == [7, 1]
    # Without the step's push, only the use's own 5 feet.
    pkg, ilsa = ring_fight(step_push=None)
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [ilsa], ZK.foes(hound=[4, 1]), board={"rows": ZK.ROWS},
                            dice=START + [15] + [1] * 6)
    state, lines = play(rs, state, "ilsa", "item:ring-of-the-ram@charges:2", "cinder-hound")
    assert lines[-1] == "Ilsa pushes Cinder Hound 5 ft to 5, 1."
