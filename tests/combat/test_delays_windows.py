"""A held-back action opens its windows when it completes (spec/combat-2 `delays`, 1.120: "It
completes at the start of the holder's next turn, on the same budget, and proceeds as it
would have, responses included"). The chance die is rolled as it is paid for, before anyone
is asked, so the answers come once, when it happens. On tests/combat/windows_kit.py with a
Sluggish condition (5e's Slow, on charms and the Action).

Dice: initiative d12s (Wren 12, the Hex witch 1), then test_windows.FACES in order.
"""

from __future__ import annotations

import json

from shared.combat.state import BattleState
from tests.combat import windows_kit as K
from tests.combat.kit import Bout, add_condition, ruleset
from tests.combat.test_windows import FACES

SPARK = "ability:charms:spark"


def _sluggish_wren_against(foe: str) -> Bout:
    pkg = K.package()
    add_condition(pkg, "sluggish", "Sluggish",
                  delays={"catalogs": ["charms"], "budget": "act", "chance": {"sides": 20, "atLeast": 11}})
    b = Bout(ruleset(pkg), [K.wren("spark")], [K.foe(foe)], dice=[12, 1] + FACES)
    b.put("wren", "sluggish", rounds=5)
    return b


def _sluggish_wren() -> Bout:
    b = _sluggish_wren_against("hex-witch")
    # The d20 for Sluggish shows 15: held back, and nobody is asked yet.
    assert b.choose("wren", SPARK, "hex-witch") == [
        "Wren spends 1 Level 1 slot on Spark.",
        "Sluggish: Wren rolls 15 on a d20 for Spark (11 or higher holds it back), so it waits until the start of "
        "Wren's next turn; what it cost stays spent.",
        "Hex witch's turn.",
    ]
    return b


def _reloaded(b: Bout) -> None:
    b.state = BattleState.model_validate(json.loads(json.dumps(b.state.model_dump(mode="json"))))


def test_a_held_back_action_is_answered_when_it_completes_and_can_be_stopped_then():
    b = _sluggish_wren()
    assert b.choose("hex-witch", "end-turn") == [
        "Round 2.",
        "Wren's turn.",
        "Wren's held-back Spark takes effect, spending this turn's Action.",
        "The fight waits: Wren uses Spark. Asked in turn: Hex witch.",
    ]
    assert b.state.pending.window.moment == "used"
    assert b.state.pending.window.model_dump(mode="json")["resume"]["starts_turn"] == "wren"
    assert list(b.options("hex-witch")) == ["ability:charms:counterspell", "ability:charms:counterspell@slot_2",
                                            "ability:charms:counterspell@slot_3", "pass"]
    assert b.choose("hex-witch", "ability:charms:counterspell") == [
        "Hex witch answers with Counterspell.",
        "Hex witch spends 1 Level 1 slot on Counterspell.",
        "Hex witch uses Counterspell on Wren.",
        "Hex witch's Counterspell stops Wren's Spark: it does not happen, and what it cost stays spent.",
        # Wren's Action went on the Spark: with nothing left, her turn ends.
        "Hex witch's turn.",
    ]
    assert b.who("wren").sheet["live"]["pools"]["slot_1"] == 1
    assert b.who("wren").budgets["act"] == 0


def test_a_held_back_attack_is_held_on_its_hit_like_one_on_the_turn():
    b = _sluggish_wren()
    b.choose("hex-witch", "end-turn")
    assert b.choose("hex-witch", "pass") == [
        "Hex witch passes.",
        "Wren uses Spark on Hex witch.",
        "Wren attacks Hex witch with Spark: 3 + 5 = 8 against Guard 8, a hit.",
        "The fight waits: Wren's Spark (8 against Guard 8) hits Hex witch. Asked in turn: Hex witch.",
    ]
    assert b.choose("hex-witch", "ability:charms:shield") == [
        "Hex witch answers with Shield.",
        "Hex witch spends 1 Level 1 slot on Shield.",
        "Hex witch uses Shield on Hex witch.",
        "Hex witch is Shielded for 1 round.",
        "Wren's Spark: 8 against Hex witch's Guard 13 now, now misses.",
        "Hex witch's turn.",
        "Hex witch is no longer Shielded: its time is up.",
    ]


def test_the_turn_start_window_follows_the_held_back_action():
    b = _sluggish_wren_against("masked-hag")
    b.choose("masked-hag", "pass")  # the mask is asked as Wren's first turn starts too
    b.choose("wren", SPARK, "masked-hag")
    events = b.choose("masked-hag", "end-turn")
    # Nobody answers the Spark itself; it lands, and then the hag's Unnerving Mask is asked
    # about Wren's turn starting, after everything the start set off.
    assert events[2:] == [
        "Wren's held-back Spark takes effect, spending this turn's Action.",
        "Wren uses Spark on Masked hag.",
        "Wren attacks Masked hag with Spark: 3 + 5 = 8 against Guard 8, a hit.",
        "Spark (4) deals 4 fire damage to Masked hag.",
        "Masked hag has 16 of 20 Breath.",
        "The fight waits: Wren starts their turn. Asked in turn: Masked hag.",
    ]


def test_reloaded_while_a_held_back_action_waits_in_its_windows_the_events_are_the_same():
    script = ("end-turn", "pass", "ability:charms:shield")
    straight = _sluggish_wren()
    for option in script:
        straight.choose("hex-witch", option)
    again = _sluggish_wren()
    for option in script:
        _reloaded(again)
        again.choose("hex-witch", option)
    assert again.log == straight.log
    assert again.state.model_dump(mode="json") == straight.state.model_dump(mode="json")


def test_an_answer_paid_with_the_delaying_budget_is_held_back_too_and_the_hit_stands():
    pkg = K.package()
    add_condition(pkg, "sluggish", "Sluggish",
                  delays={"catalogs": ["charms"], "budget": "reaction", "chance": {"sides": 20, "atLeast": 11}})
    b = Bout(ruleset(pkg), [K.wren("shield")], [K.foe("ogre")], dice=[12, 1, 15, 15, 3])
    b.put("wren", "sluggish", rounds=5)
    b.choose("wren", "end-turn")
    b.choose("ogre", "action:club", "wren")
    assert b.choose("wren", "ability:charms:shield") == [
        "Wren answers with Shield.",
        "Wren spends 1 Level 1 slot on Shield.",
        "Sluggish: Wren rolls 15 on a d20 for Shield (11 or higher holds it back), so it waits until the start of "
        "Wren's next turn; what it cost stays spent.",
        "Club (3 + 2 = 5) deals 5 cut damage to Wren.",
        "Wren has 2 of 7 Breath.",
        "Round 2.",
        "Wren's turn.",
        "Wren's held-back Shield takes effect, spending this turn's Reaction.",
        "Wren uses Shield on Wren.",
        "Wren is Shielded for 1 round.",
    ]
    assert b.who("wren").budgets["reaction"] == 0
    assert b.dice_left() == 0
