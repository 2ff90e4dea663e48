"""WebSocket text messages framed by the gateway itself, so several go out in one write.

Owns: `text_frame`, one server-to-client text frame as RFC 6455 lays it out (FIN set,
opcode 1, no mask, no compression: the gateway's sockets decline permessage-deflate).

Why: a save's feed message becomes a burst of messages on each socket (every event it
added, then the prompt or the waiting notice), and aiohttp writes each message with its own
`send` to the socket. On loopback a `send` carries the kernel's whole TCP path, the
receiver's side included, and the gateway spent more time in those calls than anywhere
else (py-spy, a skirmish at 50 battles). `ws.Connection` collects a burst and writes
its frames with one `transport.write`; the client still reads one message per frame.
"""

from __future__ import annotations

import struct

_TEXT = 0x81  # FIN + opcode 1 (text)


def text_frame(payload: bytes) -> bytes:
    """The frame carrying `payload` (UTF-8 text) whole."""
    n = len(payload)
    if n < 126:
        return bytes((_TEXT, n)) + payload
    if n < 65536:
        return struct.pack("!BBH", _TEXT, 126, n) + payload
    return struct.pack("!BBQ", _TEXT, 127, n) + payload
