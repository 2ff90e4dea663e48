"""Sheet operations with the sheet's own rules.

Owns: `spend`, `restore`, `damage`, `heal`, `set_temp`, `move_track`, `mark`,
`set_condition`, `set_state`, `set_text`, `advance` and `apply` (one command as a dict,
the shape of the Game Master's `[sheet: op=...]` tag). Each takes the ruleset and a plain
sheet (`{abilities, ..., live}`) and returns a new plain sheet, or a `Refusal` when the
sheet's rules refuse it; a refused operation changes nothing. The input is never mutated,
so a battle can keep the old state.

Pools are named by id, label or list-row key (`tricks:hold-the-line`) or row name; tracks,
conditions, states and fields by id or label; a state's value by the value or its label.
A pool, track or state the sheet hides is not on the sheet, so it cannot be changed.
"""

from __future__ import annotations

from typing import Any

from shared.dice import Roller

from . import harm as H
from .character import value_problem
from .healing import refused_restore
from .index import SheetRules, norm
from .live import live_part, with_live, with_pool
from .picks import rescale
from .refusal import (
    BAD_AMOUNT,
    BAD_BOX,
    BAD_VALUE,
    HARM_TRACK,
    INSUFFICIENT,
    NO_KIND,
    NO_TEMP,
    NOT_HARM_TRACK,
    TRACK_FULL,
    UNKNOWN_CONDITION,
    UNKNOWN_FIELD,
    UNKNOWN_KIND,
    UNKNOWN_OP,
    UNKNOWN_POOL,
    UNKNOWN_STATE,
    UNKNOWN_TEXT,
    UNKNOWN_TRACK,
    UNKNOWN_VALUE,
    Refusal,
)
from .diseases import release_cured
from .rests import rest as take_rest
from .view import PoolInfo, SheetView, TrackInfo, slug

Result = dict[str, Any] | Refusal

#: What one command may move at once; a bigger number is a typo or an invented amount.
MAX_AMOUNT = 100_000


def _amount(value: object, *, negative: bool = False) -> int | Refusal:
    if isinstance(value, bool) or not isinstance(value, int):
        return Refusal(BAD_AMOUNT, f"the amount must be a whole number, not {value!r}")
    if abs(value) > MAX_AMOUNT or (value < 0 and not negative):
        return Refusal(BAD_AMOUNT, f"the amount {value} is out of range")
    return value


# ---------------------------------------------------------------------------
# Finding what a command names
# ---------------------------------------------------------------------------


def find_pool(view: SheetView, name: object) -> PoolInfo | None:
    if not isinstance(name, str):
        return None
    info = view.pool_info(name)
    if info is not None:
        return info
    pools = view.pools()
    wanted = norm(name)
    for info in pools.values():
        if norm(info.key) == wanted or norm(info.label) == wanted:
            return info
    for info in pools.values():
        if info.list_id is not None and info.key == f"{info.list_id}:{slug(name)}":
            return info
    return None


def find_track(view: SheetView, name: object) -> TrackInfo | None:
    model = view.idx.find(view.idx.tracks, name)
    return view.track(model.id) if model is not None else None


def _no_pool(name: object) -> Refusal:
    return Refusal(UNKNOWN_POOL, f"there is no pool {name!r} on this sheet")


def _no_track(name: object) -> Refusal:
    return Refusal(UNKNOWN_TRACK, f"there is no track {name!r} on this sheet")


# ---------------------------------------------------------------------------
# Pools
# ---------------------------------------------------------------------------


def _pool_now(view: SheetView, info: PoolInfo) -> tuple[int, int]:
    hit = view.pool(info.key)
    assert hit is not None
    return hit[1], hit[2]


def _pool_amount(ruleset: SheetRules, sheet: dict[str, Any], pool: object, amount: object) -> Refusal | tuple[int, SheetView, PoolInfo]:
    """The checked amount and the pool it is about, or the refusal of either: what every
    pool operation reads first."""
    amount = _amount(amount)
    if isinstance(amount, Refusal):
        return amount
    view = SheetView(ruleset, sheet)
    info = find_pool(view, pool)
    if info is None:
        return _no_pool(pool)
    return amount, view, info


def spend(ruleset: SheetRules, sheet: dict[str, Any], pool: object, amount: int) -> Result:
    found = _pool_amount(ruleset, sheet, pool, amount)
    if isinstance(found, Refusal):
        return found
    amount, view, info = found
    current, _temp = _pool_now(view, info)
    if amount > current:
        return Refusal(INSUFFICIENT, f"{info.label} has {current} left, not enough to spend {amount}")
    # What a refill put above the maximum is spent first (`excess`, mechanics-2 1.252).
    return with_pool(sheet, info.key, current - amount, info.max)


def restore(ruleset: SheetRules, sheet: dict[str, Any], pool: object, amount: int) -> Result:
    found = _pool_amount(ruleset, sheet, pool, amount)
    if isinstance(found, Refusal):
        return found
    amount, view, info = found
    current, _temp = _pool_now(view, info)
    return with_pool(sheet, info.key, max(current, min(info.max, current + amount)), info.max)


def refill(ruleset: SheetRules, sheet: dict[str, Any], pool: object, amount: int, *, over_max: bool = False) -> Result:
    """`restore` (mechanics-2 1.252, Font of Magic): `amount` more in the pool, up to its
    maximum, or past it with `over_max` (the excess kept apart until a rest fills the pool)."""
    if not over_max:
        return restore(ruleset, sheet, pool, amount)
    found = _pool_amount(ruleset, sheet, pool, amount)
    if isinstance(found, Refusal):
        return found
    amount, view, info = found
    current, _temp = _pool_now(view, info)
    return with_pool(sheet, info.key, current + amount, info.max)


def set_temp(ruleset: SheetRules, sheet: dict[str, Any], pool: object, amount: int, *, keep_bigger: bool = False) -> Result:
    """Temporary points on a pool with `allowTemp`. With `keep_bigger` they do not stack:
    only the bigger buffer stands."""
    found = _pool_amount(ruleset, sheet, pool, amount)
    if isinstance(found, Refusal):
        return found
    amount, view, info = found
    if not info.allow_temp:
        return Refusal(NO_TEMP, f"{info.label} takes no temporary points")
    _current, temp = _pool_now(view, info)
    temps = live_part(sheet, "temp")
    new = max(temp, amount) if keep_bigger else amount
    if new:
        temps[info.key] = new
    else:
        temps.pop(info.key, None)
    return with_live(sheet, temp=temps)


def _damage_pool(view: SheetView, sheet: dict[str, Any], info: PoolInfo, amount: int) -> dict[str, Any]:
    current, temp = _pool_now(view, info)
    soaked = min(temp, amount)
    temps = live_part(sheet, "temp")
    if soaked:
        if temp - soaked:
            temps[info.key] = temp - soaked
        else:
            temps.pop(info.key, None)
    pools = live_part(sheet, "pools")
    pools[info.key] = max(0, current - (amount - soaked))
    return with_live(sheet, pools=pools, temp=temps)


# ---------------------------------------------------------------------------
# Harm tracks
# ---------------------------------------------------------------------------


def _write_harm(sheet: dict[str, Any], track_id: str, state: H.HarmState) -> dict[str, Any]:
    marks = live_part(sheet, "marks")
    overflow = live_part(sheet, "overflow")
    stored, extra = state.stored()
    if stored:
        marks[track_id] = stored
    else:
        marks.pop(track_id, None)
    if extra:
        overflow[track_id] = extra
    else:
        overflow.pop(track_id, None)
    return with_live(sheet, marks=marks, overflow=overflow)


def mark(
    ruleset: SheetRules, sheet: dict[str, Any], track: str, kind: str | None, amount: int = 1, box: int | None = None
) -> Result:
    """`amount` marks of `kind` on a harm track; a negative amount heals (overflow first,
    then the lightest marks, or only marks of `kind` when it is one of the track's)."""
    marks = _amount(amount, negative=True)
    if isinstance(marks, Refusal):
        return marks
    view = SheetView(ruleset, sheet)
    info = find_track(view, track)
    if info is None:
        return _no_track(track)
    if info.harm is None or info.state is None:
        return Refusal(NOT_HARM_TRACK, f"{info.label} is a plain track, not one that is marked")
    spec, state = info.harm, info.state
    if marks < 0:
        return _write_harm(sheet, info.id, H.heal(spec, state, -marks, kind))
    if marks == 0:
        return sheet
    if kind is None:
        return Refusal(NO_KIND, f"a mark on {spec.label} needs a kind: " + ", ".join(spec.ladder))
    if kind not in spec.severity:
        return Refusal(UNKNOWN_KIND, f"{spec.label} takes no kind {kind!r}: " + ", ".join(spec.ladder))
    if box is not None:
        if not spec.indexed:
            return Refusal(BAD_BOX, f"{spec.label} is not filled by box")
        if isinstance(box, bool) or not isinstance(box, int) or not 1 <= box <= max(spec.length, 1):
            return Refusal(BAD_BOX, f"box {box!r} is not on {spec.label} ({spec.length} boxes)")
    if spec.indexed:
        result = H.mark_indexed(spec, state, kind, marks, box or 1)
    else:
        result = H.mark_sequential(spec, state, kind, marks)
    if isinstance(result, str):
        return Refusal(TRACK_FULL, result)
    return _write_harm(sheet, info.id, result)


# ---------------------------------------------------------------------------
# damage and heal: a pool, or a harm track
# ---------------------------------------------------------------------------


def damage(
    ruleset: SheetRules,
    sheet: dict[str, Any],
    amount: int,
    *,
    pool: str | None = None,
    track: str | None = None,
    kind: str | None = None,
    box: int | None = None,
) -> Result:
    """Harm on a pool (temporary points first, never below 0) or marks on a harm track
    (a negative amount heals the track, as the spec's command does)."""
    if (pool is None) == (track is None):
        return Refusal(BAD_VALUE, "damage names exactly one of a pool and a track")
    if track is not None:
        return mark(ruleset, sheet, track, kind, amount, box)
    assert pool is not None  # exactly one of the two is named (checked above)
    found = _pool_amount(ruleset, sheet, pool, amount)
    if isinstance(found, Refusal):
        return found
    amount, view, info = found
    return _damage_pool(view, sheet, info, amount)


def heal(
    ruleset: SheetRules,
    sheet: dict[str, Any],
    amount: int,
    *,
    pool: str | None = None,
    track: str | None = None,
    kind: str | None = None,
) -> Result:
    """Back up to the pool's maximum, or marks cleared from a harm track."""
    if (pool is None) == (track is None):
        return Refusal(BAD_VALUE, "heal names exactly one of a pool and a track")
    healed = _amount(amount)
    if isinstance(healed, Refusal):
        return healed
    if track is not None:
        return mark(ruleset, sheet, track, kind, -healed)
    assert pool is not None  # exactly one of the two is named (checked above)
    return restore(ruleset, sheet, pool, healed)


# ---------------------------------------------------------------------------
# Plain tracks, conditions, states, text, fields
# ---------------------------------------------------------------------------


def move_track(ruleset: SheetRules, sheet: dict[str, Any], track: object, *, by: int | None = None, to: Any = None) -> Result:
    """A plain track moved `by` a number or set `to` a number, "min" or "max", kept within
    its bounds. A harm track refuses: a number alone cannot tell a mark's kind."""
    if (by is None) == (to is None):
        return Refusal(BAD_VALUE, 'the track command has exactly one of "by" and "to"')
    view = SheetView(ruleset, sheet)
    info = find_track(view, track)
    if info is None:
        return _no_track(track)
    if info.harm is not None:
        return Refusal(HARM_TRACK, f"{info.label} is marked by kind, not moved by a number: use damage with a kind")
    if by is not None:
        step = _amount(by, negative=True)
        if isinstance(step, Refusal):
            return step
        target = info.value + step
    elif to == "min":
        target = info.min
    elif to == "max":
        target = info.max
    else:
        number = _amount(to, negative=True)
        if isinstance(number, Refusal):
            return number
        target = number
    tracks = live_part(sheet, "tracks")
    tracks[info.id] = min(max(target, info.min), info.max)
    return with_live(sheet, tracks=tracks)


def set_condition(ruleset: SheetRules, sheet: dict[str, Any], condition: object, on: bool = True) -> Result:
    view = SheetView(ruleset, sheet)
    model = view.idx.find(view.idx.conditions, condition)
    if model is None:
        return Refusal(UNKNOWN_CONDITION, f"there is no condition {condition!r} on this sheet")
    current = view.conditions()
    if on and model.id not in current:
        current.append(model.id)
    elif not on and model.id in current:
        current.remove(model.id)
    else:
        return sheet
    order = [c.id for c in view.idx.conditions if c.id in current]
    done = with_live(sheet, conditions=order)
    # A disease's `restoredWhenCured` gives back what rests under it took (1.261).
    return done if on else release_cured(done, model.id)


def set_state(ruleset: SheetRules, sheet: dict[str, Any], state: object, value: object) -> Result:
    """A live state set to one of its values (by value or label). Only a state changed
    from its default is stored."""
    view = SheetView(ruleset, sheet)
    model = view.idx.find(list(view.idx.states.values()), state)
    if model is None or view.state(model.id) is None:
        return Refusal(UNKNOWN_STATE, f"there is no state {state!r} on this sheet")
    chosen = None
    if isinstance(value, str):
        labels = model.valueLabels or {}
        chosen = next((v for v in model.values if v == value), None) or next(
            (v for v in model.values if norm(v) == norm(value) or norm(labels.get(v, "")) == norm(value)), None
        )
    if chosen is None:
        return Refusal(
            UNKNOWN_VALUE, f"{model.label} has no value {value!r}: " + ", ".join(model.values)
        )
    states = live_part(sheet, "states")
    if chosen == model.start_value():
        states.pop(model.id, None)
    else:
        states[model.id] = chosen
    return with_live(sheet, states=states)


def set_text(ruleset: SheetRules, sheet: dict[str, Any], text: object, value: object) -> Result:
    """A live note (what the character concentrates on); empty text clears it."""
    view = SheetView(ruleset, sheet)
    model = view.idx.find(list(view.idx.texts.values()), text)
    if model is None:
        return Refusal(UNKNOWN_TEXT, f"there is no note {text!r} on this sheet")
    if not isinstance(value, str) or len(value) > model.maxLength or "\n" in value:
        return Refusal(BAD_VALUE, f"{model.label} holds one line of at most {model.maxLength} characters")
    texts = live_part(sheet, "text")
    if value:
        texts[model.id] = value
    else:
        texts.pop(model.id, None)
    return with_live(sheet, text=texts)


def advance(ruleset: SheetRules, sheet: dict[str, Any], field: object, *, by: Any = None, to: Any = None) -> Result:
    """A permanent change to a field: a number field `by` a number or `to` a value, any
    other field `to` a value; the result must be a value the field can hold."""
    if (by is None) == (to is None):
        return Refusal(BAD_VALUE, 'advance has exactly one of "by" and "to"')
    view = SheetView(ruleset, sheet)
    model = view.idx.find(list(view.idx.fields.values()), field)
    if model is None:
        return Refusal(UNKNOWN_FIELD, f"there is no field {field!r} on this sheet")
    if by is not None:
        if model.type != "number":
            return Refusal(BAD_VALUE, f'{model.label} is not a number, so it is advanced "to" a value')
        step = _amount(by, negative=True)
        if isinstance(step, Refusal):
            return step
        new = view.field(model.id) + step
    else:
        new = to
    reason = value_problem(model, new)
    if reason is not None:
        return Refusal(BAD_VALUE, f"{model.label} {reason}")
    fields = dict(sheet.get("fields") or {})
    fields[model.id] = new
    # An edit: the catalog rows' `scaled` columns follow it now (and never on a read).
    return rescale(ruleset, {**sheet, "fields": fields})


# ---------------------------------------------------------------------------
# One command as data
# ---------------------------------------------------------------------------


def _int(value: Any) -> Any:
    """Tag attributes arrive as text ("+1", "-2"); numbers pass through."""
    if isinstance(value, str):
        text = value.strip()
        if text.lstrip("+-").isdigit():
            return int(text)
    return value


def apply(ruleset: SheetRules, sheet: dict[str, Any], command: dict[str, Any], roller: Roller | None = None) -> Result:
    """One operation written as data: `{"op": "spend", "pool": "grit", "amount": 2}`;
    `roller` gives the dice a rest under a disease rolls (diseases.py).

    ops: spend, restore, temp, damage (pool= or track= with kind=, box=), heal, track (by=
    or to=), condition (state="on"|"off"), state (value=), note (field=, value=), advance
    (field=, by= or to=), rest (rest=). A restore of the health pool a condition denies
    healing is refused `cannot-heal` unless it is magical (`"magical": true`, mechanics-3
    1.261)."""
    op = command.get("op")
    amount = _int(command.get("amount", 1))
    if op == "spend":
        return spend(ruleset, sheet, command.get("pool"), amount)
    if op == "restore":
        found = _pool_amount(ruleset, sheet, command.get("pool"), amount)
        if isinstance(found, Refusal):
            return found
        refused = refused_restore(ruleset, found[1], found[2], command)
        if refused is not None:
            return refused
        return restore(ruleset, sheet, command.get("pool"), amount)
    if op == "temp":
        return set_temp(ruleset, sheet, command.get("pool"), amount)
    if op == "damage":
        box = command.get("box")
        return damage(
            ruleset, sheet, amount, pool=command.get("pool"), track=command.get("track"),
            kind=command.get("kind"), box=_int(box) if box is not None else None,
        )
    if op == "heal":
        return heal(ruleset, sheet, amount, pool=command.get("pool"), track=command.get("track"), kind=command.get("kind"))
    if op == "track":
        by, to = command.get("by"), command.get("to")
        return move_track(
            ruleset, sheet, command.get("track"), by=_int(by) if by is not None else None,
            to=_int(to) if to is not None else None,
        )
    if op == "condition":
        state = command.get("state", "on")
        if state not in ("on", "off", True, False):
            return Refusal(BAD_VALUE, 'a condition is set with state="on" or state="off"')
        return set_condition(ruleset, sheet, command.get("condition"), state in ("on", True))
    if op == "state":
        return set_state(ruleset, sheet, command.get("state"), command.get("value"))
    if op == "note":
        return set_text(ruleset, sheet, command.get("field"), command.get("value", ""))
    if op == "advance":
        by, to = command.get("by"), command.get("to")
        return advance(ruleset, sheet, command.get("field"), by=_int(by) if by is not None else None, to=to)
    if op == "rest":
        return take_rest(ruleset, sheet, command.get("rest"), roller)
    return Refusal(UNKNOWN_OP, f"unknown sheet operation {op!r}")
