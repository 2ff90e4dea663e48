"""The route table: every route the gateway serves, with what the OpenAPI document says
about it.

Owns: `Route`. Each `routes_*` module lists its routes; `app.py` registers exactly these
and `openapi.py` documents exactly these, so the document cannot drift from the routes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Awaitable, Callable

from aiohttp import web
from pydantic import BaseModel

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class Route:
    method: str
    path: str
    handler: Handler
    summary: str
    ok: int = 200
    #: Other success statuses answering the same body (`POST /v1/rulesets`: 200, listed already).
    also_ok: tuple[int, ...] = ()
    response: type[BaseModel] | None = None
    body: type[BaseModel] | None = None
    #: A free-form JSON object body (a ruleset package), documented as an object.
    raw_body: str | None = None
    #: The raw body may also be a zip archive (`application/zip`: a package folder zipped).
    zip_body: bool = False
    auth: bool = False
    errors: tuple[int, ...] = ()
    query: dict[str, str] = field(default_factory=dict)
    #: The response is not JSON (metrics text) or not a body at all (a WebSocket upgrade).
    content_type: str = "application/json"
