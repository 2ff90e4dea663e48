"""The ruleset registry's routes: `POST /v1/rulesets` (validate a package, store it by its
content digest and list it by namespace, id and version), `GET /v1/rulesets` (the list) and
`DELETE /v1/rulesets/official/{ruleset_id}`, `.../community/{source}/{ruleset_id}` (take it
off the list; refused with the count of games that pin it unless `force`). The rules of the
registry are `shared.service.rulesets`'s; `battle rulesets` calls the same.

A package comes as its JSON (one file), as JSON carrying its assets (`{"ruleset": {...},
"assets": {"catalogs/spells.json": {...}}}`), as a zip of its folder (`Content-Type:
application/zip`) or that zip in base64 (`{"zip": "..."}`); every route that takes a
`package` reads the JSON forms the same way
(`shared.ruleset.shipped`). The package is stored with its assets' entries in place.

`GET /v1/rulesets/{ruleset}/catalogs` (`{ruleset}`: a digest, or an official id such as
`5e-2014`; a community ruleset by its name, `/v1/rulesets/community/{source}/{ruleset}/catalogs`;
`?version=` or the newest listed) lists a stored ruleset's catalogs with their entry
counts (no entries), `GET .../catalogs/{catalog}` pages through one catalog's entries
(`shared.service.catalogs`): an unknown ruleset, version (`?version=`) or catalog is 404 with
its code; a stored package that no longer loads is 422 with its author's problem lines.
`?layers=a,b` (a game's layers) leaves out the entries those layers hide from the picker; an
unknown or conflicting layer is 400 `bad-layers`.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from shared.protocol import RulesetAdded, RulesetList, RulesetsRemoved, RulesetStored
from shared.protocol_catalogs import CatalogPage, RulesetCatalogs
from shared.ruleset.errors import PackageError
from shared.ruleset.layer_choice import choice_problems, pinned_layers
from shared.ruleset.registry import (COMMUNITY, LOCAL_SOURCE, OFFICIAL, RulesetName, check_source, namespace_of,
                                     read_name)
from shared.ruleset.shipped import PackageTooLarge, Shipped, package_from_json, package_from_zip
from shared.ruleset.package import Ruleset
from shared.service.battles import BattleService
from shared.service.catalogs import BAD_FILTER, BAD_PAGE, PAGE_LIMIT, catalog_page, list_catalogs
from shared.service.rulesets import (
    BAD_SOURCE,
    DIGEST_PREFIX,
    PINNED,
    UNKNOWN_RULESET,
    VERSION_TAKEN,
    Added,
    RulesetRegistry,
    StillPinned,
)
from shared.sheet.refusal import Refusal
from shared.store.errors import InvalidId

from .context import EXECUTOR, json_response, loads
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


def pinned_digest(registry: RulesetRegistry, ruleset: str | None, package: Any) -> str:
    """The digest a new battle or game pins: `ruleset` (a digest, or a registry name such as
    `official/5e-2014` or `community/acme/ember-roads@2`, newest version when it names none)
    or the inline `package`, stored first (by digest only: an inline package is not listed)."""
    if ruleset is None:
        return store_package(registry.battles, package).digest
    digest = registry.resolve(ruleset)
    if isinstance(digest, Refusal):
        raise ApiError(digest.code, digest.message)
    try:
        registry.battles.ruleset(digest)
    except LookupError as exc:
        raise ApiError(UNKNOWN_RULESET, str(exc)) from None
    return digest


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


#: The registry beside the battle service and the game store (made by `games_ctx`).
REGISTRY = web.AppKey("registry", RulesetRegistry)

#: HTTP status of the registry's refusals.
STATUS = {BAD_SOURCE: 400, UNKNOWN_RULESET: 404, VERSION_TAKEN: 409, PINNED: 409}


def refused(result: Refusal) -> ApiError:
    games = result.games if isinstance(result, StillPinned) else None
    return ApiError(result.code, result.message, status=STATUS.get(result.code, 422), games=games)


def _add_body(registry: RulesetRegistry, raw: bytes, zipped: bool, source: str) -> Added:
    try:
        added = registry.add(read_body(raw, zipped), source)
    except PackageError as exc:
        raise refusal(exc) from None
    if isinstance(added, Refusal):
        raise refused(added)
    return added


async def post_ruleset(request: web.Request) -> web.Response:
    raw = await request.read()
    zipped = request.content_type in ZIP_TYPES
    source = request.query.get("source", LOCAL_SOURCE)
    added = await request.app[EXECUTOR].run(_add_body, request.app[REGISTRY], raw, zipped, source)
    entry = added.entry
    answer = RulesetAdded(digest=entry.digest, id=entry.id, version=entry.version, ref=entry.ref,
                          namespace=entry.namespace, name=entry.name, license=entry.license, added=added.new)
    return json_response(answer, status=201 if added.new else 200)


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
        raise ApiError(result.code, result.message, status=400 if result.code in (BAD_PAGE, BAD_FILTER) else 404)
    return json_response(result)


def _query_int(request: web.Request, name: str) -> int | None:
    text = request.query.get(name)
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise ApiError("malformed", f'"{name}" is a whole number') from None


def listed_digest(registry: RulesetRegistry, ruleset: str, version: int | None, namespace: str = OFFICIAL) -> str:
    """The digest a catalog route's `{ruleset}` names: a digest as it is, or an id listed in
    `namespace` (an official id is one path segment, a community one comes after
    `community/<source>/`; `?version=` picks the version, else the newest listed)."""
    if namespace == OFFICIAL and (ruleset.startswith(DIGEST_PREFIX) or read_name(ruleset) is None):
        return ruleset
    listed = registry.named(RulesetName(namespace, ruleset))
    if not listed:
        raise ApiError(UNKNOWN_RULESET, f"no ruleset is listed as {namespace}/{ruleset}", status=404)
    if version is None:
        return listed[-1].digest
    for entry in listed:
        if entry.version == version:
            return entry.digest
    versions = ", ".join(str(e.version) for e in listed)
    raise ApiError("unknown-version", f"{namespace}/{ruleset} has no version {version} (listed: {versions})",
                   status=404)


def _catalogs(registry: RulesetRegistry, ruleset: str, version: int | None,
              namespace: str = OFFICIAL) -> RulesetCatalogs | Refusal:
    digest = listed_digest(registry, ruleset, version, namespace)
    return list_catalogs(digest, stored_ruleset(registry.battles, digest), version)


def _page(registry: RulesetRegistry, ruleset: str, catalog: str, offset: int, limit: int,
          version: int | None, chosen: dict[str, str], layers: list[str],
          namespace: str = OFFICIAL) -> CatalogPage | Refusal:
    digest = listed_digest(registry, ruleset, version, namespace)
    rules = stored_ruleset(registry.battles, digest)
    if layers:
        # A game's picker names the game's layers: the entries they hide are left out.
        wrong = choice_problems(rules, layers)
        if wrong:
            raise ApiError("bad-layers", "; ".join(wrong))
        rules = registry.battles.ruleset(digest, pinned_layers(rules, layers))
    return catalog_page(digest, rules, catalog, offset=offset, limit=limit, version=version, chosen=chosen)


def _chosen(request: web.Request) -> dict[str, str]:
    """The filter values a picker chose: `?filter=level:3&filter=classes:Wizard`."""
    out: dict[str, str] = {}
    for text in request.query.getall("filter", []):
        fid, sep, value = text.partition(":")
        if not sep or not fid:
            raise ApiError(BAD_FILTER, f'a filter is "<filter id>:<value>", not "{text}"', status=400)
        out[fid] = value
    return out


def _namespace(request: web.Request) -> str:
    """The namespace a catalog route's path names: `community/<source>` for
    `/v1/rulesets/community/{source}/{ruleset}/...`, else official (or a digest)."""
    source = request.match_info.get("source")
    if source is None:
        return OFFICIAL
    wrong = check_source(source)
    if wrong is not None:
        raise ApiError(BAD_SOURCE, wrong, status=400)
    # Always community: `community/official/...` names no official ruleset.
    return f"{COMMUNITY}/{source}"


async def get_catalogs(request: web.Request) -> web.Response:
    version = _query_int(request, "version")
    result = await request.app[EXECUTOR].run(_catalogs, request.app[REGISTRY], request.match_info["ruleset"], version,
                                             _namespace(request))
    return _answer(result)


async def get_catalog(request: web.Request) -> web.Response:
    version = _query_int(request, "version")
    offset = _query_int(request, "offset")
    limit = _query_int(request, "limit")
    result = await request.app[EXECUTOR].run(
        _page, request.app[REGISTRY], request.match_info["ruleset"], request.match_info["catalog"],
        0 if offset is None else offset, PAGE_LIMIT if limit is None else limit, version, _chosen(request),
        [layer for layer in request.query.get("layers", "").split(",") if layer], _namespace(request))
    return _answer(result)



async def get_community_catalogs(request: web.Request) -> web.Response:
    return await get_catalogs(request)


async def get_community_catalog(request: web.Request) -> web.Response:
    return await get_catalog(request)


async def list_rulesets(request: web.Request) -> web.Response:
    namespace, ruleset_id = request.query.get("namespace"), request.query.get("id")
    entries = await request.app[EXECUTOR].run(request.app[REGISTRY].entries, namespace, ruleset_id)
    return json_response(RulesetList(rulesets=entries))


def _version(request: web.Request) -> int | None:
    text = request.query.get("version")
    if text is None:
        return None
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= 999_999_999:
        raise ApiError("bad-request", f'"version" is a whole number from 1, not {text!r}')
    return int(text)


def _force(request: web.Request) -> bool:
    text = request.query.get("force", "false")
    if text not in ("true", "false"):
        raise ApiError("bad-request", f'"force" is true or false, not {text!r}')
    return text == "true"


async def _remove(request: web.Request, namespace: str) -> web.Response:
    name = RulesetName(namespace, request.match_info["ruleset_id"], _version(request))
    registry = request.app[REGISTRY]
    removed = await request.app[EXECUTOR].run(registry.remove, name, _force(request))
    if isinstance(removed, Refusal):
        raise refused(removed)
    return json_response(RulesetsRemoved(removed=[e.ref for e in removed.entries], games=removed.games))


async def remove_official(request: web.Request) -> web.Response:
    return await _remove(request, OFFICIAL)


async def remove_community(request: web.Request) -> web.Response:
    return await _remove(request, namespace_of(request.match_info["source"]))


_REMOVE = {"version": "integer", "force": "boolean"}
_CATALOGS = {"version": "integer"}
_PAGE = {"version": "integer", "offset": "integer", "limit": "integer", "filter": "string", "layers": "string"}

ROUTES = [
    Route("GET", "/v1/rulesets", list_rulesets, "List the registry's rulesets (every version)",
          response=RulesetList, query={"namespace": "string", "id": "string"}),
    Route("DELETE", f"/v1/rulesets/{OFFICIAL}/{{ruleset_id}}", remove_official,
          "Take an official ruleset (one version, or all) off the registry; 409 with the count of games "
          "that pin it unless force", response=RulesetsRemoved, errors=(400, 404, 409), query=_REMOVE),
    Route("DELETE", f"/v1/rulesets/{COMMUNITY}/{{source}}/{{ruleset_id}}", remove_community,
          "Take a community ruleset (one version, or all) off the registry; 409 with the count of games "
          "that pin it unless force", response=RulesetsRemoved, errors=(400, 404, 409), query=_REMOVE),
    Route("POST", "/v1/rulesets", post_ruleset,
          "Validate a ruleset package, store it by digest and list it as <namespace>/<id>@<version> "
          "(?source=official, or a community source; default local); 200 when this very package is listed "
          "already, 409 when other content holds its version",
          ok=201, also_ok=(200,), response=RulesetAdded, zip_body=True, errors=(400, 409, 413, 422), query={"source": "string"},
          raw_body='a ruleset package: its JSON; JSON carrying its assets, {"ruleset": {...}, "assets": '
          '{"catalogs/spells.json": {"schemaVersion", "catalog", "entries"}}}; {"zip": "<base64>"}; or '
          '(Content-Type application/zip) '
          'a zip of its folder (ruleset.json and the catalog files its catalogs[].asset keys name, at most '
          '200 files and 16 MiB unpacked, no member packed more than 100 to 1). At most 8 MiB, assets included.'),
    Route("GET", "/v1/rulesets/{ruleset}/catalogs", get_catalogs,
          "A stored ruleset's catalogs with their entry counts (entries left out)",
          response=RulesetCatalogs, errors=(404, 422), query=_CATALOGS),
    Route("GET", "/v1/rulesets/{ruleset}/catalogs/{catalog}", get_catalog,
          "One catalog's entries, a page at a time (?offset=, ?limit= at most 200), "
          "those holding each ?filter=<id>:<value>; ?layers=a,b leaves out the entries those layers hide "
          "from the picker",
          response=CatalogPage, errors=(404, 422), query=_PAGE),
    Route("GET", f"/v1/rulesets/{COMMUNITY}/{{source}}/{{ruleset}}/catalogs", get_community_catalogs,
          "A community ruleset's catalogs by its name, with their entry counts (entries left out)",
          response=RulesetCatalogs, errors=(400, 404, 422), query=_CATALOGS),
    Route("GET", f"/v1/rulesets/{COMMUNITY}/{{source}}/{{ruleset}}/catalogs/{{catalog}}", get_community_catalog,
          "One catalog of a community ruleset by its name, a page at a time, as the official route pages it",
          response=CatalogPage, errors=(400, 404, 422), query=_PAGE),
]
