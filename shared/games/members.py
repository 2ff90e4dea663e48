"""The characters present in a game, found by name, and each one's sheet at a snapshot.

Owns: `member_key` (a name without case or surrounding spaces: "Juno" and "juno " are one
member), `find_member` (the one member a `who=` names, or why not), `member_sheet` (the
member's stored sheet with the live state the snapshot holds for it) and
`live_by_member` (every member's live state, for the game view) and
`with_member_sheet` (the state with a member's changed sheet written back, sparsely: only
where it differs from what the stored sheet holds, and only values away from their
defaults). Everything that reads or changes a member's live state outside a fight goes
through these, the Game Master's sheet commands, rests and checks alike.
"""

from __future__ import annotations

import copy
from typing import Any, Sequence

from shared.ruleset.package import Ruleset
from shared.sheet.refusal import Refusal
from shared.sheet.sparse import sparse_live

from .state import State

Member = dict[str, Any]

#: The receipt reasons of a `who=` that names nobody, or two members (Marinara's own
#: receipt says `reason="unknown-character"`).
UNKNOWN_CHARACTER = "unknown-character"
AMBIGUOUS_CHARACTER = "ambiguous-character"


def member_key(name: object) -> str:
    return " ".join(str(name).split()).casefold()


def find_member(members: Sequence[Member], name: object) -> Member | Refusal:
    """The member `name` names (case and surrounding spaces ignored), or why there is
    none: no member by that name (`unknown-character`), or two (`ambiguous-character`)."""
    if not isinstance(name, str) or not name.strip():
        return Refusal(UNKNOWN_CHARACTER, "the command names no character (who=)")
    wanted = member_key(name)
    found = [m for m in members if member_key(m.get("name", "")) == wanted]
    if not found:
        names = ", ".join(str(m.get("name")) for m in members) or "none"
        return Refusal(UNKNOWN_CHARACTER, f"{name.strip()} is not a member of this game (members: {names})")
    if len(found) > 1:
        return Refusal(AMBIGUOUS_CHARACTER, f"{name.strip()} names {len(found)} members")
    return found[0]


def _stored_sheet(member: Member) -> dict[str, Any]:
    sheet = member.get("sheet")
    return sheet if isinstance(sheet, dict) else {}


def member_sheet(state: State, member: Member) -> dict[str, Any]:
    """The member's sheet as it stands at this snapshot: its stored sheet, with the
    snapshot's live state for it when the game changed it."""
    sheet = copy.deepcopy(_stored_sheet(member))
    held = (state.get("members") or {}).get(member_key(member.get("name", "")))
    if isinstance(held, dict):
        sheet["live"] = copy.deepcopy(held)
    return sheet


def with_member_sheet(ruleset: Ruleset, state: State, member: Member, sheet: dict[str, Any]) -> State:
    """A new state holding `sheet`'s live state for `member` (the input is not changed)."""
    key = member_key(member.get("name", ""))
    live = sparse_live(ruleset, sheet)
    members = {k: dict(v) for k, v in (state.get("members") or {}).items()}
    if live == sparse_live(ruleset, _stored_sheet(member)):
        members.pop(key, None)
    else:
        members[key] = live
    out = {k: v for k, v in state.items() if k != "members"}
    if members:
        out["members"] = members
    return out


def live_by_member(state: State, members: Sequence[Member]) -> dict[str, dict[str, Any]]:
    """Each member's live state at this snapshot, by the member's name (what the game view
    shows: the spec's `rulesetLive`, every value away from its default)."""
    return {str(m.get("name")): member_sheet(state, m).get("live") or {} for m in members}
