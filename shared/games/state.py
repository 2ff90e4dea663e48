"""The game state one snapshot holds: the progress clocks and the shared party sheet.

Owns: the snapshot state's shape, `{"clocks": [{"name", "size", "filled"}, ...],
"party": {"fields", "lists", "live": {"pools"}}}` (the spec's `rulesetClocks` and the
party's permanent values and `$party` live pools), `empty_state` (no data means no clocks,
and a party sheet at its defaults) and `normal_state`.
"""

from __future__ import annotations

from typing import Any

from shared.party.sheet import blank_party, normal

State = dict[str, Any]


def empty_state() -> State:
    return {"clocks": [], "party": blank_party()}


def normal_state(state: Any) -> State:
    state = state if isinstance(state, dict) else {}
    clocks = state.get("clocks")
    return {
        "clocks": [dict(c) for c in clocks] if isinstance(clocks, list) else [],
        "party": normal(state.get("party")),
    }
