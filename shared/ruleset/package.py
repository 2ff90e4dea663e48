"""The whole ruleset package: the top-level object and where each block is modelled.

Owns: `Ruleset`, the root model (`schemaVersion`, `capabilityApi`, identity, `coverage`,
`resolution`, `sheet`, `rests`, `gm`, `catalogs`, `items`, `battle`, `combat`, `layers`,
`clocks`, `party`), and `layers_on`, the layers applied to a copy (`layer_choice.py`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, PrivateAttr, model_validator

from .base import EntryId, Label, Model, gate, keys_set
from .battle import Battle
from .catalogs import Catalog
from .clocks import Clocks
from .combat import Combat
from .gates import CapabilityApi
from .gm import Gm, GmReference
from .items import Items
from .layers import Layer
from .meta import Coverage, License
from .party import Party
from .resolution import Resolution
from .rests import Rest
from .sheet import Sheet


class Ruleset(Model):
    schema_: str | None = Field(default=None, alias="$schema", exclude=True)
    schemaVersion: Literal[1, 2]
    capabilityApi: CapabilityApi | None = None
    id: EntryId
    version: Annotated[int, Field(ge=1)]
    name: Label
    edition: Label | None = None
    license: License | None = None
    coverage: Coverage
    resolution: Resolution
    sheet: Sheet
    rests: list[Rest] | None = None
    gm: Gm
    catalogs: list[Catalog] | None = None
    items: Items | None = None
    battle: Battle | None = None
    combat: Combat | None = None
    layers: list[Layer] | None = None
    gmReference: GmReference | None = Field(default=None, json_schema_extra=gate("1.145", schema=2))
    clocks: Clocks | None = Field(default=None, json_schema_extra=gate("1.143", schema=2))
    party: Party | None = Field(default=None, json_schema_extra=gate("1.144", schema=2))
    #: The layers a game or battle turned on, once applied (`layer_choice.with_layers`);
    #: none on a package as loaded. Not a key of the package.
    _layers_on: tuple[str, ...] = PrivateAttr(default=())
    #: Every key name set anywhere in the package, read on the first `sets_key` (a copy made
    #: by `layer_choice.with_layers` keeps it: layers only narrow, so it stays a superset).
    _keys_set: frozenset[str] | None = PrivateAttr(default=None)

    @property
    def layers_on(self) -> tuple[str, ...]:
        """The ids of the layers applied to these rules, in declaration order."""
        return self._layers_on

    def sets_key(self, key: str) -> bool:
        """Whether any object of the package sets `key`: a rule whose key nothing sets is
        not looked for on every menu (read once, on the first ask)."""
        private = self.__pydantic_private__ or {}
        found = private.get("_keys_set")  # not self._keys_set: a private read is a __getattr__ call
        if found is None:
            found = self._keys_set = frozenset(keys_set(self))
        return key in found

    def turn_layers_on(self, ids: tuple[str, ...]) -> None:
        """Records which layers a copy made by `layer_choice.with_layers` has applied."""
        self._layers_on = ids

    @model_validator(mode="after")
    def _declared_api(self) -> "Ruleset":
        if self.schemaVersion == 2 and self.capabilityApi is None:
            raise ValueError('a schemaVersion 2 package must declare "capabilityApi"')
        if self.schemaVersion == 1 and self.capabilityApi is not None:
            raise ValueError('"capabilityApi" is declared only by schemaVersion 2 packages')
        return self
