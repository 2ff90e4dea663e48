"""Answers to rolls and hits (spec/mechanics-2.md 1.241 `addsToBlow`, 1.250 `lowersRoll` and
`evasion`), on tests/combat/roll_answers_kit.py (our own text): exact log lines with
scripted dice (initiative first, one d12 each in party-then-foes order, then every die in
the order the log shows), and each window saved to JSON while open, reloaded, answered:
the same events.
"""

from __future__ import annotations

from typing import Any

from tests.combat import roll_answers_kit as RK
from tests.combat import windows_kit as K
from tests.combat.kit import Bout, ruleset
from tests.combat.test_windows import reloaded

FACES = [15, 3, 4, 2, 5, 6] * 10


def bout(party: list[Any], foes: list[Any], first: list[int], faces: list[int]) -> Bout:
    return Bout(ruleset(RK.package()), party, foes, dice=first + faces)


def replay(party: list[Any], foes: list[Any], first: list[int], faces: list[int], script: list[tuple[str, ...]], *,
           reload: bool) -> list[str]:
    b = bout(party, foes, first, faces)
    for actor, option, *targets in script:
        if reload:
            reloaded(b)
        b.choose(actor, option, *targets)
    return b.log


# ---------------------------------------------------------------------------
# lowersRoll: Cutting Words (1.250)
# ---------------------------------------------------------------------------

WORDS = ([K.wren("cutting-words"), K.juno()], [K.foe("ogre")], [12, 11, 1])


def _ogre_hits_juno(faces: list[int]) -> Bout:
    party, foes, first = WORDS
    b = bout(party, foes, first, faces)
    b.choose("wren", "end-turn")
    b.choose("juno", "end-turn")
    return b


def test_cutting_words_takes_its_die_off_an_allys_hit_and_it_misses():
    b = _ogre_hits_juno([5, 3, 4, 2] * 10)
    assert b.choose("ogre", "action:club", "juno") == [
        "Ogre attacks Juno with Club: 5 + 4 = 9 against Guard 8, a hit.",
        "The fight waits: Ogre's Club (9 against Guard 8) hits Juno. Asked in turn: Wren.",
    ]
    # Rank 2 is on the table's first step: a d6.
    assert list(b.options("wren")) == ["ability:charms:cutting-words", "pass"]
    assert b.choose("wren", "ability:charms:cutting-words") == [
        "Wren answers with Cutting Words.",
        "Wren uses Cutting Words on Ogre.",
        "Wren's Cutting Words takes 3 (1d6) off Ogre's roll: 6 now.",
        "Ogre's Club: 6 against Juno's Guard 8 now, now misses.",
        "Round 2.",
        "Wren's turn.",
    ]


def test_cutting_words_that_falls_short_lets_the_hit_stand():
    b = _ogre_hits_juno([15, 3, 4, 2] * 10)
    b.choose("ogre", "action:club", "juno")
    events = b.choose("wren", "ability:charms:cutting-words")
    assert events[2:5] == [
        "Wren's Cutting Words takes 3 (1d6) off Ogre's roll: 16 now.",
        "Ogre's Club: 16 against Juno's Guard 8 now, still hits.",
        "Club (4 + 2 = 6) deals 6 cut damage to Juno.",
    ]


def test_cutting_words_never_answers_a_hit_on_its_owner():
    # `for: "ally"`: Wren is never asked about a hit on herself.
    party, foes, first = WORDS
    b = bout(party, foes, first, [5, 3, 4, 2] * 10)
    b.choose("wren", "end-turn")
    b.choose("juno", "end-turn")
    assert not any(line.startswith("The fight waits") for line in b.choose("ogre", "action:club", "wren"))


def test_the_engine_speaks_cutting_words_only_when_its_highest_face_turns_the_hit():
    # Juno's Reed axe on the ogre, 9 + 3 = 12 against Guard 9: the word witch's d6 at its
    # highest (6) makes it 6, a miss, so it speaks; 15 + 3 = 18 stays a hit, so it does not.
    for face, taken in ((9, True), (15, False)):
        b = bout([K.juno()], [K.foe("word-witch", controller="engine"), K.foe("ogre")], [12, 1, 5],
                 [face, 1, 4, 2] * 10)
        events = b.choose("juno", "attack:kit:reed-axe", "ogre")
        assert ("Word witch answers with Cutting Words." in events) is taken, (face, events)


def test_cutting_words_reloaded_mid_window_gives_the_same_events():
    party, foes, first = WORDS
    script = [("wren", "end-turn"), ("juno", "end-turn"), ("ogre", "action:club", "juno"),
              ("wren", "ability:charms:cutting-words")]
    straight = replay(party, foes, first, [5, 3, 4, 2] * 10, script, reload=False)
    assert straight == replay(party, foes, first, [5, 3, 4, 2] * 10, script, reload=True)
    assert "Ogre's Club: 6 against Juno's Guard 8 now, now misses." in straight


# ---------------------------------------------------------------------------
# addsToBlow: a smite joined to the owner's own hit (1.241)
# ---------------------------------------------------------------------------


def test_smite_joins_the_blow_rolled_as_it_lands_with_its_cost_steps():
    b = bout([K.juno("smite")], [K.foe("ogre")], [12, 1], FACES)
    assert b.choose("juno", "attack:kit:reed-axe", "ogre") == [
        "Juno attacks Ogre with Reed axe: 15 + 3 = 18 against Guard 9, a hit.",
        "The fight waits: Juno's Reed axe (18 against Guard 9) hits Ogre. Asked in turn: Juno.",
    ]
    assert list(b.options("juno")) == ["ability:charms:smite", "ability:charms:smite@slot_2",
                                       "ability:charms:smite@slot_3", "pass"]
    # 2d8, and 1d8 for each of the two slot levels above the first; the hag's part passes by.
    assert b.choose("juno", "ability:charms:smite@slot_3") == [
        "Juno answers with Smite (Level 3 slot).",
        "Juno spends 1 Level 3 slot on Smite.",
        "Juno pays 2 steps above the base for Smite.",
        "Juno's Smite joins the blow on Ogre.",
        "Part of Smite reaches only Hag, so it passes Ogre by.",
        "Reed axe (3 + 3 = 6) deals 6 cut damage to Ogre.",
        "Ogre has 24 of 30 Breath.",
        "Smite (17 (4 + 2 + 5 + 6)) deals 17 fire damage to Ogre.",
        "Ogre has 7 of 30 Breath.",
        "Ogre's turn.",
    ]


def test_a_smite_on_a_critical_hit_doubles_its_dice_as_the_blow_does():
    # Lantern Marsh's critical adds the dice's highest: 2d8 is 4 + 2, plus 16.
    b = bout([K.juno("smite")], [K.foe("ogre")], [12, 1], [20, 3, 4, 2, 5, 6, 1, 1] * 6)
    b.choose("juno", "attack:kit:reed-axe", "ogre")
    events = b.choose("juno", "ability:charms:smite")
    assert events[4:7] == [
        "Reed axe (3 + 3 = 6, plus the dice's highest 8) deals 14 cut damage to Ogre.",
        "Ogre has 16 of 30 Breath.",
        "Smite (6 (4 + 2), plus the dice's highest 16) deals 22 fire damage to Ogre.",
    ]


def test_a_smite_reloaded_mid_window_gives_the_same_events():
    script = [("juno", "attack:kit:reed-axe", "ogre"), ("juno", "ability:charms:smite@slot_2")]
    straight = replay([K.juno("smite")], [K.foe("ogre")], [12, 1], FACES, script, reload=False)
    assert straight == replay([K.juno("smite")], [K.foe("ogre")], [12, 1], FACES, script, reload=True)
    assert "Juno's Smite joins the blow on Ogre." in straight


# ---------------------------------------------------------------------------
# evasion (1.250)
# ---------------------------------------------------------------------------


def _fireball_on_nimble_juno(save_face: int) -> list[str]:
    # Fireball's 2d6 (3 + 4) is rolled once for everyone, then each save.
    b = bout([K.juno()], [K.foe("hex-witch")], [1, 12], [3, 4, save_face, 2, 5, 6] * 6)
    b.put("juno", "nimble")
    return b.choose("hex-witch", "ability:charms:fireball", "juno")


def test_evasion_takes_nothing_on_a_successful_save_against_half():
    events = _fireball_on_nimble_juno(15)
    assert "Juno takes nothing from Fireball: Evasion (Nimble)." in events, events
    assert not any("deals" in line for line in events), events


def test_evasion_takes_half_on_a_failed_save():
    events = _fireball_on_nimble_juno(2)
    assert "Juno takes half of Fireball though the save failed: Evasion (Nimble)." in events, events
    assert any("halved by Evasion" in line for line in events), events
