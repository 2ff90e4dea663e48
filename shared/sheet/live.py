"""The sheet's live state as plain data (`sheet["live"]`: pools, temp, marks, overflow,
tracks, conditions, states, text).

Owns: `live_part` (a copy of one part) and `with_live` (a new sheet with parts replaced),
the two ways the sheet operations (`ops`) and the rests (`rests`) read and write it.
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


def live_part(sheet: dict[str, Any], key: str) -> dict[str, Any]:
    """A copy of one part of the sheet's live state (`pools`, `tracks`, ...), {} when absent."""
    part = _live(sheet).get(key)
    return dict(part) if isinstance(part, dict) else {}
