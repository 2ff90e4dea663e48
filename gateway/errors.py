"""JSON errors of the gateway: `{code, message}` with the status the code deserves.

Owns: `ApiError` (raised by handlers), `STATUS_OF` (a rules refusal code -> HTTP status)
and the middleware that turns every error, including aiohttp's own (404 route, 405, 413
body too large), into an `ErrorBody`. The store's own refusals answer as the caller's
mistake (an id that names nothing: 400; a battle that does not exist: 404) and a store that
cannot be reached (Redis down, restarting, loading) answers 503 with a sentence saying so;
the next request that reaches it answers normally, with nothing to reset.
"""

from __future__ import annotations

import logging
from typing import Any, Awaitable, Callable

from aiohttp import web
from pydantic import ValidationError

from shared.protocol import ErrorBody
from shared.store import BattleNotFound, InvalidId

log = logging.getLogger(__name__)

#: Refusal codes of the service and the pure core that are not 422 (refused by the rules).
STATUS_OF: dict[str, int] = {
    "malformed": 400,
    "bad-request": 400,
    # A choice of layers the ruleset cannot pin (unknown, chosen twice, a conflicting pair).
    "bad-layers": 400,
    "unauthorized": 403,
    "forbidden": 403,
    "not-yours": 403,
    "not-found": 404,
    "stale-revision": 409,
    "not-your-turn": 409,
    "not-waiting": 409,
    "fight-over": 409,
    "closed": 409,
    "conflict": 409,
    "too-large": 413,
    "store-unavailable": 503,
    # The broker cannot take a task right now.
    "unavailable": 503,
    # The GM model behind invented opponents: a bad gateway, down, or too slow.
    "gm-invalid": 502,
    "gm-unavailable": 503,
    "gm-timeout": 504,
    "invent-timeout": 504,
}


def status_for(code: str) -> int:
    return STATUS_OF.get(code, 422)


class ApiError(Exception):
    def __init__(self, code: str, message: str, *, status: int | None = None,
                 problems: list[str] | None = None, games: int | None = None) -> None:
        super().__init__(message)
        self.games = games
        self.code = code
        self.message = message
        self.status = status if status is not None else status_for(code)
        self.problems = problems

    def body(self) -> dict[str, Any]:
        return ErrorBody(code=self.code, message=self.message, problems=self.problems, games=self.games).model_dump(
            exclude_none=True)

    def response(self) -> web.Response:
        return web.json_response(self.body(), status=self.status)


def validation_lines(exc: ValidationError) -> list[str]:
    """pydantic errors as `path: message` lines (the package validator's style)."""
    lines = []
    for err in exc.errors():
        path = ""
        for part in err["loc"]:
            path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
        lines.append(f"{path or '(body)'}: {err['msg']}")
    return lines


STORE_DOWN = "the battle store cannot be reached right now; try again in a few seconds"


def _unreachable() -> tuple[type[BaseException], ...]:
    """The Redis client's "cannot reach the server" errors (connection refused or reset, a
    timeout, a server still loading its data), when the redis package is here."""
    try:
        import redis  # noqa: PLC0415 - optional: asked for once, at import, to build UNREACHABLE
    except ImportError:  # the embedded default runs without it, and has no server to lose
        return ()
    return (redis.ConnectionError, redis.TimeoutError)


UNREACHABLE = _unreachable()

_HTTP_CODES = {400: "bad-request", 403: "forbidden", 404: "not-found", 405: "method-not-allowed",
               413: "too-large", 415: "unsupported-media-type"}


@web.middleware
async def error_middleware(request: web.Request,
                           handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
    try:
        return await handler(request)
    except ApiError as exc:
        return exc.response()
    except UNREACHABLE as exc:
        log.warning("the store is unreachable on %s %s: %s", request.method, request.path, type(exc).__name__)
        return ApiError("store-unavailable", STORE_DOWN).response()
    except InvalidId as exc:
        return ApiError("bad-request", str(exc)).response()
    except BattleNotFound as exc:
        return ApiError("not-found", str(exc)).response()
    except web.HTTPRequestEntityTooLarge:
        limit = request.app._client_max_size  # aiohttp keeps the limit only here
        return ApiError("too-large", f"the request body is larger than {limit} bytes", status=413).response()
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        code = _HTTP_CODES.get(exc.status, f"http-{exc.status}")
        return ApiError(code, exc.reason.lower(), status=exc.status).response()
    except Exception:
        log.exception("unhandled error on %s %s", request.method, request.path)
        return ApiError("internal", "the gateway failed on this request", status=500).response()
