"""What the Game Master is told about each character and the character commands it may
write (spec/sheet.md "Game Master text", "Live state", "Harm tracks").

Owns: `sheet_block(ruleset, name, sheet)` (one member's block, read from the live state the
snapshot holds: `gm.sheetSummary`'s fields, derived values and list rows, or every visible
field and derived value when the ruleset names none; always the ability modifiers, the
trained skills and saves, the penalties and modifiers its checks carry (an untrained rule
in force, such as "Tinker: untrained -2", and each `resolution.adjust` entry that is not 0), the pools, the tracks away from their default or `alwaysShow`,
each harm track's level, marks and cost, every state's value, defaults included, the
conditions and notes), `guidance_lines(ruleset)` (`sheetGuidance`, `checkGuidance` or the
built-in paragraph, and the untrained rules by section or skill) and
`command_lines(ruleset)` (the character commands this ruleset allows, with its own ids:
pools, harm tracks with their levels and kinds, plain tracks marked, cleared or set, with their range, conditions,
states with their values, notes and rests). Text the ruleset or a player wrote is made
one line opening no tag (`shared.plain_text`).
"""

from __future__ import annotations

from typing import Any

from shared import plain_text
from shared.ruleset.package import Ruleset
from shared.ruleset.sheet_refs import get
from shared.sheet.index import index_for, plain
from shared.sheet.output import compute_sheet_json
from shared.sheet.view import SheetView

#: The built-in paragraph when the ruleset writes no `checkGuidance`.
CHECK_GUIDANCE = ("Call for a check only when the outcome is uncertain and failing is interesting: name the "
                  "character, the skill, save or ability and the difficulty. Never add modifiers, state a total "
                  "or decide the result: the Engine reads the sheet, rolls and reports the outcome.")


def _line(text: Any) -> str:
    return plain_text.plain(str(plain(text)))


def _signed(value: Any) -> str:
    value = plain(value)
    return f"+{value}" if isinstance(value, (int, float)) and value >= 0 else str(value)


def _number(view: SheetView, value: Any) -> str:
    """A check's number as the ruleset reads it: a count of dice in a pool, else a bonus."""
    if view.idx.resolution_kind == "dice-pool":
        return f"{plain(value)} dice"
    return _signed(value)


def _field_text(view: SheetView, field_id: str, value: Any) -> str | None:
    model = view.idx.fields.get(field_id)
    if model is None or value in (None, ""):
        return None
    if model.type == "enum":
        value = (getattr(model, "valueLabels", None) or {}).get(value, value)
    if model.type == "boolean":
        value = "yes" if value else "no"
    return f"{model.label} {_line(value)}"


def _summary_rows(view: SheetView, entry: Any) -> str:
    lst = view.idx.lists.get(entry.list)
    if lst is None:
        return ""
    groups: dict[str, list[str]] = {}
    for row in view.rows(entry.list):
        if entry.onlyWhen is not None and view.cell(entry.list, row, entry.onlyWhen) is not True:
            continue
        name = view.cell(entry.list, row, entry.nameColumn)
        if name in (None, ""):
            continue
        words = [_line(name)]
        for column in entry.columns or []:
            cell = view.cell(entry.list, row, column)
            spec = lst.column(column)
            if cell is True and spec is not None:
                words.append(spec.label)
            elif cell not in (None, "", False):
                words.append(_line(cell))
        group = _line(view.cell(entry.list, row, entry.groupBy)) if entry.groupBy else ""
        groups.setdefault(group, []).append(" ".join(words))
    parts = [(f"{g}: " if g else "") + ", ".join(rows) for g, rows in groups.items()]
    return f"- {lst.label}: " + ("; ".join(parts) or "none")


def sheet_block(ruleset: Ruleset, name: str, sheet: dict[str, Any]) -> list[str]:
    view = SheetView(ruleset, sheet)
    idx = view.idx
    shown = compute_sheet_json(ruleset, {"name": name, "sheet": sheet})
    lines = [_line(name)]
    summary = ruleset.gm.sheetSummary if ruleset.gm is not None else None
    field_ids = summary.fields if summary is not None else list(shown["fields"])
    fields = [t for t in (_field_text(view, f, shown["fields"].get(f)) for f in field_ids if f in shown["fields"]) if t]
    if fields:
        lines.append("- " + ", ".join(fields))
    derived_ids = summary.derived if summary is not None else list(shown["derived"])
    derived = [f"{idx.derived_by_id[d].label} {_line(shown['derived'][d])}" for d in derived_ids
               if d in shown["derived"] and d in idx.derived_by_id]
    if derived:
        lines.append("- " + ", ".join(derived))
    # In a pool the ability is a count of dice; in a sum its modifier is what is added.
    pool_kind = idx.resolution_kind == "dice-pool"
    abilities = [f"{a.label} " + (str(plain(shown['abilities'][a.id]['mod'])) if pool_kind
                                  else _signed(shown['abilities'][a.id]['mod']))
                 for a in idx.abilities if a.id in shown["abilities"]]
    if abilities:
        lines.append("- Abilities: " + ", ".join(abilities))
    for kind, title, checks in (("skill", "Trained skills", idx.skills), ("save", "Trained saves", idx.saves)):
        trained = []
        for check_id, check_spec in checks.items():
            check = view.check(kind, check_id)
            if check is not None and check.trained and check.number is not None:
                trained.append(f"{check_spec.label} {_number(view, check.number)}")
        if checks:
            lines.append(f"- {title}: " + (", ".join(trained) or "none"))
    modifiers = _untrained_in_force(view) + _adjust_in_force(view)
    if modifiers:
        lines.append("- On checks: " + "; ".join(modifiers))
    pools = []
    for key, pool in shown["pools"].items():
        pool_info = view.pool_info(key)
        label = pool_info.label if pool_info is not None else key
        temp = f" +{pool['temp']} temp" if pool.get("temp") else ""
        pools.append(f"{label} {pool['current']}/{pool['max']}{temp}")
    if pools:
        lines.append("- " + ", ".join(pools))
    tracks = []
    for model in idx.tracks:
        info = view.track(model.id)
        if info is None:
            continue
        if info.harm is not None and info.state is not None:
            spec, state = info.harm, info.state
            marks = " ".join(spec.labels[m] for m in state.marks if m is not None)
            where = (f"{state.filled} of {spec.length} boxes marked" if spec.boxes
                     else (view.harm_level(model.id) or "unmarked"))
            extra = f", {state.overflow} overflow" if state.overflow else ""
            cost = f", {info.penalty} on every check" if info.penalty else ""
            count = "" if spec.boxes or not state.filled else f", {state.filled} of {spec.length} marked"
            tracks.append(f"{info.label}: {where}{count}" + (f" ({marks})" if marks else "") + extra + cost)
            continue
        default = model.default if model.default is not None else model.min
        if info.value != default or model.alwaysShow:
            tracks.append(f"{info.label} {info.value}/{info.max}")
    if tracks:
        lines.append("- " + "; ".join(tracks))
    states = []
    for sid, live_state in idx.states.items():
        value = view.state(sid)
        if value is not None:
            states.append(f"{live_state.label}: {(live_state.valueLabels or {}).get(value, value)}")
    if states:
        lines.append("- " + ", ".join(states))
    conditions = [c.label for c in idx.conditions if c.id in view.conditions()]
    if idx.conditions:
        lines.append("- Conditions: " + (", ".join(conditions) or "none"))
    for tid, text in idx.texts.items():
        if view.text(tid):
            lines.append(f"- {text.label}: {_line(view.text(tid))}")
    for entry in summary.lists if summary is not None else []:
        row_line = _summary_rows(view, entry)
        if row_line:
            lines.append(row_line)
    return lines


def _by(view: SheetView, by: Any) -> str:
    """A number a check gains or loses: dice in a pool, a flat amount in a sum."""
    if view.idx.resolution_kind == "dice-pool":
        return f"{_signed(by)} {'die' if abs(by) == 1 else 'dice'}"
    return _signed(by)


def _untrained_in_force(view: SheetView) -> list[str]:
    """The untrained rule of each skill and save this character is not trained in, where it
    changes the check (spec/sheet.md "Untrained checks"): the block lists only trained checks,
    so without this the GM would not know that an untrained Tinker is two down."""
    out = []
    for kind, checks in (("skill", view.idx.skills), ("save", view.idx.saves)):
        for check_id, check_spec in checks.items():
            check = view.check(kind, check_id)
            if check is None or check.trained or check.untrained in (None, "normal"):
                continue
            if check.untrained == "refuse":
                out.append(f"{check_spec.label}: untrained, cannot be attempted")
            elif check.untrained == "harder":
                out.append(f"{check_spec.label}: untrained, one step harder")
            else:
                out.append(f"{check_spec.label}: untrained {_by(view, check.untrained)}")
    return out


def _adjust_in_force(view: SheetView) -> list[str]:
    """Each `resolution.adjust` entry whose value is not 0 now (spec/sheet.md "Sheet
    modifiers"), named by the value it reads and the abilities whose checks it follows."""
    idx = view.idx
    labels = {a.id: a.label for a in idx.abilities}
    out = []
    for ref, only in idx.adjust:
        value = view.value(ref)
        if not value:
            continue
        name = "Sheet modifier"
        if getattr(ref, "derived", None) in idx.derived_by_id:
            name = idx.derived_by_id[ref.derived].label
        elif getattr(ref, "field", None) in idx.fields:
            name = idx.fields[ref.field].label
        amount = int(value) if float(value).is_integer() else value
        named = [label for aid, label in labels.items() if only is not None and aid in only]
        scope = f"on {', '.join(named)} checks" if only else "on every check"
        out.append(f"{name} {_by(view, amount)} {scope}")
    return out


def guidance_lines(ruleset: Ruleset) -> list[str]:
    gm = ruleset.gm
    lines = []
    if gm is not None and gm.sheetGuidance:
        lines.append(gm.sheetGuidance)
    lines.append(gm.checkGuidance if gm is not None and gm.checkGuidance else CHECK_GUIDANCE)
    # A layer the game turned on appends its line of guidance for every turn.
    lines += [layer.gm.guidance for layer in ruleset.layers or []
              if layer.id in ruleset.layers_on and layer.gm is not None and layer.gm.guidance]
    idx = index_for(ruleset)
    by_section = {s.id: s for s in idx.sheet.sections}
    rules = []
    for section in idx.sheet.sections:
        if section.untrained not in (None, "normal"):
            rules.append(f"{section.label} skills: {_untrained_words(section.untrained)}")
    for spec in list(idx.sheet.skills) + list(idx.sheet.saves or []):
        own = spec.untrained
        if own is not None and own != "normal" and not (spec.section in by_section
                                                        and by_section[spec.section].untrained == own):
            rules.append(f"{spec.label}: {_untrained_words(own)}")
    if rules:
        lines.append("Untrained (a character not trained in it): " + "; ".join(rules) + ".")
    return lines


def _untrained_words(rule: Any) -> str:
    if rule == "refuse":
        return "cannot be attempted"
    if rule == "harder":
        return "one step harder"
    by = getattr(rule, "by", rule)
    return _signed(by)


def command_lines(ruleset: Ruleset) -> list[str]:
    """The character commands, taught with this ruleset's own ids."""
    idx = index_for(ruleset)
    who = 'who="Name"'
    lines = ["Character sheet commands (who= is a character's name, or party for every character; "
             "each is applied in order and answered with result and now, or refused with a reason: "
             "a refused command did not happen):"]
    if idx.pools:
        first = idx.pools[0].id
        lines.append(f'- [sheet: {who} op="spend" pool="{first}" amount="1"], op="restore" the same way; '
                     f'[sheet: {who} op="damage" pool="{first}" amount="5"], op="heal" the same way. '
                     "Pools: " + ", ".join(f"{p.id} ({p.label})" for p in idx.pools) + ".")
        temp = [p for p in idx.pools if p.allowTemp]
        if temp:
            lines.append(f'- [sheet: {who} op="temp" pool="{temp[0].id}" amount="5"] gives temporary points, '
                         "which a hit takes first and which do not stack (the new amount replaces the old). "
                         "Pools that take them: " + ", ".join(p.id for p in temp) + ".")
    harm = [t for t in idx.tracks if t.is_harm]
    plain_tracks = [t for t in idx.tracks if not t.is_harm]
    for track in harm:
        kinds = sorted(track.kinds or [], key=lambda k: k.severity)
        levels = (", ".join(f"{lv.label} ({lv.penalty})" for lv in track.levels or [])
                  if track.levels else "numbered boxes")
        box = ' box="1"' if track.fill == "indexed" else ""
        lines.append(
            f'- [sheet: {who} op="damage" track="{track.id}" kind="{kinds[0].id}" amount="1"{box}] marks '
            f"{track.label}; a negative amount heals, overflow first, and kind= heals only that kind. "
            f"Levels: {levels}. Kinds, lightest first: " + ", ".join(f"{k.id} ({k.label})" for k in kinds) + ".")
    if plain_tracks:
        first_track = plain_tracks[0].id
        lines.append(f'- [sheet: {who} op="mark" track="{first_track}" amount="1"], op="clear" the same way; '
                     f'[sheet: {who} op="track" track="{first_track}" to="0"] sets it (to= a number, min or max; '
                     "by= moves it either way). Tracks: " + ", ".join(f"{t.id} ({t.label}, {t.min} to {_range_top(t.max)})"
                                            for t in plain_tracks) + ".")
    if idx.conditions:
        lines.append(f'- [sheet: {who} op="condition" condition="{idx.conditions[0].id}" state="on"], state="off" '
                     "clears it. Conditions: " + ", ".join(c.id for c in idx.conditions) + ".")
    for sid, live_state in idx.states.items():
        values = ", ".join(live_state.values)
        lines.append(f'- [sheet: {who} op="state" state="{sid}" value="{live_state.values[-1]}"] sets '
                     f"{live_state.label}: {values} (default {live_state.start_value()}).")
    for tid, text in idx.texts.items():
        lines.append(f'- [sheet: {who} op="note" field="{tid}" value="..."] sets {text.label} '
                     f'(one line of at most {text.maxLength} characters; value="" clears it).')
    rests = list(ruleset.rests or [])
    if rests:
        last = rests[-1].id
        lines.append(f'- [sheet: {who} op="rest" rest="{last}"] runs a rest; [sheet: who="party" '
                     f'op="rest" rest="{last}"] rests every character. Rests: '
                     + ", ".join(f"{r.id} ({r.label})" for r in rests) + ".")
    if idx.items:
        stacked = next((get(entry, "label") for entry, item in idx.items.values() if get(item, "stack")), None)
        first = stacked or get(next(iter(idx.items.values()))[0], "label")
        lines.append(f'- [sheet: {who} op="consume" item="{first}" amount="1"] uses up what a character carries '
                     '(the last one leaves the sheet); op="charge" spends an item\'s charges and op="recharge" gives '
                     "them back (to its maximum without amount=).")
    return lines


def _range_top(top: Any) -> str:
    return str(top) if isinstance(top, int) else "its rating"
