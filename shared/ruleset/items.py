"""PLACEHOLDER: replaced by the model of this part of the package."""
from pydantic import ConfigDict
from .base import Model

class Items(Model):
    model_config = ConfigDict(extra="allow")
