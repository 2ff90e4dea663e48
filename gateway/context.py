"""What a gateway app holds, under typed `web.AppKey`s, and how handlers reach it.

Owns: the app keys (the sync store, its async wrapper, the service, the executor, the
store's feed, the token signer, the open sockets, the route table, the battle tracker)
and the small request helpers every route module uses (the caller's principal, a JSON
body read into a protocol model).
"""

from __future__ import annotations

import json
import weakref
from typing import Any, TypeVar

from aiohttp import web
from pydantic import BaseModel, ValidationError

from shared.service.battles import BattleService
from shared.store import AsyncBattleStore, BattleStore, Feed

from .errors import ApiError, validation_lines
from .executor import Executor
from .tokens import Principal, Tokens
from .tracker import BattleTracker

STORE = web.AppKey("store", BattleStore)
ASTORE = web.AppKey("astore", AsyncBattleStore)
SERVICE = web.AppKey("service", BattleService)
EXECUTOR = web.AppKey("executor", Executor)
FEED = web.AppKey("feed", Feed)
TOKENS = web.AppKey("tokens", Tokens)
SOCKETS = web.AppKey("sockets", weakref.WeakSet)
SETTINGS = web.AppKey("settings", dict)
ROUTES = web.AppKey("routes", list)
TRACKER = web.AppKey("tracker", BattleTracker)

M = TypeVar("M", bound=BaseModel)


def battle_id(request: web.Request) -> str:
    return request.match_info["battle"]


def principal(request: web.Request) -> Principal:
    return request.app[TOKENS].from_request(request.headers, request.query, battle_id(request))


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not a JSON number")


def loads(text: str | bytes) -> Any:
    """JSON as the standard has it: `NaN` and `Infinity`, which Python's reader takes, are
    refused (ValueError) like any other text that is not JSON."""
    return json.loads(text, parse_constant=_not_json)


async def json_body(request: web.Request) -> Any:
    raw = await request.read()
    try:
        return loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiError("malformed", f"the body is not JSON: {exc}") from None
    except RecursionError:
        raise ApiError("malformed", "the body is nested too deeply to read") from None


async def parse_body(request: web.Request, model: type[M]) -> M:
    return parse(await json_body(request), model)


def parse(data: Any, model: type[M]) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        lines = validation_lines(exc)
        raise ApiError("malformed", "; ".join(lines), problems=lines) from None


def json_response(model: BaseModel, status: int = 200) -> web.Response:
    return web.json_response(model.model_dump(mode="json"), status=status)
