"""Progress clocks for the party and the scene (top-level `clocks`, Capability API 1.143,
schemaVersion 2).

Owns: `Clocks`, the strict three-key object that turns the `[clock: ...]` commands on:
the segment counts a clock may have (`sizes`), how many clocks are kept at once (`max`)
and a line telling the Game Master when to make and fill them (`text`). An empty object
turns clocks on with the defaults.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints, field_validator

from .base import Model
from .gm import PROMPT_SAFE

DEFAULT_SIZES: tuple[int, ...] = (4, 6, 8)
DEFAULT_MAX = 8

Segments = Annotated[int, Field(ge=2, le=12)]
#: `clocks.text`: a line for the Game Master, prompt-safe.
ClockText = Annotated[str, StringConstraints(min_length=1, max_length=400), PROMPT_SAFE]


class Clocks(Model):
    sizes: Annotated[list[Segments], Field(min_length=1, max_length=6)] = Field(
        default_factory=lambda: list(DEFAULT_SIZES)
    )
    max: Annotated[int, Field(ge=1, le=12)] = DEFAULT_MAX
    text: ClockText | None = None

    @field_validator("sizes")
    @classmethod
    def _distinct(cls, sizes: list[int]) -> list[int]:
        for i, size in enumerate(sizes):
            if size in sizes[:i]:
                raise ValueError(f"size {size} is given twice")
        return sizes
