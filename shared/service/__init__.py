"""The service layer: what both processes do with battles and games, above the pure core and
the store and below the gateway and the worker.

- `battles`: `BattleService`, create, load, apply a choice, save with one compare-and-set.
- `games`: `GameService`, replies, swipes and the party sheet's saves on a `GameStore`.
- `decision`: the open decision saved with every revision (who decides, the menu).
- `jobs`: the bodies of the director, the opponent invention and the window sweeper, which
  a Celery task or the embedded executor runs; `director_prompt` and `invent_prompt` are
  what they tell the GM model and how they read its answer.
- `gm`: the GM model's settings, replies and errors, and the client protocol the jobs call;
  `chat`: that client over HTTP (the standard library's `http.client`); `metrics`: the
  GM model's metrics as the jobs and the client report them (`GmObserver`), counted by
  metric objects the process builds.
- `settings`: the environment both processes read, and the Celery configuration both
  build their app from, as plain data (`celery_config`).

Nothing here imports celery, kombu, aiohttp, prometheus-client, `gateway` or `worker`
(pyproject's import-linter contracts); only `shared.store` reaches Redis.
"""
