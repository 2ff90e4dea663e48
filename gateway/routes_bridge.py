"""Bridge routes: `POST /v1/bridge/import` lends characters' sheets to Marinara's own
battle; `POST /v1/bridge/write-back` writes the fight's results back through the sheets'
own rules (shared/bridge)."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from shared.bridge import lend, lend_refusal, write_back
from shared.protocol_games import BridgeImportBody, BridgeImported, BridgeWriteBackBody, BridgeWritten
from shared.service.rulesets import RulesetRegistry
from shared.sheet.character import validate_character

from .context import EXECUTOR, json_response, parse_body
from .errors import ApiError
from .routes_rulesets import REGISTRY, pinned_digest
from .routing import Route


def _ruleset(registry: RulesetRegistry, body: Any) -> Any:
    # A digest, a registry name (`official/5e-2014`) or an inline package, as a game takes.
    ruleset = registry.battles.ruleset(pinned_digest(registry, body.ruleset, body.package))
    refused = lend_refusal(ruleset)
    if refused is not None:
        raise ApiError(refused.code, refused.message)
    return ruleset


def _members(ruleset: Any, members: list[Any], named: dict[str, Any], what: str) -> list[dict[str, Any]]:
    problems: list[str] = []
    out: list[dict[str, Any]] = []
    for i, data in enumerate(members):
        character, found = validate_character(ruleset, data)
        problems += [f"members[{i}].{line}" for line in found.lines()]
        if character is not None:
            if character.name not in named:
                problems.append(f"members[{i}].name: {character.name} has no entry in {what}")
            out.append({"name": character.name, "sheet": character.sheet})
    if problems:
        raise ApiError("bad-members", "; ".join(problems), problems=problems)
    return out


def _import(registry: RulesetRegistry, body: BridgeImportBody) -> dict[str, Any]:
    ruleset = _ruleset(registry, body)
    members = _members(ruleset, body.members, body.host, "host")
    return {"members": [lend(ruleset, m, body.host[m["name"]].maxHealth) for m in members]}


def _write_back(registry: RulesetRegistry, body: BridgeWriteBackBody) -> dict[str, Any]:
    ruleset = _ruleset(registry, body)
    members = _members(ruleset, body.members, body.ended, "ended")
    return {"members": [
        write_back(ruleset, m, body.ended[m["name"]].model_dump(), abandoned=body.abandoned) for m in members
    ]}


async def post_import(request: web.Request) -> web.Response:
    body = await parse_body(request, BridgeImportBody)
    result = await request.app[EXECUTOR].run(_import, request.app[REGISTRY], body)
    return json_response(BridgeImported.model_validate(result))


async def post_write_back(request: web.Request) -> web.Response:
    body = await parse_body(request, BridgeWriteBackBody)
    result = await request.app[EXECUTOR].run(_write_back, request.app[REGISTRY], body)
    return json_response(BridgeWritten.model_validate(result))


ROUTES = [
    Route("POST", "/v1/bridge/import", post_import,
          "Lend characters' sheets to Marinara's own battle: health as a fraction, MP, slots, skills",
          response=BridgeImported, body=BridgeImportBody, errors=(400, 413, 422)),
    Route("POST", "/v1/bridge/write-back", post_write_back,
          "Write a finished battle back onto the sheets through their own rules (abandoned: nothing)",
          response=BridgeWritten, body=BridgeWriteBackBody, errors=(400, 413, 422)),
]
