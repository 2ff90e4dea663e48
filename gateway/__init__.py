"""The aiohttp gateway of marinara-battle: REST, WebSocket, tokens, event fan-out and
metrics. Built on the service layer (`shared/service`: the battles, the jobs, the GM
model's client, the Celery configuration) and the store; its own are the send-only Celery
app and the task sender (`broker`). It never imports the worker."""
