"""A Game Master reply applied to a snapshot's state: every command tag in the order it
appears, each rewritten as a receipt.

Owns: `apply_reply(ruleset, state, text, members)`, `MAX_COMMANDS` and `TAG_KINDS`, the
table of command tags: which tags a kind takes and the handler that applies one to the
state. `[clock: ...]` tags go to the clocks, `[sheet: sheet="party" ...]` to the shared
party sheet and `[sheet: who=... ...]` (no `sheet=`) to a character's sheet; `[skill_check: ...]`
rolls a check and `[use: ...]` uses an ability (shared/games/uses.py). At most 40
commands of every kind together are applied per reply; later ones are refused, saying
so. The input state is never changed. A kind added later is one more row of the table.
A member's own turn (`author="member"`) applies no sheet or clock command: only the Game
Master's reply does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from shared.clocks.commands import Result, refused, run_clock
from shared.clocks.tags import RESULT_KEYS, Rewrites, Tag, find_tags, render, safe_value
from shared.dice import Roller
from shared.party.commands import run_party
from shared.ruleset.package import Ruleset

from .character_commands import run_character
from .checks import WORD as CHECK_WORD
from .checks import read_check_tag, receipt, result_attrs, run_check
from .state import State, normal_state
from .uses import WORD as USE_WORD
from .uses import read_use_tag, result_attrs as use_attrs, run_use
from .uses import receipt as use_receipt

MAX_COMMANDS = 40


@dataclass
class ReplyContext:
    """What every handler reads besides the state: the ruleset and the members present."""

    ruleset: Ruleset
    members: Sequence[Any]
    #: The game's own dice, at its cursor (None: checks are refused, nothing rolls them).
    roller: Roller | None = None
    #: The dice the reply's uses throw, in order: the game's seed and the snapshot the
    #: reply continues give them, so undoing the reply and using the same ability again
    #: throws the same dice (spec/abilities.md). None: the game's own dice.
    use_roller: Roller | None = None


Handler = Callable[[ReplyContext, State, Tag], tuple[State, Result]]


@dataclass(frozen=True)
class TagKind:
    name: str
    takes: Callable[[Tag], bool]
    run: Handler
    #: Whether a member's own turn applies it too. Sheet and clock commands are the Game
    #: Master's alone: in a member's turn they are left as written.
    on_member_turn: bool = False
    #: The receipt the tag becomes: the tag as written plus the result attributes, or
    #: (a check) the tag written again whole.
    receipt: Callable[[Tag, Result], str] = render


def _clock(ctx: ReplyContext, state: State, tag: Tag) -> tuple[State, Result]:
    clocks, result = run_clock(ctx.ruleset.clocks, state["clocks"], tag)
    return {**state, "clocks": clocks}, result


def _party(ctx: ReplyContext, state: State, tag: Tag) -> tuple[State, Result]:
    party, result = run_party(ctx.ruleset, state["party"], ctx.members, tag)
    return {**state, "party": party}, result


def _character(ctx: ReplyContext, state: State, tag: Tag) -> tuple[State, Result]:
    return run_character(ctx.ruleset, state, ctx.members, tag, ctx.roller)


def _check(ctx: ReplyContext, state: State, tag: Tag) -> tuple[State, Result]:
    ask = read_check_tag(tag)
    if isinstance(ask, str):
        return state, refused(ask)
    if ctx.roller is None:
        return state, refused("checks are rolled by the game, from its own dice")
    run = run_check(ctx.ruleset, ctx.members, state, ask, ctx.roller)
    return run.state, result_attrs(run.outcome)


def _use(ctx: ReplyContext, state: State, tag: Tag) -> tuple[State, Result]:
    ask = read_use_tag(tag)
    if isinstance(ask, str):
        return state, refused(ask)
    roller = ctx.use_roller or ctx.roller
    if roller is None:
        return state, refused("uses are rolled by the game, from its own dice")
    run = run_use(ctx.ruleset, ctx.members, state, ask, roller)
    return run.state, use_attrs(run, ask)


def _use_receipt(tag: Tag, result: Result) -> str:
    """A use's receipt: the tag written again whole (a tag that could not be read keeps
    its own attributes, with the reason)."""
    if result and result[0] == ("result", "refused"):
        return render(tag, result)
    return use_receipt(result)


def _sheet_receipt(tag: Tag, result: Result) -> str:
    """A character command's receipt: the result attributes only (a refusal's sentence,
    `message`, is the JSON receipt's, not the tag's)."""
    return render(tag, [(key, value) for key, value in result if key in RESULT_KEYS])


def _check_receipt(tag: Tag, result: Result) -> str:
    return receipt(result, tag)


#: The command tags, first match wins.
TAG_KINDS: tuple[TagKind, ...] = (
    TagKind("clock", lambda tag: tag.word == "clock", _clock),
    TagKind("party", lambda tag: tag.word == "sheet" and tag.first("sheet") is not None, _party),
    TagKind("character", lambda tag: tag.word == "sheet" and tag.first("sheet") is None, _character,
            receipt=_sheet_receipt),
    TagKind("check", lambda tag: tag.word == CHECK_WORD, _check, receipt=_check_receipt),
    TagKind("use", lambda tag: tag.word == USE_WORD, _use, receipt=_use_receipt),
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
    #: One per command, in order: `{"tag": "clock"|"sheet", "result", "now"|"reason"}`; a
    #: check's is `{"tag": "skill_check", "result": "success"|"failure"|"refused",
    #: "reason"?, "check": {every attribute of its receipt}}`; a refused character command's
    #: also carries `message`, the refusal in words.
    receipts: list[dict[str, str]] = field(default_factory=list)

    @property
    def applied(self) -> int:
        return sum(1 for r in self.receipts if r["result"] == "ok")


def is_command(tag: Tag) -> bool:
    return kind_of(tag) is not None


def _entry(kind: TagKind, tag: Tag, result: Result) -> dict[str, Any]:
    cleaned = [(key, safe_value(value).strip() or "-") for key, value in result]
    if kind.name == "use":
        attrs = dict(cleaned)
        if attrs.get("result") == "refused":
            return {"tag": tag.word, "result": "refused", "reason": attrs.get("reason", "-")}
        return {"tag": tag.word, "result": "used", "use": attrs}
    if kind.name != "check":
        return {"tag": tag.word, **dict(cleaned)}
    attrs = dict(cleaned)
    if attrs.get("reason") == "untrained":
        return {"tag": tag.word, "result": "refused", "reason": "untrained", "check": attrs}
    if attrs.get("result") == "refused":
        return {"tag": tag.word, "result": "refused", "reason": attrs.get("reason", "-")}
    return {"tag": tag.word, "result": attrs["result"], "check": attrs}


def apply_reply(ruleset: Ruleset, state: Any, text: str, members: Sequence[Any] = (),
                author: str = GM, roller: Roller | None = None, use_roller: Roller | None = None) -> ReplyOutcome:
    """`text` applied to `state`. `author` is "gm" (the Game Master's reply) or "member"
    (a member's own turn, which applies only the kinds marked `on_member_turn`). `roller`
    is the game's own dice, which the reply's checks take in order; `use_roller` the dice
    its uses take (the game's own when None)."""
    state = normal_state(state)
    ctx = ReplyContext(ruleset, members, roller, use_roller)
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
        rewrites.put(tag, kind.receipt(tag, result))
        receipts.append(_entry(kind, tag, result))
    return ReplyOutcome(state, rewrites.result(tags), receipts)
