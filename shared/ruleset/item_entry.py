"""PLACEHOLDER: the item of an item catalog entry (owner: mechanics part 1)."""
from pydantic import ConfigDict
from .base import Model


class ItemDef(Model):
    model_config = ConfigDict(extra="allow")
