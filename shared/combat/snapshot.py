"""The copy of a battle state that one call of the resolver works on.

Owns: `working_copy(state)`. `menu`, `advance` and `decide_for` never change the state they
are given, so each works on a copy. A plain deep copy grows with the event list (a long
fight copied every past event on every step, O(n) a step), so the parts that are never
changed in place are shared instead of copied:

* past events: the log only ever appends new `Event` objects (the copy gets its own list);
* sheets and creature blocks: sheet operations return a new sheet, which the fight puts in
  place of the old one (`Fight.write`), and a block is fixed once the fight is set up;
* the sheets the fight started from (`start_sheets`), written once when it starts.

Everything else (combatants' clocks, budgets, conditions, the dice cursor, the pending
decision) is copied, so changing the copy never reaches the caller's state.
"""

from __future__ import annotations

import copy
from typing import Any

from .state import BattleState


def working_copy(state: BattleState) -> BattleState:
    memo: dict[int, Any] = {
        id(state.events): list(state.events),
        id(state.start_sheets): dict(state.start_sheets),
    }
    for c in state.combatants:
        for part in (c.sheet, c.block):
            if part is not None:
                memo[id(part)] = part
    return copy.deepcopy(state, memo)
