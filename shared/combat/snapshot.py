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

from pydantic import BaseModel

from .state import BattleState, Combatant

#: Parts of a combatant shared with the original, never copied (see the module docstring).
_SHARED = frozenset({"sheet", "block"})


_SCALARS = (str, int, float, bool, type(None))


def _copy_value(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_copy(deep=True)
    if isinstance(value, list):
        if all(isinstance(v, _SCALARS) for v in value):
            return list(value)
        return [_copy_value(v) for v in value]
    if isinstance(value, dict):
        if all(isinstance(v, _SCALARS) for v in value.values()):
            return dict(value)
        return {k: _copy_value(v) for k, v in value.items()}
    return value  # str, int, float, bool, None: immutable


def _copy_combatant(c: Combatant) -> Combatant:
    fresh = c.model_copy()
    for name in type(c).model_fields:
        if name in _SHARED:
            continue
        value = getattr(c, name)
        if isinstance(value, list | dict | BaseModel):
            setattr(fresh, name, _copy_value(value))
    return fresh


def working_copy(state: BattleState) -> BattleState:
    """A copy that can be changed freely without reaching `state`; the large parts that are
    never changed in place (past events, sheets, blocks, start sheets) are shared."""
    fresh = state.model_copy()
    fresh.events = list(state.events)
    fresh.start_sheets = dict(state.start_sheets)
    fresh.order = list(state.order)
    fresh.dice = state.dice.model_copy(deep=True)
    fresh.pending = state.pending.model_copy(deep=True) if state.pending is not None else None
    fresh.ruleset = state.ruleset.model_copy()
    fresh.combatants = [_copy_combatant(c) for c in state.combatants]
    return fresh


def deep_copy(state: BattleState) -> BattleState:
    """The plain deep copy, for tests that check `working_copy` shares nothing it must not."""
    return copy.deepcopy(state)
