"""A Game Master reply applied to a snapshot's state: every command tag in the order it
appears, each rewritten as a receipt.

Owns: `apply_reply(ruleset, state, text, members)`, `MAX_COMMANDS` and `TAG_KINDS`, the
table of command tags: which tags a kind takes and the handler that applies one to the
state. `[clock: ...]` tags go to the clocks, `[sheet: sheet="party" ...]` to the shared
party sheet and `[sheet: who=... ...]` (no `sheet=`) to a character's sheet. At most 40
commands of every kind together are applied per reply; later ones are refused, saying
so. The input state is never changed. A kind added later is one more row of the table.
A member's own turn (`author="member"`) applies no sheet or clock command: only the Game
Master's reply does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from shared.clocks.commands import Result, refused, run_clock
from shared.clocks.tags import Rewrites, Tag, find_tags, render, safe_value
from shared.party.commands import run_party
from shared.ruleset.package import Ruleset

from .character_commands import run_character
from .state import State, normal_state

MAX_COMMANDS = 40


@dataclass
class ReplyContext:
    """What every handler reads besides the state: the ruleset and the members present."""

    ruleset: Ruleset
    members: Sequence[Any]


Handler = Callable[[ReplyContext, State, Tag], tuple[State, Result]]


@dataclass(frozen=True)
class TagKind:
    name: str
    takes: Callable[[Tag], bool]
    run: Handler
    #: Whether a member's own turn applies it too. Sheet and clock commands are the Game
    #: Master's alone: in a member's turn they are left as written.
    on_member_turn: bool = False


def _clock(ctx: ReplyContext, state: State, tag: Tag) -> tuple[State, Result]:
    clocks, result = run_clock(ctx.ruleset.clocks, state["clocks"], tag)
    return {**state, "clocks": clocks}, result


def _party(ctx: ReplyContext, state: State, tag: Tag) -> tuple[State, Result]:
    party, result = run_party(ctx.ruleset, state["party"], ctx.members, tag)
    return {**state, "party": party}, result


def _character(ctx: ReplyContext, state: State, tag: Tag) -> tuple[State, Result]:
    return run_character(ctx.ruleset, state, ctx.members, tag)


#: The command tags, first match wins.
TAG_KINDS: tuple[TagKind, ...] = (
    TagKind("clock", lambda tag: tag.word == "clock", _clock),
    TagKind("party", lambda tag: tag.word == "sheet" and tag.first("sheet") is not None, _party),
    TagKind("character", lambda tag: tag.word == "sheet" and tag.first("sheet") is None, _character),
)


GM = "gm"
MEMBER = "member"


def kind_of(tag: Tag, author: str = GM) -> TagKind | None:
    """The command kind of `tag`, or None when it is no command for this author."""
    kind = next((kind for kind in TAG_KINDS if kind.takes(tag)), None)
    if kind is not None and author != GM and not kind.on_member_turn:
        return None
    return kind


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
    return kind_of(tag) is not None


def apply_reply(ruleset: Ruleset, state: Any, text: str, members: Sequence[Any] = (),
                author: str = GM) -> ReplyOutcome:
    """`text` applied to `state`. `author` is "gm" (the Game Master's reply) or "member"
    (a member's own turn, which applies only the kinds marked `on_member_turn`)."""
    state = normal_state(state)
    ctx = ReplyContext(ruleset, members)
    tags = find_tags(text)
    rewrites = Rewrites(text)
    receipts: list[dict[str, str]] = []
    count = 0
    for tag in tags:
        kind = kind_of(tag, author)
        if kind is None:
            continue
        count += 1
        result: Result
        if count > MAX_COMMANDS:
            result = refused(f"at most {MAX_COMMANDS} commands are applied per reply")
        else:
            state, result = kind.run(ctx, state, tag)
        rewrites.put(tag, render(tag, result))
        receipts.append({"tag": tag.word, **{key: safe_value(value).strip() or "-" for key, value in result}})
    return ReplyOutcome(state, rewrites.result(tags), receipts)
