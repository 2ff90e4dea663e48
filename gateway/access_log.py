"""The gateway's access log line: who asked, the method and path, the status, the size and
the time, and nothing else.

Owns: `AccessLog`, used by `battle serve` in place of aiohttp's default, whose `%r` writes the
query string (a WebSocket's `?token=...`) and whose Referer can carry one too. A battle
token never reaches a log line; the path and method are enough to read the traffic.
"""

from __future__ import annotations

from aiohttp.abc import AbstractAccessLogger
from aiohttp.web_request import BaseRequest
from aiohttp.web_response import StreamResponse


class AccessLog(AbstractAccessLogger):
    def log(self, request: BaseRequest, response: StreamResponse, time: float) -> None:
        self.logger.info('%s "%s %s" %s %s %.3fs', request.remote, request.method, request.path,
                         response.status, response.body_length, time)
