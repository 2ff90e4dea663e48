"""Running the gateway: `battle serve`.

Owns: starting the app on a host and port until interrupted. `--embedded` keeps battles
in memory and applies choices in this process. Without it the gateway is the front of
the distributed service: choices go to the Celery workers (`battle worker`) through the
gateway's send-only app, configured as theirs (`gateway.broker`), and the store is the workers' own
(`shared.service.settings`: `MARINARA_STORE_URL` or `REDIS_URL`, in
`MARINARA_NAMESPACE`) unless `--store URL` names another.
"""

from __future__ import annotations

from aiohttp import web
from kombu.utils.url import maybe_sanitize_url

from .broker import make_app

from .access_log import AccessLog
from .app import create_app


def serve(host: str = "127.0.0.1", port: int = 8080, *, embedded: bool = False,
          store_url: str | None = None) -> int:
    if embedded:
        print(f"battle gateway on http://{host}:{port} (store: memory; executor: embedded)", flush=True)
        web.run_app(create_app(None), host=host, port=port, print=None, access_log_class=AccessLog)
        return 0
    celery = make_app()
    settings = celery.conf.marinara
    where = store_url or f"{settings.store_url} (namespace {settings.namespace})"
    print(f"battle gateway on http://{host}:{port} (store: {where}; executor: celery, "
          f"broker {maybe_sanitize_url(settings.broker_url)})", flush=True)
    web.run_app(create_app(store_url, "celery", celery=celery), host=host, port=port, print=None,
                access_log_class=AccessLog)
    return 0
