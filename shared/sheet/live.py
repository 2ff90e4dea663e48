"""The sheet's live state as plain data (`sheet["live"]`: pools, excess, temp, marks,
overflow, tracks, conditions, states, text).

Owns: `live_part` (a copy of one part) and `with_live` (a new sheet with parts replaced),
the two ways the sheet operations (`ops`) and the rests (`rests`) read and write it, and
`with_pool` (a pool's new amount, what lies above its maximum kept in `excess`).
"""

from __future__ import annotations

from typing import Any


def _live(sheet: dict[str, Any]) -> dict[str, Any]:
    live = sheet.get("live")
    return dict(live) if isinstance(live, dict) else {}


def with_live(sheet: dict[str, Any], **parts: Any) -> dict[str, Any]:
    """A new sheet whose live state has `parts` replaced (an empty part is dropped)."""
    live = _live(sheet)
    for key, value in parts.items():
        if value in ({}, [], None):
            live.pop(key, None)
        else:
            live[key] = value
    return {**sheet, "live": live}


def with_pool(sheet: dict[str, Any], key: str, value: int, top: int) -> dict[str, Any]:
    """A new sheet with pool `key` at `value`: up to its maximum `top` in `pools`, anything
    above it in `excess` (a refill with `overMax`, mechanics-2 1.252), which is dropped once
    the pool is back at or below its maximum."""
    pools = live_part(sheet, "pools")
    excess = live_part(sheet, "excess")
    pools[key] = max(0, min(value, top))
    if value > top:
        excess[key] = value - top
    else:
        excess.pop(key, None)
    return with_live(sheet, pools=pools, excess=excess)


def live_part(sheet: dict[str, Any], key: str) -> dict[str, Any]:
    """A copy of one part of the sheet's live state (`pools`, `tracks`, ...), {} when absent."""
    part = _live(sheet).get(key)
    return dict(part) if isinstance(part, dict) else {}
