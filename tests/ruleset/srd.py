"""The 5e-srd sample (tests/data/upstream/5e-srd) as the one package the validator checks:
read from its folder as Marinara ships it (`read_package`), each asset's entries in its
catalog. A fresh copy each time, so a test may plant a defect in it."""

from __future__ import annotations

import copy
from typing import Any

from shared.ruleset.shipped import read_package
from tests.conftest import UPSTREAM

SRD = UPSTREAM / "5e-srd"


def srd_package() -> dict[str, Any]:
    return copy.deepcopy(read_package(SRD).data)
