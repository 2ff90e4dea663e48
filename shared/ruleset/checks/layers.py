"""Cross-references of `layers`. A layer only narrows and appends, so everything it names
must already be in the package: the layers it conflicts with, the enum fields and the
values it removes (never a value a `hideWhen` rule compares against, never every value,
never the field's default without a new one), the catalogs and filters it hides entries
by, and a ladder in the shape of the ruleset's own resolution kind."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import Problems
from ..layers import STEP_KEY_BY_KIND, Layer
from ..resolution import DicePool
from ..resolution_symbols import SymbolPool
from ..sheet_fields import HideWhen
from ..sheet_refs import a_or_an, sheet_ids
from .lookup import index, walk_with_paths

if TYPE_CHECKING:
    from ..package import Ruleset

MAX_LAYERS = 12


def _hidden_on(pkg: "Ruleset") -> dict[str, set[Any]]:
    """For each sheet field, the values some `hideWhen` on the character sheet compares
    against."""
    out: dict[str, set[Any]] = {}
    for _path, model in walk_with_paths(pkg.sheet):
        if isinstance(model, HideWhen):
            for value in model.values():
                if isinstance(value, str):
                    out.setdefault(model.field, set()).add(value)
    return out


def _check_fields(pkg: "Ruleset", layer: Layer, li: int, problems: Problems, hidden: dict[str, set[Any]]) -> None:
    fields = sheet_ids(pkg).fields
    for fi, entry in enumerate(layer.fields or []):
        path = ("layers", li, "fields", fi)
        field = fields.get(entry.id)
        if field is None:
            problems.add([*path, "id"], f'unknown field "{entry.id}"')
            continue
        if field.type != "enum":
            problems.add(
                [*path, "id"],
                f'"{entry.id}" is {a_or_an(field.type)} field; a layer removes values only from an enum field',
            )
            continue
        values = list(field.values)
        for vi, value in enumerate(entry.removeValues):
            if value not in values:
                problems.add([*path, "removeValues", vi], f'"{value}" is not a value of field "{entry.id}"')
            elif value in hidden.get(entry.id, ()):
                problems.add(
                    [*path, "removeValues", vi],
                    f'"{value}" cannot be removed: a "hideWhen" rule compares field "{entry.id}" against it',
                )
        kept = [v for v in values if v not in entry.removeValues]
        if not kept:
            problems.add([*path, "removeValues"], f'removes every value of field "{entry.id}"')
            continue
        if entry.default is not None:
            if entry.default not in values:
                problems.add([*path, "default"], f'"{entry.default}" is not a value of field "{entry.id}"')
        elif getattr(field, "default", None) in entry.removeValues:
            problems.add(
                [*path, "removeValues"],
                f'removes "{field.default}", the default of field "{entry.id}", so "default" must name a value it keeps',
            )


def _check_catalogs(pkg: "Ruleset", layer: Layer, li: int, problems: Problems) -> None:
    catalogs = index(pkg.catalogs)
    for ci, entry in enumerate(layer.catalogs or []):
        path = ("layers", li, "catalogs", ci)
        catalog = catalogs.get(entry.id)
        if catalog is None:
            problems.add([*path, "id"], f'unknown catalog "{entry.id}"')
            continue
        filters = index(getattr(catalog, "filters", None))
        flt = filters.get(entry.hide.filter)
        if flt is None:
            problems.add([*path, "hide", "filter"], f'unknown filter "{entry.hide.filter}" in catalog "{entry.id}"')
            continue
        test = entry.hide.test
        numeric = test in ("above", "below")
        if numeric != (flt.type == "number"):
            want = "a number filter" if numeric else "a filter that is not a number filter"
            problems.add(
                [*path, "hide", test],
                f'"{test}" needs {want}, and "{entry.hide.filter}" is {a_or_an(flt.type)} filter',
            )


def _check_ladder(pkg: "Ruleset", layer: Layer, li: int, problems: Problems) -> None:
    res = pkg.resolution
    kind = getattr(res, "kind", None)
    want = STEP_KEY_BY_KIND.get(kind or "")
    if not layer.difficultyLadder or want is None:
        return
    for si, step in enumerate(layer.difficultyLadder):
        path = ("layers", li, "difficultyLadder", si)
        if step.shape != want:
            problems.add(
                [*path, step.shape],
                f'the resolution is {kind}, so a ladder step gives "{want}", not "{step.shape}"',
            )
            continue
        if step.target is not None and isinstance(res, DicePool):
            lo, hi = res.target.min, res.target.max
            if not lo <= step.target <= hi:
                problems.add([*path, "target"], f'target {step.target} is outside "resolution.target" {lo} to {hi}')
        if step.upgrades and isinstance(res, SymbolPool) and res.difficulty.upgrade is None:
            problems.add([*path, "upgrades"], 'needs a "resolution.difficulty.upgrade" die')


def check(pkg: "Ruleset", problems: Problems) -> None:
    layers = pkg.layers or []
    if len(layers) > MAX_LAYERS:
        problems.add(["layers"], f"has {len(layers)} layers; at most {MAX_LAYERS} are allowed")
    ids = [layer.id for layer in layers]
    hidden = _hidden_on(pkg)
    for li, layer in enumerate(layers):
        if layer.id in ids[:li]:
            problems.add(["layers", li, "id"], f'layer id "{layer.id}" is used twice')
        for ci, other in enumerate(layer.conflicts or []):
            if other not in ids:
                problems.add(["layers", li, "conflicts", ci], f'unknown layer "{other}"')
        _check_fields(pkg, layer, li, problems, hidden)
        _check_catalogs(pkg, layer, li, problems)
        _check_ladder(pkg, layer, li, problems)

