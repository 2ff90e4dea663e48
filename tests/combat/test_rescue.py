"""Rescue after the roll (spec/mechanics-2.md 1.249, 1.256, 1.257), on
tests/combat/roll_answers_kit.py (our own text): Inspired (Bardic Inspiration's d6 held
back for saves, attacks and checks), Steady Nerve (a save rolled again), Sure Swing (a miss
turned into a hit with the Reaction budget), Lucky Grip (a check's d20 counted a 20) and
Own Luck (the owner's own d10). Exact log lines with scripted dice (initiative first, then
every die in the order the log shows).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.combat import roll_answers_kit as RK
from tests.combat import windows_kit as K
from tests.combat.kit import Bout, add_condition, ruleset
from tests.combat.test_roll_answers import replay


def bout(party: list[Any], foes: list[Any], first: list[int], faces: list[int]) -> Bout:
    return Bout(ruleset(RK.package()), party, foes, dice=first + faces)


def held(b: Bout, cid: str) -> list[str]:
    return [h.id for h in b.who(cid).conditions]


def _pool(b: Bout, cid: str, pool: str) -> int:
    # The kit's slots start full at 2; a pool is written on the sheet once spent from.
    return int(((b.who(cid).sheet.get("live") or {}).get("pools") or {}).get(pool, 2))


# ---------------------------------------------------------------------------
# a held-back modification: Inspired (1.249)
# ---------------------------------------------------------------------------


def _fireball(party: list[Any], save_faces: list[int], *, inspired: bool = True) -> Bout:
    # Fireball's 2d6 (3 + 4) is rolled once for everyone, then Juno's Nerve save (+1) against 10.
    b = bout(party, [K.foe("hex-witch")], [1, 12], [3, 4, *save_faces] * 6)
    if inspired:
        b.put("juno", "inspired")
    return b


def test_inspired_is_rolled_only_when_the_save_falls_short_and_is_used_up():
    b = _fireball([K.juno()], [4, 5])
    assert b.choose("hex-witch", "ability:charms:fireball", "juno") == [
        "Hex witch spends 1 Level 3 slot on Fireball.",
        "Hex witch uses Fireball on Juno.",
        "Juno rolls a Nerve save against Fireball: 4 + 1 = 5 against 10, a failure.",
        "Juno's Inspired adds 5 (1d6) to the roll: 10 against 10 now, a success.",
        "Juno is no longer Inspired: it was spent on the roll.",
        "Fireball (7 (3 + 4), halved by the save) deals 3 fire damage to Juno.",
        "Juno has 8 of 11 Breath.",
        "Juno's turn.",
    ]
    assert "inspired" not in held(b, "juno")


def test_inspired_that_falls_short_too_is_still_used_up():
    b = _fireball([K.juno()], [4, 2])
    events = b.choose("hex-witch", "ability:charms:fireball", "juno")
    assert events[3:6] == [
        "Juno's Inspired adds 2 (1d6) to the roll: 7 against 10 now, still a failure.",
        "Juno is no longer Inspired: it was spent on the roll.",
        "Fireball (7 (3 + 4)) deals 7 fire damage to Juno.",
    ]


def test_inspired_stays_in_place_after_a_roll_it_could_not_have_rescued():
    # 2 + 1 = 3 is 7 short: a d6 at its highest (6) cannot cover it, so no die is rolled.
    b = _fireball([K.juno()], [2])
    events = b.choose("hex-witch", "ability:charms:fireball", "juno")
    assert events[2:4] == [
        "Juno rolls a Nerve save against Fireball: 2 + 1 = 3 against 10, a failure.",
        "Fireball (7 (3 + 4)) deals 7 fire damage to Juno.",
    ]
    assert "inspired" in held(b, "juno")
    # Nothing held back joins a roll that is made: a success leaves it in place too.
    b = _fireball([K.juno()], [15])
    assert not any("Inspired" in line for line in b.choose("hex-witch", "ability:charms:fireball", "juno"))
    assert "inspired" in held(b, "juno")


def test_inspired_rescues_an_attack_that_missed_but_never_a_natural_1():
    b = bout([K.juno()], [K.foe("ogre")], [12, 1], [4, 5, 4, 2] * 6)
    b.put("juno", "inspired")
    assert b.choose("juno", "attack:kit:reed-axe", "ogre") == [
        "Juno attacks Ogre with Reed axe: 4 + 3 = 7 against Guard 9, a miss.",
        "Juno's Inspired adds 5 (1d6) to the roll: 12 against 9 now, a hit.",
        "Juno is no longer Inspired: it was spent on the roll.",
        "Reed axe (4 + 3 = 7) deals 7 cut damage to Ogre.",
        "Ogre has 23 of 30 Breath.",
        "Ogre's turn.",
    ]
    b = bout([K.juno()], [K.foe("ogre")], [12, 1], [1, 6, 4, 2] * 6)
    b.put("juno", "inspired")
    assert b.choose("juno", "attack:kit:reed-axe", "ogre") == [
        "Juno attacks Ogre with Reed axe: 1 + 3 = 4 against Guard 9, a natural 1, a miss.",
        "Ogre's turn.",
    ]
    assert "inspired" in held(b, "juno")


def test_inspired_rescues_a_lost_contest():
    # Grab: Juno's Might check (+3) against the ogre's (+0); a tie goes to the defender.
    b = bout([K.juno()], [K.foe("ogre")], [12, 1], [5, 11, 4, 2] * 6)
    b.put("juno", "inspired")
    assert b.choose("juno", "contest:grab", "ogre")[:5] == [
        "Juno tries Grab on Ogre: 5 + 3 = 8 with Might against 11 + 0 = 11 with Might, and loses.",
        "Juno's Inspired adds 4 (1d6) to the roll: 12 against 12 now, enough.",
        "Juno is no longer Inspired: it was spent on the roll.",
        "Juno wins Grab after all.",
        "Ogre is Held.",
    ]


# ---------------------------------------------------------------------------
# the owner's own rescue entries (1.249, 1.256, 1.257)
# ---------------------------------------------------------------------------


def test_a_rescue_entry_is_never_on_the_menu():
    b = bout([K.juno("steady-nerve", "sure-swing", "lucky-grip", "own-luck")], [K.foe("ogre")], [12, 1], [5] * 20)
    assert not any("charms" in option for option in b.options("juno"))


def test_steady_nerve_rolls_the_save_again_and_the_new_roll_stands():
    b = _fireball([K.juno("steady-nerve")], [2, 12], inspired=False)
    assert b.choose("hex-witch", "ability:charms:fireball", "juno")[2:7] == [
        "Juno rolls a Nerve save against Fireball: 2 + 1 = 3 against 10, a failure.",
        "Juno spends Steady Nerve on the failed roll.",
        "Juno spends 1 Level 1 slot on Steady Nerve.",
        "Juno rolls a Nerve save again against Fireball: 12 + 1 = 13 against 10, a success.",
        "Fireball (7 (3 + 4), halved by the save) deals 3 fire damage to Juno.",
    ]
    assert _pool(b, "juno", "slot_1") == 1


def test_a_save_rolled_again_that_falls_short_is_tried_once_more_with_what_is_held_back():
    # Held-back modifications are tried first: 3 is 7 short, past Inspired's d6, so Steady
    # Nerve rolls again (5 + 1 = 6, 4 short), and now Inspired can cover it. Steady Nerve is
    # spent once on a roll, though a slot is left.
    b = _fireball([K.juno("steady-nerve")], [2, 5, 6])
    assert b.choose("hex-witch", "ability:charms:fireball", "juno")[2:9] == [
        "Juno rolls a Nerve save against Fireball: 2 + 1 = 3 against 10, a failure.",
        "Juno spends Steady Nerve on the failed roll.",
        "Juno spends 1 Level 1 slot on Steady Nerve.",
        "Juno rolls a Nerve save again against Fireball: 5 + 1 = 6 against 10, a failure.",
        "Juno's Inspired adds 6 (1d6) to the roll: 12 against 10 now, a success.",
        "Juno is no longer Inspired: it was spent on the roll.",
        "Fireball (7 (3 + 4), halved by the save) deals 3 fire damage to Juno.",
    ]


def test_sure_swing_turns_a_miss_into_a_hit_with_its_budget_and_not_without_it():
    b = bout([K.juno("sure-swing")], [K.foe("ogre")], [12, 1], [2, 3, 4, 2] * 6)
    b.put("juno", "inspired")
    assert b.choose("juno", "attack:kit:reed-axe", "ogre") == [
        "Juno attacks Ogre with Reed axe: 2 + 3 = 5 against Guard 9, a miss.",
        "Juno's Inspired adds 3 (1d6) to the roll: 8 against 9 now, still a miss.",
        "Juno is no longer Inspired: it was spent on the roll.",
        "Juno spends Sure Swing on the failed roll.",
        "Juno's Sure Swing turns it around: a hit.",
        "Reed axe (4 + 3 = 7) deals 7 cut damage to Ogre.",
        "Ogre has 23 of 30 Breath.",
        "Ogre's turn.",
    ]
    assert b.who("juno").budgets["reaction"] == 0
    b = bout([K.juno("sure-swing")], [K.foe("ogre")], [12, 1], [2, 3, 4, 2] * 6)
    b.who("juno").budgets["reaction"] = 0
    assert b.choose("juno", "attack:kit:reed-axe", "ogre") == [
        "Juno attacks Ogre with Reed axe: 2 + 3 = 5 against Guard 9, a miss.",
        "Ogre's turn.",
    ]


def test_lucky_grip_counts_the_d20_as_a_20_only_when_that_wins():
    b = bout([K.juno("lucky-grip")], [K.foe("ogre")], [12, 1], [3, 15, 4, 2] * 6)
    assert b.choose("juno", "contest:grab", "ogre")[:6] == [
        "Juno tries Grab on Ogre: 3 + 3 = 6 with Might against 15 + 0 = 15 with Might, and loses.",
        "Juno spends Lucky Grip on the failed roll.",
        "Juno spends 1 Level 1 slot on Lucky Grip.",
        "Juno's Lucky Grip counts the d20 as a 20: 23 against 16 now, enough.",
        "Juno wins Grab after all.",
        "Ogre is Held.",
    ]
    # Against the ogre's 20 + 4 (Braced) a 20 + 3 still loses: Lucky Grip is not spent.
    pkg = RK.package()
    add_condition(pkg, "braced", "Braced", modifiers=[{"to": "checks", "flat": 4}])
    b = Bout(ruleset(pkg), [K.juno("lucky-grip")], [K.foe("ogre")], dice=[12, 1] + [3, 20, 4, 2] * 6)
    b.put("ogre", "braced")
    events = b.choose("juno", "contest:grab", "ogre")
    assert events[0] == ("Juno tries Grab on Ogre: 3 + 3 = 6 with Might against 20 + 0 + 4 (Braced) = 24 with Might, "
                         "and loses.")
    assert not any("Lucky Grip" in line for line in events)
    assert _pool(b, "juno", "slot_1") == 2


def test_own_luck_adds_its_die_only_when_nothing_given_can_cover_the_difference():
    # 3 is 7 short: Inspired's d6 cannot cover it, Own Luck's d10 can.
    b = _fireball([K.juno("own-luck")], [2, 8])
    assert b.choose("hex-witch", "ability:charms:fireball", "juno")[2:7] == [
        "Juno rolls a Nerve save against Fireball: 2 + 1 = 3 against 10, a failure.",
        "Juno spends Own Luck on the failed roll.",
        "Juno spends 1 Level 2 slot on Own Luck.",
        "Juno's Own Luck adds 8 (1d10): 11 against 10 now, a success.",
        "Fireball (7 (3 + 4), halved by the save) deals 3 fire damage to Juno.",
    ]
    assert "inspired" in held(b, "juno")
    # 5 is 5 short: Inspired (given to her) is tried first and covers it; Own Luck stays.
    b = _fireball([K.juno("own-luck")], [4, 5])
    events = b.choose("hex-witch", "ability:charms:fireball", "juno")
    assert "Juno's Inspired adds 5 (1d6) to the roll: 10 against 10 now, a success." in events
    assert not any("Own Luck" in line for line in events)
    assert _pool(b, "juno", "slot_2") == 2


def test_no_die_of_the_battle_is_rolled_to_find_out():
    # 2 + 1 = 3 is 7 short: Inspired's d6 cannot cover it, so the dice used are Fireball's
    # 2d6 and the save alone; with Own Luck (a d10 can) its die is the one more.
    for charms, used in (((), 3), (("own-luck",), 4)):
        b = _fireball([K.juno(*charms)], [2, 8])
        before = b.dice_left()
        b.choose("hex-witch", "ability:charms:fireball", "juno")
        assert before - b.dice_left() == used, charms


def test_a_rescue_gives_the_same_events_after_a_reload():
    script = [("hex-witch", "ability:charms:fireball", "juno"), ("juno", "end-turn")]
    party, foes, first, faces = [K.juno("steady-nerve")], [K.foe("hex-witch")], [1, 12], [3, 4, 2, 12] * 6
    straight = replay(party, foes, first, faces, script, reload=False)
    assert straight == replay(party, foes, first, faces, script, reload=True)
    assert "Juno spends Steady Nerve on the failed roll." in straight


@settings(max_examples=40, deadline=None)
@given(save_face=st.integers(1, 20), die=st.integers(1, 6))
def test_inspired_is_rolled_exactly_when_it_could_cover_and_then_used_up(save_face, die):
    # Nerve save +1 against 10: short by 9 - save_face; a d6 can cover 1 to 6 of it.
    b = _fireball([K.juno()], [save_face, die])
    before = b.dice_left()
    events = b.choose("hex-witch", "ability:charms:fireball", "juno")
    short = 10 - (save_face + 1)
    rolled = 0 < short <= 6
    assert before - b.dice_left() == 3 + rolled
    assert ("inspired" in held(b, "juno")) is not rolled
    made = short <= 0 or (rolled and die >= short)
    assert ("halved by the save" in " ".join(events)) is made, events
