"""A task message as kombu's Redis transport keeps it, built without Celery or kombu.

Owns: `TaskMessages`, which writes a Celery task message (protocol 2, JSON) in the
envelope kombu's Redis transport pushes onto a queue's list, and the Redis keys of that
transport's queues (`queue_key`, `priority_keys`; `UNACKED`, `UNACKED_INDEX`). It is the
broker's wire format on Redis, which the store layer owns like the store's own keys
(stdlib only: nothing here opens a connection). The worker reads the `turns` list's length
at `queue_key` (`worker.app`); the gateway sends every `battle.advance` this way on that
transport (`gateway.broker.TaskSender`), with one LPUSH on its event loop: Celery's
`send_task` took 0.7 to 0.9 ms a choice on the gateway (the message built through
`amqp.as_task_v2`, a producer from the pool, kombu's publish on a thread), more than the
rest of the gateway's work on a choice.

What a worker reads is exactly what `send_task` would have pushed for the same task,
arguments and options (`tests/integration/test_task_message.py` compares the two on a
real Redis): the protocol 2 headers with no ETA, expiry, group or time limit, the body
`[args, {}, {callbacks, errbacks, chain, chord}]` base64-encoded, `delivery_mode` 2
(persistent), priority 0 (the queue's bare list; the Redis transport's other priority
steps are lists named `<queue>\\x06\\x16<step>`), the default exchange with the queue
as routing key, and a fresh `delivery_tag`, the key the worker's unacknowledged-message
bookkeeping files it under. `ignore_result` is set: nobody reads these tasks' results.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import uuid
from typing import Any

#: Celery's task message protocol version these messages follow (Celery 4 and later).
PROTOCOL = 2

#: kombu's Redis transport keeps a queue's prioritised messages in lists named
#: `<queue>\x06\x16<priority>`; these are its default priority steps (0 is the bare name).
PRIORITY_SEP = "\x06\x16"
PRIORITY_STEPS = (0, 3, 6, 9)
#: The hash of messages taken by a worker and not yet acknowledged (by delivery tag), and
#: the sorted set of their delivery tags by the time they were taken.
UNACKED = "unacked"
UNACKED_INDEX = "unacked_index"


class TaskMessages:
    """Messages for the queues of one broker: `prefix` is the transport's
    `global_keyprefix` (the same for every key kombu writes)."""

    def __init__(self, prefix: str = "", *, reply_to: str | None = None) -> None:
        self.prefix = prefix
        # The sender's names, as Celery's own sender gives them: "gen<pid>@<host>" and a
        # reply queue id (unused: results are ignored, but a worker logs and copies it).
        self.origin = f"gen{os.getpid()}@{socket.gethostname()}"
        self.reply_to = reply_to or str(uuid.uuid4())

    def queue_key(self, queue: str) -> str:
        """The Redis list a worker consuming `queue` pops (priority 0)."""
        return self.prefix + queue

    def priority_keys(self, queue: str) -> list[str]:
        """Every Redis list holding `queue`'s messages, one a priority step (`PRIORITY_STEPS`)."""
        return [self.prefix + queue + (f"{PRIORITY_SEP}{step}" if step else "") for step in PRIORITY_STEPS]

    def build(self, task: str, args: list[Any], task_id: str, queue: str, *,
              argsrepr: str | None = None) -> str:
        """The JSON text to LPUSH onto `queue_key(queue)`."""
        argsrepr = repr(args) if argsrepr is None else argsrepr
        body = json.dumps([args, {}, {"callbacks": None, "errbacks": None, "chain": None, "chord": None}])
        headers: dict[str, Any] = {
            "lang": "py", "task": task, "id": task_id, "shadow": None, "eta": None, "expires": None,
            "group": None, "group_index": None, "retries": 0, "timelimit": [None, None],
            "root_id": task_id, "parent_id": None, "argsrepr": argsrepr, "kwargsrepr": "{}",
            "origin": self.origin, "ignore_result": True, "replaced_task_nesting": 0,
            "stamped_headers": None, "stamps": {},
        }
        properties = {
            "correlation_id": task_id, "reply_to": self.reply_to, "argsrepr": argsrepr, "kwargsrepr": "{}",
            "delivery_mode": 2, "delivery_info": {"exchange": "", "routing_key": queue}, "priority": 0,
            "body_encoding": "base64", "delivery_tag": str(uuid.uuid4()),
        }
        return json.dumps({
            "body": base64.b64encode(body.encode()).decode(), "content-encoding": "utf-8",
            "content-type": "application/json", "headers": headers, "properties": properties,
        })
