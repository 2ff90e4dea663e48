"""The live state as it is stored between replies: only what differs from a fresh sheet.

Owns: `sparse_live(ruleset, sheet)`. A pool back at its starting amount (full or empty, by
`start`), a plain track at its default, a state at its default, no temporary points, no
marks, no conditions and empty notes are all dropped, so a full pool follows its maximum
when the maximum rises (spec/sheet.md: "only states changed from their default are
stored"; the game keeps every live value the same way). A value for a pool or track the
sheet does not show now (hidden, or a maximum of 0) is kept as stored: the sheet may show
it again.
"""

from __future__ import annotations

from typing import Any

from .index import SheetRules
from .live import live_part
from .view import SheetView


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def sparse_live(ruleset: SheetRules, sheet: dict[str, Any]) -> dict[str, Any]:
    view = SheetView(ruleset, sheet)
    pools = live_part(sheet, "pools")
    for key in list(pools):
        hit = view.pool(key)
        if hit is None:
            continue
        pool, current, _temp = hit
        # What lies above the maximum stays in `excess` (mechanics-2 1.252).
        current = min(current, pool.max)
        start = pool.max if pool.start == "full" else 0
        if current == start:
            pools.pop(key)
        else:
            pools[key] = current
    tracks = live_part(sheet, "tracks")
    for key in list(tracks):
        track = view.idx.track_by_id.get(key)
        info = view.track(key)
        if track is None or info is None or info.harm is not None:
            continue
        default = track.default if track.default is not None else track.min
        if info.value == default:
            tracks.pop(key)
        else:
            tracks[key] = info.value
    temp = {k: v for k, v in live_part(sheet, "temp").items() if not (_whole(v) and v <= 0)}
    states = live_part(sheet, "states")
    for key in list(states):
        live_state = view.idx.states.get(key)
        if live_state is not None and states[key] == live_state.start_value():
            states.pop(key)
    text = {k: v for k, v in live_part(sheet, "text").items() if v != ""}
    live = sheet.get("live")
    conditions = live.get("conditions") if isinstance(live, dict) else None
    out: dict[str, Any] = {
        "pools": pools,
        "temp": temp,
        "marks": {k: v for k, v in live_part(sheet, "marks").items() if v},
        "overflow": {k: v for k, v in live_part(sheet, "overflow").items() if v},
        "tracks": tracks,
        "conditions": list(conditions) if isinstance(conditions, list) else [],
        "states": states,
        "text": text,
    }
    # Keep any other part the host stored as it is: the game does not own its meaning.
    if isinstance(live, dict):
        for key, value in live.items():
            if key not in out:
                out[key] = value
    return {k: v for k, v in out.items() if v not in ({}, [], None)}
