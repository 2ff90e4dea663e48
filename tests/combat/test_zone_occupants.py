"""What a lasting zone does to those standing in it (spec/mechanics-1 "Zones acting on their
occupants", 1.179; "More for those a zone affects", 1.174; spell holds, 1.175; zone damage
type on triggers, 1.198), on the 5e board of tests/combat/zones_kit.py: Ilsa (Wisdom
caster, spell save DC 12) and the 5e example's Thorn Lurker and Cinder Hound.
"""

from __future__ import annotations

from shared.combat import menu, start_battle
from shared.combat.state import BattleState
from tests.combat import sight_kit as SK
from tests.combat import zones_kit as ZK
from tests.combat.kit import play, ruleset
from tests.combat.srd_kit import mira
from tests.combat.test_board_zones import START, STORY

#: A board 12 cells wide; the Hound's 5d8 = 25, initiative Ilsa 20 (+ 3), the Hound 1 (+ 1).
WIDE = {"rows": ["." * 12] * 4}
HOUND_START = [5, 5, 5, 5, 5, 20, 1]


go = play


def ids(rs, state, actor) -> set[str]:
    return {o.id for o in menu(rs, state, actor)}


def test_silence_takes_cure_wounds_off_the_menu_inside_it_and_back_outside():
    # Silence (a 20-foot burst: every cell fewer than 4 steps from 2, 2, x 0 to 5) on 2, 2
    # covers Ilsa on 0, 2. On her next turn Cure Wounds (V, S) is off her menu while Moonbeam
    # (no components) stays; six cells east (30 feet, 6, 2) she is out of it and it is back.
    rs = ruleset(ZK.silence_package())
    state, _ = start_battle(rs, [ZK.ilsa([0, 2], ("silence", "Silence", 2), ("cure-wounds", "Cure Wounds", 1))],
                            ZK.foes(hound=[11, 2]), board=WIDE, dice=HOUND_START)
    assert "ability:spells:cure-wounds" in ids(rs, state, "ilsa")
    state, lines = go(rs, state, "ilsa", "ability:spells:silence", cell=[2, 2])
    assert lines[-1] == "Silence stays on 2, 2 (24 cells) for 100 rounds."
    state, _ = go(rs, state, "ilsa", "end-turn")
    state, _ = go(rs, state, "cinder-hound", "end-turn")
    inside = ids(rs, state, "ilsa")
    assert "ability:spells:cure-wounds" not in inside and "ability:spells:moonbeam" in inside
    state, lines = go(rs, state, "ilsa", "move:6,2")
    assert lines == ["Ilsa moves to 6, 2 for 30 ft and has 0 ft left."]
    assert "ability:spells:cure-wounds" in ids(rs, state, "ilsa")


def _moonbeam(zone_more: dict, party: list, dice: list[int]):
    rs = ruleset(ZK.package(zone=dict(ZK.MOONBEAM_ZONE) | zone_more))
    state, _ = start_battle(rs, party, ZK.foes([5, 2], [8, 2]), board=ZK.BOARD, dice=dice)
    return rs, state


def test_a_zone_deals_its_own_damage_type_on_its_triggers():
    # Moonbeam with `damageType: "fire"` (Wall of Thorns' rule, 1.198): the casting deals the
    # entry's radiant (9 to the Lurker, 23 - 9 = 14); its turn start in it 4 fire (half of
    # 3 + 5, a save of 15); moved onto the Hound, which resists fire: 6 + 3 = 9, a save of
    # 4 + 4 = 8 fails, halved by the resistance to 4, 25 - 4 = 21.
    rs, state = _moonbeam({"damageType": "fire"}, [ZK.ilsa([0, 2])], START + STORY)
    state, lines = go(rs, state, "ilsa", "ability:spells:moonbeam", cell=[5, 2])
    assert lines[-2] == "Moonbeam (9 (5 + 4)) deals 9 radiant damage to Thorn Lurker."
    state, lines = go(rs, state, "ilsa", "end-turn")
    assert lines[-2:] == ["Moonbeam (8 (3 + 5), halved by the save) deals 4 fire damage to Thorn Lurker.",
                          "Thorn Lurker has 10 of 23 Hit points."]
    state, _ = go(rs, state, "thorn-lurker", "end-turn")
    state, _ = go(rs, state, "cinder-hound", "end-turn")
    state, lines = go(rs, state, "ilsa", "zone:spells/moonbeam", cell=[8, 2])
    assert lines[2:] == [
        "Cinder Hound rolls a Constitution save against Moonbeam: 4 + 4 = 8 against 12, a failure.",
        "Moonbeam (9 (6 + 3)) deals 4 fire damage to Cinder Hound (resisted: halved).",
        "Cinder Hound has 21 of 25 Hit points.",
    ]


def concentrating() -> list:
    """Ilsa (0, 2) and Mira with Hold Person (3, 2)."""
    return [ZK.ilsa([0, 2]), mira(("hold-person", "Hold Person", 2)) | {"position": [3, 2]}]


#: The Lurker's 23, the Hound's 25, initiative Ilsa 15, Mira 20; the Lurker's save against
#: Hold Person 15; Moonbeam 5 + 4 and Mira's save 7, her concentration save 12; as her turn
#: starts, her concentration save 3, Moonbeam 3 + 5 and her save 15.
BREAK_DICE = [8, 8, 4, 5, 5, 5, 5, 5, 15, 20, 1, 1] + [15, 5, 4, 7, 12, 3, 3, 5, 15]
#: Mira's Hold Person on the Lurker, and Ilsa's Moonbeam on Mira.
BREAK_CHOICES = [{"actor": "mira", "option": "ability:spells:hold-person", "targets": ["thorn-lurker"]},
                 {"actor": "mira", "option": "end-turn", "targets": []},
                 {"actor": "ilsa", "option": "ability:spells:moonbeam", "targets": [], "cell": [3, 2]}]


def test_a_zone_breaks_the_concentration_of_one_it_affects():
    # Moonbeam with Sleet Storm's `breaksConcentration`. Mira (Con 12: + 1, 18 hit points;
    # initiative 20 before Ilsa's 15; spell save DC 8 + 2 + 3 = 13) casts Hold Person on the
    # Lurker, which saves (15 + 0 against 13), and concentrates on it. Ilsa casts Moonbeam
    # on Mira's cell (3, 2): 2d10 = 9, her save 7 + 1 = 8 fails, 18 - 9 = 9 (the casting is
    # the entry's own effect, not the zone's: her concentration save is the damage's, 12 + 1
    # against 10). As her next turn starts in it she first rolls to keep concentrating
    # against the spell's DC 12: 3 + 1 = 4 fails and Hold Person ends; then Moonbeam:
    # 3 + 5 = 8, a save of 15 + 1 = 16, half: 4, and the damage has no concentration to test.
    rs, state = _moonbeam({"breaksConcentration": True}, concentrating(), BREAK_DICE)
    state, _ = go(rs, state, "mira", "ability:spells:hold-person", "thorn-lurker")
    assert state.combatant("mira").concentration.label == "Hold Person"
    state, _ = go(rs, state, "mira", "end-turn")
    state, lines = go(rs, state, "ilsa", "ability:spells:moonbeam", cell=[3, 2])
    assert lines[-3:] == [
        "Moonbeam (9 (5 + 4)) deals 9 radiant damage to Mira.",
        "Mira has 9 of 18 Hit points.",
        "Mira rolls a Constitution save to keep concentrating on Hold Person: 12 + 1 = 13 against 10, a success.",
    ]
    for actor in ("ilsa", "thorn-lurker", "cinder-hound"):
        state, lines = go(rs, state, actor, "end-turn")
    assert lines[-6:] == [
        "Moonbeam affects Mira: its turn starts in it.",
        "Mira rolls a Constitution save to keep concentrating on Hold Person: 3 + 1 = 4 against 12, a failure.",
        "Mira stops concentrating on Hold Person: Moonbeam breaks it.",
        "Mira rolls a Constitution save against Moonbeam: 15 + 1 = 16 against 12, a success.",
        "Moonbeam (8 (3 + 5), halved by the save) deals 4 radiant damage to Mira.",
        "Mira has 5 of 18 Hit points.",
    ]
    assert state.combatant("mira").concentration is None


#: Black Tentacles' harm to those its hold keeps (1.175).
WHILE_HELD = {"condition": "restrained", "amount": {"dice": "3d6"}, "damageType": "bludgeoning"}


def tentacles(held: bool) -> dict:
    """The package with Web's zone given `whileHeld` (or not)."""
    pkg = ZK.package()
    web = next(e for c in pkg["catalogs"] if c["id"] == "spells" for e in c["entries"] if e["id"] == "web")
    if held:
        web["mechanics"]["zone"]["whileHeld"] = dict(WHILE_HELD)
    return pkg


def test_a_zone_deals_its_held_harm_to_one_it_holds_instead_of_its_effect():
    # Web with Black Tentacles' `whileHeld` (3d6 bludgeoning to one held by its restraint):
    # the Hound (8, 2) fails its Dexterity save at the casting (5 against 12) and is
    # Restrained by Ilsa; as its turn starts in the web, it takes 3d6 = 2 + 3 + 4 = 9, no
    # save, instead of saving against the web again: 25 - 9 = 16.
    rs = ruleset(tentacles(True))
    state, _ = start_battle(rs, [ZK.ilsa([0, 2])], ZK.foes(hound=[8, 2]), board=ZK.BOARD,
                            dice=HOUND_START + [5, 2, 3, 4])
    state, lines = go(rs, state, "ilsa", "ability:spells:web", cell=[6, 2])
    assert lines[-1] == "Cinder Hound is Restrained for 100 rounds."
    state, lines = go(rs, state, "ilsa", "end-turn")
    assert lines == [
        "Cinder Hound's turn.",
        "Web affects Cinder Hound: its turn starts in it, held.",
        "Web (9 (2 + 3 + 4)) deals 9 bludgeoning damage to Cinder Hound.",
        "Cinder Hound has 16 of 25 Hit points.",
    ]


#: The zone record's fields the rules of tests/combat/test_zone_*.py add.
ZONE_FIELDS = ("least", "times", "forbids", "while_held", "carried", "toward", "detonates", "grown", "touched",
               "burns", "burning", "inside_conditions", "inside_immune")


def reloads(state) -> dict:
    """The zones as saved, after checking the state reloads to the same JSON."""
    data = state.model_dump(mode="json")
    assert BattleState.model_validate(data).model_dump(mode="json") == data
    return {z["entry"]: {k: v for k, v in z.items() if k in ZONE_FIELDS}
            for z in data["zones"]}


def test_the_new_zone_fields_are_saved_and_reloaded_exactly():
    rs = ruleset(ZK.silence_package())
    state, _ = start_battle(rs, [ZK.ilsa([0, 2], ("silence", "Silence", 2))], ZK.foes(hound=[11, 2]), board=WIDE,
                            dice=HOUND_START)
    state, _ = go(rs, state, "ilsa", "ability:spells:silence", cell=[2, 2])
    assert reloads(state) == {"spells/silence": {"forbids": ["verbal"]}}
    rs = ruleset(tentacles(True))
    state, _ = start_battle(rs, [ZK.ilsa([0, 2])], ZK.foes(hound=[8, 2]), board=ZK.BOARD, dice=HOUND_START + [5])
    state, _ = go(rs, state, "ilsa", "ability:spells:web", cell=[6, 2])
    assert reloads(state) == {"spells/web": {"while_held": "restrained"}}


def _silenced_hound_menu(casting: dict) -> set[str]:
    """The Cinder Hound on 3, 2 casting the SRD's Cure Wounds (V, S) from `casting` (its
    `spellcasting`): its menu on its turn inside Silence cast on 2, 2."""
    pkg = ZK.silence_package()
    SK.hound(pkg)["spellcasting"] = casting
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [ZK.ilsa([0, 2], ("silence", "Silence", 2))], ZK.foes(hound=[3, 2]), board=WIDE,
                            dice=HOUND_START)
    state, _ = go(rs, state, "ilsa", "ability:spells:silence", cell=[2, 2])
    state, _ = go(rs, state, "ilsa", "end-turn")
    return ids(rs, state, "cinder-hound")


def test_innate_spellcasting_needs_nothing_so_silence_does_not_stop_it():
    # spec/mechanics-1 1.181: `components: []` on the trait is innate casting; the Hound, one
    # step from Silence's centre, still has Cure Wounds inside it. Without the override the
    # entry's V, S stand and Silence (verbal) takes it away; a spell's own ["verbal"] beats
    # the trait's [].
    cure = "ability:spellcasting:cure-wounds"
    spells = [{"entry": "spells/cure-wounds"}]
    assert cure not in _silenced_hound_menu({"spells": spells})
    assert cure in _silenced_hound_menu({"components": [], "spells": spells})
    assert cure not in _silenced_hound_menu({"components": [], "spells": [spells[0] | {"components": ["verbal"]}]})
    assert cure in _silenced_hound_menu({"components": ["somatic"], "spells": spells})
