"""Picking up what a condition made its holder drop for the budget the condition names
(spec/mechanics-3.md 1.266 `drops.pickUp`: "It can be picked up by standing on that cell or
next to it, with the free pick-up once per turn, or for the `pickUp` budget if the
condition names one"), on the 5e example with tests/combat/auras_kit.py's Fear.

No SRD entry of the vendored packages names a pick-up budget, so the test writes a
disarming fear: the kit's Fear action and its `drops {slots: ["hand"], at: "applied"}`,
with `pickUp: "bonus"` and no other behaviour (so nothing takes the pick-up off the menu).
On a 12 x 6 board Brom stands on 3, 2 and the Grave Piper on 6, 2. Dice: the Piper's
health 6d8 + 6 (6 x 4 + 6 = 30); initiative Brom 4 + 1 = 5, the Piper 4 + 2 = 6, so it
acts first; Brom's Wisdom save 4 + 0 against 12, a failure.
"""

from __future__ import annotations

from shared.combat import menu, start_battle
from tests.combat.auras_kit import brom_armed, package
from tests.combat.kit import foe, play, ruleset

BOARD = {"rows": ["." * 12] * 6}
FEAR_DICE = [4] * 6 + [4, 4] + [4]
DISARMING = {"behavior": {"drops": {"slots": ["hand"], "at": "applied", "pickUp": "bonus"}}}
FREE = "pick-up:longsword@3-2"
PAID = "pick-up:longsword@3-2@bonus"


def _disarmed(rule=DISARMING):
    rs = ruleset(package(fear=rule))
    state, _ = start_battle(rs, [brom_armed() | {"position": [3, 2]}], [foe("grave-piper", position=[6, 2])],
                            board=BOARD, dice=FEAR_DICE)
    state, log = play(rs, state, "grave-piper", "action:fear", "brom")
    assert log[-1] == "Brom lets fall Longsword on 3, 2."
    state, _ = play(rs, state, "grave-piper", "end-turn")
    return rs, state


def test_the_longsword_is_offered_free_and_for_a_bonus_action():
    rs, state = _disarmed()
    options = {o.id: o for o in menu(rs, state, "brom")}
    assert (options[FREE].label, options[FREE].budget) == ("Pick up Longsword", None)
    assert (options[PAID].label, options[PAID].budget, options[PAID].text) == (
        "Pick up Longsword (Bonus action)", "bonus", "Bonus action; on 3, 2")
    state, log = play(rs, state, "brom", PAID)
    assert log == ["Brom picks up Longsword from 3, 2 (Bonus action)."]
    brom = state.combatant("brom")
    # The bonus action is spent (1 -> 0); the free pick-up of this turn is not.
    assert brom.budgets["bonus"] == 0 and brom.picked_up != state.round
    assert any(s.get("item") == "items/longsword" for s in brom.sheet["live"]["items"])


def test_without_a_pick_up_budget_only_the_free_pick_up_is_offered():
    rs, state = _disarmed({"behavior": {"drops": {"slots": ["hand"], "at": "applied"}}})
    options = [o.id for o in menu(rs, state, "brom") if o.id.startswith("pick-up:")]
    assert options == [FREE]
    state, log = play(rs, state, "brom", FREE)
    assert log == ["Brom picks up Longsword from 3, 2."]
    assert state.combatant("brom").budgets["bonus"] == 1

