"""Running the gateway: `battle serve`.

Owns: starting the app on a host and port until interrupted. `--embedded` (or no store
URL at all) keeps battles in memory; `--store URL` / `REDIS_URL` names a Redis store.
Choices are applied by the in-process executor in both cases (the Celery executor is
what `battle worker` will add).
"""

from __future__ import annotations

import os

from aiohttp import web

from .app import create_app


def serve(host: str = "127.0.0.1", port: int = 8080, *, embedded: bool = False,
          store_url: str | None = None) -> int:
    url = None if embedded else (store_url or os.environ.get("REDIS_URL"))
    where = url or "memory (embedded)"
    print(f"battle gateway on http://{host}:{port} (store: {where}; executor: embedded)", flush=True)
    web.run_app(create_app(url), host=host, port=port, print=None)
    return 0
