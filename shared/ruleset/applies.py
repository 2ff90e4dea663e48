"""PLACEHOLDER: applies: conditions an action applies (owner: mechanics part 1)."""
from pydantic import ConfigDict
from .base import Model


class Apply(Model):
    model_config = ConfigDict(extra="allow")
