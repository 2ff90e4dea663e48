"""Cross-references of `resolution` that the sheet checks do not cover: the live pools a
dice-pool `spend` is paid from, and the value its `perCheck` reads. (`penaltyFrom`,
`adjust` and the proficiency bonus name the sheet and are checked with it, in
checks/sheet.py.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import ValueRef
from ..errors import PathPart, Problems
from ..sheet_refs import check_value_ref, sheet_ids

if TYPE_CHECKING:
    from ..package import Ruleset


def check(pkg: "Ruleset", problems: Problems) -> None:
    spends = getattr(pkg.resolution, "spend", None) or []
    if not spends:
        return
    ids = sheet_ids(pkg)
    for i, spend in enumerate(spends):
        path: list[PathPart] = ["resolution", "spend", i]
        if spend.pool not in ids.pools:
            problems.add(
                [*path, "pool"],
                f'"{spend.pool}" is a track, not a pool' if spend.pool in ids.tracks else f'unknown pool "{spend.pool}"',
            )
        if isinstance(spend.perCheck, ValueRef):
            check_value_ref(pkg, spend.perCheck, [*path, "perCheck"], problems)
