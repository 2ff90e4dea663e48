"""The 5e-srd sample (tests/data/upstream/5e-srd) as one package, for tests that need it
before folder loading is theirs to use: each catalog that names an `asset` takes the
asset file's `entries`, and the `asset` key goes, exactly as a folder is read."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import UPSTREAM

SRD = UPSTREAM / "5e-srd"


def srd_package() -> dict[str, Any]:
    data = json.loads((SRD / "ruleset.json").read_text())
    for catalog in data.get("catalogs") or []:
        asset = catalog.pop("asset", None)
        if asset is not None:
            catalog["entries"] = json.loads((SRD / asset).read_text())["entries"]
    return data
