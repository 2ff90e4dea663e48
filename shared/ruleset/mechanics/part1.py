"""PLACEHOLDER: mechanics keys of spec/mechanics-1.md and the base block (owner: mechanics part 1)."""
from pydantic import ConfigDict
from ..base import Model


class MechanicsPart1(Model):
    """Mixin; fields added by its owner."""
