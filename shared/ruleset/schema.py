"""The JSON Schema of the package format, generated from the models the validator uses.

Owns: `package_json_schema()`. Keys that need a Capability API carry
`x-capabilityApi` (and `x-schemaVersion` where the spec asks for schemaVersion 2); keys
this engine refuses carry `x-unsupported` with the reason.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

from .package import Ruleset


@lru_cache(maxsize=1)
def _schema() -> dict[str, Any]:
    schema = Ruleset.model_json_schema(by_alias=True, mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Marinara Engine Game Mode ruleset package (as read by marinara-battle)"
    return schema


def package_json_schema() -> dict[str, Any]:
    """A fresh copy of the package schema."""
    return copy.deepcopy(_schema())
