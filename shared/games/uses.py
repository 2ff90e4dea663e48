"""Using an ability, a feature, a spell or a carried item for a member of a game: a `[use: who="Name"
entry="Fireball" ...]` tag in a Game Master reply, or the same ask from the uses endpoint,
paid and rolled for the member it names and written back as a receipt (spec/abilities.md).

Owns: `read_use_tag` (a tag's attributes as a `UseAsk`, or why it cannot be read), `ask_of`
(the same from attributes by name: the endpoint's body), `run_use` (the member `who=` names,
found as the sheet commands find it; no `who=` in a game of one is its only member; the
member's sheet at the snapshot; the cost paid from its live state), `result_attrs`,
`receipt` (the tag written back: the ask, then `paid`, `level`, `dice`, `rolls`, `amount`,
the typical enemy's roll, `did` and `result="used"`; a refusal `result="refused"
reason="..."` in the spec's words, and nothing paid) and `use_lines` (the tag as the
reminder teaches it, with this ruleset's own first entry).

`level=` (or `slot=`) pays a spell slot of that level or higher (upcasting: the entry's
formulas read the slot paid); `charges=` spends that many more charges of an item whose use
has a `chargeStep`, each a raised-cost step as in a fight (a staff); `target=` names whom it
is aimed at. What the model wrote of
the Engine's own attributes is dropped and the use made again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from shared.clocks.commands import read_attrs
from shared.clocks.tags import Tag, safe_value
from shared.dice import Roller
from shared.ruleset.package import Ruleset
from shared.sheet.refusal import Refusal
from shared.sheet.uses import UseAsk, UseRecord, use_entry

from .members import Member, find_member, member_sheet, with_member_sheet
from .state import State

WORD = "use"

ASK_KEYS = ("who", "entry", "level", "slot", "target", "charges")
#: The Engine's numbers on a receipt: whatever the model wrote under these is dropped.
ENGINE_KEYS = ("paid", "dice", "rolls", "amount", "attack", "save", "versus", "attack_result", "save_result", "did")
_LEVEL = re.compile(r"^\d{1,2}$")


def ask_of(attrs: dict[str, Any]) -> UseAsk | str:
    """A `UseAsk` from attributes by name (a tag's, or the endpoint's body as text)."""
    entry = attrs.get("entry")
    if entry is None or not str(entry).strip():
        return "a use names what is used with entry= (an ability, a feature, a spell or a carried item)"
    if attrs.get("level") is not None and attrs.get("slot") is not None:
        return "a use names its slot level once: level= or slot="
    text = attrs.get("level") if attrs.get("level") is not None else attrs.get("slot")
    level = None
    if text is not None:
        if not _LEVEL.match(str(text).strip()):
            return f"level must be a whole number from 1, not {text}"
        level = int(str(text).strip())
        if level < 1:
            return f"level must be a whole number from 1, not {text}"
    charges = attrs.get("charges")
    if charges is not None and not _LEVEL.match(str(charges).strip()):
        return f"charges must be a whole number, not {charges}"
    target = attrs.get("target")
    who = attrs.get("who")
    return UseAsk(entry=str(entry).strip(), who=str(who) if who is not None else None, level=level,
                  target=str(target).strip() if target is not None and str(target).strip() else None,
                  charges=int(str(charges).strip()) if charges is not None else 0)


def read_use_tag(tag: Tag) -> UseAsk | str:
    written = [t for t in tag.attrs() if (t.key or "").lower() not in ENGINE_KEYS]
    attrs = read_attrs(Tag(tag.word, written + [t for t in tag.tokens if t.key is None], tag.start, tag.end,
                           tag.raw), ASK_KEYS, "a use tag")
    if isinstance(attrs, str):
        return attrs
    return ask_of(attrs)


@dataclass(frozen=True)
class UseRun:
    """One use asked in a game: what it came to, the member's name, and the state after it
    (the cost paid and the effects on the user; the same state when refused)."""

    outcome: UseRecord | Refusal
    state: State
    who: str | None = None


def run_use(ruleset: Ruleset, members: Sequence[Member], state: State, ask: UseAsk, roller: Roller) -> UseRun:
    who = ask.who
    if who is None and len(members) == 1:
        who = str(members[0]["name"])
    if who is None:
        return UseRun(Refusal("unknown-character", "the use names no character (who=)"), state)
    member = find_member(members, who)
    if isinstance(member, Refusal):
        return UseRun(member, state)
    name = str(member["name"])
    outcome = use_entry(ruleset, member_sheet(state, member), ask, roller, name)
    if isinstance(outcome, UseRecord):
        state = with_member_sheet(ruleset, state, member, outcome.sheet)
    return UseRun(outcome, state, name)


def ask_attrs(ask: UseAsk, who: str | None) -> list[tuple[str, str]]:
    out = [("who", who or ask.who or "-"), ("entry", ask.entry)]
    if ask.level is not None:
        out.append(("level", str(ask.level)))
    if ask.charges:
        out.append(("charges", str(ask.charges)))
    if ask.target is not None:
        out.append(("target", ask.target))
    return out


def result_attrs(run: UseRun, ask: UseAsk) -> list[tuple[str, str]]:
    """The receipt's attributes: the ask (the member by its own name), then the use's."""
    asked = ask_attrs(ask, run.who)
    if isinstance(run.outcome, Refusal):
        return asked + [("result", "refused"), ("reason", run.outcome.message)]
    done = run.outcome.attrs()
    keys = {k for k, _v in done}
    return [(k, v) for k, v in asked if k not in keys] + done


def receipt(attrs: list[tuple[str, str]]) -> str:
    return f"[{WORD}: " + " ".join(f'{key}="{safe_value(value).strip() or "-"}"' for key, value in attrs) + "]"


def use_lines(ruleset: Ruleset) -> list[str]:
    """The use tag as the reminder teaches it, when the ruleset has catalog entries."""
    entries = [e for c in ruleset.catalogs or [] for e in c.entries if getattr(e, "rows", None)]
    if not entries:
        return []
    first = next((e for e in entries if getattr(e, "mechanics", None) is not None), entries[0])
    slots = getattr(getattr(ruleset, "battle", None), "slots", None)
    # Items lend their uses through the same tag (a potion, a wand, a staff's moreUses).
    items = any(e.item is not None and e.item.use is not None for c in ruleset.catalogs or [] for e in c.entries)
    kinds = "Abilities, features, spells and carried items with a use" if items else "Abilities, features and spells"
    return [f'{kinds}: [use: who="Name" entry="{first.label}"]'
            + (' (level= pays a higher spell slot)' if slots else "")
            + "; target= names whom it is aimed at. The Engine pays the cost, rolls and writes paid, dice, "
            'amount and did with result="used", or result="refused" with the reason; never write them yourself.']
