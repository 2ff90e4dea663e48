"""A refused sheet operation: a value, never an exception, and nothing changes.

Owns: `Refusal` (`code`, `message`) and the codes operations use. The codes follow the
spec's own names where it gives one (`unknown-state`, `unknown-value`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Refusal:
    code: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}

    def __bool__(self) -> bool:
        # A refusal is not a new sheet: `if result:` reads as "did it work".
        return False


UNKNOWN_POOL = "unknown-pool"
UNKNOWN_TRACK = "unknown-track"
UNKNOWN_CONDITION = "unknown-condition"
UNKNOWN_STATE = "unknown-state"
UNKNOWN_VALUE = "unknown-value"
UNKNOWN_TEXT = "unknown-text"
UNKNOWN_FIELD = "unknown-field"
UNKNOWN_REST = "unknown-rest"
UNKNOWN_KIND = "unknown-kind"
UNKNOWN_OP = "unknown-op"
BAD_AMOUNT = "bad-amount"
BAD_VALUE = "bad-value"
BAD_BOX = "bad-box"
INSUFFICIENT = "insufficient"
NO_TEMP = "no-temp"
HARM_TRACK = "harm-track"
NOT_HARM_TRACK = "not-harm-track"
NO_KIND = "no-kind"
TRACK_FULL = "track-full"
#: mechanics-3 1.261: a restore a condition with a healing-denial effect refuses.
CANNOT_HEAL = "cannot-heal"


def is_refusal(value: Any) -> bool:
    return isinstance(value, Refusal)
