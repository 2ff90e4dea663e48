"""Dismissal and banishment (spec/mechanics-2 "Uses granted by a condition" `dismisses`,
1.236; shared/combat/dismissal.py), with exact log lines from scripted dice, on
tests/combat/zones_kit.py's 10 x 4 board: Ilsa (spell save DC 12) on 2, 1, the 5e example's
Thorn Lurker beside her on 3, 1 and its Cinder Hound on 6, 1.

SRD 5.1's Banishment as the spec writes it: a 4th-level slot, 60 feet, a Charisma save,
concentration for up to a minute (10 rounds), `"dismisses": { "while": "banished" }`.
Dismissal (`"dismisses": true`) is the same spell sending it away for good.

Dice at the start: the Lurker's 3d8 + 3 = 8 + 8 + 4 + 3 = 23, the Hound's 5d8 = 25,
initiative Ilsa 20 + 3, the Lurker 1 + 2, the Hound 1 + 1. The Hound's block names no
Charisma save (it adds nothing).
"""

from __future__ import annotations

import copy
import json
from typing import Any

from shared.combat import BattleState, menu, start_battle
from tests.combat import zones_kit as ZK
from tests.combat.kit import add_condition, play, ruleset

START = [8, 8, 4, 5, 5, 5, 5, 5, 20, 1, 1]
BANISHMENT = {"id": "banishment", "label": "Banishment", "mechanics": {
    "kind": "debuff", "targets": "enemy", "range": 60, "concentration": True,
    "save": {"save": "cha_save"}, "cost": [{"pool": "slots_4", "amount": 1}],
    "applies": [{"condition": "banished", "duration": {"rounds": 10}}], "dismisses": {"while": "banished"}}}


def package(dismisses: Any = None) -> dict[str, Any]:
    """zones_kit's package with Banished and Banishment; `dismisses` replaces its key
    (False leaves it off)."""
    pkg = ZK.package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    add_condition(pkg, "banished", "Banished", effects=["cannot-act"])
    spell = copy.deepcopy(BANISHMENT)
    if dismisses is False:
        del spell["mechanics"]["dismisses"]
    elif dismisses is not None:
        spell["mechanics"]["dismisses"] = dismisses
    next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"].append(spell)
    return pkg


def ilsa() -> dict[str, Any]:
    member = ZK.ilsa([2, 1], ("banishment", "Banishment", 4))
    member["sheet"]["fields"]["slots_max_4"] = 1
    return member


def fight(dismisses: Any = None, dice: list[int] | None = None):
    rs = ruleset(package(dismisses))
    state, _ = start_battle(rs, [ilsa()], ZK.foes(lurker=[3, 1], hound=[6, 1]), board={"rows": ZK.ROWS},
                            dice=START + (dice or []))
    return rs, state


def test_banishment_a_hound_failing_its_save_leaves_the_board_and_the_order_and_returns_when_concentration_breaks():
    # The Hound's Charisma save 5 against 12 fails: Banished, off the board and out
    # of the order. The Lurker's Barbed claw 15 + 4 = 19 hits Ilsa's Armor Class 12 for 1d4
    # 4 + 1 = 5; her concentration save (DC 10: the floor, above half of 5) 2 + 1 = 3
    # fails: Banishment ends, and the Hound is back on 6, 1, after the Lurker in the order.
    rs, state = fight(dice=[5, 15, 4, 2])
    state, lines = play(rs, state, "ilsa", "ability:spells:banishment", "cinder-hound")
    assert lines == [
        "Ilsa spends 1 4th-level slot on Banishment.", "Ilsa uses Banishment on Cinder Hound.",
        "Cinder Hound rolls a Charisma save against Banishment: 5 against 12, a failure.",
        "Cinder Hound is Banished for 10 rounds.",
        "Cinder Hound leaves the board and the turn order while Banished, sent away by Ilsa's Banishment.",
    ]
    hound = state.combatant("cinder-hound")
    assert hound.position is None and hound.out and state.order == ["ilsa", "thorn-lurker"]
    again = BattleState.model_validate(json.loads(json.dumps(state.model_dump(mode="json"))))
    assert again.model_dump(mode="json") == state.model_dump(mode="json")
    # Nobody can aim at it now.
    assert all("cinder-hound" not in o.targets for o in menu(rs, state, "ilsa"))
    state, _ = play(rs, state, "ilsa", "end-turn")
    state, lines = play(rs, state, "thorn-lurker", "action:barbed_claw", "ilsa")
    assert lines[-4:] == [
        "Ilsa rolls a Constitution save to keep concentrating on Banishment: 2 + 1 = 3 against 10, a failure.",
        "Ilsa stops concentrating on Banishment: concentration is broken.",
        "Cinder Hound is no longer Banished: Ilsa's concentration ended.",
        "Cinder Hound returns to 6, 1: Banished has ended.",
    ]
    hound = state.combatant("cinder-hound")
    assert hound.position == [6, 1] and not hound.out
    assert state.order == ["ilsa", "thorn-lurker", "cinder-hound"]
    state, lines = play(rs, state, "thorn-lurker", "end-turn")
    assert lines == ["Cinder Hound's turn."]


def test_a_hound_coming_back_to_a_taken_cell_lands_on_the_nearest_free_one():
    # The Lurker walks onto the Hound's 6, 1 while it is away (3 cells of its 20 feet). On
    # her next turn Ilsa casts Moonbeam at it, which ends her concentration on Banishment
    # (2d10 3 + 4 = 7, the Lurker's Constitution save 10 against 12 fails: 23 - 7 = 16); the
    # Hound comes back on the first free cell of the ring around 6, 1, row by row: 5, 0.
    rs, state = fight(dice=[5, 3, 4, 10])
    state, _ = play(rs, state, "ilsa", "ability:spells:banishment", "cinder-hound")
    state, _ = play(rs, state, "ilsa", "end-turn")
    state, _ = play(rs, state, "thorn-lurker", "move:6,1")
    state, _ = play(rs, state, "thorn-lurker", "end-turn")
    state, lines = play(rs, state, "ilsa", "ability:spells:moonbeam", cell=[6, 1])
    assert lines[3:6] == ["Ilsa stops concentrating on Banishment: starting Moonbeam.",
                          "Cinder Hound is no longer Banished: Ilsa's concentration ended.",
                          "Cinder Hound returns to 5, 0, the nearest free space to 6, 1: Banished has ended."], lines
    assert state.combatant("cinder-hound").position == [5, 0]


def test_the_save_made_keeps_the_hound_on_the_board():
    # 15 against 12: a success, nothing happens.
    rs, state = fight(dice=[15])
    state, lines = play(rs, state, "ilsa", "ability:spells:banishment", "cinder-hound")
    assert lines[-1] == "Cinder Hound rolls a Charisma save against Banishment: 15 against 12, a success."
    assert state.combatant("cinder-hound").position == [6, 1]
    assert state.order == ["ilsa", "thorn-lurker", "cinder-hound"]


def test_without_dismisses_the_banished_hound_stays_on_the_board():
    rs, state = fight(dismisses=False, dice=[5])
    state, lines = play(rs, state, "ilsa", "ability:spells:banishment", "cinder-hound")
    assert lines[-1] == "Cinder Hound is Banished for 10 rounds."
    assert state.combatant("cinder-hound").position == [6, 1]


def test_dismissal_sends_the_hound_away_for_good_and_the_fight_goes_on_with_the_lurker():
    rs, state = fight(dismisses=True, dice=[5, 15, 4, 2])
    state, lines = play(rs, state, "ilsa", "ability:spells:banishment", "cinder-hound")
    assert lines[-1] == "Cinder Hound leaves the fight alive, dismissed by Ilsa's Banishment."
    state, _ = play(rs, state, "ilsa", "end-turn")
    state, lines = play(rs, state, "thorn-lurker", "action:barbed_claw", "ilsa")
    assert lines[-1] == "Cinder Hound is no longer Banished: Ilsa's concentration ended."
    assert state.combatant("cinder-hound").out and state.order == ["ilsa", "thorn-lurker"]


def test_the_last_foe_banished_does_not_end_the_fight_and_the_clock_runs_on_ilsas_turns():
    # Only the Hound: banished, it is not defeated, so the fight goes on. Banished's 10
    # rounds count down at the end of Ilsa's turns from her next one (an `of: source` clock
    # starts with the source's next turn, turns.py): it ends at the end of her 11th turn,
    # and the Hound, back, takes its turn.
    rs = ruleset(package())
    state, _ = start_battle(rs, [ilsa()], ZK.foes(hound=[6, 1]), board={"rows": ZK.ROWS}, dice=[5] * 5 + [20, 1, 5])
    state, _ = play(rs, state, "ilsa", "ability:spells:banishment", "cinder-hound")
    assert state.outcome is None and state.order == ["ilsa"]
    for turn in range(1, 12):
        state, lines = play(rs, state, "ilsa", "end-turn")
        assert state.outcome is None
        if turn < 11:
            assert state.combatant("cinder-hound").out, turn
    assert lines[:3] == ["Cinder Hound is no longer Banished: its time is up.",
                         "Cinder Hound returns to 6, 1: Banished has ended.", "Cinder Hound's turn."], lines
