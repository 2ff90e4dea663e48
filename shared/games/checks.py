"""Checks and saves for the members of a game: a `[skill_check: ...]` tag in a Game Master
reply (Marinara's own tag and attribute names), or the same ask from the checks endpoint,
rolled for the member it names and written back as a receipt.

Owns: `read_check_tag` (a tag's attributes as a `CheckAsk`, or why it cannot be read),
`run_check` (the member `who=` names, found as the sheet commands find it, ignoring case and
surrounding spaces; none or two rolls as a stranger with no modifier and the record says so;
the member's sheet at the snapshot; a spend paid from its live state)
and `receipt` (the tag written back: the ask in numbers, then the dice, the total, the
difficulty and `result="success"|"failure"`; an untrained "refuse" is the ask with
`reason="untrained"`; any other refusal `result="refused" reason="..."`).

What the model wrote of the Engine's own attributes (`rolls` beside a result, `used`,
`modifier`, `total`, `result`, `dice`, ...) is dropped and the check rolled again; a reason it
wrote does not stop a roll. `rolls="17"` alone is a die the player rolled first, honoured only
where the ruleset rolls a single die (shared/sheet/checks.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from shared.clocks.commands import read_attrs
from shared.clocks.tags import Tag, safe_value
from shared.dice import ADVANTAGE, DISADVANTAGE, NORMAL, Roller
from shared.ruleset.package import Ruleset
from shared.sheet.checks import CheckAsk, CheckRecord, CheckUntrained, roll_check
from shared.sheet.refusal import Refusal

from .members import Member, find_member, member_sheet, with_member_sheet
from .state import State

WORD = "skill_check"

#: What a check tag asks for; `advantage` and `disadvantage` may stand as bare flags.
ASK_KEYS = ("skill", "who", "dc", "difficulty", "with", "mode", "threshold", "bonus", "spend", "reroll",
            "explode", "double", "upgrades", "rolls", "advantage", "disadvantage")
#: The Engine's numbers on a receipt: whatever the model wrote under these is dropped.
ENGINE_KEYS = ("used", "modifier", "total", "dice", "resolution", "target", "penalty", "adjust", "auto",
               "rerolled", "botch", "exceptional", "natural", "symbols", "note")
_INT = re.compile(r"^[+-]?\d{1,6}$")


def read_check_tag(tag: Tag) -> CheckAsk | str:
    """The ask a check tag makes, or why it cannot be read."""
    written = [t for t in tag.attrs() if (t.key or "").lower() not in ENGINE_KEYS]
    model_result = "result" in tag.dropped or len(written) < len(tag.attrs())
    attrs = read_attrs(Tag(tag.word, written + [t for t in tag.tokens if t.key is None], tag.start, tag.end,
                           tag.raw), ASK_KEYS, "a check tag")
    if isinstance(attrs, str):
        return attrs
    for flag in ("advantage", "disadvantage"):
        if flag in attrs and attrs[flag] is not None:
            return f"{flag} is a bare flag and takes no value"
    # A result the model wrote itself: its dice are not a die the player rolled first.
    return ask_of(attrs, rolls_allowed=not model_result)


def ask_of(attrs: dict[str, Any], rolls_allowed: bool = True) -> CheckAsk | str:
    """A `CheckAsk` from attributes by name (a tag's, or the endpoint's body as text)."""
    skill = attrs.get("skill")
    if skill is None or not str(skill).strip():
        return "a check names what is rolled with skill= (a skill, a save or an ability)"
    numbers: dict[str, int | None] = {}
    for key in ("threshold", "bonus", "explode", "double", "upgrades"):
        value = attrs.get(key)
        if value is None:
            numbers[key] = None
        elif _INT.match(str(value).strip()):
            numbers[key] = int(str(value).strip())
        else:
            return f"{key} must be a whole number, not {value}"
    dc_text = attrs.get("dc")
    dc: int | None = None
    difficulty = attrs.get("difficulty")
    if dc_text is not None:
        if _INT.match(str(dc_text).strip()):
            dc = int(str(dc_text).strip())
        elif difficulty is None:
            difficulty = dc_text  # dc="Grim": a ladder step's name
        else:
            return "a check names its difficulty once: dc= or difficulty="
    mode = str(attrs.get("mode") or NORMAL).strip().lower()
    if mode not in (NORMAL, ADVANTAGE, DISADVANTAGE):
        return f"mode is advantage, disadvantage or normal, not {attrs.get('mode')}"
    leans = {m for m in (ADVANTAGE, DISADVANTAGE) if m in attrs or mode == m}
    mode = leans.pop() if len(leans) == 1 else NORMAL
    rolls = None
    rolled = attrs.get("rolls")
    if rolls_allowed and rolled is not None and re.fullmatch(r"\d{1,6}", str(rolled).strip()):
        rolls = int(str(rolled).strip())
    return CheckAsk(
        skill=str(skill), who=attrs.get("who"), dc=dc, difficulty=difficulty, with_=attrs.get("with"), mode=mode,
        threshold=numbers["threshold"], bonus=numbers["bonus"], spend=attrs.get("spend"),
        reroll=attrs.get("reroll"), explode=numbers["explode"], double=numbers["double"],
        upgrades=numbers["upgrades"], rolls=rolls,
    )


@dataclass(frozen=True)
class CheckRun:
    """One check asked in a game: what it came to, and the state after it (a spend paid from
    the member's live state; the same state otherwise)."""

    outcome: CheckRecord | CheckUntrained | Refusal
    state: State


def run_check(ruleset: Ruleset, members: Sequence[Member], state: State, ask: CheckAsk, roller: Roller) -> CheckRun:
    """Rolls `ask` for the member `who=` names, on the member's sheet at this snapshot. A name
    no member answers to, or two, rolls with no modifier and the record says so; no `who=`
    rolls for the only member of a game of one. A member without a sheet rolls on the blank
    build."""
    who = ask.who
    if who is None and len(members) == 1:
        who = str(members[0]["name"])
    if who is None:
        return CheckRun(roll_check(ruleset, ask, roller, standing="stranger",
                                   note="no member was named: rolled with no modifier"), state)
    member = find_member(members, who)
    if isinstance(member, Refusal):
        return CheckRun(roll_check(ruleset, ask, roller, standing="stranger", who=who.strip(),
                                   note=f"{member.message}: rolled with no modifier"), state)
    if member.get("sheet") is None:
        return CheckRun(roll_check(ruleset, ask, roller, standing="blank", who=str(member["name"])), state)
    outcome = roll_check(ruleset, ask, roller, sheet=member_sheet(state, member), who=str(member["name"]))
    if isinstance(outcome, CheckRecord) and outcome.sheet is not None:
        state = with_member_sheet(ruleset, state, member, outcome.sheet)
    return CheckRun(outcome, state)


def result_attrs(outcome: CheckRecord | CheckUntrained | Refusal) -> list[tuple[str, str]]:
    if isinstance(outcome, Refusal):
        return [("result", "refused"), ("reason", outcome.message)]
    return outcome.attrs()


def receipt(attrs: list[tuple[str, str]], tag: Tag | None = None) -> str:
    """`[skill_check: ...]` with `attrs`; a refusal keeps the tag's own attributes as written."""
    if attrs and attrs[0] == ("result", "refused") and tag is not None:
        parts = [t.render() for t in tag.tokens]
    else:
        parts = []
    parts += [f'{key}="{safe_value(value).strip() or "-"}"' for key, value in attrs]
    return f"[{WORD}: " + " ".join(parts) + "]"
