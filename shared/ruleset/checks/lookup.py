"""Small lookups the checks of resolution, gm, items, layers and party share: ids of a
list of models, and a walk over every model of a package with its JSON path. Value
references and `hideWhen` are judged by `shared.ruleset.sheet_refs`, so every part of a
package gets the same rules and messages.

Has no `check` of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Iterator

from pydantic import BaseModel

from ..errors import PathPart

if TYPE_CHECKING:
    from ..package import Ruleset


def index(items: Any) -> dict[str, Any]:
    """`{id: item}` for a list of models with an `id`; the first of a repeated id wins
    (the repeat is reported where the list is checked)."""
    out: dict[str, Any] = {}
    for item in items or []:
        item_id = getattr(item, "id", None)
        if isinstance(item_id, str) and item_id not in out:
            out[item_id] = item
    return out


def sheet_part(pkg: "Ruleset", name: str) -> dict[str, Any]:
    """`{id: entry}` of one part of the character sheet (`"fields"`, `"abilities"`, ...)."""
    return index(getattr(pkg.sheet, name, None))


def live_part(pkg: "Ruleset", name: str) -> dict[str, Any]:
    """`{id: entry}` of one part of the sheet's live state (`"pools"`, `"tracks"`, ...)."""
    return index(getattr(getattr(pkg.sheet, "live", None), name, None))


def names(ids: Iterable[str]) -> str:
    """`"a", "b"` for a message."""
    return ", ".join(f'"{x}"' for x in ids)


def walk_with_paths(node: Any, path: tuple[PathPart, ...] = ()) -> Iterator[tuple[tuple[PathPart, ...], BaseModel]]:
    """Every model written in `node` (itself included) with its JSON path, keys spelled as
    the package spells them. Defaults the author did not write are not visited."""
    if isinstance(node, BaseModel):
        yield path, node
        fields = type(node).model_fields
        for name in node.model_fields_set:
            value = getattr(node, name, None)
            if value is None or name == "comment":
                continue
            info = fields.get(name)
            key = info.alias if info is not None and info.alias else name
            yield from walk_with_paths(value, path + (key,))
    elif isinstance(node, (list, tuple)):
        for i, item in enumerate(node):
            yield from walk_with_paths(item, path + (i,))
    elif isinstance(node, dict):
        for k, item in node.items():
            yield from walk_with_paths(item, path + (str(k),))
