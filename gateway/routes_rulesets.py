"""`POST /v1/rulesets`: validate a package and store it by its content digest."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from shared.protocol import RulesetStored
from shared.ruleset.errors import PackageError
from worker.service import BattleService

from .context import EXECUTOR, SERVICE, json_body, json_response
from .errors import ApiError
from .routing import Route


def store_package(service: BattleService, data: Any) -> RulesetStored:
    """Validates and stores; 422 with every `path: message` line when refused."""
    try:
        digest = service.put_ruleset(data)
    except PackageError as exc:
        lines = exc.problems.lines()
        raise ApiError("invalid-package", f"the package is refused: {len(lines)} problem(s): "
                       + "; ".join(lines), problems=lines) from None
    ruleset = service.ruleset(digest)
    return RulesetStored(digest=digest, id=ruleset.id, version=ruleset.version)


async def post_ruleset(request: web.Request) -> web.Response:
    data = await json_body(request)
    stored = await request.app[EXECUTOR].run(store_package, request.app[SERVICE], data)
    return json_response(stored, status=201)


ROUTES = [
    Route("POST", "/v1/rulesets", post_ruleset, "Validate a ruleset package and store it by digest",
          ok=201, response=RulesetStored, raw_body="a ruleset package", errors=(400, 413, 422)),
]
