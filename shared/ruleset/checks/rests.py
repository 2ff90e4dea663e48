"""Cross-references of rests: what each recovery step restores (a live pool, a group of
pools, the pools of a list's rows by recharge, a track and a kind of its marks, a live
state and its value) and what a rest clears (conditions, live text)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import PathPart, Problems
from ..sheet_refs import sheet_ids

if TYPE_CHECKING:
    from ..package import Ruleset


def check(pkg: "Ruleset", problems: Problems) -> None:
    seen: set[str] = set()
    for ri, rest in enumerate(pkg.rests or []):
        base = ("rests", ri)
        if rest.id in seen:
            problems.add([*base, "id"], f'rest id "{rest.id}" is used twice')
        seen.add(rest.id)
        for si, step in enumerate(rest.restore):
            _step(pkg, step, [*base, "restore", si], problems)
        if rest.clear is not None:
            _clear(pkg, rest.clear, [*base, "clear"], problems)


def _step(pkg: "Ruleset", step: Any, path: list[PathPart], problems: Problems) -> None:
    ids = sheet_ids(pkg)
    target = step.target
    if target == "pool":
        if step.pool not in ids.pools:
            message = f'"{step.pool}" is a track, not a pool' if step.pool in ids.tracks else f'unknown pool "{step.pool}"'
            problems.add([*path, "pool"], message)
    elif target == "poolGroup":
        if not any(p.group == step.poolGroup for p in pkg.sheet.live.pools):
            problems.add([*path, "poolGroup"], f'no pool is in group "{step.poolGroup}"')
    elif target == "listPools":
        _list_pools(ids, step, path, problems)
    elif target == "track":
        _track(ids, step, path, problems)
    elif target == "state":
        state = ids.states.get(step.state)
        if state is None:
            problems.add([*path, "state"], f'unknown live state "{step.state}"')
        elif step.to != "default" and step.to not in state.values:
            problems.add([*path, "to"], f'"{step.to}" is not a value of live state "{step.state}" (nor "default")')


def _list_pools(ids: Any, step: Any, path: list[PathPart], problems: Problems) -> None:
    lst = ids.lists.get(step.listPools)
    if lst is None:
        problems.add([*path, "listPools"], f'unknown list "{step.listPools}"')
        return
    if lst.pools is None:
        problems.add([*path, "listPools"], f'list "{lst.id}" has no "pools", so its rows are not pools')
        return
    if step.recharge is None:
        return
    if lst.pools.rechargeColumn is None:
        problems.add([*path, "recharge"], f'list "{lst.id}" has no "rechargeColumn" to pick rows by')
        return
    column = lst.column(lst.pools.rechargeColumn)
    if column is None or column.type != "enum":
        return
    for i, value in enumerate(step.recharge):
        if value not in column.values:
            problems.add(
                [*path, "recharge", i],
                f'"{value}" is not a value of column "{column.id}" in list "{lst.id}"',
            )


def _track(ids: Any, step: Any, path: list[PathPart], problems: Problems) -> None:
    track = ids.tracks.get(step.track)
    if track is None:
        message = f'"{step.track}" is a pool, not a track' if step.track in ids.pools else f'unknown track "{step.track}"'
        problems.add([*path, "track"], message)
        return
    if step.kind is not None:
        if not track.is_harm:
            problems.add([*path, "kind"], f'"kind" picks marks of a harm track, and "{track.id}" is a plain track')
        elif step.kind not in {k.id for k in track.kinds or []}:
            problems.add([*path, "kind"], f'unknown kind "{step.kind}" on track "{track.id}"')


def _clear(pkg: "Ruleset", clear: Any, path: list[PathPart], problems: Problems) -> None:
    ids = sheet_ids(pkg)
    if isinstance(clear.conditions, list):
        for i, cid in enumerate(clear.conditions):
            if cid not in ids.conditions:
                problems.add([*path, "conditions", i], f'unknown condition "{cid}"')
    for i, tid in enumerate(clear.text):
        if tid not in ids.texts:
            problems.add([*path, "text", i], f'unknown live text "{tid}"')
