"""The game state one snapshot holds: the progress clocks, the shared party sheet and each
member's live state.

Owns: the snapshot state's shape, `{"clocks": [{"name", "size", "filled"}, ...],
"party": {"fields", "lists", "live": {"pools"}}, "members": {<member key>: <live>}}` (the
spec's `rulesetClocks`, the party's permanent values and `$party` live pools, and each
character's `rulesetLive`), `empty_state` (no data means no clocks, a party sheet at its
defaults, and every member as its stored sheet holds it) and `normal_state`.

`members` is sparse at both levels: a member's entry (keyed by `members.member_key`, the
name without case or surrounding spaces) is there only while it differs from the live
state the member's stored sheet holds, and inside it every value back at its default is
dropped (`shared.sheet.sparse`). With no entry at all the key itself is left out, so a
game whose members were never changed stores exactly what it stored before members were
kept.
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
    out: State = {
        "clocks": [dict(c) for c in clocks] if isinstance(clocks, list) else [],
        "party": normal(state.get("party")),
    }
    members = state.get("members")
    if isinstance(members, dict):
        kept = {str(k): dict(v) for k, v in members.items() if isinstance(v, dict)}
        if kept:
            out["members"] = kept
    return out
