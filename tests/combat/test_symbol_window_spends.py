"""A player's own symbol spends on a roll made inside a window answer (spec/combat-2
"symbol-pool": "when a roll leaves something to buy for a party member the player controls,
the fight waits until the player picks spends one at a time"; spec/combat-3 "Windows"). The
answer is a step of its own (window_answers.py): paid, performed, held for the spends,
then the cancel check and `this-action` conditions, then the window's next asks. The
package is tests/combat/symbol_kit.py's `riposte_package`.

Faces by number: Ability 1 -, 2 s, 3 s, 4 ss, 5 a, 6 a, 7 sa, 8 aa; Proficiency 1 -, 2-3 s;
Difficulty 1 -, 2 f, 3 ff, 4-6 h, 7 hh, 8 fh.
"""

from __future__ import annotations

import json

from shared.combat import decide_for
from shared.combat.state import BattleState
from tests.combat.kit import Bout, ruleset
from tests.combat.symbol_kit import bout, duelist, riposte_package

INIT = [6, 6, 1, 1]
RIPOSTE = "ability:moves:riposte"
#: The Dock bruiser's Haymaker on Juno: Proficiency s, Ability -, Ability -, Difficulty - (a hit, 4 damage).
HAYMAKER = [2, 1, 1, 1]
#: Juno's Riposte: Ability sa three times against Difficulty h, then its 1d6.
RIPOSTE_ROLL = [7, 7, 7, 4, 3]


def _reloaded(b: Bout) -> None:
    b.state = BattleState.model_validate(json.loads(json.dumps(b.state.model_dump(mode="json"))))


def _harmed_juno() -> Bout:
    b = bout(riposte_package(), INIT + HAYMAKER + RIPOSTE_ROLL, party=[duelist()])
    b.choose("juno", "end-turn")
    assert b.choose("dock-bruiser", "action:haymaker", "juno")[-1] == (
        "The fight waits: Haymaker has harmed Juno. Asked in turn: Juno.")
    return b


def test_a_player_answering_chooses_their_own_spends_and_the_window_then_resumes():
    b = _harmed_juno()
    assert list(b.options("juno")) == [RIPOSTE, "pass"]
    assert b.choose("juno", RIPOSTE) == [
        "Juno answers with Riposte.",
        "Juno uses Riposte on Dock bruiser.",
        "Juno attacks Dock bruiser with Riposte: 3 dice against Defense 1: Ability sa, Ability sa, Ability sa, "
        "Difficulty h → 3 successes, 2 advantages, a hit.",
        "The fight waits: Juno chooses what to buy with 2 advantages.",
    ]
    pending = b.state.pending
    assert (pending.actor, pending.decision, pending.window) == ("juno", "spend", None)
    record = pending.spend.model_dump(mode="json")["resume"]
    # The answer's step keeps the window it answers, and that window the Haymaker it holds.
    assert record["answer"]["window"]["moment"] == "harmed"
    assert record["answer"]["window"]["resume"]["plan"]["name"] == "Haymaker"
    assert list(b.options("juno")) == ["spend:crit", "spend:engine", "spend:done"]
    refused = b.refusal("dock-bruiser", "end-turn")
    assert (refused.code, refused.message) == (
        "not-your-turn", "the roll waits for Juno to choose their symbol spends, not for Dock bruiser")
    assert b.choose("juno", "spend:crit") == [
        "Juno spends 2 advantages on Critical: the hit becomes a critical.",
        "Dock bruiser is Injured for 3 rounds.",
        "Riposte (3, + 3 for 3 successes, 2 soaked by Dock bruiser's own soak = 4) deals 4 damage to Dock bruiser.",
        "Dock bruiser has 8 of 12 Grit.",
        # The window closed, Haymaker finished, and the bruiser, with nothing left, ends its turn.
        "Round 2.",
        "Juno's turn.",
    ]
    assert b.who("juno").budgets["reaction"] == 1  # a new turn refilled it
    assert b.dice_left() == 0


def test_reloaded_in_the_window_and_mid_spend_inside_the_answer_the_events_are_the_same():
    straight = _harmed_juno()
    straight.choose("juno", RIPOSTE)
    straight.choose("juno", "spend:crit")

    again = _harmed_juno()
    _reloaded(again)
    again.choose("juno", RIPOSTE)
    _reloaded(again)
    assert list(again.options("juno")) == ["spend:crit", "spend:engine", "spend:done"]
    again.choose("juno", "spend:crit")
    assert again.log == straight.log
    assert again.state.model_dump(mode="json") == straight.state.model_dump(mode="json")


def test_leaving_the_rest_to_the_engine_or_spending_no_more_inside_an_answer():
    b = _harmed_juno()
    b.choose("juno", RIPOSTE)
    assert decide_for(b.rs, b.state) == {"actor": "juno", "option": "spend:engine", "targets": []}
    assert b.choose("juno", "spend:engine")[:2] == [
        "Juno leaves the rest to the Engine.", "Juno spends 2 advantages on Critical: the hit becomes a critical."]
    b = _harmed_juno()
    b.choose("juno", RIPOSTE)
    assert b.choose("juno", "spend:done")[:2] == [
        "Juno spends no more.", "Left on the roll for the Game Master to narrate: 2 advantages."]


def test_after_the_spends_the_window_asks_the_next_in_turn_order():
    b = bout(riposte_package(on="used"), [6, 6, 5, 5, 1, 1] + RIPOSTE_ROLL + HAYMAKER,
             party=[duelist(), duelist("Ada")])
    b.choose("juno", "end-turn")
    b.choose("ada", "end-turn")
    assert b.choose("dock-bruiser", "action:haymaker", "juno") == [
        "The fight waits: Dock bruiser uses Haymaker. Asked in turn: Juno, Ada."]
    b.state.pending.window.deadline = 1000.0
    assert b.choose("juno", RIPOSTE)[-1] == "The fight waits: Juno chooses what to buy with 2 advantages."
    assert b.choose("juno", "spend:crit")[-1] == "Dock bruiser has 8 of 12 Grit."
    pending = b.state.pending
    assert (pending.actor, pending.decision, pending.window.asking) == ("ada", "window", ["ada"])
    # Ada is asked now: her deadline is counted from now (the service sets it when it saves).
    assert pending.window.deadline is None
    assert b.choose("ada", "pass") == [
        "Ada passes.",
        "Dock bruiser attacks Juno with Haymaker: 3 dice, 1 upgraded against Defense 1: Proficiency s, Ability -, "
        "Ability -, Difficulty - → 1 success, a hit.",
        "Haymaker (4, + 1 for 1 success, 1 soaked by Soak = 4) deals 4 damage to Juno.",
        "Juno has 4 of 8 Grit.",
        "Round 2.",
        "Juno's turn.",
    ]
    assert b.dice_left() == 0


def test_the_target_of_an_answer_chooses_their_own_spends():
    # Juno (choosing her own spends) hits the bruiser; its Retort answers and hits her with
    # two threats, which are hers to spend.
    b = bout(riposte_package(), INIT + [2, 1, 1, 1, 3] + [2, 1, 7], party=[duelist()])
    b.choose("juno", "attack:gear:road-axe", "dock-bruiser")
    assert b.choose("dock-bruiser", "action:retort") == [
        "Dock bruiser answers with Retort.",
        "Dock bruiser attacks Juno with Retort: 2 dice against Defense 1: Ability s, Ability -, Difficulty hh "
        "→ 1 success, 2 threats, a hit.",
        "The fight waits: Juno chooses what to buy with 2 threats.",
    ]
    options = b.options("juno")
    assert {k: o.text for k, o in options.items()} == {
        "spend:strain": "2 threats: strain +1 on Dock bruiser",
        "spend:setback": "1 threat: 1 setback on Dock bruiser",
        "spend:engine": "the Engine buys the most valuable spends with what is left",
        "spend:done": "what is left stays on the roll",
    }
    assert b.choose("juno", "spend:setback") == [
        "Juno spends 1 threat on Opening: 1 setback die on Dock bruiser's next roll.",
        "Left on the roll for the Game Master to narrate: 1 threat.",
        "Retort (1, + 1 for 1 success, 1 soaked by Soak = 1) deals 1 damage to Juno.",
        "Juno has 7 of 8 Grit.",
        "Dock bruiser's turn.",
    ]
    assert b.who("dock-bruiser").symbol_dice == {"setback": 1}
    assert b.dice_left() == 0


def test_an_engine_answer_that_hits_a_player_waits_for_their_spends():
    b = Bout(ruleset(riposte_package()), [duelist()], [{"creature": "dock-bruiser", "controller": "engine"}],
             dice=INIT + [2, 1, 1, 1, 3] + [2, 1, 7] + [1, 1, 1, 1])
    # The Engine answers inside the same step; the fight stops at Juno's spends.
    assert b.choose("juno", "attack:gear:road-axe", "dock-bruiser")[-3:] == [
        "Dock bruiser answers with Retort.",
        "Dock bruiser attacks Juno with Retort: 2 dice against Defense 1: Ability s, Ability -, Difficulty hh "
        "→ 1 success, 2 threats, a hit.",
        "The fight waits: Juno chooses what to buy with 2 threats.",
    ]
    assert b.choose("juno", "spend:strain") == [
        "Juno spends 2 threats on Overextend: Dock bruiser's Strain 0 → 1.",
        "Retort (1, + 1 for 1 success, 1 soaked by Soak = 1) deals 1 damage to Juno.",
        "Juno has 7 of 8 Grit.",
        "Dock bruiser's turn.",
        "Dock bruiser attacks Juno with Haymaker: 3 dice, 1 upgraded against Defense 1: Proficiency -, Ability -, "
        "Ability -, Difficulty - → no successes, a miss.",
        "Round 2.",
        "Juno's turn.",
    ]
    assert b.dice_left() == 0


def test_without_own_spends_the_engine_spends_inside_the_answer():
    b = bout(riposte_package(), INIT + HAYMAKER + RIPOSTE_ROLL, party=[duelist(own_spends=False)])
    b.choose("juno", "end-turn")
    b.choose("dock-bruiser", "action:haymaker", "juno")
    assert b.choose("juno", RIPOSTE)[3:5] == [
        "Juno spends 2 advantages on Critical: the hit becomes a critical.",
        "Dock bruiser is Injured for 3 rounds.",
    ]
