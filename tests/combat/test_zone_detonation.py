"""Delayed zones (spec/mechanics-1 "Delayed and burning zones", 1.183: `detonates`, `grows`,
`touched`), on the 5e board of tests/combat/zones_kit.py: Ilsa (Wisdom caster, spell save DC
12, a 7th-level slot) casts the SRD's Delayed Blast Fireball as the spec writes it (12d6 fire,
a Dexterity save for half, a 20-foot burst: every cell fewer than 4 steps from its centre,
1d6 more at the end of each of her turns, set off by whoever enters its centre) near the 5e
example's Thorn Lurker (3d8 + 3 = 23, Dexterity save + 4) and Cinder Hound (5d8 = 25, no
Dexterity save bonus, resists fire; speed 40 feet).
"""

from __future__ import annotations

from shared.combat import menu, start_battle
from tests.combat import zones_kit as ZK
from tests.combat.kit import ruleset
from tests.combat.test_zone_carried import START
from tests.combat.test_zone_occupants import go, reloads

#: 13d6 (12d6 grown once by 1d6): 1 to 6 twice, then 3: 42 + 3 = 45.
BLAST = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 3]


def blast(at: list[int], dice: list[int]):
    rs = ruleset(ZK.blast_package())
    party = [ZK.ilsa([0, 2], ("delayed-blast-fireball", "Delayed Blast Fireball", 7))]
    state, _ = start_battle(rs, party, ZK.foes(at, [8, 2]), board=ZK.BOARD, dice=START + dice)
    # Nothing as it is cast, nothing while it stands; the end of Ilsa's turn grows it.
    state, lines = go(rs, state, "ilsa", "ability:spells:delayed-blast-fireball", cell=[5, 2])
    assert lines[-1] == "Delayed Blast Fireball stays on 5, 2 (28 cells) for 10 rounds."
    state, lines = go(rs, state, "ilsa", "end-turn")
    assert lines == ["Delayed Blast Fireball grows (1 time).", "Thorn Lurker's turn."]
    assert reloads(state) == {"spells/delayed-blast-fireball": {"detonates": True, "grown": 1, "touched": True}}
    assert state.zones[0].triggers == []
    state, lines = go(rs, state, "thorn-lurker", "end-turn")
    assert lines == ["Cinder Hound's turn."]
    return rs, state


def test_delayed_blast_fireball_grows_and_goes_off_when_concentration_ends():
    # The Hound walks round it (7, 1 and along row 0: never its centre 5, 2) to 1, 1 and
    # bites Ilsa: 15 + 4 hits, 4 + 1 piercing and 2 fire; her concentration save 3 + 1 = 4
    # against 10 fails. The fireball goes off on whoever is inside (x 2 to 8): the Lurker on
    # 5, 2, not the Hound on 1, 1: 13d6 = 45, its save 10 + 4 = 14 succeeds, 22; 23 - 22 = 1.
    rs, state = blast([5, 2], [15, 4, 2, 3] + BLAST + [10])
    walk = {o.id: o.board for o in menu(rs, state, "cinder-hound")}["move:1,1"]
    assert walk["path"] == [[7, 1], [6, 0], [5, 0], [4, 0], [3, 0], [2, 0], [1, 1]]
    state, _ = go(rs, state, "cinder-hound", "move:1,1")
    state, lines = go(rs, state, "cinder-hound", "action:sear_bite", "ilsa")
    assert lines[-7:] == [
        "Ilsa rolls a Constitution save to keep concentrating on Delayed Blast Fireball: 3 + 1 = 4 against 10, a failure.",
        "Ilsa stops concentrating on Delayed Blast Fireball: concentration is broken.",
        "Delayed Blast Fireball ends: Ilsa's concentration ended.",
        "Delayed Blast Fireball goes off on Thorn Lurker.",
        "Thorn Lurker rolls a Dexterity save against Delayed Blast Fireball: 10 + 4 = 14 against 12, a success.",
        "Delayed Blast Fireball (42 (1 + 2 + 3 + 4 + 5 + 6 + 1 + 2 + 3 + 4 + 5 + 6) + 3 = 45, halved by the save) "
        "deals 22 fire damage to Thorn Lurker.",
        "Thorn Lurker has 1 of 23 Hit points.",
    ]
    assert state.zones == []


def test_the_hound_touching_its_centre_fails_its_save_and_sets_it_off():
    # The Lurker on 3, 1 (inside). The Hound walks three cells west to the centre (5, 2): as
    # it enters it rolls the entry's Dexterity save, 5 against 12, fails, and the fireball
    # goes off on both: 13d6 = 45 rolled once; the Lurker's save 4 + 4 = 8 fails, 45, down;
    # the Hound's 15 succeeds, 22, halved again by its resistance: 11, 25 - 11 = 14.
    rs, state = blast([3, 1], [5] + BLAST + [4, 15])
    state, lines = go(rs, state, "cinder-hound", "move:5,2")
    assert lines == [
        "Cinder Hound rolls a Dexterity save touching Delayed Blast Fireball: 5 against 12, a failure.",
        "Delayed Blast Fireball ends: Cinder Hound touches it.",
        "Delayed Blast Fireball goes off on Thorn Lurker, Cinder Hound.",
        "Thorn Lurker rolls a Dexterity save against Delayed Blast Fireball: 4 + 4 = 8 against 12, a failure.",
        "Delayed Blast Fireball (42 (1 + 2 + 3 + 4 + 5 + 6 + 1 + 2 + 3 + 4 + 5 + 6) + 3 = 45) deals 45 fire damage "
        "to Thorn Lurker.",
        "Thorn Lurker has 0 of 23 Hit points.",
        "Thorn Lurker drops out of the fight.",
        "Cinder Hound rolls a Dexterity save against Delayed Blast Fireball: 15 against 12, a success.",
        "Delayed Blast Fireball (42 (1 + 2 + 3 + 4 + 5 + 6 + 1 + 2 + 3 + 4 + 5 + 6) + 3 = 45, halved by the save) "
        "deals 11 fire damage to Cinder Hound (resisted: halved).",
        "Cinder Hound has 14 of 25 Hit points.",
        "Cinder Hound moves to 5, 2 for 15 ft and has 25 ft left.",
    ]
    assert state.zones == []
