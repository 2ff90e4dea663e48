"""One `[sheet: who="Name" op=...]` tag applied to a character present in the game.

Owns: `run_character(ruleset, state, members, tag)`, `OPS`, the receipt's `now` and
`pools_now` (a sheet's pools and tracks in words, also a fight's write-back receipt). The
command reads the member's sheet as the snapshot holds it (`members.member_sheet`), runs
one of the sheet's own operations (`shared.sheet.ops`, `shared.sheet.rests`: the rules a
player's sheet buttons follow) and writes the result back sparsely. A refused command
changes nothing; its receipt's `reason` is the sheet's own refusal code
(`reason="insufficient"`, `unknown-state`, `unknown-value`, ...), the shape Marinara's
receipts use, and a name that is no member is `unknown-character`.

The operations (spec/sheet.md, issue 21 section 2):

- `spend` / `restore` `pool= amount=` (1 when omitted): a pool by id, label or list row,
  each slot level its own pool (`pool="slots_3"`); `now="1/2"`.
- `damage` / `heal` `pool=` or `track=` (`kind=`, `box=`), `amount=`: on a pool temporary
  points soak first and it never goes below 0; on a harm track a negative amount heals,
  overflow first, only marks of `kind` when it names one. `now="23/28"` on a pool,
  `now="2/4 Winded"` on a harm track (`"3/6 marked"` on boxes, `"0/4 clear"`).
- `mark` / `clear` `track= amount=`: a plain track moved up or down by the amount
  (`now="2/6"`); on a harm track `mark` is `damage` and `clear` is `heal`.
- `track` `track= by=|to=`: a plain track moved or set.
- `condition` `condition= state="on"|"off"` (also `set`/`clear`): `now="on"`.
- `state` `state= value=`: a live state by id or label, its value by value or label.
- `note` `field= value=`: a live note (what the character concentrates on).
- `temp` `pool= amount=`: temporary points on a pool that takes them.
- `rest` `rest=`: the ruleset's rest by id or label, every step in order.
- `consume` `item= amount=`: a carried consumable used up (the last one takes the stack
  off); `charge` `item= amount=` spends an item's charges, `recharge` `item= amount=`
  gives them back (to the item's maximum without `amount=`); `now="6 left"`, `"2/3
  charges"` (shared/sheet/item_ops.py).
- `advance`: refused (`no-advancement`): a ruleset declares advancement for the party
  sheet only, so no character field may be changed from a reply.

`who="party"` applies the command to every member in order; if any member's sheet
refuses it, nothing changes and the reason names that member.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from shared.dice import Roller
from shared.clocks.commands import Result, ok, read_attrs, refused
from shared.clocks.tags import Tag
from shared.ruleset.package import Ruleset
from shared.sheet import item_ops, ops
from shared.sheet.harm import level_label
from shared.sheet.refusal import BAD_AMOUNT, Refusal
from shared.sheet.view import SheetView

from .members import UNKNOWN_CHARACTER, find_member, member_sheet, with_member_sheet
from .state import State

_WHOLE = re.compile(r"^[+-]?\d{1,6}$")
KEYS = ("who", "op", "pool", "amount", "track", "kind", "box", "condition", "state", "value", "field", "by",
        "to", "rest", "set", "clear", "item")
#: What each operation reads besides `who` and `op`.
TAKES: dict[str, tuple[str, ...]] = {
    "spend": ("pool", "amount"),
    "restore": ("pool", "amount"),
    "temp": ("pool", "amount"),
    "damage": ("pool", "track", "kind", "box", "amount"),
    "heal": ("pool", "track", "kind", "amount"),
    "mark": ("track", "kind", "box", "amount"),
    "clear": ("track", "kind", "amount"),
    "track": ("track", "by", "to"),
    "condition": ("condition", "state", "set", "clear"),
    "state": ("state", "value"),
    "note": ("field", "value"),
    "rest": ("rest",),
    "consume": ("item", "amount"),
    "charge": ("item", "amount"),
    "recharge": ("item", "amount"),
    "advance": ("field", "by", "to"),
}
#: The operations on a carried stack (`live.items`), by op.
ITEM_OPS = {"consume": item_ops.consume, "charge": item_ops.charge, "recharge": item_ops.recharge}
OPS = tuple(TAKES)
PARTY = "party"
#: The receipt key of a refusal's sentence (in the reply's receipts, never in the tag).
MESSAGE = "message"
NO_ADVANCEMENT = "no-advancement"
BAD_COMMAND = "bad-command"


def _number(value: str | None) -> Any:
    """Tag attributes arrive as text ("+1", "-2"); a whole number is read as one, anything
    else is handed on for the sheet's operation to refuse by name (`bad-amount`)."""
    return int(value) if value is not None and _WHOLE.match(value.strip()) else value


def _condition_on(attrs: dict[str, Any]) -> bool | Refusal:
    given = [k for k in ("set", "clear", "state") if k in attrs]
    if len(given) > 1:
        return Refusal(BAD_COMMAND, "a condition is set or cleared, not both")
    if given in ([], ["set"]):
        return True
    if given == ["clear"]:
        return False
    state = str(attrs["state"]).strip().lower()
    if state in ("on", "set"):
        return True
    if state in ("off", "clear"):
        return False
    return Refusal(BAD_COMMAND, 'a condition is set with state="on" or cleared with state="off"')


def _operate(ruleset: Ruleset, sheet: dict[str, Any], op: str, attrs: dict[str, Any],
             roller: Roller | None = None) -> dict[str, Any] | Refusal:
    """The sheet after one operation, or the sheet's refusal."""
    if op in ITEM_OPS:
        # `recharge` without an amount fills the item back up; the others use one.
        given = attrs.get("amount", None if op == "recharge" else "1")
        return ITEM_OPS[op](ruleset, sheet, attrs.get("item"), _number(given) if given is not None else None)
    amount = _number(attrs.get("amount", "1"))
    box = _number(attrs.get("box")) if "box" in attrs else None
    pool, track, kind = attrs.get("pool"), attrs.get("track"), attrs.get("kind")
    if op == "spend":
        return ops.spend(ruleset, sheet, pool, amount)
    if op == "restore":
        return ops.restore(ruleset, sheet, pool, amount)
    if op == "temp":
        return ops.set_temp(ruleset, sheet, pool, amount)
    if op == "damage":
        return ops.damage(ruleset, sheet, amount, pool=pool, track=track, kind=kind, box=box)
    if op == "heal":
        return ops.heal(ruleset, sheet, amount, pool=pool, track=track, kind=kind)
    if op in ("mark", "clear"):
        info = ops.find_track(SheetView(ruleset, sheet), track)
        if info is not None and info.harm is not None:
            if op == "mark":
                return ops.mark(ruleset, sheet, info.id, kind, amount, box)
            return ops.heal(ruleset, sheet, amount, track=track, kind=kind)
        if kind is not None or box is not None:
            return Refusal(BAD_COMMAND, f"{op} on a plain track takes no kind or box")
        if isinstance(amount, int) and amount < 0:
            return Refusal(BAD_AMOUNT, f"{op} moves a track by a positive amount, not {amount}")
        by = amount if op == "mark" or not isinstance(amount, int) else -amount
        return ops.move_track(ruleset, sheet, track, by=by)
    if op == "track":
        by, to = attrs.get("by"), attrs.get("to")
        return ops.move_track(ruleset, sheet, track, by=_number(by) if by is not None else None,
                              to=_number(to) if to is not None else None)
    if op == "condition":
        on = _condition_on(attrs)
        if isinstance(on, Refusal):
            return on
        return ops.set_condition(ruleset, sheet, attrs.get("condition"), on)
    if op == "state":
        return ops.set_state(ruleset, sheet, attrs.get("state"), attrs.get("value"))
    if op == "note":
        return ops.set_text(ruleset, sheet, attrs.get("field"), attrs.get("value", ""))
    if op == "rest":
        return ops.apply(ruleset, sheet, {"op": "rest", "rest": attrs.get("rest")}, roller)
    return Refusal(NO_ADVANCEMENT, "a ruleset declares advancement for the party sheet only, so a character's "
                   "fields are not changed from a reply")


# ---------------------------------------------------------------------------
# The receipt's now
# ---------------------------------------------------------------------------


def _pool_now(view: SheetView, name: object) -> str:
    info = ops.find_pool(view, name)
    hit = view.pool(info.key) if info is not None else None
    if hit is None:
        return "-"
    info, current, temp = hit
    return f"{current}/{info.max}" + (f" +{temp} temp" if temp else "")


def _track_now(view: SheetView, name: object) -> str:
    info = ops.find_track(view, name)
    if info is None:
        return "-"
    if info.harm is None or info.state is None:
        return f"{info.value}/{info.max}"
    spec, state = info.harm, info.state
    if spec.boxes:
        text = f"{state.filled}/{spec.length} marked"
    else:
        text = f"{state.filled}/{spec.length} {level_label(spec, state) or 'clear'}"
    return text + (f" +{state.overflow} overflow" if state.overflow else "")


def pools_now(ruleset: Ruleset, sheet: dict[str, Any]) -> str:
    """Every pool and track the sheet shows away from its start: what a rest or a fight
    left (`Hit points 18/28, Hit dice 2/3, Exhaustion 1/6`)."""
    return _rest_now(SheetView(ruleset, sheet))


def _rest_now(view: SheetView) -> str:
    """After a rest: every pool and track the sheet shows, so the Game Master reads what
    came back."""
    parts: list[str] = []
    for key in view.pools():
        hit = view.pool(key)
        if hit is not None:
            parts.append(f"{hit[0].label} {hit[1]}/{hit[0].max}")
    for model in view.idx.tracks:
        info = view.track(model.id)
        if info is not None and (info.harm is not None or info.value != info.min):
            parts.append(f"{info.label} {_track_now(view, model.id)}")
    return ", ".join(parts) or "rested"


def _now(ruleset: Ruleset, sheet: dict[str, Any], op: str, attrs: dict[str, Any]) -> str:
    if op in ITEM_OPS:
        return item_ops.stack_now(ruleset, sheet, attrs.get("item"))
    view = SheetView(ruleset, sheet)
    if op in ("spend", "restore", "temp") or (op in ("damage", "heal") and "pool" in attrs):
        return _pool_now(view, attrs.get("pool"))
    if op in ("damage", "heal", "mark", "clear", "track"):
        return _track_now(view, attrs.get("track"))
    if op == "condition":
        condition = view.idx.find(view.idx.conditions, attrs.get("condition"))
        return "on" if condition is not None and condition.id in view.conditions() else "off"
    if op == "state":
        live_state = view.idx.find(list(view.idx.states.values()), attrs.get("state"))
        if live_state is None:
            return "-"
        value = view.state(live_state.id) or live_state.start_value()
        return str((live_state.valueLabels or {}).get(value, value))
    if op == "note":
        note = view.idx.find(list(view.idx.texts.values()), attrs.get("field"))
        return view.text(note.id) if note is not None else "-"
    return _rest_now(view)


# ---------------------------------------------------------------------------
# The tag
# ---------------------------------------------------------------------------


def _one(ruleset: Ruleset, state: State, member: dict[str, Any], op: str,
         attrs: dict[str, Any], roller: Roller | None = None) -> tuple[State, str] | Refusal:
    sheet = member_sheet(state, member)
    result = _operate(ruleset, sheet, op, attrs, roller)
    if isinstance(result, Refusal):
        return result
    return with_member_sheet(ruleset, state, member, result), _now(ruleset, result, op, attrs)


def _refused(refusal: Refusal, reason: str, before: str = "") -> Result:
    """The receipt of a refusal: the code as its `reason` (Marinara's receipt shape), and
    the sheet's sentence as its `message`, which the reply's receipts carry for the host
    and the tag does not (spec abilities.md: refusals in words)."""
    return refused(reason) + [(MESSAGE, before + refusal.message)]


def run_character(ruleset: Ruleset, state: State, members: Sequence[dict[str, Any]], tag: Tag,
                  roller: Roller | None = None) -> tuple[State, Result]:
    """One `[sheet: ...]` tag on a character (or `who="party"`: every member); `roller` is
    the game's dice, which a rest under a disease rolls (shared/sheet/diseases.py)."""
    attrs = read_attrs(tag, KEYS, "a sheet tag")
    if isinstance(attrs, str):
        return state, refused(attrs)
    op = str(attrs.get("op") or "").strip().lower()
    if op not in TAKES:
        return state, refused(f"unknown-op: the sheet commands are {', '.join(OPS)}")
    extra = [k for k in attrs if k not in ("who", "op", *TAKES[op])]
    if extra:
        return state, refused(f"{op} takes no {extra[0]}")
    who = attrs.get("who")
    if isinstance(who, str) and who.strip().lower() == PARTY:
        if not members:
            return state, refused(f"{UNKNOWN_CHARACTER}: the game has no members")
        nows: list[str] = []
        after = state
        for member in members:
            done = _one(ruleset, after, member, op, attrs, roller)
            if isinstance(done, Refusal):
                # One member's refusal refuses the whole command: nobody changes.
                return state, _refused(done, f"{done.code}: {member['name']}", f"{member['name']}: ")
            after, now = done
            nows.append(f"{member['name']} {now}")
        return after, ok("; ".join(nows))
    found = find_member(members, who)
    if isinstance(found, Refusal):
        return state, _refused(found, found.code)
    done = _one(ruleset, state, found, op, attrs, roller)
    if isinstance(done, Refusal):
        return state, _refused(done, done.code)
    return done[0], ok(done[1])
