"""marinara-battle's pure core: the ruleset package model, the sheet engine, dice and the
battle resolver. Nothing here imports celery, aiohttp, redis, `worker` or `gateway`."""
