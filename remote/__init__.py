"""The two remote services both processes reach besides the store, and that `shared/` may
not import: the Celery broker and the GM model.

- `celery_app`: the Celery app both processes build from `shared.service.settings` (queues,
  routes, delivery guarantees, the broker's key prefix); the worker adds its tasks, the
  gateway sends through it.
- `broker`: the Redis transport the app names (kombu's, one client per channel).
- `messages`: the `battle.advance` task message, built by hand in kombu's Redis envelope,
  and `TurnsQueue`, the one adapter the gateway sends choices through: that message pushed
  with one LPUSH on kombu's Redis transport, Celery's own `send_task` on any other broker.
- `gm`: `ChatClient`, the GM model over an OpenAI-compatible HTTP API (aiohttp).

It sits above `shared.service` and below `gateway` and `worker`, which never import each
other (pyproject's import-linter contracts).
"""
