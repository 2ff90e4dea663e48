"""Messages of the catalog routes (`/v1/rulesets/{ruleset}/catalogs...`), pydantic v2; the
gateway's OpenAPI document is generated from them with the rest of `shared.protocol`.

Owns: a catalog as listed (its entries counted, not sent: `CatalogListed`), a ruleset's
catalogs (`RulesetCatalogs`) and one page of a catalog's entries (`CatalogPage`). An entry
passes through as the package wrote it (its `filters` values, rows, `mechanics`...).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from .protocol import Message


class CatalogListed(Message):
    """A catalog without its entries: what a picker shows before it opens one. `feeds` are
    the sheet lists its rows go to (none for creatures and items), `filters` what its
    entries are filtered by (`startFrom` names the sheet field a picker opens on)."""

    id: str
    label: str
    holds: Literal["rows", "creatures", "items"]
    feeds: list[str] = Field(default_factory=list)
    filters: list[dict[str, Any]] = Field(default_factory=list)
    units: dict[str, Any] | None = None
    #: How many entries it holds (inline or from its asset file).
    entries: int


class RulesetCatalogs(Message):
    """`GET /v1/rulesets/{ruleset}/catalogs`: every catalog of one stored ruleset, in the
    package's order."""

    ruleset: str
    id: str
    version: int
    catalogs: list[CatalogListed]


class CatalogPage(Message):
    """`GET /v1/rulesets/{ruleset}/catalogs/{catalog}`: the catalog and the entries from
    `offset` on (at most `limit`); `total` counts them all, so `offset + len(entries) <
    total` means there is another page."""

    ruleset: str
    catalog: CatalogListed
    offset: int
    limit: int
    total: int
    entries: list[dict[str, Any]]
