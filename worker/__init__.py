"""The Celery worker process: the app `celery -A worker.app` loads (built from the Celery
configuration in `shared.service.settings`, with its own broker transport, `broker`), the
tasks that resolve turns and run the director, the invention and the window sweeper, and
the worker's metrics. The work itself is the service layer's (`shared/service`, the GM
model's client included); the gateway is never imported here."""
