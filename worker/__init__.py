"""The Celery worker process: the app `celery -A worker.app` loads, the tasks that resolve
turns and run the director, the invention and the window sweeper, and the worker's metrics.
The work itself is the service layer's (`shared/service`); the Celery app's configuration
and the GM model's client are `remote/`'s, shared with the gateway, which this package
never imports."""
