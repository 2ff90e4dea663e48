"""The web viewer's files (`gateway/static/`): the page at `/` and `/battles/{id}`, its
script and style under `/static/`.

Owns: serving those files. The page is the same HTML at both addresses; its script reads
the battle id from the address and the token from `?token=` (a player's, the GM's or the
spectator's link) and talks to the public API like any other client. Only the files that
ship in the folder are served, by exact name, so no address reaches outside it.
"""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

from .errors import ApiError
from .routing import Route

STATIC = Path(__file__).resolve().parent / "static"
#: The files the viewer is made of, and the type each is served as.
TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
PAGE = "index.html"


def _shipped() -> dict[str, Path]:
    return {p.name: p for p in STATIC.iterdir() if p.is_file() and p.suffix in TYPES}


def _file(path: Path) -> web.Response:
    return web.Response(body=path.read_bytes(), content_type=TYPES[path.suffix], charset="utf-8",
                        headers={"Cache-Control": "no-cache"})


async def home_page(request: web.Request) -> web.Response:
    return _file(STATIC / PAGE)


async def battle_page(request: web.Request) -> web.Response:
    return _file(STATIC / PAGE)


async def static_file(request: web.Request) -> web.Response:
    found = _shipped().get(request.match_info["name"])
    if found is None:
        raise ApiError("not-found", f"there is no viewer file {request.match_info['name']!r}")
    return _file(found)


ROUTES = [
    Route("GET", "/", home_page, "The web viewer: open a battle by its id and token", content_type="text/html"),
    Route("GET", "/battles/{battle}", battle_page,
          "The web viewer of one battle (?token= a player's, the GM's or the spectator's token)",
          content_type="text/html", query={"token": "string"}),
    Route("GET", "/static/{name}", static_file, "The web viewer's script and style", content_type="text/plain",
          errors=(404,)),
]
