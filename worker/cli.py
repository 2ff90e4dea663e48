"""`battle worker`: a Celery worker on every queue this service uses.

Owns: the command line handed to Celery; `battle/cli.py` reaches it lazily. The process
becomes the Celery worker (exec), so signals from a supervisor or container reach Celery
directly and a warm shutdown works.
"""

from __future__ import annotations

import os
import sys
from typing import Sequence

from shared.service.settings import QUEUES


def celery_argv(extra: Sequence[str]) -> list[str]:
    extra = list(extra)
    if extra[:1] == ["--"]:
        extra = extra[1:]
    return [sys.executable, "-m", "celery", "-A", "worker.app", "worker", "-Q", ",".join(QUEUES), *extra]


def run_worker(extra: Sequence[str]) -> int:
    argv = celery_argv(extra)
    os.execv(argv[0], argv)
    return 1  # pragma: no cover - execv does not return
