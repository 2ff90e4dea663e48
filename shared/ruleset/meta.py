"""What a package says about itself: which parts of play it covers and its licence.

Owns: `Coverage` (`checks`, `saves`, `sheet`, `resources`, `rests`, `combat`: whether
each part of play follows these rules, and a one-line `summary`) and `License` (`spdx`,
`attribution`).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from .base import Model


class Coverage(Model):
    """Which parts of play the package's own rules resolve. `combat` says only that
    combat follows this system's rules; whether a fight is resolved by the `combat` block
    is that block's own business."""

    checks: bool = False
    saves: bool = False
    sheet: bool = False
    resources: bool = False
    rests: bool = False
    combat: bool = False
    summary: Annotated[str, StringConstraints(min_length=1, max_length=400)] | None = None


class License(Model):
    """The licence the package is published under (an SPDX id) and the attribution it
    asks for."""

    spdx: Annotated[str, Field(max_length=64)] | None = None
    attribution: Annotated[str, Field(max_length=4000)] | None = None
