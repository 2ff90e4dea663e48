"""PLACEHOLDER: pool-fight keys that extend the combat block, attack lists and initiative (owner: pools and creatures)."""
from pydantic import ConfigDict
from .base import Model


class CombatPoolKeys(Model):
    """Mixin; fields added by its owner."""


class AttackListPoolKeys(Model):
    """Mixin; fields added by its owner."""


class InitiativePoolKeys(Model):
    """Mixin; fields added by its owner."""
