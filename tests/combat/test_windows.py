"""Windows (spec/combat-3 "Windows: holding the fight"): one test per moment and answer
key with the spec's own examples, on tests/combat/windows_kit.py (our own text), and the
window saved with the battle: reloaded from JSON while open, answered, the same events.

Dice are scripted: initiative first (one d12 each, in party-then-foes order), then every
d20 and damage die in the order the log shows them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from shared.combat import BattleState, advance
from shared.combat.fight import Refusal
from tests.combat import windows_kit as K
from tests.combat.kit import ROOT, Bout, ruleset

FACES = [15, 3, 4, 2, 5, 6] * 10
#: Faces every die can show, for steps that roll small dice first.
SMALL = [3, 4, 2, 1] * 30


def bout(party: list[Any], foes: list[Any], first: list[int], *, faces: list[int] = FACES, **kw: Any) -> Bout:
    return Bout(ruleset(K.package(**kw)), party, foes, dice=first + faces)


def reloaded(b: Bout) -> None:
    """The battle saved to JSON and read back, as another worker would."""
    b.state = BattleState.model_validate(json.loads(json.dumps(b.state.model_dump(mode="json"))))


def replay(party: list[Any], foes: list[Any], first: list[int], script: list[tuple[str, ...]], *,
           reload: bool, **kw: Any) -> list[str]:
    # Each run builds its own combatants: a fight copies what it is given, but say so.
    b = bout(party, foes, first, **kw)
    for actor, option, *targets in script:
        if reload:
            reloaded(b)
        b.choose(actor, option, *targets)
    return b.log


# ---------------------------------------------------------------------------
# hit: Shield, held before damage and checked again
# ---------------------------------------------------------------------------


def test_shield_on_hit_holds_the_roll_and_checks_it_again():
    b = bout([K.wren("shield")], [K.foe("ogre")], [12, 1])
    b.choose("wren", "end-turn")
    assert b.choose("ogre", "action:club", "wren") == [
        "Ogre attacks Wren with Club: 15 + 4 = 19 against Guard 8, a hit.",
        "The fight waits: Ogre's Club (19 against Guard 8) hits Wren. Asked in turn: Wren.",
    ]
    pending = b.state.pending
    assert (pending.actor, pending.decision, pending.player) == ("wren", "window", "wren")
    assert pending.window is not None
    w = pending.window.model_dump(mode="json")
    assert {k: w[k] for k in ("id", "moment", "asking", "source", "target", "deadline")} == {
        "id": "w7", "moment": "hit", "asking": ["wren"], "source": "ogre", "target": "wren", "deadline": None}
    assert w["resume"]["cursor"] == {"index": 0, "held": {"total": 19, "defense": 8, "critical": False,
                                                         "forced": False}}
    assert list(b.options("wren")) == ["ability:charms:shield", "ability:charms:shield@slot_2",
                                       "ability:charms:shield@slot_3", "pass"]
    assert b.choose("wren", "ability:charms:shield") == [
        "Wren answers with Shield.",
        "Wren spends 1 Level 1 slot on Shield.",
        "Wren uses Shield on Wren.",
        "Wren is Shielded for 1 round.",
        "Ogre's Club: 19 against Wren's Guard 13 now, still hits.",
        "Club (3 + 2 = 5) deals 5 cut damage to Wren.",
        "Wren has 2 of 7 Breath.",
        "Round 2.",
        "Wren's turn.",
        "Wren is no longer Shielded: its time is up.",
    ]


def test_a_shield_that_turns_the_hit_into_a_miss_says_so():
    b = bout([K.wren("shield")], [K.foe("ogre")], [12, 1])
    b.state.dice.script[2] = 8  # the club's d20: 8 + 4 = 12, a hit on Guard 8, a miss on 13
    b.choose("wren", "end-turn")
    b.choose("ogre", "action:club", "wren")
    events = b.choose("wren", "ability:charms:shield")
    assert "Ogre's Club: 12 against Wren's Guard 13 now, now misses." in events
    assert not any("deals" in e for e in events)


def test_pass_is_free_and_the_held_hit_deals_its_damage():
    b = bout([K.wren("shield")], [K.foe("ogre")], [12, 1])
    b.choose("wren", "end-turn")
    b.choose("ogre", "action:club", "wren")
    assert b.choose("wren", "pass")[:3] == ["Wren passes.", "Club (3 + 2 = 5) deals 5 cut damage to Wren.",
                                           "Wren has 2 of 7 Breath."]
    assert b.who("wren").budgets["reaction"] == 1


def test_while_a_window_is_open_only_the_asked_combatant_answers():
    b = bout([K.wren("shield"), K.juno()], [K.foe("ogre")], [12, 11, 1])
    b.choose("wren", "end-turn")
    b.choose("juno", "end-turn")
    b.choose("ogre", "action:club", "wren")
    refused = b.refusal("juno", "attack:kit:reed-axe", "ogre")
    assert refused.code == "not-your-turn"
    assert refused.message == ("a window is open and waits on Wren: only Wren's answer or a Pass is taken now, "
                               "not Juno's")
    assert b.refusal("wren", "attack:kit:lamp-hook", "ogre").code == "unknown-option"


def test_a_sequence_resumes_with_its_remaining_parts():
    b = bout([K.wren("parry")], [K.foe("ogre")], [12, 1])
    b.choose("wren", "end-turn")
    first = b.choose("ogre", "action:two_clubs", "wren")
    assert first[-1] == "The fight waits: Ogre's Club (19 against Guard 8) hits Wren. Asked in turn: Wren."
    assert b.state.pending.window.model_dump(mode="json")["resume"]["cursor"]["step"] == 0
    reloaded(b)
    after = b.choose("wren", "ability:charms:parry")
    assert after[:4] == ["Wren answers with Parry.", "Wren uses Parry on Wren.", "Wren is Parrying.",
                         "Ogre's Club: 19 against Wren's Guard 10 now, still hits."]
    # The second club is rolled after the first is dealt; Wren's reaction is spent, so no window.
    assert "Ogre attacks Wren with Club: 4 + 4 = 8 against Guard 10 (+ 2 Parrying), a miss." in after
    assert "Wren is no longer Parrying: the action is over." in after


# ---------------------------------------------------------------------------
# used and aimed: Counterspell (upTo, above), Shield against Magic Missile
# ---------------------------------------------------------------------------


def test_counterspell_reaches_above_its_level_with_a_check():
    b = bout([K.wren("counterspell")], [K.foe("hex-witch")], [12, 1])
    b.choose("wren", "end-turn")
    assert b.choose("hex-witch", "ability:charms:fireball", "wren") == [
        "Hex witch spends 1 Level 3 slot on Fireball.",
        "The fight waits: Hex witch uses Fireball. Asked in turn: Wren.",
    ]
    assert b.choose("wren", "ability:charms:counterspell")[:5] == [
        "Wren answers with Counterspell.",
        "Wren spends 1 Level 1 slot on Counterspell.",
        "Wren uses Counterspell on Hex witch.",
        "Wren reaches for Hex witch's Fireball at level 3 with an answer of level 1: 15 + 3 = 18 against 13 "
        "(10 + 3), enough.",
        "Wren's Counterspell stops Hex witch's Fireball: it does not happen, and what it cost stays spent.",
    ]
    witch = b.who("hex-witch")
    assert witch.sheet["live"]["pools"]["slot_3"] == 1  # nothing is refunded


def test_counterspell_paid_at_the_level_stops_without_a_check():
    b = bout([K.wren("counterspell")], [K.foe("hex-witch")], [12, 1])
    b.choose("wren", "end-turn")
    b.choose("hex-witch", "ability:charms:fireball", "wren")
    events = b.choose("wren", "ability:charms:counterspell@slot_3")
    assert not any("reaches for" in e for e in events)
    assert "Wren's Counterspell stops Hex witch's Fireball: it does not happen, and what it cost stays spent." in events


def test_counterspell_without_above_does_not_stop_a_higher_level():
    pkg = K.package()
    counter = next(e for e in pkg["catalogs"][0]["entries"] if e["id"] == "counterspell")
    del counter["mechanics"]["reaction"]["above"]
    b = Bout(ruleset(pkg), [K.wren("counterspell")], [K.foe("hex-witch")], dice=[12, 1] + SMALL)
    b.choose("wren", "end-turn")
    b.choose("hex-witch", "ability:charms:fireball", "wren")
    events = b.choose("wren", "ability:charms:counterspell")
    assert "Hex witch's Fireball was paid at level 3, above Wren's Counterspell at level 1, so it is not stopped." in events
    assert "Hex witch uses Fireball on Wren." in events


def _engine_wren_against_a_spell(breath: int, *, counter_slot: int = 1) -> Bout:
    """The Engine plays Wren (Counterspell); the Hex witch (player) goes first (initiative
    12 + 1 against 1 + 1 and 2 + 1) at Juno, whose Breath (11 at most) is `breath`."""
    pkg = K.package()
    counter = next(e for e in pkg["catalogs"][0]["entries"] if e["id"] == "counterspell")
    counter["mechanics"]["cost"] = [{"pool": f"slot_{counter_slot}", "amount": 1}]
    juno = K.juno()
    juno["sheet"]["live"] = {"pools": {"breath": breath}}
    b = Bout(ruleset(pkg), [K.wren("counterspell", controller="engine"), juno], [K.foe("hex-witch")],
             dice=[1, 2, 12] + FACES)
    assert b.waiting() == "hex-witch"
    return b


PASSED_SPARK = ["Hex witch spends 1 Level 1 slot on Spark.", "The fight waits: Hex witch uses Spark. Asked in turn: Wren.",
                "Wren passes.", "Hex witch uses Spark on Juno."]
STOPPED_SPARK = ["Hex witch spends 1 Level 1 slot on Spark.",
                 "The fight waits: Hex witch uses Spark. Asked in turn: Wren.", "Wren answers with Counterspell."]

# The Spark's forecast against Juno: d20 + 3 (the witch's Lore 2 + Rank 1) against Guard 8
# hits on 5 to 20, 16 in 20 = 0.8, a critical on 20 (0.05); 1d6 is 3.5 and a critical adds the
# die's maximum (max-dice): 0.75 x 3.5 + 0.05 x (3.5 + 6) = 2.625 + 0.475 = 3.1 expected harm.


def test_the_engine_lets_a_weak_spark_go_at_its_own_level():
    # Spark paid at level 1, Counterspell at level 1: worth it only from half of Juno's
    # Breath: 3.1 < 11 / 2 = 5.5, and 3.1 < 7 / 2 = 3.5.
    for breath in (11, 7):
        b = _engine_wren_against_a_spell(breath)
        assert b.choose("hex-witch", "ability:charms:spark", "juno")[:4] == PASSED_SPARK
        assert b.who("wren").sheet.get("live", {}).get("pools", {}).get("slot_1", 2) == 2


def test_the_engine_stops_the_same_spark_at_a_target_it_would_nearly_drop():
    # 3.1 >= 6 / 2 = 3.0: the same Spark at Juno on 6 Breath is worth a level-1 slot.
    b = _engine_wren_against_a_spell(6)
    events = b.choose("hex-witch", "ability:charms:spark", "juno")
    assert events[:3] == STOPPED_SPARK
    assert "Wren's Counterspell stops Hex witch's Spark: it does not happen, and what it cost stays spent." in events
    assert b.who("wren").sheet["live"]["pools"]["slot_1"] == 1


def test_the_engine_always_stops_a_spell_paid_above_its_answer():
    # Fireball paid at level 3 against a level-1 Counterspell: 3 > 1, whatever the harm
    # (Juno at her full 11 Breath).
    b = _engine_wren_against_a_spell(11)
    events = b.choose("hex-witch", "ability:charms:fireball", "juno")
    assert events[:3] == ["Hex witch spends 1 Level 3 slot on Fireball.",
                          "The fight waits: Hex witch uses Fireball. Asked in turn: Wren.",
                          "Wren answers with Counterspell."]


def test_a_level_3_counterspell_stops_a_level_1_spark_only_when_it_would_drop_its_target():
    # Two levels above the Spark: share min(1, 0.5 x (3 - 1 + 1)) = 1, all Juno has left.
    # Breath 4: 3.1 < 4, let go; Breath 3: min(3.1, 3) = 3 >= 3, stopped.
    b = _engine_wren_against_a_spell(4, counter_slot=3)
    assert b.choose("hex-witch", "ability:charms:spark", "juno")[:4] == PASSED_SPARK
    b = _engine_wren_against_a_spell(3, counter_slot=3)
    events = b.choose("hex-witch", "ability:charms:spark", "juno")
    assert events[:4] == STOPPED_SPARK + ["Wren spends 1 Level 3 slot on Counterspell."]


def test_used_then_aimed_then_magic_missile_does_nothing_to_the_shielded():
    b = bout([K.wren("shield", "counterspell")], [K.foe("hex-witch")], [12, 1], faces=SMALL)
    b.choose("wren", "end-turn")
    b.choose("hex-witch", "ability:charms:magic-missile", "wren")
    assert b.state.pending.window.moment == "used"
    assert b.choose("wren", "pass") == ["Wren passes.",
                                        "The fight waits: Magic Missile is aimed at Wren. Asked in turn: Wren."]
    assert b.state.pending.window.moment == "aimed"
    assert b.choose("wren", "ability:charms:shield")[3:6] == [
        "Wren is Shielded for 1 round.",
        "Hex witch uses Magic Missile on Wren.",
        "Magic Missile (3 + 1 = 4) deals 0 fire damage to Wren: Wren is immune to it while Shielded.",
    ]


def test_rock_catching_cancels_on_a_save():
    b = bout([K.wren("rock-catching")], [K.foe("ogre")], [12, 1])
    b.choose("wren", "end-turn")
    assert b.choose("ogre", "action:rock", "wren") == [
        "The fight waits: Rock is aimed at Wren. Asked in turn: Wren."]
    assert b.choose("wren", "ability:charms:rock-catching")[:4] == [
        "Wren answers with Rock Catching.",
        "Wren uses Rock Catching on Ogre.",
        "Wren rolls a Nerve save to stop Ogre's Rock: 15 + 1 = 16 against 10, a success.",
        "Wren's Rock Catching stops Ogre's Rock: it does not happen, and what it cost stays spent.",
    ]


def test_rock_catching_answers_only_the_named_action():
    b = bout([K.wren("rock-catching")], [K.foe("ogre")], [12, 1])
    b.choose("wren", "end-turn")
    assert b.choose("ogre", "action:club", "wren")[0] == "Ogre attacks Wren with Club: 15 + 4 = 19 against Guard 8, a hit."
    assert b.state.pending.decision == "turn"


def test_protection_answers_for_an_ally_and_ends_with_the_action():
    b = bout([K.wren("protection"), K.juno()], [K.foe("ogre")], [12, 11, 1])
    b.choose("wren", "end-turn")
    b.choose("juno", "end-turn")
    assert b.choose("ogre", "action:club", "juno") == [
        "The fight waits: Club is aimed at Juno. Asked in turn: Wren."]
    assert b.choose("wren", "ability:charms:protection")[:5] == [
        "Wren answers with Protection.",
        "Wren uses Protection on Ogre.",
        "Ogre is Protected.",
        "Ogre attacks Juno with Club: 3 (disadvantage; dropped 15) + 4 = 7 against Guard 8, a miss.",
        "Ogre is no longer Protected: the action is over.",
    ]


def test_shield_guardian_puts_the_answer_on_the_target():
    b = bout([K.wren("guardian-ward"), K.juno()], [K.foe("ogre")], [12, 11, 1])
    b.state.dice.script[3] = 5  # 5 + 4 = 9 hits Guard 8, misses 10
    b.choose("wren", "end-turn")
    b.choose("juno", "end-turn")
    b.choose("ogre", "action:club", "juno")
    assert b.state.pending.window.asking == ["wren"]
    assert b.options("wren")["ability:charms:guardian-ward"].text == "answers hit on Juno"
    assert b.choose("wren", "ability:charms:guardian-ward")[:4] == [
        "Wren answers with Guardian Ward.",
        "Wren uses Guardian Ward on Juno.",
        "Juno is Parrying.",
        "Ogre's Club: 9 against Juno's Guard 10 now, now misses.",
    ]


def test_parry_answers_only_a_melee_blow():
    b = bout([K.wren("parry")], [K.foe("ogre")], [12, 1])
    b.choose("wren", "end-turn")
    events = b.choose("ogre", "action:rock", "wren")  # a thrown rock: range, no reach
    assert not any(e.startswith("The fight waits") for e in events)


# ---------------------------------------------------------------------------
# harmed and turn-start
# ---------------------------------------------------------------------------


def test_harmed_is_asked_after_the_whole_action():
    b = bout([K.wren("hot-temper")], [K.foe("ogre")], [12, 1])
    b.choose("wren", "end-turn")
    events = b.choose("ogre", "action:club", "wren")
    assert events[-1] == "The fight waits: Club has harmed Wren. Asked in turn: Wren."
    assert b.choose("wren", "ability:charms:hot-temper")[:3] == [
        "Wren answers with Hot Temper.", "Wren uses Hot Temper on Ogre.",
        "Hot Temper (4) deals 4 fire damage to Ogre."]


def test_unnerving_mask_answers_a_turn_start():
    b = bout([K.juno()], [K.foe("masked-hag")], [12, 1])
    assert b.started[-1] == "The fight waits: Juno starts their turn. Asked in turn: Masked hag."
    assert list(b.options("masked-hag")) == ["action:unnerving_mask", "pass"]
    assert b.choose("masked-hag", "action:unnerving_mask") == [
        "Masked hag answers with Unnerving Mask.",
        "Masked hag uses Unnerving Mask on Juno.",
        "Juno rolls a Nerve save against Unnerving Mask: 15 + 1 = 16 against 14, a success.",
    ]
    assert b.waiting() == "juno" and b.state.pending.decision == "turn"


def test_cannot_react_is_never_asked():
    b = bout([K.wren("shield")], [K.foe("ogre")], [12, 1])
    b.choose("wren", "end-turn")
    b.put("wren", "stunned")
    events = b.choose("ogre", "action:club", "wren")
    assert events[:3] == ["Ogre attacks Wren with Club: 15 + 4 = 19 against Guard 8, a hit.",
                          "Club (3 + 2 = 5) deals 5 cut damage to Wren.", "Wren has 2 of 7 Breath."]


# ---------------------------------------------------------------------------
# signature actions
# ---------------------------------------------------------------------------


def test_signature_action_bought_between_turns():
    b = bout([K.juno()], [K.foe("marsh-wyrm")], [12, 1])
    assert b.choose("juno", "end-turn") == [
        "The fight waits: between turns, signature actions may be bought. Asked in turn: Marsh wyrm."]
    assert list(b.options("marsh-wyrm")) == ["action:tail", "action:roar", "pass"]
    assert b.choose("marsh-wyrm", "action:tail", "juno")[:4] == [
        "Marsh wyrm answers with Tail swipe.",
        "Marsh wyrm spends 1 signature point on Tail swipe (2 left).",
        "Marsh wyrm attacks Juno with Tail swipe: 15 + 5 = 20 against Guard 8, a hit.",
        "Tail swipe (3) deals 3 cut damage to Juno.",
    ]


def test_signature_actions_are_on_no_turn_menu():
    b = bout([K.juno()], [K.foe("marsh-wyrm")], [1, 12])
    assert "action:tail" not in b.options("marsh-wyrm")


def test_signature_at_turn_start_asks_as_an_opposing_turn_begins():
    b = bout([K.juno()], [K.foe("marsh-wyrm")], [1, 12], signature_at_turn_start=True)
    events = b.choose("marsh-wyrm", "action:bite", "juno")
    assert events[-2:] == ["Juno's turn.",
                           "The fight waits: Juno's turn begins; signature actions may be bought. Asked in turn: "
                           "Marsh wyrm."]
    assert b.state.pending.window.moment == "starts-turn"
    b.choose("marsh-wyrm", "pass")
    assert b.waiting() == "juno" and b.state.pending.decision == "turn"


def test_without_signature_at_turn_start_nothing_is_asked_then():
    b = bout([K.juno()], [K.foe("marsh-wyrm")], [1, 12])
    events = b.choose("marsh-wyrm", "action:bite", "juno")
    assert events[-1] == "Juno's turn."


# ---------------------------------------------------------------------------
# the Engine's own answers
# ---------------------------------------------------------------------------


def test_the_engine_shields_only_when_it_turns_a_hit_into_a_miss():
    for face, taken in ((8, True), (15, False)):
        b = bout([K.juno()], [K.foe("hex-witch", controller="engine")], [12, 1])
        b.state.dice.script[2] = face
        events = b.choose("juno", "attack:kit:reed-axe", "hex-witch")
        assert ("Hex witch answers with Shield." in events) is taken, events


def test_the_engine_answers_inside_the_step_and_counters_what_is_worth_it():
    # Juno's Fireball (level 3) is worth the witch's level-1 Counterspell; her Spark
    # (level 1: d20 + 2 against Guard 8, 0.7 x 3.5 + 0.05 x 9.5 = 2.925 expected) is not, at
    # the witch's full 11 Breath (2.925 < 5.5; see worth_stopping).
    b = bout([K.juno("spark", "fireball")], [K.foe("hex-witch", controller="engine")], [12, 1], faces=SMALL)
    events = b.choose("juno", "ability:charms:fireball", "hex-witch")
    assert "Hex witch answers with Counterspell." in events
    assert ("Hex witch reaches for Juno's Fireball at level 3 with an answer of level 1: 3 + 2 = 5 against 13 "
            "(10 + 3), not enough.") in events
    b = bout([K.juno("spark", "fireball")], [K.foe("hex-witch", controller="engine")], [12, 1], faces=SMALL)
    assert b.choose("juno", "ability:charms:spark", "hex-witch")[:4] == [
        "Juno spends 1 Level 1 slot on Spark.", "The fight waits: Juno uses Spark. Asked in turn: Hex witch.",
        "Hex witch passes.", "Juno uses Spark on Hex witch."]


# ---------------------------------------------------------------------------
# saved with the fight
# ---------------------------------------------------------------------------

SCRIPTS = {
    "hit": ([K.wren("shield")], [K.foe("ogre")], [12, 1],
            [("wren", "end-turn"), ("ogre", "action:two_clubs", "wren"), ("wren", "ability:charms:shield")], {}),
    "used+aimed": ([K.wren("shield", "counterspell")], [K.foe("hex-witch")], [12, 1],
                   [("wren", "end-turn"), ("hex-witch", "ability:charms:magic-missile", "wren"), ("wren", "pass"),
                    ("wren", "ability:charms:shield")], {"faces": SMALL}),
    "harmed": ([K.wren("hot-temper")], [K.foe("ogre")], [12, 1],
               [("wren", "end-turn"), ("ogre", "action:club", "wren"), ("wren", "ability:charms:hot-temper")], {}),
    "turn-start": ([K.juno()], [K.foe("masked-hag")], [12, 1], [("masked-hag", "action:unnerving_mask")], {}),
    "between-turns": ([K.juno()], [K.foe("marsh-wyrm")], [12, 1],
                      [("juno", "end-turn"), ("marsh-wyrm", "action:roar", "juno")], {}),
    "starts-turn": ([K.juno()], [K.foe("marsh-wyrm")], [1, 12],
                    [("marsh-wyrm", "action:bite", "juno"), ("marsh-wyrm", "action:tail", "juno")],
                    {"signature_at_turn_start": True}),
}


def test_every_moment_reloaded_mid_window_gives_the_same_events():
    for name, (party, foes, first, script, kw) in SCRIPTS.items():
        straight = replay(party, foes, first, script, reload=False, **kw)
        again = replay(party, foes, first, script, reload=True, **kw)
        assert straight == again, name
        assert any(line.startswith("The fight waits") for line in straight), name


def test_a_window_reloaded_in_a_fresh_process_asks_the_same_and_continues_the_same():
    party, foes, first, script, kw = SCRIPTS["hit"]
    b = bout(party, foes, first, **kw)
    for actor, option, *targets in script[:-1]:
        b.choose(actor, option, *targets)
    saved = json.dumps(b.state.model_dump(mode="json"))
    program = (
        "import json, sys\n"
        "from shared.combat import BattleState, advance, menu\n"
        "from tests.combat.kit import ruleset\n"
        "from tests.combat import windows_kit as K\n"
        "rs = ruleset(K.package())\n"
        "state = BattleState.model_validate(json.loads(sys.stdin.read()))\n"
        "asked = state.pending.actor\n"
        "options = [o.id for o in menu(rs, state, asked)]\n"
        "state, events = advance(rs, state, {'actor': 'wren', 'option': 'ability:charms:shield'})\n"
        "print(json.dumps({'asked': asked, 'options': options, 'events': [e.text for e in events]}))\n"
    )
    out = subprocess.run([sys.executable, "-c", program], input=saved, capture_output=True, text=True, cwd=ROOT,
                         check=True, timeout=120)
    fresh = json.loads(out.stdout)
    straight = b.choose("wren", "ability:charms:shield")
    assert fresh["asked"] == "wren"
    assert fresh["options"][-1] == "pass"
    assert fresh["events"] == straight


def test_a_refused_answer_changes_nothing():
    b = bout([K.wren("shield")], [K.foe("ogre")], [12, 1])
    b.choose("wren", "end-turn")
    b.choose("ogre", "action:club", "wren")
    before = b.state.model_dump(mode="json")
    result = advance(b.rs, b.state, {"actor": "ogre", "option": "pass"})
    assert isinstance(result, Refusal)
    assert b.state.model_dump(mode="json") == before
