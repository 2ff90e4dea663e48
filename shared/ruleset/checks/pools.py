"""Cross-references of the pool kinds of combat (spec/combat-2 "Combat rolled as a pool",
"Combat rolled with symbol dice", "Minimum damage dice", "Hits that daze", "Initiative
that attacks move").

A pool kind needs the resolution of the same kind; soak by kind names kinds of the health
harm track; every value reference the pool keys hold reads something the sheet declares;
spends, dazes and crashes name the sheet's own conditions, and a spend moves an ordinary
live track; and a spend's symbol is one some die of the resolution shows. (That a pool
fight's condition modifiers are flat dice is checked with the other modifier rules, in
checks/combat_refs.py.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..combat_pool import POOL_KINDS
from ..errors import PathPart, Problems
from ..sheet_refs import check_value_ref
from .combat_refs import check_condition_id
from .lookup import live_part, names

if TYPE_CHECKING:
    from ..package import Ruleset

Path = list[PathPart]


def _health_kinds(pkg: "Ruleset") -> tuple[str | None, list[str] | None]:
    track_id = getattr(getattr(pkg.combat, "health", None), "track", None)
    track = live_part(pkg, "tracks").get(track_id) if track_id else None
    kinds = [k.id for k in getattr(track, "kinds", None) or []] or None
    return track_id, kinds


def _check_soak(pkg: "Ruleset", soak: Any, path: Path, problems: Problems) -> None:
    if soak is None:
        return
    check_value_ref(pkg, soak.all, [*path, "all"], problems)
    track_id, kinds = _health_kinds(pkg)
    for kind, ref in (soak.byKind or {}).items():
        where = [*path, "byKind", kind]
        if kinds is None:
            problems.add(where, '"byKind" needs health to be a harm track with kinds')
        elif kind not in kinds:
            problems.add(where, f'unknown kind "{kind}" of health track "{track_id}" ({names(kinds)})')
        check_value_ref(pkg, ref, where, problems)


def _check_symbols(pkg: "Ruleset", problems: Problems) -> None:
    symbols = getattr(pkg.combat, "symbols", None)
    if symbols is None:
        return
    base: Path = ["combat", "symbols"]
    _check_soak(pkg, symbols.soak, [*base, "soak"], problems)
    shown_fn = getattr(pkg.resolution, "symbols_shown", None)
    shown = shown_fn() if callable(shown_fn) and getattr(pkg.resolution, "kind", None) == "symbol-pool" else None
    tracks = live_part(pkg, "tracks")
    health_track, _ = _health_kinds(pkg)
    for i, spend in enumerate(symbols.spends or []):
        where: Path = [*base, "spends", i]
        if shown is not None and spend.symbol not in shown:
            problems.add([*where, "symbol"], f'no die of the resolution shows symbol "{spend.symbol}"')
        if spend.condition is not None:
            check_condition_id(pkg, spend.condition.id, [*where, "condition", "id"], problems)
        if spend.track is not None:
            track_id = spend.track.id
            track = tracks.get(track_id)
            if track is None:
                what = "pool" if track_id in live_part(pkg, "pools") else None
                problems.add(
                    [*where, "track", "id"],
                    f'"{track_id}" is a pool, not a track' if what else f'unknown track "{track_id}"',
                )
            elif track_id == health_track or getattr(track, "kinds", None) or getattr(track, "levels", None):
                problems.add(
                    [*where, "track", "id"],
                    f'"{track_id}" is a harm or health track; a spend moves only an ordinary live track',
                )


def check(pkg: "Ruleset", problems: Problems) -> None:
    combat = getattr(pkg, "combat", None)
    if combat is None:
        return
    kind = getattr(combat, "kind", None)
    resolution_kind = getattr(getattr(pkg, "resolution", None), "kind", None)
    if kind in POOL_KINDS and resolution_kind is not None and resolution_kind != kind:
        problems.add(["combat", "kind"], f'a "{kind}" fight needs a "{kind}" resolution, not "{resolution_kind}"')
    pool = getattr(combat, "pool", None)
    if pool is not None:
        _check_soak(pkg, pool.soak, ["combat", "pool", "soak"], problems)
        die = getattr(pkg.resolution, "die", None) if resolution_kind == "dice-pool" else None
        if pool.damageTarget is not None and die is not None and pool.damageTarget > die.sides:
            problems.add(
                ["combat", "pool", "damageTarget"],
                f"{pool.damageTarget} is above the die's {die.sides} sides, so no damage or soak die could count",
            )
        check_value_ref(pkg, pool.hardness, ["combat", "pool", "hardness"], problems)
    _check_symbols(pkg, problems)
    damage = getattr(combat, "damage", None)
    if damage is not None:
        check_value_ref(pkg, damage.minimum, ["combat", "damage", "minimum"], problems)
    daze = getattr(combat, "daze", None)
    if daze is not None:
        check_value_ref(pkg, daze.over, ["combat", "daze", "over"], problems)
        check_condition_id(pkg, daze.condition, ["combat", "daze", "condition"], problems)
    initiative = getattr(combat, "initiative", None)
    check_value_ref(pkg, getattr(initiative, "pool", None), ["combat", "initiative", "pool"], problems)
    resource = getattr(initiative, "resource", None)
    crash = getattr(resource, "crash", None)
    if crash is not None:
        check_condition_id(pkg, crash.condition, ["combat", "initiative", "resource", "crash", "condition"], problems)

