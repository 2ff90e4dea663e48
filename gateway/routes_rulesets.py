"""`POST /v1/rulesets`: validate a package and store it by its content digest.

A package comes as its JSON (one file), as JSON carrying its assets (`{"ruleset": {...},
"assets": {"catalogs/spells.json": {...}}}`), as a zip of its folder (`Content-Type:
application/zip`) or that zip in base64 (`{"zip": "..."}`); every route that takes a
`package` reads the JSON forms the same way
(`shared.ruleset.shipped`). The package is stored with its assets' entries in place.

`GET /v1/rulesets/{ruleset}/catalogs` lists a stored ruleset's catalogs with their entry
counts (no entries), `GET .../catalogs/{catalog}` pages through one catalog's entries
(`shared.service.catalogs`): an unknown ruleset, version (`?version=`) or catalog is 404 with
its code; a stored package that no longer loads is 422 with its author's problem lines.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from shared.protocol import RulesetStored
from shared.protocol_catalogs import CatalogPage, RulesetCatalogs
from shared.ruleset.errors import PackageError
from shared.ruleset.shipped import PackageTooLarge, Shipped, package_from_json, package_from_zip
from shared.ruleset.package import Ruleset
from shared.service.battles import BattleService
from shared.service.catalogs import BAD_PAGE, PAGE_LIMIT, catalog_page, list_catalogs
from shared.sheet.refusal import Refusal
from shared.store.errors import InvalidId

from .context import EXECUTOR, SERVICE, json_response, loads
from .errors import ApiError
from .routing import Route

#: The body a zip of a package folder comes in.
ZIP_TYPES = ("application/zip", "application/x-zip-compressed")


def refusal(exc: PackageError) -> ApiError:
    """A refused package: 413 when it is over the size limit, else 422 with every
    `path: message` line."""
    lines = exc.problems.lines()
    if isinstance(exc, PackageTooLarge):
        return ApiError("too-large", "; ".join(lines), status=413, problems=lines)
    return ApiError("invalid-package", f"the package is refused: {len(lines)} problem(s): " + "; ".join(lines),
                    problems=lines)


def store_package(service: BattleService, package: Any) -> RulesetStored:
    """Validates and stores `package` (its JSON, or a package already read, `Shipped`)."""
    try:
        digest = service.put_ruleset(package)
    except PackageError as exc:
        raise refusal(exc) from None
    ruleset = service.ruleset(digest)
    return RulesetStored(digest=digest, id=ruleset.id, version=ruleset.version)


def read_body(raw: bytes, zipped: bool) -> Shipped:
    """The package a `POST /v1/rulesets` body holds: a zip, or JSON whose size is the body's."""
    if zipped:
        return package_from_zip(raw)
    try:
        data = loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiError("malformed", f"the body is not JSON: {exc}") from None
    except RecursionError:
        raise ApiError("malformed", "the body is nested too deeply to read") from None
    return package_from_json(data, size=len(raw))


def _store_body(service: BattleService, raw: bytes, zipped: bool) -> RulesetStored:
    try:
        shipped = read_body(raw, zipped)
    except PackageError as exc:
        raise refusal(exc) from None
    return store_package(service, shipped)


async def post_ruleset(request: web.Request) -> web.Response:
    raw = await request.read()
    zipped = request.content_type in ZIP_TYPES
    stored = await request.app[EXECUTOR].run(_store_body, request.app[SERVICE], raw, zipped)
    return json_response(stored, status=201)


def stored_ruleset(service: BattleService, digest: str) -> Ruleset:
    """The ruleset stored under `digest`: 404 `unknown-ruleset` when there is none, 422 with
    the package's problem lines when its stored text no longer loads."""
    try:
        return service.ruleset(digest)
    except (LookupError, InvalidId) as exc:
        raise ApiError("unknown-ruleset", str(exc), status=404) from None
    except PackageError as exc:
        raise refusal(exc) from None


def _answer(result: RulesetCatalogs | CatalogPage | Refusal) -> web.Response:
    if isinstance(result, Refusal):
        raise ApiError(result.code, result.message, status=400 if result.code == BAD_PAGE else 404)
    return json_response(result)


def _query_int(request: web.Request, name: str) -> int | None:
    text = request.query.get(name)
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise ApiError("malformed", f'"{name}" is a whole number') from None


def _catalogs(service: BattleService, digest: str, version: int | None) -> RulesetCatalogs | Refusal:
    return list_catalogs(digest, stored_ruleset(service, digest), version)


def _page(service: BattleService, digest: str, catalog: str, offset: int, limit: int,
          version: int | None) -> CatalogPage | Refusal:
    return catalog_page(digest, stored_ruleset(service, digest), catalog, offset=offset, limit=limit,
                        version=version)


async def get_catalogs(request: web.Request) -> web.Response:
    version = _query_int(request, "version")
    result = await request.app[EXECUTOR].run(_catalogs, request.app[SERVICE], request.match_info["ruleset"], version)
    return _answer(result)


async def get_catalog(request: web.Request) -> web.Response:
    version = _query_int(request, "version")
    offset = _query_int(request, "offset")
    limit = _query_int(request, "limit")
    result = await request.app[EXECUTOR].run(
        _page, request.app[SERVICE], request.match_info["ruleset"], request.match_info["catalog"],
        0 if offset is None else offset, PAGE_LIMIT if limit is None else limit, version)
    return _answer(result)


ROUTES = [
    Route("POST", "/v1/rulesets", post_ruleset, "Validate a ruleset package and store it by digest",
          ok=201, response=RulesetStored, zip_body=True, errors=(400, 413, 422),
          raw_body='a ruleset package: its JSON; JSON carrying its assets, {"ruleset": {...}, "assets": '
          '{"catalogs/spells.json": {"schemaVersion", "catalog", "entries"}}}; {"zip": "<base64>"}; or '
          '(Content-Type application/zip) '
          'a zip of its folder (ruleset.json and the catalog files its catalogs[].asset keys name, at most '
          '200 files and 16 MiB unpacked, no member packed more than 100 to 1). At most 8 MiB, assets included.'),
    Route("GET", "/v1/rulesets/{ruleset}/catalogs", get_catalogs,
          "A stored ruleset's catalogs with their entry counts (entries left out)",
          response=RulesetCatalogs, errors=(404, 422), query={"version": "integer"}),
    Route("GET", "/v1/rulesets/{ruleset}/catalogs/{catalog}", get_catalog,
          "One catalog's entries, a page at a time (?offset=, ?limit= at most 200)",
          response=CatalogPage, errors=(404, 422), query={"version": "integer", "offset": "integer",
                                                          "limit": "integer"}),
]
