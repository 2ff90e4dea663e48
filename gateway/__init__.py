"""The aiohttp gateway of marinara-battle: REST, WebSocket, tokens, event fan-out and
metrics. Built on the pure core in `shared/` (issue 4 onwards)."""
