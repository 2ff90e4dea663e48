"""Dice taken off someone else's checks and damage rolls as they are made (spec/mechanics-2.md
1.257, `lowersRoll.also`), on tests/combat/roll_answers_kit.py's Sharp Words (our own text:
the spec's Cutting Words, `{"dice": "1d6", "also": ["checks", "damage"]}`, needing hearing,
never reaching one immune to Charmed). Nobody is asked: the first creature on the other side
whose entry reaches the roller spends it, only when its maximum could change the outcome.
Scripted dice: initiative first, then every die in the order the log shows.
"""

from __future__ import annotations

from tests.combat import roll_answers_kit as RK
from tests.combat import windows_kit as K
from tests.combat.kit import Bout, ruleset
from tests.combat.test_windows import reloaded

# Juno (Might +3) grabs the ogre (+0); the sharp witch stands on the ogre's side.
GRAB = ([K.juno()], [K.foe("sharp-witch"), K.foe("ogre")], [12, 1, 5])


def _grab(faces: list[int]) -> tuple[Bout, list[str]]:
    party, foes, first = GRAB
    b = Bout(ruleset(RK.package()), party, foes, dice=first + faces * 6)
    return b, b.choose("juno", "contest:grab", "ogre")


def test_sharp_words_takes_its_die_off_a_winning_check_and_turns_the_contest():
    b, events = _grab([5, 5, 4, 2])
    assert events == [
        "Juno tries Grab on Ogre: 5 + 3 = 8 with Might against 5 + 0 = 5 with Might, and wins.",
        "Sharp witch spends Sharp Words on Juno's Grab check.",
        "Sharp witch's Sharp Words takes 4 (1d6) off Juno's Grab check: 4 against 6 now, not enough.",
        "Ogre wins Grab after all.",
        "Ogre's turn.",
    ]
    assert b.who("sharp-witch").budgets["reaction"] == 0


def test_a_die_that_falls_short_lets_the_check_stand():
    _b, events = _grab([5, 5, 1, 2])
    assert events[2:4] == [
        "Sharp witch's Sharp Words takes 1 (1d6) off Juno's Grab check: 7 against 6 now, still enough.",
        "Ogre is Held.",
    ]


def test_it_is_not_spent_when_its_highest_face_cannot_change_the_outcome():
    # 18 + 3 = 21 against 6 needed: a d6 at 6 leaves 15, so no die is rolled to find out.
    b, events = _grab([18, 5, 4, 2])
    assert events == [
        "Juno tries Grab on Ogre: 18 + 3 = 21 with Might against 5 + 0 = 5 with Might, and wins.",
        "Ogre is Held.",
        "Ogre's turn.",
    ]
    assert b.who("sharp-witch").budgets["reaction"] == 1


def test_it_does_not_reach_a_roller_who_cannot_hear():
    party, foes, first = GRAB
    b = Bout(ruleset(RK.package()), party, foes, dice=first + [5, 5, 4, 2] * 6)
    b.put("juno", "deafened")
    assert not any("Sharp Words" in line for line in b.choose("juno", "contest:grab", "ogre"))


def _club_on_weak_juno(faces: list[int], breath: int = 4) -> Bout:
    b = Bout(ruleset(RK.package()), [K.wren("sharp-words"), K.juno()], [K.foe("ogre")], dice=[12, 11, 1] + faces * 6)
    b.choose("wren", "end-turn")
    b.choose("juno", "end-turn")
    b.who("juno").sheet.setdefault("live", {}).setdefault("pools", {})["breath"] = breath
    return b


def test_sharp_words_keeps_an_ally_standing_against_a_damage_roll_that_would_drop_them():
    b = _club_on_weak_juno([15, 4, 3, 2])
    assert b.choose("ogre", "action:club", "juno") == [
        "Ogre attacks Juno with Club: 15 + 4 = 19 against Guard 8, a hit.",
        "The fight waits: Ogre's Club (19 against Guard 8) hits Juno. Asked in turn: Wren.",
    ]
    # Passing on the hit keeps the reaction for the damage roll.
    assert b.choose("wren", "pass") == [
        "Wren passes.",
        "Wren spends Sharp Words on Ogre's damage roll.",
        "Wren's Sharp Words takes 3 (1d6) off Ogre's damage roll: 3 now.",
        "Club (4 + 2 = 6) deals 3 cut damage to Juno.",
        "Juno has 1 of 11 Breath.",
        "Round 2.",
        "Wren's turn.",
    ]


def test_damage_that_would_not_drop_anyone_or_that_no_die_could_stop_is_left_alone():
    # 6 damage on 7 Breath leaves Juno standing; on 4 Breath a 10 (8 + 2) is past a d6.
    for faces, breath in (([15, 4, 3, 2], 7), ([15, 8, 3, 2], 3)):
        b = _club_on_weak_juno(faces, breath)
        b.choose("ogre", "action:club", "juno")
        assert not any("Sharp Words" in line for line in b.choose("wren", "pass")), (faces, breath)
        assert b.who("wren").budgets["reaction"] == 1


def test_it_does_not_reach_a_roller_immune_to_charmed():
    b = _club_on_weak_juno([15, 4, 3, 2])
    ogre = b.who("ogre")
    ogre.block = {**ogre.block, "conditionImmunities": ["charmed"]}
    b.choose("ogre", "action:club", "juno")
    assert "Juno goes down." in b.choose("wren", "pass")


def test_a_damage_roll_lowered_after_a_reload_mid_window_gives_the_same_events():
    def run(reload: bool) -> list[str]:
        b = _club_on_weak_juno([15, 4, 3, 2])
        b.choose("ogre", "action:club", "juno")
        if reload:
            reloaded(b)
        return b.choose("wren", "pass")

    assert run(False) == run(True)
    assert "Wren's Sharp Words takes 3 (1d6) off Ogre's damage roll: 3 now." in run(True)


def test_sharp_words_takes_its_die_off_a_counterspell_check_and_the_spell_goes_ahead():
    # Wren (Lore +3) reaches for the hex witch's Fireball paid at level 3 with Counterspell
    # at level 1: 12 + 3 = 15 against 13 would stop it; the sharp witch takes 5 off.
    b = Bout(ruleset(RK.package()), [K.wren("counterspell"), K.juno()], [K.foe("hex-witch"), K.foe("sharp-witch")],
             dice=[1, 2, 12, 11] + [12, 5, 3, 4, 2, 2] * 6)
    b.choose("hex-witch", "ability:charms:fireball", "juno")
    assert b.choose("wren", "ability:charms:counterspell")[3:7] == [
        "Wren reaches for Hex witch's Fireball at level 3 with an answer of level 1: 12 + 3 = 15 against 13 (10 + 3), "
        "enough.",
        "Sharp witch spends Sharp Words on Wren's check.",
        "Sharp witch's Sharp Words takes 5 (1d6) off Wren's check: 10 against 13 now, not enough.",
        "Hex witch uses Fireball on Juno.",
    ]
