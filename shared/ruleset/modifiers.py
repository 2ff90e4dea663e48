"""PLACEHOLDER: modifiers: numbers a condition/level/item changes; target tests (owner: combat block)."""
from pydantic import ConfigDict
from .base import Model


class Modifier(Model):
    model_config = ConfigDict(extra="allow")


class TargetTest(Model):
    model_config = ConfigDict(extra="allow")
