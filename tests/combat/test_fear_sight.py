"""A fear whose source is out of sight (spec/combat-1 `whileSourceInSight`; mechanics-3
`orSourceWithin`, 1.275, and sight that really sees, 1.277; shared/combat/numbers.py
`in_force`, shared/combat/seeing.py `source_in_sight`).

The 5e package's Frightened, as the 5e example writes it: `own-attacks-disadvantage` and
`cannot-approach-source`, with `"whileSourceInSight": ["own-attacks-disadvantage"]`. The
5e example party's Brom (Longsword + 5: Str 16 + 3, proficient at level 3 + 2; 1d8 + 3)
stands at 0, 0 on a 10 x 4 board, Frightened of a Cinder Hound at 2, 0 (two cells, 10
feet); a second Cinder Hound (Armor Class 12) stands beside him at 0, 1 and he swings at
it. With `wall`, a wall at 1, 0 hides the first Hound from him. Scripted dice: the Hounds'
5d8 (ten 5s), initiative Brom 15 + 1 = 16, the Hounds 2 + 1 = 3 and 3 + 1 = 4; then 17, 4,
... so a roll made twice keeps the 4.
"""

from __future__ import annotations

from typing import Any

from shared.combat import advance, menu, start_battle
from shared.combat import numbers as N
from shared.combat.fight import Fight
from shared.combat.state import HeldCondition
from tests.combat import sight_kit as SK
from tests.combat.kit import foe, ruleset

DICE = [5] * 10 + [15, 2, 3] + [17, 4] * 5
SWING = {"actor": "brom", "option": "attack:attacks:longsword", "targets": ["cinder-hound-2"]}
#: His swing in sight, or held by `orSourceWithin`: 17 and 4 at disadvantage keep 4, 4 + 5 = 9.
TWICE = "Brom attacks Cinder Hound 2 with Longsword: 4 (disadvantage; dropped 17) + 5 = 9 against Armor Class 12, a miss."
#: Out of sight: one die, 17 + 5 = 22, a hit; 1d8 (4) + 3 = 7, 25 - 7 = 18.
ONCE = [
    "Brom attacks Cinder Hound 2 with Longsword: 17 + 5 = 22 against Armor Class 12, a hit.",
    "Longsword (4 + 3 = 7) deals 7 slashing damage to Cinder Hound 2.",
    "Cinder Hound 2 has 18 of 25 Hit points.",
    "Cinder Hound 2's turn.",
]


def _afraid(*, wall: bool = False, board: bool = True, within: float | None = None, afraid: bool = True) -> tuple[Any, Any]:
    """(ruleset, state) at Brom's first turn, Frightened of the first Hound unless `afraid`
    is False."""
    rs = ruleset(SK.fear_package(within=within))
    rows = {"rows": ["." + ("#" if wall else ".") + "........"] + ["." * 10] * 3} if board else None
    foes = [foe("cinder-hound", **({"position": [2, 0]} if board else {})),
            foe("cinder-hound", **({"position": [0, 1]} if board else {}))]
    state, _ = start_battle(rs, [SK.brom([0, 0] if board else None)], foes, board=rows, dice=list(DICE))
    if afraid:
        brom = state.combatant("brom")
        assert brom is not None
        brom.conditions.append(HeldCondition(id="frightened", source="cinder-hound"))
    return rs, state


def _swing(rs: Any, state: Any) -> list[str]:
    result = advance(rs, state, SWING)
    assert not hasattr(result, "code"), result
    return [e.text for e in result[1]]


def _effects(rs: Any, state: Any) -> frozenset[str]:
    fight = Fight(rs, state)
    brom = fight.state.combatant("brom")
    assert brom is not None
    return N.effects(fight, brom)


def test_in_sight_his_swing_rolls_twice_and_drops_the_higher():
    rs, state = _afraid()
    assert _effects(rs, state) == {"own-attacks-disadvantage", "cannot-approach-source"}
    assert _swing(rs, state)[0] == TWICE


def test_behind_a_wall_his_swing_is_a_single_die():
    # The wall at 1, 0 hides the Hound at 2, 0 from Brom at 0, 0: the disadvantage named in
    # `whileSourceInSight` is suspended (the condition stays on him).
    rs, state = _afraid(wall=True)
    assert _effects(rs, state) == {"cannot-approach-source"}
    assert _swing(rs, state) == ONCE
    assert [h.id for h in state.combatant("brom").conditions] == ["frightened"]


def test_out_of_sight_he_still_cannot_move_closer():
    # Without the fear he may step to 1, 1 (one cell from the Hound at 2, 0); afraid, even
    # of a Hound behind the wall, no step brings him nearer than the two cells he stands at.
    free = {o.id for o in menu(*_afraid(wall=True, afraid=False), "brom")}
    assert "move:1,1" in free
    afraid = {o.id for o in menu(*_afraid(wall=True), "brom")}
    assert "move:1,1" not in afraid
    assert not {o for o in afraid if o.startswith("move:")}


def test_off_the_board_both_effects_apply():
    rs, state = _afraid(board=False)
    assert _effects(rs, state) == {"own-attacks-disadvantage", "cannot-approach-source"}
    assert _swing(rs, state)[0] == TWICE


def test_or_source_within_keeps_it_behind_the_wall_only_that_close():
    # The Hound is two cells off: 10 feet (5 feet a cell). `orSourceWithin: 10` keeps the
    # fear whole unseen; `5` does not reach it, so the single die is back.
    rs, state = _afraid(wall=True, within=10)
    assert _swing(rs, state)[0] == TWICE
    rs, state = _afraid(wall=True, within=5)
    assert _swing(rs, state) == ONCE
