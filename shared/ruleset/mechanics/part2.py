"""PLACEHOLDER: mechanics keys of spec/mechanics-2.md (owner: mechanics parts 2-3)."""
from pydantic import ConfigDict
from ..base import Model


class MechanicsPart2(Model):
    """Mixin; fields added by its owner."""
