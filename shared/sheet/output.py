"""The computed sheet as JSON: what `battle sheet --ruleset R CHARACTER.json` prints.

Owns: `compute_sheet_json(ruleset, character)`. The first eight keys are the public shape
(DESIGN.md) and stay: `abilities` ({score, mod}), `skills`, `saves`, `fields`, `derived`,
`pools` ({current, max}, plus `temp` on pools that take temporary points), `tracks` (a
plain track's value; a harm track's number of marked boxes) and `conditions`. More keys
follow: `states`, `text`, `proficiencyBonus`, `tiers` (each skill's and save's tier),
`untrained` (the untrained rule in force where it changes a check: `"harder"`, `"refuse"`
or the `by` number), `harm` (each harm track's levels, marks, overflow, penalty), `penalty`
(the `penaltyFrom` track's penalty), `hidden` (the entries `hideWhen` hides) and `items`
(what the items held do now: each worn, carried or unmet-requirement effect in force, the
same list a fight reads beside conditions, so the sheet shows why a roll has a "- 1 (Grave
spade, Sinew under 3)"). A sheet that names `sections` ends with `sections`: each heading,
in the sheet's order, with the abilities, skills, saves, fields, derived values and lists
shown under it (spec/sheet.md: "the game sheet ... show them under that heading"); a sheet
without sections prints exactly as before.

A skill the character may not attempt untrained (`"refuse"`) shows no number, so it is
left out of `skills`/`saves` and appears in `untrained`. Hidden fields, derived values,
lists' pools, pools and tracks are left out and listed in `hidden`; a pool whose maximum
works out to 0 is no resource at all and is left out too.
"""

from __future__ import annotations

from typing import Any

from .carry import bearing
from .character import as_sheet
from .index import SheetRules, plain
from .items import ItemEffectInForce
from .view import SheetView


#: The parts of a sheet whose entries can name a section, in the order a heading lists them.
SECTIONED = ("abilities", "skills", "saves", "fields", "derived", "lists")


def sections_of(sheet: Any, hidden: list[str]) -> list[dict[str, Any]]:
    """The headings the game sheet shows: each section's id and label, and by part the ids
    of the entries that name it (hidden entries are not shown, so not listed; a part with
    no entry under the heading is left out)."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for section in sheet.sections:
        if section.id in seen:
            continue
        seen.add(section.id)
        heading: dict[str, Any] = {"id": section.id, "label": section.label}
        for part in SECTIONED:
            ids = [e.id for e in getattr(sheet, part) if getattr(e, "section", None) == section.id and e.id not in hidden]
            if ids:
                heading[part] = list(dict.fromkeys(ids))
        out.append(heading)
    return out


def compute_sheet_json(ruleset: SheetRules, character: Any) -> dict[str, Any]:
    view = SheetView(ruleset, as_sheet(character))
    idx = view.idx
    hidden: list[str] = []

    abilities = {a: {"score": plain(s), "mod": plain(view.mod(a))} for a, s in view.scores().items()}

    skills: dict[str, Any] = {}
    saves: dict[str, Any] = {}
    tiers: dict[str, dict[str, str]] = {"skills": {}, "saves": {}}
    untrained: dict[str, Any] = {}
    for kind, specs, numbers, tier_out in (
        ("skill", idx.skills, skills, tiers["skills"]),
        ("save", idx.saves, saves, tiers["saves"]),
    ):
        for cid in specs:
            check = view.check(kind, cid)
            assert check is not None
            tier_out[cid] = check.tier
            if check.untrained != "normal":
                untrained[cid] = check.untrained
            if check.number is not None:
                numbers[cid] = plain(check.number)

    fields: dict[str, Any] = {}
    for fid, entry in idx.fields.items():
        if view.hidden(entry.hideWhen):
            hidden.append(fid)
        else:
            fields[fid] = plain(view.field(fid))

    derived: dict[str, Any] = {}
    for rule in idx.derived:
        if rule.id in derived or rule.id in hidden:
            continue
        if view.hidden(rule.hideWhen):
            hidden.append(rule.id)
        else:
            derived[rule.id] = plain(view.derived(rule.id))

    for lst in idx.lists.values():
        if view.hidden(lst.hideWhen):
            hidden.append(lst.id)

    pools: dict[str, Any] = {}
    for key in view.pools():
        hit = view.pool(key)
        assert hit is not None
        pool_info, current, temp = hit
        shown: dict[str, Any] = {"current": current, "max": pool_info.max}
        if pool_info.allow_temp:
            shown["temp"] = temp
        pools[key] = shown
    for pool in idx.pools:
        if view.hidden(pool.hideWhen) and pool.id not in hidden:
            hidden.append(pool.id)

    tracks: dict[str, Any] = {}
    harm: dict[str, Any] = {}
    for model in idx.tracks:
        info = view.track(model.id)
        if info is None:
            hidden.append(model.id)
            continue
        tracks[model.id] = info.value
        if info.harm is not None and info.state is not None:
            stored, overflow = info.state.stored()
            harm[model.id] = {
                "marks": stored,
                "overflow": overflow,
                "penalty": info.penalty,
                "length": info.harm.length,
                "level": view.harm_level(model.id) if not info.harm.boxes else None,
                "levels": [label for label, _p in info.harm.levels],
            }

    states: dict[str, str] = {}
    for sid in idx.states:
        value = view.state(sid)
        if value is None:
            hidden.append(sid)
        else:
            states[sid] = value

    out: dict[str, Any] = {
        "abilities": abilities,
        "skills": skills,
        "saves": saves,
        "fields": fields,
        "derived": derived,
        "pools": pools,
        "tracks": tracks,
        "conditions": view.conditions(),
        "states": states,
        "text": {tid: view.text(tid) for tid in idx.texts if view.text(tid)},
        "proficiencyBonus": plain(view.proficiency_bonus()),
        "tiers": tiers,
        "untrained": untrained,
        "harm": harm,
        "penalty": view.harm_penalty(),
        "hidden": hidden,
        "items": [_item_effect_json(found) for found in view.items_in_force()],
    }
    # The load against `carry` and the bound items against `binding` (carry.py), when declared.
    carried = bearing(view)
    if carried is not None:
        out.update(carried.to_json())
    if idx.sheet.sections:
        out["sections"] = sections_of(idx.sheet, hidden)
    return out


def _item_effect_json(found: ItemEffectInForce) -> dict[str, Any]:
    """One item effect in force: the stack (`item`, `name`), `while` (`worn`, `carried`,
    or `requirement unmet` with `requires`: the value read and the `atLeast` it is under),
    then what it does as the package writes it."""
    effect = found.effect
    shown: dict[str, Any] = {"item": found.held.ref, "name": found.held.name, "while": found.why}
    if found.unmet is not None:
        shown["requires"] = {"value": found.unmet.value.model_dump(by_alias=True, exclude_none=True),
                             "read": plain(found.value), "atLeast": plain(found.unmet.atLeast)}
    written = effect.model_dump(by_alias=True, exclude_none=True) if hasattr(effect, "model_dump") else dict(effect)
    shown.update({k: v for k, v in written.items() if k != "$comment"})
    return shown
