"""Checks and saves for the members of a game: a `[skill_check: ...]` tag in a Game Master
reply (Marinara's own tag and attribute names), or the same ask from the checks endpoint,
rolled for the member it names and written back as a receipt.

Owns: `read_check_tag` (a tag's attributes as a `CheckAsk`, or why it cannot be read),
`run_check` (the member `who=` names, found as the sheet commands find it, ignoring case and
surrounding spaces; none or two rolls as a stranger with no modifier and the record says so;
the member's sheet at the snapshot; a spend paid from its live state)
and `receipt` (the tag written back: the ask in numbers, then the dice, the total, the
difficulty and `result="success"|"failure"`; an untrained "refuse" is the ask with
`reason="untrained"`; any other refusal `result="refused" reason="..."`) and `check_lines`
(the check tag taught to the Game Master with this ruleset's own ladder and freedoms).

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
from shared.ruleset.resolution import DicePool, DiceSum
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
               "rerolled", "botch", "exceptional", "natural", "symbols", "note", "items")
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


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def check_lines(ruleset: Ruleset) -> list[str]:
    """The check tag as the reminder teaches it: this ruleset's first skill and ladder, and
    only the per-check freedoms it declares."""
    res = ruleset.resolution
    if res is None:
        return []
    skills = ruleset.sheet.skills or []
    first = skills[0].label if skills else (ruleset.sheet.abilities or [])[0].label
    step = res.difficultyLadder[0].label
    lines = [f'Checks and saves: [skill_check: skill="{first}" who="Name" dc="{step}"]. skill= names a skill, '
             "a save or an ability; dc= is a number or a difficulty; with= rolls a skill or save with another "
             "ability. Never write rolls, modifier, total or result: the Engine rolls from the sheet and "
             'writes them, with result="success" or "failure".']
    if isinstance(res, DiceSum):
        ladder = ", ".join(f"{s.label} {s.dc}" for s in res.difficultyLadder)
        lines.append(f"Difficulties (the DC): {ladder}."
                     + (' mode="advantage" or mode="disadvantage" rolls twice.' if res.advantage else ""))
    elif isinstance(res, DicePool):
        ladder = ", ".join(f"{s.label} {s.successes}" + (f" (target {s.target})" if s.target else "")
                           for s in res.difficultyLadder)
        lines.append(f"Difficulties (successes needed): {ladder}.")
        extra = []
        if res.target.min < res.target.max:
            extra.append(f"threshold= the per-die target, {res.target.min} to {res.target.max}")
        if res.situationalDice is not None:
            extra.append(f"bonus= dice added or taken, {_signed(res.situationalDice.min)} to "
                         f"{_signed(res.situationalDice.max)}")
        for spend in res.spend or []:
            sold = [f"{spend.successes} success{'es' if spend.successes != 1 else ''}"] if spend.successes else []
            sold += [f"{spend.dice} more dice"] if spend.dice else []
            sold += ["a re-throw"] if spend.reroll else []
            extra.append(f'spend="{spend.pool}:1" buys {" and ".join(sold)} for {spend.amount} {spend.pool}'
                         + (f", at most {spend.perCheck} times a check" if isinstance(spend.perCheck, int) else ""))
        for reroll in res.reroll or []:
            extra.append(f'reroll="{reroll.id}" throws dice showing {reroll.upTo} or less again ({reroll.mode})')
        if res.explode is not None and res.explode.min is not None:
            extra.append(f"explode= as low as {res.explode.min}")
        if res.double is not None and res.double.min is not None:
            extra.append(f"double= as low as {res.double.min}")
        if res.pool.abilityPlusAbility and len(ruleset.sheet.abilities or []) > 1:
            a, b = ruleset.sheet.abilities[0].label, ruleset.sheet.abilities[1].label
            extra.append(f'on an ability, with= adds a second one: skill="{a}" with="{b}"')
        if extra:
            lines.append("Per check: " + "; ".join(extra) + ".")
    else:
        ladder = ", ".join(f"{s.label} {s.dice}" for s in res.difficultyLadder)
        lines.append(f"Difficulties (difficulty dice): {ladder}.")
    sheet = ruleset.sheet
    rules = [s.untrained for s in sheet.sections or []] + [s.untrained for s in sheet.skills or []]
    rules += [s.untrained for s in sheet.saves or []]
    if "refuse" in rules:
        lines.append('A check that comes back with reason="untrained" was not attempted: the character cannot '
                     "try it untrained; narrate that, and do not ask for it again.")
    return lines
