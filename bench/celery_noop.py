"""The bare Celery no-op task `bench.service.noop`, the physical baseline of `bench/service.py`.

Registered on the project's own Celery app (`worker.app`), so it travels the same broker,
the same `turns` queue, the same result backend and the same worker processes as
`battle.advance`; only `bench/service.py` loads it (`celery -A worker.app worker -I
bench.celery_noop`). A deployed worker never does.
"""

from __future__ import annotations

from worker.app import app


@app.task(name="bench.service.noop")
def noop() -> None:
    return None
