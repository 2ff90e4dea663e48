"""PLACEHOLDER: keys mechanics-1 adds to other blocks (owner: mechanics part 1)."""
from pydantic import ConfigDict
from .base import Model


class CombatExt1(Model):
    """Mixin; fields added by its owner."""


class ConditionExt1(Model):
    """Mixin; fields added by its owner."""


class CreatureExt1(Model):
    """Mixin; fields added by its owner."""


class CreatureActionExt1(Model):
    """Mixin; fields added by its owner."""


class ItemDefExt1(Model):
    """Mixin; fields added by its owner."""


class ApplyExt1(Model):
    """Mixin; fields added by its owner."""
