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
from types import UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

from .state import BattleState, Combatant

#: Parts of a combatant shared with the original, never copied (see the module docstring).
_SHARED = frozenset({"sheet", "block"})

#: Values that are never changed in place, so a copy may share them.
_IMMUTABLE = frozenset({str, int, float, bool, type(None)})

_new = object.__new__
_set = object.__setattr__

_Model = TypeVar("_Model", bound=BaseModel)


def _copy_model(model: _Model, shared: frozenset[str] = frozenset()) -> _Model:
    """A copy of a pydantic record whose containers are copied all the way down, except
    the fields named in `shared`. Builds the copy directly (what `BaseModel.__copy__`
    does) instead of through `model_copy(deep=True)` and `copy.deepcopy`, which cost
    several times more on the small records a battle holds. Fields whose type holds only
    text, numbers, booleans or None are shared without looking at them."""
    fields = dict(model.__dict__)
    for name in _containers(type(model), shared):
        value = fields[name]
        kind = type(value)
        # Lists and maps copied here rather than through `_copy_value` (a call each): most
        # of a record's are empty (a combatant's zones, belongings, hiding, marks ...).
        if kind is list:
            fields[name] = [v if type(v) in _IMMUTABLE else _copy_value(v) for v in value] if value else []
        elif kind is dict:
            fields[name] = {k: v if type(v) in _IMMUTABLE else _copy_value(v) for k, v in value.items()} \
                if value else {}
        elif kind not in _IMMUTABLE:
            fields[name] = _copy_value(value)
    fresh: _Model = _new(type(model))
    _set(fresh, "__dict__", fields)
    _set(fresh, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    extra = model.__pydantic_extra__
    _set(fresh, "__pydantic_extra__", dict(extra) if extra is not None else None)
    private = getattr(model, "__pydantic_private__", None)
    _set(fresh, "__pydantic_private__", copy.deepcopy(private) if private else None)
    return fresh


_CONTAINERS: dict[tuple[type, frozenset[str]], tuple[str, ...]] = {}
_SCALAR_TYPES = frozenset({str, int, float, bool, type(None)})


def _scalar(annotation: Any) -> bool:
    """Whether a field of this type only ever holds text, numbers, booleans or None."""
    if annotation in _SCALAR_TYPES:
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return all(type(a) in _SCALAR_TYPES for a in get_args(annotation))
    if origin is Union or origin is UnionType:
        return all(_scalar(a) for a in get_args(annotation))
    return False


def _containers(cls: type[BaseModel], shared: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The fields of a record class that may hold a list, a dict or a record, less `shared`."""
    found = _CONTAINERS.get((cls, shared))
    if found is None:
        found = _CONTAINERS[cls, shared] = tuple(name for name, info in cls.model_fields.items()
                                                 if not _scalar(info.annotation) and name not in shared)
    return found


def _copy_value(value: Any) -> Any:
    kind = type(value)
    if kind in _IMMUTABLE:
        return value
    if kind is list:
        return [v if type(v) in _IMMUTABLE else _copy_value(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _IMMUTABLE else _copy_value(v) for k, v in value.items()}
    if isinstance(value, BaseModel):
        return _copy_model(value)
    return copy.deepcopy(value)


def _copy_combatant(c: Combatant) -> Combatant:
    return _copy_model(c, _SHARED)


#: Parts of the state `working_copy` copies by hand: the event list and the start sheets
#: one level deep (their items are never changed in place), the combatants as above.
_BY_HAND = frozenset({"events", "start_sheets", "combatants"})


def working_copy(state: BattleState) -> BattleState:
    """A copy that can be changed freely without reaching `state`; the large parts that are
    never changed in place (past events, sheets, blocks, start sheets) are shared."""
    fresh = _copy_model(state, _BY_HAND)
    fields = fresh.__dict__
    fields["events"] = list(state.events)
    fields["start_sheets"] = dict(state.start_sheets)
    fields["combatants"] = [_copy_combatant(c) for c in state.combatants]
    return fresh


def deep_copy(state: BattleState) -> BattleState:
    """The plain deep copy, for tests that check `working_copy` shares nothing it must not."""
    return copy.deepcopy(state)
