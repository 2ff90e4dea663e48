"""The Engine plays at most twelve actions in one turn of a combatant no person plays, then
ends the turn and says so: a costless option (here a free Flick that always lands) would
otherwise be chosen again and again, 71 times in one turn in a real fight.
"""

from __future__ import annotations

from shared.combat.engine import ENGINE_TURN_ACTIONS
from tests.combat.extras_kit import add_knack, juno, knack_roads
from tests.combat.kit import Bout, add_creature, foe, ruleset

CUT_OFF = "Juno has taken 12 actions this turn, the most the Engine plays in one turn, so the turn ends."


def _flicking() -> Bout:
    pkg = knack_roads()
    # Free (no budget), no cost, no roll: 1 damage every time.
    add_knack(pkg, "flick", "Flick", {"kind": "attack", "free": True, "amount": {"flat": 1}, "autoHit": True})
    add_creature(pkg, "stone-ox", "Stone ox", {
        "health": 30, "defense": 6, "initiativeModifier": 0, "tier": "pack",
        "actions": [{"id": "gore", "name": "Gore", "budget": "act", "toHit": 2, "damage": {"dice": "1d6", "type": "cut"}}]})
    flicker = juno("flick", lists={"gear": []})
    flicker["controller"] = "engine"
    # Initiative: Juno 6 + 6 = 12, the Stone ox 1 + 1 = 2. Flick rolls nothing.
    return Bout(ruleset(pkg), [flicker], [foe("stone-ox")], dice=[6, 6, 1, 1])


def test_the_engine_ends_a_turn_after_twelve_actions_and_says_so():
    bout = _flicking()
    assert ENGINE_TURN_ACTIONS == 12
    log = bout.log
    flicks = [i for i, line in enumerate(log) if line == "Juno uses Flick on Stone ox."]
    assert len(flicks) == 12
    # 30 - 12 = 18.
    assert log[flicks[-1]:] == [
        "Juno uses Flick on Stone ox.",
        "Flick (1) deals 1 damage to Stone ox.",
        "Stone ox has 18 of 30 Grit.",
        CUT_OFF,
        "Stone ox's turn.",
    ]
    assert bout.waiting() == "stone-ox"
    assert bout.dice_left() == 0


def test_the_count_starts_again_with_each_turn():
    bout = _flicking()
    lines = bout.choose("stone-ox", "end-turn")
    assert lines.count("Juno uses Flick on Stone ox.") == 12
    # 18 - 12 = 6 left after the second turn's twelve.
    assert lines[-3:] == ["Stone ox has 6 of 30 Grit.", CUT_OFF, "Stone ox's turn."]
    assert bout.who("juno").engine_actions == 12
