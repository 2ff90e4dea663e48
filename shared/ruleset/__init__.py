"""The ruleset package format: strict pydantic v2 models, cross-reference checks and
Capability API gates. `load_package` is the one entry point."""

from .errors import PackageError, Problem, Problems
from .load import load_package, validate_package

__all__ = ["PackageError", "Problem", "Problems", "load_package", "validate_package"]
