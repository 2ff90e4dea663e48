"""The layers a game or a battle turns on: the choice checked at creation, and the rules
it gives.

Owns: `choice_problems(pkg, ids)` (the sentences that refuse a choice at creation: an
unknown layer, one named twice, a conflicting pair), `pinned_layers(pkg, ids)` (the
choice as a pin keeps it: known ids, in the package's declaration order, once each),
`with_layers(pkg, ids)` (the ruleset with those layers applied) and `picker_hides` / `hiding_layer` (whether
a catalog entry is hidden from the picker by the layers on).

A layer only narrows and appends, so applying one is a copy of the package with: an enum
field's removed values taken out of `values` (and its `default` replaced when the layer
names one), the difficulty ladder replaced by the layer's, in the ruleset's own step shape,
and the layer recorded as on (`Ruleset.layers_on`: its guidance reaches the Game Master,
its catalog hides reach the picker). Nothing is removed from catalogs: a sheet's row copied
from a hidden entry keeps reading, and a sheet holding a removed value keeps it (the sheet
reads it as the field's default and flags it, `shared.sheet`).

Application never throws. The layers are taken in the package's declaration order and the
later of a conflicting pair is dropped, so the same choice always gives the same rules
whatever order it was written in. Each layer alone was checked against the package when it
was loaded (`checks/layers.py`); what only a set can break is a field two layers narrow
together (no value left, or a start value one of them removed). The set is applied
together; if it fails, the layers are added one by one and each one that makes the rules
fail is left off. Nothing else of the package is checked again: a table row, a creature or
a catalog row holding a removed value is not read while the layer is on, and is not lost
(spec/sheet "those rows are not read", spec/combat-2 "Creatures that use a value are not
lost").
"""

from __future__ import annotations

from typing import Any, Sequence

from .layers import Layer
from .package import Ruleset
from .sheet_fields import EnumField


class _Unsound(Exception):
    """A set of layers that together leave a field with no value or no default."""


def _declared(pkg: Ruleset) -> list[Layer]:
    return list(pkg.layers or [])


def _conflict(a: Layer, b: Layer) -> bool:
    """Either layer names the other in its `conflicts` (a conflict goes both ways)."""
    return b.id in (a.conflicts or []) or a.id in (b.conflicts or [])


def choice_problems(pkg: Ruleset, ids: Sequence[Any]) -> list[str]:
    """Why a choice of layers is refused at creation: each unknown layer, each one named
    twice, each conflicting pair; empty when it can be pinned."""
    declared = {layer.id: layer for layer in _declared(pkg)}
    offered = ", ".join(declared) or "none"
    problems: list[str] = []
    seen: list[str] = []
    for value in ids:
        if not isinstance(value, str) or value not in declared:
            shown = value if isinstance(value, str) else repr(value)
            problems.append(f'unknown layer "{shown}" (this ruleset\'s layers: {offered})')
        elif value in seen:
            problems.append(f'layer "{value}" is chosen twice')
        else:
            seen.append(value)
    for i, a in enumerate(seen):
        for b in seen[i + 1:]:
            if _conflict(declared[a], declared[b]):
                problems.append(f'layers "{a}" and "{b}" conflict: they cannot be on together')
    return problems


def pinned_layers(pkg: Ruleset, ids: Sequence[Any]) -> list[str]:
    """The known layers of `ids`, once each, in the order the package declares them."""
    wanted = {value for value in ids if isinstance(value, str)}
    return [layer.id for layer in _declared(pkg) if layer.id in wanted]


def _narrowed_fields(pkg: Ruleset, on: Sequence[Layer]) -> list[Any]:
    fields = list(pkg.sheet.fields)
    at = {field.id: i for i, field in enumerate(fields)}
    for layer in on:
        for entry in layer.fields or []:
            i = at.get(entry.id)
            field = fields[i] if i is not None else None
            if i is None or not isinstance(field, EnumField):
                raise _Unsound(f'field "{entry.id}" is not an enum field')
            kept = [v for v in field.values if v not in entry.removeValues]
            default = entry.default if entry.default is not None else field.default
            if not kept or (default is not None and default not in kept):
                raise _Unsound(f'field "{entry.id}" is left without its values or its default')
            fields[i] = field.model_copy(update={"values": kept, "default": default})
    return fields


def _ladder(pkg: Ruleset, on: Sequence[Layer]) -> Any:
    """The resolution with the last layer's ladder (in declaration order), in the ruleset's
    own step shape; the resolution unchanged when no layer on replaces it."""
    res = pkg.resolution
    layer = next((layer for layer in reversed(on) if layer.difficultyLadder), None)
    if layer is None:
        return res
    step_type = type(res.difficultyLadder[0])
    steps = [step_type.model_validate(step.model_dump(exclude_none=True)) for step in layer.difficultyLadder or []]
    return res.model_copy(update={"difficultyLadder": steps})


def _applied(pkg: Ruleset, on: Sequence[Layer]) -> Ruleset | None:
    """The package with `on` applied, or None when the result is not sound rules."""
    try:
        sheet = pkg.sheet.model_copy(update={"fields": _narrowed_fields(pkg, on)})
        resolution = _ladder(pkg, on)
    except (_Unsound, ValueError):
        return None
    out = pkg.model_copy(update={"sheet": sheet, "resolution": resolution})
    out.turn_layers_on(tuple(layer.id for layer in on))
    return out


def with_layers(pkg: Ruleset, ids: Sequence[Any]) -> Ruleset:
    """The rules a choice of layers gives; never raises. Unknown ids are ignored, the
    later of a conflicting pair (in declaration order) is dropped, and a set that fails
    together is added one by one, each layer that makes it fail left off."""
    wanted = set(pinned_layers(pkg, ids))
    if not wanted:
        return pkg
    on: list[Layer] = []
    for layer in _declared(pkg):
        if layer.id in wanted and not any(_conflict(layer, other) for other in on):
            on.append(layer)
    together = _applied(pkg, on)
    if together is not None:
        return together
    out, kept = pkg, list[Layer]()
    for layer in on:
        tried = _applied(pkg, [*kept, layer])
        if tried is not None:
            out, kept = tried, [*kept, layer]
    return out


def _hides(test: Any, value: Any) -> bool:
    if test.above is not None:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and value > test.above
    if test.below is not None:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and value < test.below
    words = value if isinstance(value, list) else [value]
    if test.equals is not None:
        return any(word == test.equals for word in words)
    return not any(word in (test.notIn or []) for word in words)


def hiding_layer(ruleset: Ruleset, catalog_id: str, filters: dict[str, Any] | None) -> Layer | None:
    """The first layer on that hides an entry with these `filters` values of `catalog_id`
    from the picker: its value is `above` or `below` the number, `equals` the word (a tags
    value: holds it), or is not in `notIn` (a tags value: holds none of them); None when no
    layer on hides it. An entry without the filter's value is never hidden."""
    for layer in _declared(ruleset):
        if layer.id not in ruleset.layers_on:
            continue
        for entry in layer.catalogs or []:
            if entry.id == catalog_id and entry.hide.filter in (filters or {}):
                if _hides(entry.hide, (filters or {})[entry.hide.filter]):
                    return layer
    return None


def picker_hides(ruleset: Ruleset, catalog_id: str, filters: dict[str, Any] | None) -> bool:
    """Whether the layers on hide an entry with these `filters` values of `catalog_id` from
    the picker (`hiding_layer`)."""
    return hiding_layer(ruleset, catalog_id, filters) is not None
