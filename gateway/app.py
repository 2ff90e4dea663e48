"""The gateway's app factory: `create_app(store_url=None, executor="embedded")`.

Owns: assembling the app from the route modules (the one route table the OpenAPI
document is generated from), the settings (body limit, socket message size and rate) and
the resources' lives in `cleanup_ctx`: the store, the service and its executor (in this
process, or the Celery workers), then the store's feed listener and the battle tracker
it feeds. `on_shutdown` closes every socket before they go.
"""

from __future__ import annotations

import weakref
from typing import Any, AsyncIterator

from aiohttp import web

from celery import Celery

from shared.ruleset.load import MAX_PACKAGE_BYTES
from shared.service.battles import BattleService
from shared.service.gm import GmModel
from shared.service.jobs import SWEEP_EVERY
from shared.service.settings import Settings
from shared.store import BattleStore, open_store

from .broker import make_app
from .celery_executor import CeleryExecutor
from . import (routes_battles, routes_bridge, routes_choices, routes_games, routes_rulesets, routes_screen,
               routes_service, routes_static, ws)
from .context import ASTORE, EXECUTOR, FEED, ROUTES, SERVICE, SETTINGS, SOCKETS, STORE, TOKENS, TRACKER
from .errors import error_middleware
from .executor import EmbeddedExecutor, Executor
from .routing import Route
from .tokens import Tokens
from .tracker import BattleTracker

#: The largest request body: a ruleset package at the validator's own limit, plus room
#: for a battle's party and foes around it.
BODY_LIMIT = MAX_PACKAGE_BYTES + 1024 * 1024
#: The largest WebSocket message (a choice is a few hundred bytes).
WS_MAX_MESSAGE = 64 * 1024

ALL_ROUTES: list[Route] = [
    *routes_rulesets.ROUTES,
    *routes_battles.ROUTES,
    *routes_screen.ROUTES,
    *routes_games.ROUTES,
    *routes_bridge.ROUTES,
    *routes_choices.ROUTES,
    *ws.ROUTES,
    *routes_service.ROUTES,
    *routes_static.ROUTES,
]

EXECUTORS = ("embedded", "celery")


def create_app(
    store_url: str | None = None,
    executor: str = "embedded",
    *,
    store: BattleStore | None = None,
    celery: Celery | None = None,
    secret: str | bytes | None = None,
    body_limit: int = BODY_LIMIT,
    ws_max_message: int = WS_MAX_MESSAGE,
    ws_rate: float = 10.0,
    ws_burst: int = 20,
    workers: int = 4,
    gm: GmModel | None = None,
    invent_wait: float | None = None,
    sweep_every: float | None = SWEEP_EVERY,
) -> web.Application:
    """A gateway on the store `store_url` names (None: in memory) or on `store` as given
    (the caller keeps it open). `executor="embedded"` applies choices in this process;
    `executor="celery"` sends them to the workers through `celery` (default: the gateway's
    send-only app, `gateway.broker.make_app`, configured from the environment as the
    workers' is, closed with the gateway) and, without `store`, opens the store the workers use
    (`shared.service.settings`: its URL unless `store_url` names one, and its namespace).
    `gm` is the GM model the embedded executor's director and invention use and that
    decides whether bosses are the GM's; `invent_wait` how long creating a battle waits for
    invented opponents (both default to `shared.service.settings`).
    `sweep_every`: seconds between the embedded executor's window sweeps (None: none; with
    Celery the workers' beat sweeps)."""
    if executor not in EXECUTORS:
        raise ValueError(f"unknown executor {executor!r}: this gateway runs {', '.join(EXECUTORS)}")
    store_options: dict[str, Any] = {}
    owned_celery: Celery | None = None
    if executor == "celery":
        if celery is None:
            celery = owned_celery = make_app()
        if store is None:
            settings = getattr(celery.conf, "marinara", None) or Settings.from_env()
            store_url = store_url or settings.store_url
            if store_url.startswith(("redis", "unix")):
                store_options["namespace"] = settings.namespace
    settings = (getattr(celery.conf, "marinara", None) if celery is not None else None) or Settings.from_env()
    gm = gm if gm is not None else settings.gm
    invent_wait = invent_wait if invent_wait is not None else settings.invent_wait
    app = web.Application(middlewares=[error_middleware], client_max_size=body_limit)
    app[TOKENS] = Tokens(secret)
    app[SOCKETS] = weakref.WeakSet()
    app[ROUTES] = ALL_ROUTES
    app[SETTINGS] = {"ws_max_message": ws_max_message, "ws_rate": ws_rate, "ws_burst": ws_burst,
                     "gm": gm, "invent_wait": invent_wait}
    app[TRACKER] = BattleTracker()
    for route in ALL_ROUTES:
        app.router.add_route(route.method, route.path, route.handler, name=route.handler.__name__)

    async def store_ctx(app: web.Application) -> AsyncIterator[None]:
        owned = store is None
        the_store = store if store is not None else open_store(store_url, **store_options)
        service = BattleService(the_store)
        app[STORE] = the_store
        app[SERVICE] = service
        the_executor: Executor
        if executor == "celery":
            the_executor = CeleryExecutor(service, celery, workers=workers, gm=gm)
        else:
            the_executor = EmbeddedExecutor(service, workers=workers, gm=gm, sweep_every=sweep_every)
        app[EXECUTOR] = the_executor
        the_executor.start()
        app[ASTORE] = the_executor.astore
        try:
            yield
        finally:
            await app[EXECUTOR].close()
            if owned:
                the_store.close()
            if owned_celery is not None:
                owned_celery.close()

    async def feed_ctx(app: web.Application) -> AsyncIterator[None]:
        async with app[STORE].feed() as feed:
            app[FEED] = feed
            feed.tap(app[TRACKER].observe)
            feed.tap(app[EXECUTOR].observe)
            feed.tap(ws.fanned_out)
            yield

    app.cleanup_ctx.append(store_ctx)
    app.cleanup_ctx.append(feed_ctx)
    app.cleanup_ctx.append(routes_games.games_ctx)
    app.on_shutdown.append(ws.close_sockets)
    return app
