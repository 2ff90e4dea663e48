"""What a picker reads of a stored ruleset's catalogs: the catalogs listed with their
entry counts, and one catalog's entries a page at a time.

Owns: `list_catalogs`, `catalog_page`, the page limits (`PAGE_LIMIT`, `MAX_PAGE_LIMIT`) and
the refusals of a catalog read (`unknown-catalog`, `unknown-version`, `bad-page`,
`bad-filter`) and `matches`: an entry against the filter values a picker chose, compared as
the picker compares when it opens on a sheet value (a `tags` filter holds the value among
its tags, a `number` one equals it as a number, `boolean` is true or false, text equals it
regardless of case and surrounding spaces). The
ruleset is the one stored under a digest (`BattleService.ruleset`); a package whose stored
text no longer loads is the caller's PackageError, answered with the author's lines. A
ruleset with layers on (`layer_choice.with_layers`) pages only the entries they leave in the
picker, and `total` counts those.
"""

from __future__ import annotations

from typing import Any

from shared.protocol_catalogs import CatalogListed, CatalogPage, RulesetCatalogs
from shared.ruleset.catalogs import Catalog
from shared.ruleset.layer_choice import picker_hides
from shared.ruleset.package import Ruleset
from shared.sheet.refusal import Refusal

#: Entries in a page when the caller names no limit, and the most a page holds.
PAGE_LIMIT = 50
MAX_PAGE_LIMIT = 200

UNKNOWN_CATALOG = "unknown-catalog"
UNKNOWN_VERSION = "unknown-version"
BAD_PAGE = "bad-page"
BAD_FILTER = "bad-filter"


def _plain(model: Any) -> Any:
    """A package object back as the package wrote it (aliases, no unset keys)."""
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


def listed(catalog: Catalog) -> CatalogListed:
    """`catalog` without its entries, counted instead."""
    return CatalogListed(
        id=catalog.id, label=catalog.label, holds=catalog.holds, feeds=list(catalog.feeds or []),
        filters=[_plain(f) for f in catalog.filters or []],
        units=_plain(catalog.units) if catalog.units is not None else None,
        entries=len(catalog.entries))


def check_version(ruleset: Ruleset, version: int | None) -> Refusal | None:
    """A refusal when the caller asked for a `version` the ruleset stored there is not."""
    if version is None or version == ruleset.version:
        return None
    return Refusal(UNKNOWN_VERSION, f'the ruleset "{ruleset.id}" stored there is version {ruleset.version}, '
                   f"not version {version}")


def list_catalogs(digest: str, ruleset: Ruleset, version: int | None = None) -> RulesetCatalogs | Refusal:
    """Every catalog of `ruleset` (stored under `digest`), in the package's order."""
    refused = check_version(ruleset, version)
    if refused is not None:
        return refused
    return RulesetCatalogs(ruleset=digest, id=ruleset.id, version=ruleset.version,
                           catalogs=[listed(c) for c in ruleset.catalogs or []])


def _wanted(kind: str, text: str) -> Any:
    """A filter value as the picker sent it (text), read by the filter's type; None when it
    cannot be one."""
    if kind == "number":
        try:
            return float(text)
        except ValueError:
            return None
    if kind == "boolean":
        return {"true": True, "false": False}.get(text.strip().lower())
    return text.strip().lower()


def _holds(kind: str, have: Any, want: Any) -> bool:
    values = have if kind == "tags" and isinstance(have, list) else [have]
    for value in values:
        if kind == "number" and isinstance(value, (int, float)) and not isinstance(value, bool):
            if float(value) == want:
                return True
        elif kind == "boolean" and value is want:
            return True
        elif kind in ("text", "tags") and isinstance(value, str) and value.strip().lower() == want:
            return True
    return False


def matches(catalog: Catalog, entry: Any, wanted: dict[str, Any]) -> bool:
    """Whether `entry` holds every chosen filter value (`wanted`: filter id -> value, read)."""
    kinds = {f.id: f.type for f in catalog.filters or []}
    have = entry.filters or {}
    return all(_holds(kinds[fid], have.get(fid), want) for fid, want in wanted.items())


def _chosen(catalog: Catalog, chosen: dict[str, str]) -> dict[str, Any] | Refusal:
    kinds = {f.id: f.type for f in catalog.filters or []}
    out: dict[str, Any] = {}
    for fid, text in chosen.items():
        if fid not in kinds:
            names = ", ".join(kinds) or "none"
            return Refusal(BAD_FILTER, f'catalog "{catalog.id}" has no filter "{fid}" (it has: {names})')
        want = _wanted(kinds[fid], text)
        if want is None:
            return Refusal(BAD_FILTER, f'filter "{fid}" is a {kinds[fid]} filter, so "{text}" is not one of its values')
        out[fid] = want
    return out


def catalog_page(digest: str, ruleset: Ruleset, catalog_id: str, *, offset: int = 0,
                 limit: int = PAGE_LIMIT, version: int | None = None,
                 chosen: dict[str, str] | None = None) -> CatalogPage | Refusal:
    """The entries of catalog `catalog_id` holding every `chosen` filter value (filter id
    -> the value as text), from `offset` on, at most `limit` of them; `total` counts the
    entries that hold them."""
    refused = check_version(ruleset, version)
    if refused is not None:
        return refused
    if offset < 0 or not 1 <= limit <= MAX_PAGE_LIMIT:
        return Refusal(BAD_PAGE, f"offset is 0 or more and limit 1 to {MAX_PAGE_LIMIT} "
                       f"(asked offset {offset}, limit {limit})")
    catalog = next((c for c in ruleset.catalogs or [] if c.id == catalog_id), None)
    if catalog is None:
        ids = ", ".join(c.id for c in ruleset.catalogs or []) or "none"
        return Refusal(UNKNOWN_CATALOG, f'the ruleset "{ruleset.id}" has no catalog "{catalog_id}" (it has: {ids})')
    wanted = _chosen(catalog, chosen or {})
    if isinstance(wanted, Refusal):
        return wanted
    # The layers on (a game's, `?layers=`) hide entries from the picker, never from the package.
    found = [e for e in catalog.entries
             if not picker_hides(ruleset, catalog_id, e.filters) and (not wanted or matches(catalog, e, wanted))]
    page = found[offset:offset + limit]
    return CatalogPage(ruleset=digest, catalog=listed(catalog), offset=offset, limit=limit,
                       total=len(found), entries=[_plain(e) for e in page])
