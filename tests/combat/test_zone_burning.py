"""Burning zones (spec/mechanics-1 "Delayed and burning zones", 1.183: `burns`), on the 5e
board of tests/combat/zones_kit.py: Ilsa (Wisdom caster, spell save DC 12, spell attack
+ 2 + 2 = + 4) webs the 5e example's Cinder Hound (5d8 = 25 hit points, Armor Class 12, no
Dexterity save bonus, resists fire) with the SRD's Web as tests/combat/test_board_zones.py
casts it, with the SRD's burning written as the spec writes it: `"burns": {"by": ["fire"],
"amount": {"dice": "2d4"}, "damageType": "fire"}`.
"""

from __future__ import annotations

import copy

from shared.combat import start_battle
from tests.combat import zones_kit as ZK
from tests.combat.kit import ruleset
from tests.combat.test_board_zones import START
from tests.combat.test_zone_occupants import go, reloads

BURNS = {"by": ["fire"], "amount": {"dice": "2d4"}, "damageType": "fire"}
#: The Hound's 5d8 = 25, initiative Ilsa 20 (+ 3), the Hound 1 (+ 1); its Dexterity save
#: against the casting 5 fails; at its turn start in the web 20 and 12 with disadvantage: 12,
#: a success.
WEBBED = [5, 5, 5, 5, 5, 20, 1, 5, 20, 12]


def webbed(dice: list[int], burns: dict | None = BURNS):
    pkg = ZK.package()
    web = ZK.entry(pkg, "spells", "web")
    if burns is not None:
        web["mechanics"]["zone"]["burns"] = copy.deepcopy(burns)
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [ZK.ilsa([0, 2], ("fire-bolt", "Fire Bolt", 0))], ZK.foes(hound=[8, 2]),
                            board=ZK.BOARD, dice=WEBBED + dice)
    state, lines = go(rs, state, "ilsa", "ability:spells:web", cell=[6, 2])
    assert lines[3:] == [
        "Web stays on 6, 2 (12 cells) for 600 rounds.",
        "Cinder Hound rolls a Dexterity save against Web: 5 against 12, a failure.",
        "Cinder Hound is Restrained for 100 rounds.",
    ]
    state, _ = go(rs, state, "ilsa", "end-turn")
    state, _ = go(rs, state, "cinder-hound", "end-turn")
    return rs, state


def test_fire_on_the_webbed_hound_sets_the_web_alight_until_ilsas_turn():
    # Fire Bolt on the restrained Hound (advantage): 15 (3 dropped) + 4 = 19 against 12 hits,
    # 1d10 = 6 fire, resisted: 3, 25 - 3 = 22; fire landed on someone inside: the web catches
    # fire. At the Hound's turn start it burns first, no save: 2d4 = 2 + 3 = 5, resisted: 2,
    # 22 - 2 = 20; then the web's own turn-start save, 9 and 4 with disadvantage, fails. As
    # Ilsa's turn comes again it burns away, ending the spell: her concentration and the
    # Hound's restraint with it.
    rs, state = webbed([3, 15, 6, 2, 3, 4, 9])
    state, lines = go(rs, state, "ilsa", "ability:spells:fire-bolt", "cinder-hound")
    assert lines[1:] == [
        "Ilsa attacks Cinder Hound with Fire Bolt: 15 (advantage; dropped 3) + 4 = 19 against Armor Class 12, a hit.",
        "Fire Bolt (6) deals 3 fire damage to Cinder Hound (resisted: halved).",
        "Web catches fire: fire damage lands on Cinder Hound.",
        "Cinder Hound has 22 of 25 Hit points.",
    ]
    assert reloads(state) == {"spells/web": {"burns": ["fire"], "burning": True}}
    state, lines = go(rs, state, "ilsa", "end-turn")
    assert lines == [
        "Cinder Hound's turn.",
        "Web burns Cinder Hound: its turn starts in it.",
        "Web (5 (2 + 3)) deals 2 fire damage to Cinder Hound (resisted: halved).",
        "Cinder Hound has 20 of 25 Hit points.",
        "Web affects Cinder Hound: its turn starts in it.",
        "Cinder Hound rolls a Dexterity save against Web: 4 (disadvantage; dropped 9) against 12, a failure.",
    ]
    state, lines = go(rs, state, "cinder-hound", "end-turn")
    assert lines == [
        "Round 3.",
        "Ilsa's turn.",
        "Web ends: it burns away.",
        "Ilsa stops concentrating on Web: Web burns away.",
        "Cinder Hound is no longer Restrained: Ilsa's concentration ended.",
    ]
    assert state.zones == [] and state.combatant("ilsa").concentration is None


def test_a_web_without_burns_takes_the_fire_and_stands():
    rs, state = webbed([3, 15, 6, 4, 9], burns=None)
    state, lines = go(rs, state, "ilsa", "ability:spells:fire-bolt", "cinder-hound")
    assert "Web catches fire: fire damage lands on Cinder Hound." not in lines
    state, lines = go(rs, state, "ilsa", "end-turn")
    assert lines[1:3] == ["Web affects Cinder Hound: its turn starts in it.",
                          "Cinder Hound rolls a Dexterity save against Web: 4 (disadvantage; dropped 9) against 12, a failure."]
    state, lines = go(rs, state, "cinder-hound", "end-turn")
    assert lines == ["Round 3.", "Ilsa's turn."] and [z.name for z in state.zones] == ["Web"]


def test_burning_hands_on_the_webs_cells_sets_it_alight_without_touching_anyone_in_it():
    # Web aimed at 3, 2 covers x 3 to 6, y 1 to 3 and catches the Hound on 5, 2 (5 fails);
    # the Lurker on 2, 2 is outside it. Burning Hands (a 15-foot cone: three steps east of
    # Ilsa, the third x 3, y 1 to 3, the web's near edge) catches only the Lurker: 3d6 = 2 +
    # 3 + 4 = 9, its save 9 + 4 = 13 succeeds, 4; fire landed on the web's cells, not on anyone
    # in it, and it catches fire. The Lurker's turn starts outside it: nothing. The Hound's
    # in it: 2d4 = 1 + 2 = 3, resisted: 1, 25 - 1 = 24.
    pkg = ZK.package()
    ZK.entry(pkg, "spells", "web")["mechanics"]["zone"]["burns"] = copy.deepcopy(BURNS)
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [ZK.ilsa([0, 2], ("burning-hands", "Burning Hands", 1))], ZK.foes([2, 2], [5, 2]),
                            board=ZK.BOARD, dice=START + [5, 20, 12, 2, 3, 4, 9, 1, 2, 11, 3])
    state, lines = go(rs, state, "ilsa", "ability:spells:web", cell=[3, 2])
    assert lines[3:5] == ["Web stays on 3, 2 (12 cells) for 600 rounds.",
                          "Cinder Hound rolls a Dexterity save against Web: 5 against 12, a failure."]
    for actor in ("ilsa", "thorn-lurker", "cinder-hound"):
        state, _ = go(rs, state, actor, "end-turn")
    state, lines = go(rs, state, "ilsa", "ability:spells:burning-hands", cell=[3, 2])
    assert lines[2:] == [
        "Ilsa uses Burning Hands on Thorn Lurker.",
        "Web catches fire: Burning Hands lands fire on its cells.",
        "Thorn Lurker rolls a Dexterity save against Burning Hands: 9 + 4 = 13 against 12, a success.",
        "Burning Hands (9 (2 + 3 + 4), halved by the save) deals 4 fire damage to Thorn Lurker.",
        "Thorn Lurker has 19 of 23 Hit points.",
    ]
    state, lines = go(rs, state, "ilsa", "end-turn")
    assert lines == ["Thorn Lurker's turn."]
    state, lines = go(rs, state, "thorn-lurker", "end-turn")
    assert lines[:4] == [
        "Cinder Hound's turn.",
        "Web burns Cinder Hound: its turn starts in it.",
        "Web (3 (1 + 2)) deals 1 fire damage to Cinder Hound (resisted: halved).",
        "Cinder Hound has 24 of 25 Hit points.",
    ]
