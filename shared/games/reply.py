"""A Game Master reply applied to a snapshot's state: every `[clock: ...]` and
`[sheet: sheet=... ...]` tag in the order it appears, each rewritten as a receipt.

Owns: `apply_reply(ruleset, state, text, members)` and `MAX_COMMANDS`. A `[sheet: ...]`
tag without `sheet=` is a character's command and is left as written (so is
`who="party"`, which applies to every character and not to the shared sheet). At most 40
commands are applied per reply; later ones are refused, saying so. The input state is
never changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from shared.clocks.commands import Result, refused, run_clock
from shared.clocks.tags import Rewrites, Tag, find_tags, render, safe_value
from shared.party.commands import run_party
from shared.ruleset.package import Ruleset

from .state import State, normal_state

MAX_COMMANDS = 40


@dataclass
class ReplyOutcome:
    state: State
    text: str
    #: One per command, in order: `{"tag": "clock"|"sheet", "result", "now"|"reason"}`.
    receipts: list[dict[str, str]] = field(default_factory=list)

    @property
    def applied(self) -> int:
        return sum(1 for r in self.receipts if r["result"] == "ok")


def is_command(tag: Tag) -> bool:
    return tag.word == "clock" or tag.first("sheet") is not None


def apply_reply(ruleset: Ruleset, state: Any, text: str, members: Sequence[Any] = ()) -> ReplyOutcome:
    state = normal_state(state)
    clocks, party = state["clocks"], state["party"]
    tags = find_tags(text)
    rewrites = Rewrites(text)
    receipts: list[dict[str, str]] = []
    count = 0
    for tag in tags:
        if not is_command(tag):
            continue
        count += 1
        result: Result
        if count > MAX_COMMANDS:
            result = refused(f"at most {MAX_COMMANDS} commands are applied per reply")
        elif tag.word == "clock":
            clocks, result = run_clock(ruleset.clocks, clocks, tag)
        else:
            party, result = run_party(ruleset, party, members, tag)
        rewrites.put(tag, render(tag, result))
        receipts.append({"tag": tag.word, **{key: safe_value(value).strip() or "-" for key, value in result}})
    return ReplyOutcome({"clocks": clocks, "party": party}, rewrites.result(tags), receipts)
