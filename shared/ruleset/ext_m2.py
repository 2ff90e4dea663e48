"""PLACEHOLDER: keys mechanics-2/3 add to other blocks (owner: mechanics parts 2-3)."""
from pydantic import ConfigDict
from .base import Model


class CombatExt2(Model):
    """Mixin; fields added by its owner."""


class ConditionExt2(Model):
    """Mixin; fields added by its owner."""


class CreatureExt2(Model):
    """Mixin; fields added by its owner."""


class CreatureActionExt2(Model):
    """Mixin; fields added by its owner."""


class ItemDefExt2(Model):
    """Mixin; fields added by its owner."""


class ApplyExt2(Model):
    """Mixin; fields added by its owner."""
