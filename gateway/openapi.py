"""The OpenAPI 3.1 document at `/v1/openapi.json`, generated from the route table and the
protocol models (`shared/protocol.py`), so it lists exactly the routes the app serves.
Path parameters carry the patterns the store checks ids against; an id outside its pattern
answers 400, so every route with an id in its path documents 400."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

from shared.protocol import ErrorBody
from shared.ruleset.registry import SOURCE_PATTERN
from shared.store.codec import BATTLE_ID_PATTERN, TOKEN_PATTERN
from shared.store.games_base import GAME_ID_PATTERN, SNAPSHOT_ID_PATTERN

from .routing import Route

_REF = "#/components/schemas/{model}"
_PARAM = re.compile(r"\{(\w+)\}")
#: Path parameter -> the pattern the store holds its ids to (a combatant id is any text).
PATH_PATTERNS = {"battle": BATTLE_ID_PATTERN, "request_id": TOKEN_PATTERN, "game": GAME_ID_PATTERN,
                 "snapshot": SNAPSHOT_ID_PATTERN, "ruleset_id": SOURCE_PATTERN.strip("^$"),
                 "source": SOURCE_PATTERN.strip("^$")}


def _path_schema(name: str) -> dict[str, Any]:
    pattern = PATH_PATTERNS.get(name)
    return {"type": "string", "pattern": f"^{pattern}$"} if pattern else {"type": "string", "minLength": 1}


def _schema_of(model: type[BaseModel], schemas: dict[str, Any], mode: str) -> dict[str, Any]:
    schema = model.model_json_schema(ref_template=_REF, mode=mode)  # type: ignore[arg-type]
    for name, sub in schema.pop("$defs", {}).items():
        schemas.setdefault(name, sub)
    schemas.setdefault(model.__name__, schema)
    return {"$ref": _REF.format(model=model.__name__)}


def _operation(route: Route, schemas: dict[str, Any]) -> dict[str, Any]:
    op: dict[str, Any] = {
        "operationId": route.handler.__name__,
        "summary": route.summary,
        "parameters": [{"name": name, "in": "path", "required": True, "schema": _path_schema(name)}
                       for name in _PARAM.findall(route.path)],
    }
    for name, kind in route.query.items():
        op["parameters"].append({"name": name, "in": "query", "required": False, "schema": {"type": kind}})
    if route.auth:
        op["security"] = [{"battleToken": []}]
    if route.body is not None:
        op["requestBody"] = {"required": True, "content": {
            "application/json": {"schema": _schema_of(route.body, schemas, "validation")}}}
    elif route.raw_body is not None:
        op["requestBody"] = {"required": True, "description": route.raw_body, "content": {
            "application/json": {"schema": {"type": "object"}}}}
        if route.zip_body:
            op["requestBody"]["content"]["application/zip"] = {"schema": {"type": "string", "format": "binary"}}
    ok: dict[str, Any] = {"description": "OK" if route.ok != 101 else "Switching to the WebSocket protocol"}
    if route.response is not None:
        ok["content"] = {"application/json": {"schema": _schema_of(route.response, schemas, "serialization")}}
    elif route.content_type and route.content_type != "application/json":
        ok["content"] = {route.content_type: {"schema": {"type": "string"}}}
    responses: dict[str, Any] = {str(route.ok): ok}
    for status in route.also_ok:
        responses[str(status)] = ok
    error = _schema_of(ErrorBody, schemas, "serialization")
    errors = set(route.errors) | ({400} if _PARAM.search(route.path) else set())
    for status in sorted(errors):
        responses[str(status)] = {"description": "refused", "content": {"application/json": {"schema": error}}}
    op["responses"] = responses
    return op


def document(routes: list[Route]) -> dict[str, Any]:
    schemas: dict[str, Any] = {}
    paths: dict[str, dict[str, Any]] = {}
    for route in routes:
        paths.setdefault(route.path, {})[route.method.lower()] = _operation(route, schemas)
    return {
        "openapi": "3.1.0",
        "info": {"title": "marinara-battle gateway", "version": "1"},
        "paths": paths,
        "components": {
            "schemas": dict(sorted(schemas.items())),
            "securitySchemes": {"battleToken": {
                "type": "http", "scheme": "bearer",
                "description": "A per-battle token from POST /v1/battles (also accepted as ?token=)."}},
        },
    }
