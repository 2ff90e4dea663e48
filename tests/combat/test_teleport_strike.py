"""A creature's teleport with a strike (spec/mechanics-3 "Teleportation with a strike", 1.280;
shared/combat/teleport_strike.py), with exact log lines from scripted dice.

The Blink Dog is the upstream entry (tests/data/upstream/5e-srd/catalogs/creatures.json,
vendored verbatim: 4d8 + 4 hit points, initiative + 3, Armor Class 13, Bite + 3, 1d6 + 1
piercing, reach 5 ft). Upstream keeps its Teleport only as a trait's text, so the action is
written here from the SRD 5.1 stat block ("Teleport (Recharge 4-6). The dog magically
teleports ... up to 40 ft. to an unoccupied space it can see. Before or after teleporting, the
dog can make one bite attack."): `TELEPORT` below.

The package and Ilsa are tests/combat/test_board_teleport.py's (Marinara's 5e package, 5 feet
a cell; the 5e example party's Ilsa, Armor Class 12, 18 hit points) on a 10 x 3 board. Set-up
dice: the Dog's 4d8 = 5 + 5 + 5 + 5 = 20, + 4 = 24; initiative Ilsa 20 + 3 = 23, the Dog
1 + 3 = 4.
"""

from __future__ import annotations

import copy
from typing import Any

from shared.combat import decide_for, menu, start_battle
from shared.combat.state import BattleState
from tests.combat import test_board_teleport as TT
from tests.combat.kit import play, ruleset
from tests.combat.srd_kit import entry

TELEPORT = {"id": "teleport", "name": "Teleport", "budget": "action", "self": True,
            "recharge": {"dice": {"count": 1, "sides": 6}, "from": 4},
            "teleport": {"distance": 40, "seen": True, "strike": "bite"}}
START = [5, 5, 5, 5, 20, 1]
OPEN = {"rows": [".........."] * 3}


def package(teleport: dict[str, Any] | None = TELEPORT) -> dict[str, Any]:
    pkg = TT.package({"distance": 30, "seen": True})
    if teleport is not None:
        entry(pkg, "creatures", "blink-dog")["creature"]["actions"].append(copy.deepcopy(teleport))
    return pkg


def dog(at: list[int] | None) -> dict[str, Any]:
    return {"creature": "blink-dog", "controller": "player", **({"position": at} if at is not None else {})}


def fight(dog_at: list[int] | None = (9, 1), ilsa_at: list[int] | None = (0, 1), *, pkg: dict[str, Any] | None = None,
          dice: list[int] = ()):
    rs = ruleset(pkg or package())
    ilsa = TT.ilsa(list(ilsa_at) if ilsa_at is not None else [0, 0])
    if ilsa_at is None:
        ilsa.pop("position")
    state, _ = start_battle(rs, [ilsa], [dog(list(dog_at) if dog_at is not None else None)],
                            board=OPEN if dog_at is not None else None, dice=START + list(dice))
    state, _ = play(rs, state, "ilsa", "end-turn")
    return rs, state


def options(rs, state, actor="blink-dog"):
    return {o.id: o for o in menu(rs, state, actor)}


def test_the_dog_teleports_next_to_ilsa_and_its_bite_follows_free():
    rs, state = fight(dice=[15, 4])
    first = options(rs, state)
    # Ilsa is 9 cells off: the bite reaches nobody, so it is not offered, nor the bite made
    # first; the Teleport (40 ft: 8 cells) is.
    assert "action:teleport" in first and "action:bite" not in first and "action:teleport:strike-first" not in first
    state, lines = play(rs, state, "blink-dog", "action:teleport", cell=[1, 1])
    assert lines == ["Blink Dog uses Teleport on Blink Dog.", "Blink Dog teleports 40 ft from 9, 1 to 1, 1."]
    then = options(rs, state)
    bite = then["action:bite:free"]
    assert (bite.label, bite.budget, bite.text, bite.targets) == ("Bite", None, "Free, part of the same action", ["ilsa"])
    # Its action is spent: the ordinary Bite and another Teleport are not on the menu.
    assert "action:bite" not in then and "action:teleport" not in then
    # Saved and reloaded, the free bite is still owed.
    state = BattleState.model_validate_json(state.model_dump_json())
    # Bite: 15 + 3 = 18 against 12 hits; 4 + 1 = 5 piercing; 18 - 5 = 13.
    state, lines = play(rs, state, "blink-dog", "action:bite:free", "ilsa")
    assert lines == [
        "Blink Dog attacks Ilsa with Bite: 15 + 3 = 18 against Armor Class 12, a hit.",
        "Bite (4 + 1 = 5) deals 5 piercing damage to Ilsa.",
        "Ilsa has 13 of 18 Hit points.",
    ]
    # No third: nothing more follows free.
    assert not any(oid.endswith(":free") for oid in options(rs, state)) and state.combatant("blink-dog").follows is None


def test_bite_then_teleport_for_the_teleport_s_action_and_the_teleport_follows_free():
    rs, state = fight([1, 1], dice=[15, 4])
    first = options(rs, state)["action:teleport:strike-first"]
    assert (first.label, first.budget, first.targets) == ("Bite, then Teleport", "action", ["ilsa"])
    state, lines = play(rs, state, "blink-dog", "action:teleport:strike-first", "ilsa")
    assert lines == [
        "Blink Dog attacks Ilsa with Bite: 15 + 3 = 18 against Armor Class 12, a hit.",
        "Bite (4 + 1 = 5) deals 5 piercing damage to Ilsa.",
        "Ilsa has 13 of 18 Hit points.",
    ]
    hound = state.combatant("blink-dog")
    # The bite spent the teleport's action and its recharge along with its own.
    assert hound.budgets["action"] == 0 and hound.recharge["teleport"] is False
    then = options(rs, state)
    jump = then["action:teleport:free"]
    assert jump.text == "Free, part of the same action" and [8, 1] in jump.board["teleport"]["cells"]
    assert "action:bite:free" not in then and "action:teleport" not in then
    state, lines = play(rs, state, "blink-dog", "action:teleport:free", cell=[8, 1])
    assert lines[-1] == "Blink Dog teleports 35 ft from 1, 1 to 8, 1."
    # Neither leads on to a third.
    assert not any(oid.endswith(":free") for oid in options(rs, state))


def test_the_bite_made_first_is_offered_only_while_the_teleport_is_charged():
    # Round 2: the Dog's recharge die 3 is below 4, so its Teleport stays spent; the bite
    # made first goes with it, and the plain Bite remains.
    # (It bit and hopped to 1, 2, still beside Ilsa.)
    rs, state = fight([1, 1], dice=[15, 4, 3])
    state, _ = play(rs, state, "blink-dog", "action:teleport:strike-first", "ilsa")
    state, _ = play(rs, state, "blink-dog", "action:teleport:free", cell=[1, 2])
    state, _ = play(rs, state, "blink-dog", "end-turn")
    state, lines = play(rs, state, "ilsa", "end-turn")
    assert lines[-1] == "Blink Dog rolls 3 to recharge Teleport (needs 4): not yet."
    ids = set(options(rs, state))
    assert "action:bite" in ids and "action:teleport" not in ids and "action:teleport:strike-first" not in ids


def test_off_the_board_nothing_is_combined():
    rs, state = fight(None, None)
    assert set(o for o in options(rs, state) if o.startswith("action:")) == {"action:bite"}


def test_the_engine_s_dog_too_far_from_ilsa_teleports_beside_her_and_bites():
    # From 9, 1 the cells within 8 beside Ilsa (0, 1) are 1, 0, 1, 1 and 1, 2, all 8 off:
    # the first row by row, 1, 0. Then the free bite is its best option.
    rs, state = fight(dice=[15, 4])
    choice = decide_for(rs, state)
    assert choice == {"actor": "blink-dog", "option": "action:teleport", "targets": [], "cell": [1, 0]}
    state, _ = play(rs, state, "blink-dog", "action:teleport", cell=[1, 0])
    assert decide_for(rs, state) == {"actor": "blink-dog", "option": "action:bite:free", "targets": ["ilsa"]}
    # Without the strike it keeps its teleport for getting away and runs at her instead.
    plain = copy.deepcopy(TELEPORT)
    del plain["teleport"]["strike"]
    rs, state = fight(pkg=package(plain))
    assert decide_for(rs, state)["option"].startswith("move:")
