"""The aiohttp gateway of marinara-battle: REST, WebSocket, tokens, event fan-out and
metrics. Built on the service layer (`shared/service`) and `remote/` (the Celery app it
sends through, the GM model's client); it never imports the worker."""
